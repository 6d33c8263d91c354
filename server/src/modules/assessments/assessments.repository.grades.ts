import { EntityManager } from 'typeorm';
import { questionOfStudentSql } from './assessments.queries';
import { Explanation } from './auto-grade';

/*
 * The assessments domain's statements about the submissions of an item (issue 29): what an edit of its questions
 * reads to plan the regrade, and the grades, totals and statuses it writes (assessments.write.ts decides them).
 * Raw SQL, in the edit's transaction.
 */

/** A submission of an item as the regrade plan reads it: its student's name, total so far and whether it was handed in. */
export interface SubmissionToRegrade {
  id: string;
  student_id: string;
  name: string;
  total_score: string;
  handed_in: boolean;
}

/** A grade of a submission of the item, with what says whether a teacher overrode it. */
export interface GradeRow {
  id: string;
  submission_id: string;
  question_id: string;
  score: string;
  auto_score: string | null;
  is_auto_graded: boolean;
}

/** A submission's answer to a question. */
export interface AnswerRow {
  submission_id: string;
  question_id: string;
  answer: string;
  selected_option_ids: string[];
}

/** An automatic question a handed-in submission has no grade for, with the answer given (null: none). */
export interface MissingGrade {
  submission_id: string;
  question_id: string;
  answer: string | null;
  selected_option_ids: string[] | null;
}

/** A grade the regrade changes: its new score, automatic score and explanation (null keeps the one there). */
export interface RegradedGrade {
  id: string;
  score: number;
  autoScore: number | null;
  explanation: Explanation | null;
}

/** The item's submissions, by student name. */
export function submissionsToRegrade(m: EntityManager, assessmentId: string): Promise<SubmissionToRegrade[]> {
  return m.query(
    `SELECT s.id, s.student_id, s.total_score, u.first_name || ' ' || u.last_name AS name, s.submitted_at IS NOT NULL AS handed_in
       FROM submissions s JOIN users u ON u.id = s.student_id WHERE s.assessment_id = $1 ORDER BY u.last_name, u.first_name, s.id`,
    [assessmentId],
  );
}

/** Every grade of every submission of the item. */
export function gradesOfItem(m: EntityManager, assessmentId: string): Promise<GradeRow[]> {
  return m.query(
    `SELECT g.id, g.submission_id, g.question_id, g.score, g.auto_score, g.is_auto_graded
       FROM grades g JOIN submissions s ON s.id = g.submission_id WHERE s.assessment_id = $1`,
    [assessmentId],
  );
}

/** Every answer given to these questions. */
export function answersTo(m: EntityManager, questionIds: string[]): Promise<AnswerRow[]> {
  return m.query(
    `SELECT a.submission_id, a.question_id, a.answer, a.selected_option_ids::text[] AS selected_option_ids
       FROM submission_answers a WHERE a.question_id = ANY($1::uuid[])`,
    [questionIds],
  );
}

/**
 * Locks the item's submissions before an edit reads its regrade plan: a grade saved meanwhile (gradeAnswer
 * locks its submission first too) waits, so the plan never overwrites a teacher's override it did not see.
 */
export async function lockSubmissions(m: EntityManager, assessmentId: string): Promise<void> {
  await m.query('SELECT 1 FROM submissions WHERE assessment_id = $1 ORDER BY id FOR UPDATE', [assessmentId]);
}

/** Writes the regraded grades, one statement each, each getting a new version. */
export async function updateRegradedGrades(m: EntityManager, grades: RegradedGrade[]): Promise<void> {
  for (const g of grades) {
    await m.query(
      `UPDATE grades SET score = $2, auto_score = $3, explanation = COALESCE($4::jsonb, explanation), version = version + 1, updated_at = clock_timestamp()
        WHERE id = $1`,
      [g.id, g.score, g.autoScore, g.explanation && JSON.stringify(g.explanation)],
    );
  }
}

/**
 * The automatic questions (fixed, or drawn for the student) each handed-in submission (submitted_at set) of the
 * item has no grade for, with its answer when it gave one.
 */
export function missingAutoGrades(m: EntityManager, assessmentId: string): Promise<MissingGrade[]> {
  return m.query(
    `SELECT s.id AS submission_id, q.id AS question_id, sa.answer, sa.selected_option_ids::text[] AS selected_option_ids
       FROM submissions s JOIN questions q ON q.assessment_id = s.assessment_id AND q.type <> 'LongAnswer' AND ${questionOfStudentSql('q', 's.student_id')}
       LEFT JOIN submission_answers sa ON sa.submission_id = s.id AND sa.question_id = q.id
      WHERE s.assessment_id = $1 AND s.submitted_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM grades g WHERE g.submission_id = s.id AND g.question_id = q.id)`,
    [assessmentId],
  );
}

/** An automatic grade of a submission's question, with its explanation. */
export async function insertAutoGrade(
  m: EntityManager,
  submissionId: string,
  questionId: string,
  graded: { score: number; explanation: Explanation },
): Promise<void> {
  await m.query(
    `INSERT INTO grades (submission_id, question_id, score, auto_score, is_auto_graded, explanation, updated_at)
       VALUES ($1, $2, $3, $3, true, $4, clock_timestamp())`,
    [submissionId, questionId, graded.score, JSON.stringify(graded.explanation)],
  );
}

/**
 * A submission's total (the sum of its grades) and status from its grades, in one statement for the given
 * submissions (by id, or all of an item): graded once every question of the student's (fixed and drawn for them) has a grade, else pending; a reopened
 * one stays reopened (the student's new attempt is awaited; grading it meanwhile must not close it). Those
 * whose total, status or maximum change, and those named in `touched` (a grade of theirs changed), get a new
 * version and updated_at (clock_timestamp(), the review domain's change cursor). Grading and the regrade
 * share it, so both leave the same totals.
 */
export async function refreshSubmissions(
  m: EntityManager,
  of: { assessmentId?: string; submissionIds?: string[]; recomputeMax?: boolean },
  touched: string[] = [],
): Promise<void> {
  await m.query(
    `WITH x AS (
       SELECT s.id,
              COALESCE((SELECT sum(g.score) FROM grades g WHERE g.submission_id = s.id), 0) AS total,
              CASE WHEN s.status = 'reopened' THEN 'reopened'
                   WHEN (SELECT count(*) FROM grades g WHERE g.submission_id = s.id)
                        >= (SELECT count(*) FROM questions q WHERE q.assessment_id = s.assessment_id AND ${questionOfStudentSql('q', 's.student_id')}) THEN 'graded'
                   ELSE 'pending' END AS status,
              CASE WHEN $3::boolean
                   THEN COALESCE((SELECT sum(q.points)::int FROM questions q WHERE q.assessment_id = s.assessment_id AND ${questionOfStudentSql('q', 's.student_id')}), 0)
                   ELSE s.max_score END AS max_score
         FROM submissions s WHERE s.assessment_id = $1 OR s.id = ANY($2::uuid[]))
     UPDATE submissions s SET total_score = x.total, status = x.status, max_score = x.max_score,
            version = s.version + 1, updated_at = clock_timestamp()
       FROM x
      WHERE s.id = x.id AND (s.id = ANY($4::uuid[]) OR s.total_score <> x.total OR s.status <> x.status OR s.max_score <> x.max_score)`,
    [of.assessmentId ?? null, of.submissionIds ?? [], of.recomputeMax ?? false, [...new Set(touched)]],
  );
}
