import { DataSource, EntityManager } from 'typeorm';
import type { Runner } from '../../db/rows';
import { RandomDraw } from './draws.types';

/*
 * The assessments domain's statements about random draws (issue 29): an item's draws, the students' picks, and
 * the bank questions copied into an item (drawn, linked or plain copies). Raw SQL; the writes run in the caller's
 * transaction. assessments.draws.ts decides when to draw and what an edit of the draws may change.
 */

/** One random draw of an item as the writes read it. */
export interface DrawRow {
  id: string;
  bank_id: string;
  tag: string | null;
  count: number;
}

/** A bank question drawn for a student, with the item's question already materialised for it by this draw (if any). */
export interface PickedBankQuestion {
  id: string;
  question_id: string | null;
}

/** How many questions of a bank (with the tag, when given) there are now, for many (bank, tag) pairs at once. */
export async function availableCounts(m: Runner, draws: ReadonlyArray<{ bankId: string; tag: string | null }>): Promise<number[]> {
  if (!draws.length) return [];
  const rows: Array<{ i: number; n: number }> = await m.query(
    `SELECT x.i, (SELECT count(*)::int FROM bank_questions bq WHERE bq.bank_id = x.bank AND (x.tag IS NULL OR x.tag = ANY(bq.tags))) AS n
       FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS x(bank, tag, i)`,
    [draws.map((d) => d.bankId), draws.map((d) => d.tag)],
  );
  return rows.sort((a, b) => a.i - b.i).map((r) => r.n);
}

/** An item's draws in order, locked until the transaction ends (an edit compares them with the ones it sends). */
export function lockedDrawFields(m: EntityManager, assessmentId: string): Promise<Array<Omit<DrawRow, 'id'>>> {
  return m.query('SELECT bank_id, tag, count FROM assessment_draws WHERE assessment_id = $1 ORDER BY position FOR UPDATE', [assessmentId]);
}

/** Whether any student has drawn questions of the item. */
export async function anyDrawn(m: EntityManager, assessmentId: string): Promise<boolean> {
  const [{ drawn }] = await m.query(
    'SELECT EXISTS (SELECT 1 FROM assessment_draw_picks p JOIN assessment_draws d ON d.id = p.draw_id WHERE d.assessment_id = $1) AS drawn',
    [assessmentId],
  );
  return drawn;
}

/** An item's draws become `next`, in its order. */
export async function replaceDraws(
  m: EntityManager,
  assessmentId: string,
  next: ReadonlyArray<{ bankId: string; tag: string | null; count: number }>,
): Promise<void> {
  await m.query('DELETE FROM assessment_draws WHERE assessment_id = $1', [assessmentId]);
  if (next.length) {
    await m.query(
      `INSERT INTO assessment_draws (assessment_id, bank_id, tag, count, position)
       SELECT $1, b, t, c, i FROM unnest($2::uuid[], $3::text[], $4::int[]) WITH ORDINALITY AS x(b, t, c, i)`,
      [assessmentId, next.map((d) => d.bankId), next.map((d) => d.tag), next.map((d) => d.count)],
    );
  }
}

/**
 * A bank question copied into an assessment as an ordinary question (options, accepted answers, partial
 * marking, images), in one statement: a copy, a linked copy, or a drawn one (draw_id). Returns the new question's id.
 */
export async function copyBankQuestion(
  m: EntityManager,
  assessmentId: string,
  bankQuestionId: string,
  sortOrder: number,
  origin: { linked: boolean; drawId?: string },
): Promise<string> {
  const [{ id }]: Array<{ id: string }> = await m.query(
    `WITH q AS (
       INSERT INTO questions (assessment_id, type, question_text, points, sort_order, partial_marking, penalty_per_wrong, bank_question_id, bank_linked, draw_id)
       SELECT $1, bq.type, bq.question_text, bq.points, $3, bq.partial_enabled, bq.penalty_per_wrong, bq.id, $4, $5
         FROM bank_questions bq WHERE bq.id = $2 RETURNING id),
     o AS (INSERT INTO question_options (question_id, sort_order, text, is_correct)
           SELECT q.id, bo.position, bo.text, bo.is_correct FROM q, bank_question_options bo WHERE bo.bank_question_id = $2),
     x AS (INSERT INTO accepted_answers (question_id, sort_order, answer, weight)
           SELECT q.id, ba.position, ba.answer, ba.weight FROM q, bank_accepted_answers ba WHERE ba.bank_question_id = $2),
     i AS (INSERT INTO question_images (question_id, file_id, name, position)
           SELECT q.id, bi.file_id, bi.name, bi.position FROM q, question_images bi WHERE bi.bank_question_id = $2)
     SELECT id FROM q`,
    [assessmentId, bankQuestionId, sortOrder, origin.linked, origin.drawId ?? null],
  );
  return id;
}

/** Which of these items have a draw the student has no picks of. */
export async function itemsWithDrawsMissing(ds: DataSource, assessmentIds: string[], studentId: string): Promise<string[]> {
  const missing: Array<{ assessment_id: string }> = await ds.query(
    `SELECT DISTINCT d.assessment_id FROM assessment_draws d
      WHERE d.assessment_id = ANY($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM assessment_draw_picks p WHERE p.draw_id = d.id AND p.student_id = $2)`,
    [assessmentIds, studentId],
  );
  return missing.map((r) => r.assessment_id);
}

/** An item's draws in order, locked while a student draws (two first reads of one student draw once). */
export function lockedDraws(m: EntityManager, assessmentId: string): Promise<DrawRow[]> {
  return m.query('SELECT id, bank_id, tag, count FROM assessment_draws WHERE assessment_id = $1 ORDER BY position FOR UPDATE', [
    assessmentId,
  ]);
}

/** Whether the student has picks of the draw. */
export async function hasPicks(m: EntityManager, drawId: string, studentId: string): Promise<boolean> {
  const [done] = await m.query('SELECT 1 FROM assessment_draw_picks WHERE draw_id = $1 AND student_id = $2 LIMIT 1', [drawId, studentId]);
  return !!done;
}

/**
 * `draw.count` bank questions of the draw's bank (with its tag, when given) at random, none the student already
 * holds in the item (fixed, or picked by another draw), each with the question this draw made of it before.
 */
export function pickBankQuestions(m: EntityManager, draw: DrawRow, assessmentId: string, studentId: string): Promise<PickedBankQuestion[]> {
  return m.query(
    `SELECT bq.id, (SELECT q.id FROM questions q WHERE q.draw_id = $3 AND q.bank_question_id = bq.id) AS question_id
       FROM bank_questions bq
      WHERE bq.bank_id = $1 AND ($2::text IS NULL OR $2 = ANY(bq.tags))
        AND NOT EXISTS (SELECT 1 FROM questions q WHERE q.assessment_id = $4 AND q.bank_question_id = bq.id
                           AND (q.draw_id IS NULL OR EXISTS (SELECT 1 FROM assessment_draw_picks p WHERE p.question_id = q.id AND p.student_id = $5)))
      ORDER BY random() LIMIT $6`,
    [draw.bank_id, draw.tag, draw.id, assessmentId, studentId, draw.count],
  );
}

/** How many drawn questions an item holds (a new one is numbered after them). */
export async function drawnQuestionCount(m: EntityManager, assessmentId: string): Promise<number> {
  const [{ n }] = await m.query('SELECT count(*)::int AS n FROM questions WHERE assessment_id = $1 AND draw_id IS NOT NULL', [
    assessmentId,
  ]);
  return n;
}

/** Records a question as the student's pick of a draw, at its position among the draw's picks. */
export async function insertPick(m: EntityManager, drawId: string, studentId: string, questionId: string, position: number): Promise<void> {
  await m.query('INSERT INTO assessment_draw_picks (draw_id, student_id, question_id, position) VALUES ($1, $2, $3, $4)', [
    drawId,
    studentId,
    questionId,
    position,
  ]);
}

/** Which drawn questions belong to which of these students ("studentId:questionId"), in one statement. */
export async function picksOf(m: Runner, assessmentIds: string[], studentIds: string[]): Promise<Set<string>> {
  if (!assessmentIds.length || !studentIds.length) return new Set();
  const rows: Array<{ k: string }> = await m.query(
    `SELECT p.student_id || ':' || p.question_id AS k FROM assessment_draw_picks p JOIN assessment_draws d ON d.id = p.draw_id
      WHERE d.assessment_id = ANY($1::uuid[]) AND p.student_id = ANY($2::uuid[])`,
    [assessmentIds, studentIds],
  );
  return new Set(rows.map((r) => r.k));
}

/** The random draws of many assessments with their bank's name and how many questions match now, in one statement. */
export async function drawsOf(m: Runner, assessmentIds: string[]): Promise<RandomDraw[]> {
  if (!assessmentIds.length) return [];
  const rows: Array<{
    id: string;
    assessment_id: string;
    bank_id: string;
    bank_name: string;
    tag: string | null;
    count: number;
    available: number;
  }> = await m.query(
    `SELECT d.id, d.assessment_id, d.bank_id, b.name AS bank_name, d.tag, d.count,
            (SELECT count(*)::int FROM bank_questions bq WHERE bq.bank_id = d.bank_id AND (d.tag IS NULL OR d.tag = ANY(bq.tags))) AS available
       FROM assessment_draws d JOIN question_banks b ON b.id = d.bank_id
      WHERE d.assessment_id = ANY($1::uuid[]) ORDER BY d.assessment_id, d.position`,
    [assessmentIds],
  );
  return rows.map((r) =>
    Object.assign(new RandomDraw(), {
      id: r.id,
      assessmentId: r.assessment_id,
      bankId: r.bank_id,
      bankName: r.bank_name,
      tag: r.tag,
      count: r.count,
      available: r.available,
    }),
  );
}
