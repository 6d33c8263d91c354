import { EntityManager } from 'typeorm';
import type { Runner } from '../../db/rows';
import { QUESTION_COLUMNS, QuestionRow, questionOfStudentSql, studentQuestionOrderSql, toQuestions } from './assessments.queries';
import { QuestionFields } from './assessments.validation';
import { totalPoints } from './auto-grade';
import { Question } from './question.types';
import { insertTargets } from './assessments.repository';

/*
 * The assessments domain's statements about questions (issue 29; the items' are in assessments.repository.ts): their
 * reads, the editor's writes, an item's insert with them and its total points. Raw SQL, run in the caller's
 * transaction where it writes; the SELECT's columns are built in assessments.queries.ts, which other domains embed.
 */

/**
 * Which questions of an assessment: `fixed` (the default) those the editor holds; `all` also every question
 * drawn for some student (the teachers' grading views); `{ studentId }` the student's own: the fixed ones and
 * their picks, numbered from 1 in the order they see them (fixed first, then each draw's picks).
 */
export type QuestionScope = 'fixed' | 'all' | { studentId: string };

/** Questions of many assessments with options and accepted answers, in one statement, by order. */
export async function questionsOf(m: Runner, assessmentIds: string[], scope: QuestionScope = 'fixed'): Promise<Question[]> {
  if (!assessmentIds.length) return [];
  const params: unknown[] = [assessmentIds];
  const which =
    scope === 'fixed'
      ? 'AND q.draw_id IS NULL'
      : scope === 'all'
        ? ''
        : `AND ${questionOfStudentSql('q', `$${params.push(scope.studentId)}::uuid`)}`;
  const rows: QuestionRow[] = await m.query(
    `SELECT ${QUESTION_COLUMNS('q', 'a')}
       FROM questions q JOIN assessments a ON a.id = q.assessment_id
      WHERE q.assessment_id = ANY($1::uuid[]) ${which}
      ORDER BY q.assessment_id, ${typeof scope === 'object' ? studentQuestionOrderSql('q', '$2::uuid') : 'q.draw_id IS NOT NULL, q.sort_order'}`,
    params,
  );
  return toQuestions(rows, typeof scope === 'object');
}

/**
 * An assessment's questions become `next`: questions (and options) sent back with their id keep it, so their
 * answers and grades stay; the others are replaced, in the caller's transaction.
 */
export async function writeQuestions(
  m: EntityManager,
  assessmentId: string,
  next: QuestionFields[],
  currentIds: ReadonlySet<string>,
): Promise<void> {
  const kept = next.filter((q) => q.id && currentIds.has(q.id)).map((q) => q.id!);
  // drawn questions (draw_id) belong to the random draws, never to the editor's list
  await m.query('DELETE FROM questions WHERE assessment_id = $1 AND draw_id IS NULL AND NOT (id = ANY($2::uuid[]))', [assessmentId, kept]);
  for (const q of next) await writeQuestion(m, assessmentId, q, q.id && currentIds.has(q.id) ? q.id : undefined);
  await refreshTotalPoints(m, assessmentId);
}

/** Where a new question comes from: the bank question it copies, and whether it follows that question's edits. */
export interface QuestionOrigin {
  bankQuestionId: string;
  linked: boolean;
  drawId?: string;
}

/**
 * One question with its options and accepted answers: updated in place when `id` is given (options sent with
 * their id keep it, so the answers that selected them still do), else inserted; returns its id.
 */
export async function writeQuestion(
  m: EntityManager,
  assessmentId: string,
  q: QuestionFields,
  id?: string,
  origin?: QuestionOrigin,
): Promise<string> {
  const cols = [q.type, q.questionText, q.points, q.order, q.partialMarking, q.penaltyPerWrong];
  if (id) {
    await m.query(
      `UPDATE questions SET type = $2, question_text = $3, points = $4, sort_order = $5, partial_marking = $6, penalty_per_wrong = $7
        WHERE id = $1`,
      [id, ...cols],
    );
  } else {
    [{ id }] = await m.query(
      `INSERT INTO questions (assessment_id, type, question_text, points, sort_order, partial_marking, penalty_per_wrong, bank_question_id, bank_linked, draw_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [assessmentId, ...cols, origin?.bankQuestionId ?? null, origin?.linked ?? false, origin?.drawId ?? null],
    );
  }
  const keptOptions = q.options.filter((o) => o.id).map((o) => o.id!);
  await m.query('DELETE FROM question_options WHERE question_id = $1 AND NOT (id = ANY($2::uuid[]))', [id, keptOptions]);
  for (const [i, o] of q.options.entries()) {
    const updated: [unknown[], number] | null = o.id
      ? await m.query('UPDATE question_options SET sort_order = $3, text = $4, is_correct = $5 WHERE id = $1 AND question_id = $2', [
          o.id,
          id,
          i + 1,
          o.text,
          o.isCorrect,
        ])
      : null;
    // an id that is not this question's option (or is gone) is a new option
    if (!updated || !updated[1]) {
      await m.query('INSERT INTO question_options (question_id, sort_order, text, is_correct) VALUES ($1, $2, $3, $4)', [
        id,
        i + 1,
        o.text,
        o.isCorrect,
      ]);
    }
  }
  await m.query('DELETE FROM accepted_answers WHERE question_id = $1', [id]);
  for (const [i, a] of q.accepted.entries()) {
    await m.query('INSERT INTO accepted_answers (question_id, sort_order, answer, weight) VALUES ($1, $2, $3, $4)', [
      id,
      i + 1,
      a.answer,
      a.weight,
    ]);
  }
  return id!;
}

/**
 * An assessment's total points: its fixed questions, and for each random draw `count` times the mean points of
 * the bank questions it draws from (exact when they are worth the same; each student's own maximum is the sum
 * of their questions, kept on their submission).
 */
export async function refreshTotalPoints(m: EntityManager, assessmentId: string): Promise<void> {
  await m.query(
    `UPDATE assessments a SET total_points =
       COALESCE((SELECT sum(q.points) FROM questions q WHERE q.assessment_id = a.id AND q.draw_id IS NULL), 0)
       + COALESCE((SELECT sum(round(d.count * (SELECT COALESCE(avg(bq.points), 1) FROM bank_questions bq
                                              WHERE bq.bank_id = d.bank_id AND (d.tag IS NULL OR d.tag = ANY(bq.tags)))))
                     FROM assessment_draws d WHERE d.assessment_id = a.id), 0)
      WHERE a.id = $1`,
    [assessmentId],
  );
}

/** The row of a new assessment (create, clone and the demo seed write it the same way). */
export interface NewAssessmentRow {
  kind: string;
  courseId: string;
  moduleId: string | null;
  title: string;
  description: string;
  instructions: string;
  dueDate: Date;
  resultVisibility: string;
  isVisible: boolean;
  scope: string;
  position: number;
  createdBy: string | null;
}

/** Inserts an assessment with its targets and questions; returns its id. */
export async function insertAssessment(
  m: EntityManager,
  a: NewAssessmentRow,
  targets: string[],
  questions: QuestionFields[],
): Promise<string> {
  const [{ id }]: Array<{ id: string }> = await m.query(
    `INSERT INTO assessments (kind, course_id, module_id, title, description, instructions, due_date, total_points,
                              result_visibility, is_visible, scope, position, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      a.kind,
      a.courseId,
      a.moduleId,
      a.title,
      a.description,
      a.instructions,
      a.dueDate,
      totalPoints(questions),
      a.resultVisibility,
      a.isVisible,
      a.scope,
      a.position,
      a.createdBy,
    ],
  );
  if (targets.length) await insertTargets(m, id, targets);
  await writeQuestions(m, id, questions, new Set());
  return id;
}
