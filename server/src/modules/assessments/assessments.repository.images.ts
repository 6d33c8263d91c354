import { EntityManager } from 'typeorm';
import type { Runner } from '../../db/rows';

/*
 * The assessments domain's statements about question images (issue 29), of bank questions and assessment questions
 * alike (one table holds both): their reads and the adds and copies that write them. Raw SQL; the files rows are
 * written by the files domain first.
 */

/** One image of a question (bank or assessment), as the field resolvers and the REST presenters give it. */
export interface QuestionImageRow {
  id: string;
  /** The bank question or the assessment question that shows it. */
  ownerId: string;
  name: string;
  position: number;
}

/** The images of many bank questions or many assessment questions, by position, in one statement. */
export function imagesOf(m: Runner, by: { bankQuestionIds: string[] } | { questionIds: string[] }): Promise<QuestionImageRow[]> {
  const [col, ids] = 'bankQuestionIds' in by ? ['bank_question_id', by.bankQuestionIds] : ['question_id', by.questionIds];
  if (!ids.length) return Promise.resolve([]);
  return m.query(
    `SELECT id, ${col} AS "ownerId", name, position FROM question_images WHERE ${col} = ANY($1::uuid[]) ORDER BY ${col}, position`,
    [ids],
  );
}

/** Adds images (files rows already written) to questions, after any they have: pairs of owner and file. */
export async function addImages(
  m: EntityManager,
  owner: 'bank' | 'question',
  rows: Array<{ ownerId: string; fileId: string; name: string }>,
): Promise<void> {
  if (!rows.length) return;
  const col = owner === 'bank' ? 'bank_question_id' : 'question_id';
  await m.query(
    `INSERT INTO question_images (${col}, file_id, name, position)
     SELECT x.o, x.f, x.n, COALESCE((SELECT max(position) FROM question_images WHERE ${col} = x.o), 0) + x.i
       FROM (SELECT o, f, n, row_number() OVER (PARTITION BY o ORDER BY ord)::int AS i
               FROM unnest($1::uuid[], $2::uuid[], $3::text[]) WITH ORDINALITY AS u(o, f, n, ord)) x`,
    [rows.map((r) => r.ownerId), rows.map((r) => r.fileId), rows.map((r) => r.name)],
  );
}

/**
 * Copies the images of questions to other questions (pairs of source and target, each side a bank question or
 * an assessment question): a copy, a link or a draw of a bank question, an item's question saved into a bank,
 * a reused item. The files rows are shared, not duplicated.
 */
export async function copyImages(
  m: EntityManager,
  from: 'bank' | 'question',
  to: 'bank' | 'question',
  pairs: Array<[string, string]>,
): Promise<void> {
  if (!pairs.length) return;
  const src = from === 'bank' ? 'bank_question_id' : 'question_id';
  const dst = to === 'bank' ? 'bank_question_id' : 'question_id';
  await m.query(
    `INSERT INTO question_images (${dst}, file_id, name, position)
     SELECT x.t, qi.file_id, qi.name, qi.position
       FROM unnest($1::uuid[], $2::uuid[]) AS x(s, t) JOIN question_images qi ON qi.${src} = x.s`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
}
