import { DataSource, EntityManager } from 'typeorm';
import { conflict, validation } from '../../errors/domain-error';
import { isId } from '../../core/ids';
import { optionalRequiredText, wholeNumber } from '../../core/input';
import { RandomDraw } from './draws.types';

type Runner = DataSource | EntityManager;

export const DRAW_TEXT = {
  bankRequired: 'Choose the bank to draw from',
  countInvalid: (available: number) => `The number of questions to draw must be a whole number from 1 to ${available}`,
  alreadyDrawn: 'Students have already drawn their questions: the random draws can no longer change',
  noQuestions: 'Please add at least one question or a random draw',
} as const;

/** A random draw as the editor sends it (GraphQL RandomDrawInput, REST randomDraws[]). */
export interface DrawFields {
  bankId: string;
  tag: string | null;
  count: number;
}

/** The draws of an edit, checked for their shape (the banks and the counts are checked against the data later). */
export function drawList(v: unknown): DrawFields[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw validation('A list was expected', 'randomDraws');
  return v.map((raw) => {
    const d = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    if (!isId(d.bankId)) throw validation(DRAW_TEXT.bankRequired, 'bankId');
    const tag =
      optionalRequiredText(d.tag === null || d.tag === '' ? undefined : d.tag, 'Tag cannot be blank', 'Tag', 50, 'line', 'tag') ?? null;
    const count = wholeNumber(d.count, DRAW_TEXT.countInvalid(1000), 1, 1000, 'count');
    if (count === undefined) throw validation(DRAW_TEXT.countInvalid(1000), 'count');
    return { bankId: d.bankId, tag, count };
  });
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

/**
 * Replaces an assessment's draws in the caller's transaction. Once a student has drawn, the draws stay as
 * they are (a draw never changes under a student); the same list sent again is no change.
 */
export async function writeDraws(m: EntityManager, assessmentId: string, next: DrawFields[]): Promise<void> {
  const current: Array<{ bank_id: string; tag: string | null; count: number }> = await m.query(
    'SELECT bank_id, tag, count FROM assessment_draws WHERE assessment_id = $1 ORDER BY position FOR UPDATE',
    [assessmentId],
  );
  const same =
    current.length === next.length &&
    current.every((c, i) => c.bank_id === next[i].bankId && c.tag === next[i].tag && c.count === next[i].count);
  if (same) return;
  const available = await availableCounts(m, next);
  next.forEach((d, i) => {
    if (d.count > available[i]) throw validation(DRAW_TEXT.countInvalid(available[i]), 'count');
  });
  const [{ drawn }] = await m.query(
    'SELECT EXISTS (SELECT 1 FROM assessment_draw_picks p JOIN assessment_draws d ON d.id = p.draw_id WHERE d.assessment_id = $1) AS drawn',
    [assessmentId],
  );
  if (drawn) throw conflict(DRAW_TEXT.alreadyDrawn);
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

/** Drawn rows are numbered after any fixed question (whose order is at most 100000). */
const DRAWN_ORDER = 1_000_000;

/**
 * The student's draws of these assessments, made once: for each draw they have no picks of, `count` bank
 * questions at random (with the tag, when given; none they already hold in the item), each materialised once
 * per draw as an ordinary question and stored as their pick. One statement when nothing is missing; the draws'
 * rows are locked while drawing, so two first reads of one student draw once.
 */
export async function ensureDraws(ds: DataSource, assessmentIds: string[], studentId: string): Promise<void> {
  if (!assessmentIds.length) return;
  const missing: Array<{ assessment_id: string }> = await ds.query(
    `SELECT DISTINCT d.assessment_id FROM assessment_draws d
      WHERE d.assessment_id = ANY($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM assessment_draw_picks p WHERE p.draw_id = d.id AND p.student_id = $2)`,
    [assessmentIds, studentId],
  );
  for (const { assessment_id: assessmentId } of missing) {
    await ds.transaction(async (m) => {
      const draws: Array<{ id: string; bank_id: string; tag: string | null; count: number }> = await m.query(
        'SELECT id, bank_id, tag, count FROM assessment_draws WHERE assessment_id = $1 ORDER BY position FOR UPDATE',
        [assessmentId],
      );
      for (const d of draws) {
        const [done] = await m.query('SELECT 1 FROM assessment_draw_picks WHERE draw_id = $1 AND student_id = $2 LIMIT 1', [
          d.id,
          studentId,
        ]);
        if (done) continue;
        const picked: Array<{ id: string; question_id: string | null }> = await m.query(
          `SELECT bq.id, (SELECT q.id FROM questions q WHERE q.draw_id = $3 AND q.bank_question_id = bq.id) AS question_id
             FROM bank_questions bq
            WHERE bq.bank_id = $1 AND ($2::text IS NULL OR $2 = ANY(bq.tags))
              AND NOT EXISTS (SELECT 1 FROM questions q WHERE q.assessment_id = $4 AND q.bank_question_id = bq.id
                                 AND (q.draw_id IS NULL OR EXISTS (SELECT 1 FROM assessment_draw_picks p WHERE p.question_id = q.id AND p.student_id = $5)))
            ORDER BY random() LIMIT $6`,
          [d.bank_id, d.tag, d.id, assessmentId, studentId, d.count],
        );
        for (const [i, bq] of picked.entries()) {
          let questionId = bq.question_id;
          if (!questionId) {
            const [{ n }] = await m.query('SELECT count(*)::int AS n FROM questions WHERE assessment_id = $1 AND draw_id IS NOT NULL', [
              assessmentId,
            ]);
            questionId = await copyBankQuestion(m, assessmentId, bq.id, DRAWN_ORDER + n + 1, { linked: true, drawId: d.id });
          }
          await m.query('INSERT INTO assessment_draw_picks (draw_id, student_id, question_id, position) VALUES ($1, $2, $3, $4)', [
            d.id,
            studentId,
            questionId,
            i + 1,
          ]);
        }
      }
    });
  }
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
