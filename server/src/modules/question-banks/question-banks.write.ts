import { EntityManager } from 'typeorm';
import { questionsOf, keepOptionIds, refreshTotalPoints, writeQuestion } from '../assessments';
import { BankQuestionFields } from './question-banks.validation';

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
 * Linked copies follow their bank question: each assessment question linked (or drawn) from it whose item has
 * no submission yet is rewritten in place, keeping its id, order and the ids of options whose text stays (so a
 * draft's choices still hold); the items' totals follow. Returns how many were rewritten.
 */
export async function followLinks(m: EntityManager, bankQuestionId: string, q: BankQuestionFields): Promise<number> {
  const linked: Array<{ id: string; assessment_id: string }> = await m.query(
    `SELECT q.id, q.assessment_id FROM questions q
      WHERE q.bank_question_id = $1 AND q.bank_linked
        AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.assessment_id = q.assessment_id)
      ORDER BY q.id FOR UPDATE OF q`,
    [bankQuestionId],
  );
  if (!linked.length) return 0;
  const items = [...new Set(linked.map((l) => l.assessment_id))];
  const current = await questionsOf(m, items, 'all');
  for (const l of linked) {
    const now = current.find((c) => c.id === l.id)!;
    const [next] = keepOptionIds(
      [{ ...q, id: l.id, order: now.order, options: q.options.map((o) => ({ text: o.text, isCorrect: o.isCorrect })) }],
      current,
    );
    await writeQuestion(m, l.assessment_id, next, l.id);
  }
  for (const a of items) await refreshTotalPoints(m, a);
  return linked.length;
}

/** Copies of these bank questions stop following them (the bank question, or its bank, is about to go). */
export async function unlink(m: EntityManager, bankQuestionIds: string[]): Promise<void> {
  await m.query('UPDATE questions SET bank_linked = false WHERE bank_question_id = ANY($1::uuid[]) AND bank_linked', [bankQuestionIds]);
}
