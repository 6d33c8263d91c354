import { EntityManager } from 'typeorm';
import type { Runner } from '../../db/rows';
import { Actor } from '../../policies';
import { questionBankReadableSql, teachesSubjectSql } from '../../policies/sql';
import { QuestionType } from '../assessments';
import type { Page, PageWindow } from '../../core/paging';
import { BANK_REF, BANK_SELECT, BankRow, BankWithFacts, toBank } from './question-banks.queries';
import { BankQuestion, BankQuestionOption, BankQuestionUse, BankSharing, QuestionBank } from './question-banks.types';
import { BankQuestionFields } from './question-banks.validation';

/*
 * Every statement of the question-banks domain (issue 29) but the item statistics (question-banks.repository.statistics.ts):
 * the reads of banks, their questions and where those are used, and the writes of banks and bank questions, run in
 * the service's transaction when it holds one (its manager is the first parameter). The domain writes raw SQL.
 */

/**
 * The banks the viewer may read ('questionBank.read' in SQL), by name, in one statement whatever their number; a
 * window of them with their total in two.
 */
export async function readableBanks(m: Runner, actor: Actor): Promise<QuestionBank[]>;
export async function readableBanks(m: Runner, actor: Actor, window: PageWindow): Promise<Page<QuestionBank>>;
export async function readableBanks(m: Runner, actor: Actor, window?: PageWindow): Promise<QuestionBank[] | Page<QuestionBank>> {
  const readable = questionBankReadableSql(actor, BANK_REF, '$1::uuid');
  const cut = window ? ' OFFSET $2 LIMIT $3' : '';
  const rows: BankRow[] = await m.query(
    `${BANK_SELECT('$1::uuid')} WHERE ${readable} ORDER BY lower(b.name), b.id${cut}`,
    window ? [actor.userId, window.offset, window.limit] : [actor.userId],
  );
  const items = rows.map((r) => toBank(actor, r));
  if (!window) return items;
  // the viewer's id types the parameter even where the rule renders TRUE (SuperAdmin and Admin)
  const [{ total }] = await m.query(`SELECT count(*)::int AS total FROM question_banks b WHERE ${readable} AND $1::uuid IS NOT NULL`, [
    actor.userId,
  ]);
  return { items, total, window };
}

/** Banks by id with the viewer's facts (not filtered: the service authorizes each). */
export async function banksById(m: Runner, actor: Actor, ids: string[]): Promise<BankWithFacts[]> {
  if (!ids.length) return [];
  const rows: BankRow[] = await m.query(`${BANK_SELECT('$2::uuid')} WHERE b.id = ANY($1::uuid[])`, [ids, actor.userId]);
  return rows.map((r) => toBank(actor, r));
}

interface BankQuestionRow {
  id: string;
  bank_id: string;
  type: QuestionType;
  question_text: string;
  points: number;
  position: number;
  partial_enabled: boolean;
  penalty_per_wrong: number;
  tags: string[];
  version: number;
  options: Array<{ id: string; text: string; isCorrect: boolean }>;
  accepted: Array<{ answer: string; weight: number }>;
}

/** Questions of many banks (or by their own ids) with options and accepted answers, in one statement, by position. */
export async function bankQuestionsOf(m: Runner, by: { bankIds?: string[]; ids?: string[]; tag?: string | null }): Promise<BankQuestion[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (by.bankIds) where.push(`bq.bank_id = ANY($${params.push(by.bankIds)}::uuid[])`);
  if (by.ids) where.push(`bq.id = ANY($${params.push(by.ids)}::uuid[])`);
  if (by.tag) where.push(`$${params.push(by.tag)} = ANY(bq.tags)`);
  if (!where.length) return [];
  const rows: BankQuestionRow[] = await m.query(
    `SELECT bq.id, bq.bank_id, bq.type, bq.question_text, bq.points, bq.position, bq.partial_enabled, bq.penalty_per_wrong, bq.tags, bq.version,
            COALESCE((SELECT json_agg(json_build_object('id', o.id, 'text', o.text, 'isCorrect', o.is_correct) ORDER BY o.position)
                        FROM bank_question_options o WHERE o.bank_question_id = bq.id), '[]') AS options,
            COALESCE((SELECT json_agg(json_build_object('answer', x.answer, 'weight', x.weight) ORDER BY x.position)
                        FROM bank_accepted_answers x WHERE x.bank_question_id = bq.id), '[]') AS accepted
       FROM bank_questions bq WHERE ${where.join(' AND ')} ORDER BY bq.bank_id, bq.position, bq.id`,
    params,
  );
  return rows.map((r) =>
    Object.assign(new BankQuestion(), {
      id: r.id,
      bankId: r.bank_id,
      type: r.type,
      questionText: r.question_text,
      points: r.points,
      position: r.position,
      tags: r.tags,
      version: r.version,
      options: r.options.map((o) => Object.assign(new BankQuestionOption(), o)),
      acceptedAnswers: r.accepted,
      partialMarking: { enabled: r.partial_enabled, penaltyPerWrong: r.penalty_per_wrong },
    }),
  );
}

/** Where bank questions are used: the assessments holding a copy of each (linked, drawn), in one statement. */
export async function usesOf(m: Runner, bankQuestionIds: string[]): Promise<Array<BankQuestionUse & { bankQuestionId: string }>> {
  if (!bankQuestionIds.length) return [];
  return m.query(
    `SELECT q.bank_question_id AS "bankQuestionId", a.id AS "assessmentId", a.title, a.kind,
            bool_or(q.bank_linked AND q.draw_id IS NULL) AS linked, bool_or(q.draw_id IS NOT NULL) AS drawn
       FROM questions q JOIN assessments a ON a.id = q.assessment_id
      WHERE q.bank_question_id = ANY($1::uuid[])
      GROUP BY q.bank_question_id, a.id, a.title, a.kind ORDER BY q.bank_question_id, a.title, a.id`,
    [bankQuestionIds],
  );
}

/** Whether the viewer teaches the subject (the 'questionBank.create' fact); none when there is no such subject. */
export async function subjectTeaching(m: Runner, subjectId: string, viewerId: string): Promise<{ teaches: boolean } | undefined> {
  const [subject]: Array<{ teaches: boolean }> = await m.query(
    `SELECT ${teachesSubjectSql('s.id', '$2::uuid')} AS teaches FROM subjects s WHERE s.id = $1`,
    [subjectId, viewerId],
  );
  return subject;
}

/** A new bank of the owner's; returns its id. */
export async function insertBank(
  m: Runner,
  bank: { ownerId: string; subjectId: string; name: string; description: string; sharing: `${BankSharing}` },
): Promise<string> {
  const [{ id }] = await m.query(
    'INSERT INTO question_banks (owner_id, subject_id, name, description, sharing) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [bank.ownerId, bank.subjectId, bank.name, bank.description, bank.sharing],
  );
  return id;
}

/** Name, description and sharing of a bank, at `version` when given; how many rows changed (0: changed meanwhile or gone). */
export async function updateBank(
  m: Runner,
  id: string,
  set: { name: string; description: string; sharing: BankSharing },
  version: number | undefined,
): Promise<number> {
  const [, n] = await m.query(
    `UPDATE question_banks SET name = $2, description = $3, sharing = $4, version = version + 1, updated_at = now()
        WHERE id = $1 AND ($5::int IS NULL OR version = $5)`,
    [id, set.name, set.description, set.sharing, version ?? null],
  );
  return n;
}

/** The bank's row, locked until the transaction ends: writes of its questions and its deletion queue on it. */
export async function lockBank(m: EntityManager, id: string): Promise<void> {
  await m.query('SELECT 1 FROM question_banks WHERE id = $1 FOR UPDATE', [id]);
}

/** How many assessments draw from the bank (random draws, which keep it from being deleted). */
export async function drawingAssessmentCount(m: EntityManager, bankId: string): Promise<number> {
  const [{ n }] = await m.query('SELECT count(DISTINCT assessment_id)::int AS n FROM assessment_draws WHERE bank_id = $1', [bankId]);
  return n;
}

/** Copies linked to any question of the bank stop following it (the bank is about to go). */
export async function unlinkCopiesOfBank(m: EntityManager, bankId: string): Promise<void> {
  await m.query(
    'UPDATE questions SET bank_linked = false WHERE bank_linked AND bank_question_id IN (SELECT id FROM bank_questions WHERE bank_id = $1)',
    [bankId],
  );
}

/** The bank with its questions (their options and answers go by the foreign keys). */
export async function deleteBank(m: EntityManager, id: string): Promise<void> {
  await m.query('DELETE FROM question_banks WHERE id = $1', [id]);
}

/** The bank's highest question position (0 when empty) and how many questions it holds: where appended ones go, and its room. */
export async function bankHolding(m: EntityManager, bankId: string): Promise<{ top: number; held: number }> {
  const [{ top, held }] = await m.query(
    'SELECT COALESCE(max(position), 0)::int AS top, count(*)::int AS held FROM bank_questions WHERE bank_id = $1',
    [bankId],
  );
  return { top, held };
}

/** The bank changed now (its questions did). */
export async function touchBank(m: EntityManager, id: string): Promise<void> {
  await m.query('UPDATE question_banks SET updated_at = now() WHERE id = $1', [id]);
}

/** One bank question with its options and accepted answers, in one statement; returns its id. */
export async function insertBankQuestion(m: EntityManager, bankId: string, q: BankQuestionFields, position: number): Promise<string> {
  const [{ id }]: Array<{ id: string }> = await m.query(
    `WITH q AS (
       INSERT INTO bank_questions (bank_id, type, question_text, points, partial_enabled, penalty_per_wrong, tags, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7::text[], $8) RETURNING id),
     o AS (INSERT INTO bank_question_options (bank_question_id, text, is_correct, position)
           SELECT q.id, t, c, i FROM q, unnest($9::text[], $10::boolean[]) WITH ORDINALITY AS x(t, c, i)),
     a AS (INSERT INTO bank_accepted_answers (bank_question_id, answer, weight, position)
           SELECT q.id, t, w, i FROM q, unnest($11::text[], $12::int[]) WITH ORDINALITY AS x(t, w, i))
     SELECT id FROM q`,
    [
      bankId,
      q.type,
      q.questionText,
      q.points,
      q.partialMarking,
      q.penaltyPerWrong,
      q.tags,
      position,
      q.options.map((o) => o.text),
      q.options.map((o) => o.isCorrect),
      q.accepted.map((a) => a.answer),
      q.accepted.map((a) => a.weight),
    ],
  );
  return id;
}

/** The bank question's version, its row locked until the transaction ends; none when it is gone. */
export async function lockBankQuestion(m: EntityManager, id: string): Promise<{ version: number } | undefined> {
  const [row] = await m.query('SELECT version FROM bank_questions WHERE id = $1 FOR UPDATE', [id]);
  return row;
}

/** Replaces a bank question's content in place (its id, bank and position stay), options and accepted answers anew. */
export async function rewriteBankQuestion(m: EntityManager, id: string, q: BankQuestionFields): Promise<void> {
  await m.query(
    `UPDATE bank_questions SET type = $2, question_text = $3, points = $4, partial_enabled = $5, penalty_per_wrong = $6, tags = $7::text[],
            version = version + 1 WHERE id = $1`,
    [id, q.type, q.questionText, q.points, q.partialMarking, q.penaltyPerWrong, q.tags],
  );
  await m.query('DELETE FROM bank_question_options WHERE bank_question_id = $1', [id]);
  await m.query('DELETE FROM bank_accepted_answers WHERE bank_question_id = $1', [id]);
  await m.query(
    `INSERT INTO bank_question_options (bank_question_id, text, is_correct, position)
     SELECT $1, t, c, i FROM unnest($2::text[], $3::boolean[]) WITH ORDINALITY AS x(t, c, i)`,
    [id, q.options.map((o) => o.text), q.options.map((o) => o.isCorrect)],
  );
  await m.query(
    `INSERT INTO bank_accepted_answers (bank_question_id, answer, weight, position)
     SELECT $1, t, w, i FROM unnest($2::text[], $3::int[]) WITH ORDINALITY AS x(t, w, i)`,
    [id, q.accepted.map((a) => a.answer), q.accepted.map((a) => a.weight)],
  );
}

/**
 * The assessment questions linked (or drawn) from the bank question whose item has no submission yet, locked until
 * the transaction ends: the copies that follow its edit.
 */
export function followingCopies(m: EntityManager, bankQuestionId: string): Promise<Array<{ id: string; assessment_id: string }>> {
  return m.query(
    `SELECT q.id, q.assessment_id FROM questions q
      WHERE q.bank_question_id = $1 AND q.bank_linked
        AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.assessment_id = q.assessment_id)
      ORDER BY q.id FOR UPDATE OF q`,
    [bankQuestionId],
  );
}

/** Copies of these bank questions stop following them (the bank question, or its bank, is about to go). */
export async function unlink(m: EntityManager, bankQuestionIds: string[]): Promise<void> {
  await m.query('UPDATE questions SET bank_linked = false WHERE bank_question_id = ANY($1::uuid[]) AND bank_linked', [bankQuestionIds]);
}

/** The bank question with its options and accepted answers (its copies in items stay: unlink them first). */
export async function deleteBankQuestion(m: EntityManager, id: string): Promise<void> {
  await m.query('DELETE FROM bank_questions WHERE id = $1', [id]);
}

/** Moves bank questions to the end of a bank, after position `top`, in the order of `ids` (one statement). */
export async function moveBankQuestions(m: EntityManager, toBankId: string, top: number, ids: string[]): Promise<void> {
  await m.query(
    `UPDATE bank_questions bq SET bank_id = $1, position = $2 + x.i, version = bq.version + 1
           FROM unnest($3::uuid[]) WITH ORDINALITY AS x(id, i) WHERE bq.id = x.id`,
    [toBankId, top, ids],
  );
}
