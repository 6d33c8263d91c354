import { DataSource, EntityManager } from 'typeorm';
import type { Runner } from '../../db/rows';
import { Actor } from '../../policies';
import { commentSnippetOwnSql } from '../../policies/sql';
import { Assessment, AssessmentScope, ASSESSMENT_REF, assessmentQuery, questionOfStudentSql } from '../assessments';

/*
 * The statements of the teacher's grade writes (issue 29): per-question grades and Save all (run in the service's
 * transaction, whose manager each function takes), reopen and create-for-grading, the comment bank, and the
 * loader's items. The domain writes raw SQL; the items are the one TypeORM read (assessments' own builder, the
 * entity GraphQL answers). The other parts: grading.repository.dashboards.ts (the teacher's reads),
 * grading.repository.overdue.ts (auto-submit) and grading.repository.late-join.ts (late joiners).
 */

/** The grade a teacher's save is checked against, locked for the transaction. */
export interface CurrentGrade {
  id: string;
  score: number;
  feedback: string;
  version: number;
  is_auto_graded: boolean;
  grader: string | null;
}

/** A comment bank row. */
export interface SnippetRow {
  id: string;
  teacher_id: string;
  text: string;
  created_at: Date;
}

/**
 * Locks the submission (FOR UPDATE) for a grade write, so of two saves of it one waits for the other and then
 * sees its version; false when there is no such submission.
 */
export async function lockSubmission(m: EntityManager, submissionId: string): Promise<boolean> {
  const locked: unknown[] = await m.query('SELECT 1 FROM submissions WHERE id = $1 FOR UPDATE', [submissionId]);
  return locked.length > 0;
}

/**
 * Which of `questionIds` are the student's questions of the item (the fixed ones and those drawn for them), with
 * their points and their number as the student sees them; one statement whatever their number.
 */
export function studentQuestions(
  m: EntityManager,
  questionIds: string[],
  assessmentId: string,
  studentId: string,
): Promise<Array<{ id: string; points: number; number: number }>> {
  return m.query(
    `SELECT q.id, q.points,
                (SELECT count(*)::int FROM questions q2 WHERE q2.assessment_id = q.assessment_id AND ${questionOfStudentSql('q2', '$3')}
                    AND (q2.draw_id IS NOT NULL, q2.sort_order) <= (q.draw_id IS NOT NULL, q.sort_order)) AS number
           FROM questions q WHERE q.id = ANY($1::uuid[]) AND q.assessment_id = $2 AND ${questionOfStudentSql('q', '$3')}`,
    [questionIds, assessmentId, studentId],
  );
}

/** The current grades of `questionIds`, locked for the transaction, by question. */
export async function currentGrades(m: EntityManager, submissionId: string, questionIds: string[]): Promise<Map<string, CurrentGrade>> {
  const rows: Array<CurrentGrade & { question_id: string }> = await m.query(
    `SELECT g.id, g.question_id, g.score::float8 AS score, g.feedback, g.version, g.is_auto_graded, u.first_name || ' ' || u.last_name AS grader
         FROM grades g LEFT JOIN users u ON u.id = g.graded_by
        WHERE g.submission_id = $1 AND g.question_id = ANY($2::uuid[]) ORDER BY g.id FOR UPDATE OF g`,
    [submissionId, questionIds],
  );
  return new Map(rows.map((g) => [g.question_id, g]));
}

/** The student's full name (a conflict on a grade their resubmit removed names them); null when they are gone. */
export async function studentName(m: EntityManager, studentId: string): Promise<string | null> {
  const [u]: Array<{ name: string }> = await m.query(`SELECT first_name || ' ' || last_name AS name FROM users WHERE id = $1`, [studentId]);
  return u?.name ?? null;
}

/** A teacher's first grade of a question (no feedback given: none). */
export async function insertTeacherGrade(
  m: EntityManager,
  submissionId: string,
  questionId: string,
  score: number,
  feedback: string | undefined,
  graderId: string,
): Promise<void> {
  await m.query(
    `INSERT INTO grades (submission_id, question_id, score, feedback, is_auto_graded, graded_by, updated_at)
         VALUES ($1, $2, $3, $4, false, $5, clock_timestamp())`,
    [submissionId, questionId, score, feedback ?? '', graderId],
  );
}

/**
 * A teacher's save over a grade: a score that differs from the automatic one overrides it (the automatic score kept
 * in auto_score), one that keeps it keeps the grade automatic; no feedback given keeps the feedback.
 */
export async function updateTeacherGrade(
  m: EntityManager,
  gradeId: string,
  score: number,
  feedback: string | undefined,
  graderId: string,
): Promise<void> {
  await m.query(
    `UPDATE grades SET auto_score = CASE WHEN is_auto_graded THEN COALESCE(auto_score, score) ELSE auto_score END,
              is_auto_graded = is_auto_graded AND COALESCE(auto_score, score) = $2::numeric,
              score = $2, feedback = COALESCE($3, feedback), graded_by = $4, version = version + 1, updated_at = clock_timestamp()
        WHERE id = $1`,
    [gradeId, score, feedback ?? null, graderId],
  );
}

/**
 * Whether the student is one the item is for: placed in its course's class and year (whole class), or among its
 * targets (individual students), or already with a submission of it (placements change); undefined when the
 * user is not a student.
 */
export async function studentTargeting(m: Runner, a: Assessment, studentId: string): Promise<{ targeted: boolean } | undefined> {
  const [u]: Array<{ targeted: boolean }> = await m.query(
    `SELECT (EXISTS (SELECT 1 FROM submissions s WHERE s.assessment_id = $1 AND s.student_id = u.id)
               OR CASE WHEN $3 = 'whole_class'
                       THEN EXISTS (SELECT 1 FROM courses c WHERE c.id = $4 AND c.class_id = u.class_id AND c.academic_year_id = u.academic_year_id)
                       ELSE EXISTS (SELECT 1 FROM assessment_targets t WHERE t.assessment_id = $1 AND t.student_id = u.id) END) AS targeted
         FROM users u WHERE u.id = $2 AND u.role = 'Student'`,
    [a.id, studentId, a.scope === AssessmentScope.whole_class ? 'whole_class' : 'individual_students', a.courseId],
  );
  return u;
}

/**
 * Reopens the student's submission until `due` (again: 'Extend Again'), or creates an empty reopened one (nothing
 * handed in) for a student without one: one upsert under the unique (item, student), so a submit arriving meanwhile
 * is reopened, not duplicated. Its id.
 */
export async function upsertReopened(
  m: EntityManager,
  assessmentId: string,
  studentId: string,
  due: Date,
  maxScore: number,
): Promise<string> {
  const [{ id }]: Array<{ id: string }> = await m.query(
    `INSERT INTO submissions (assessment_id, student_id, status, allowed_after_due, custom_due_date, submitted_at, max_score, updated_at)
         VALUES ($1, $2, 'reopened', true, $3, NULL, $4, clock_timestamp())
         ON CONFLICT (assessment_id, student_id) DO UPDATE
           SET status = 'reopened', allowed_after_due = true, custom_due_date = EXCLUDED.custom_due_date,
               version = submissions.version + 1, updated_at = clock_timestamp()
         RETURNING id`,
    [assessmentId, studentId, due, maxScore],
  );
  return id;
}

/** Whether the item is visible to its students (it and its module shown). */
export async function itemVisible(ds: DataSource, assessmentId: string): Promise<boolean> {
  const [{ visible }]: Array<{ visible: boolean }> = await ds.query(
    `SELECT ${ASSESSMENT_REF.visible} AS visible FROM assessments a WHERE a.id = $1`,
    [assessmentId],
  );
  return visible;
}

/**
 * An empty pending submission (nothing handed in: submitted_at null) for grading by hand; no row when the student
 * has one already (another teacher's click or the overdue sweep came first).
 */
export function insertForGrading(
  ds: DataSource,
  assessmentId: string,
  studentId: string,
  maxScore: number,
): Promise<Array<{ id: string }>> {
  return ds.query(
    `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, max_score, updated_at)
       VALUES ($1, $2, 'pending', NULL, $3, clock_timestamp())
       ON CONFLICT (assessment_id, student_id) DO NOTHING RETURNING id`,
    [assessmentId, studentId, maxScore],
  );
}

/** The id of the student's submission of the item, if they have one. */
export async function submissionIdOf(m: Runner, assessmentId: string, studentId: string): Promise<string | null> {
  const [s]: Array<{ id: string }> = await m.query('SELECT id FROM submissions WHERE assessment_id = $1 AND student_id = $2', [
    assessmentId,
    studentId,
  ]);
  return s?.id ?? null;
}

/** The viewer's own snippets, oldest first ('commentSnippet.own' in SQL: none for whoever is not acting as a teacher). */
export function snippetsOf(ds: DataSource, actor: Actor): Promise<SnippetRow[]> {
  return ds.query(
    // $1 typed once: for a non-teacher the twin is FALSE and names no parameter
    `SELECT id, teacher_id, text, created_at, $1::uuid AS viewer FROM comment_snippets s WHERE ${commentSnippetOwnSql(actor, 's.teacher_id', '$1')} ORDER BY created_at, id`,
    [actor.userId],
  );
}

/** Locks the teacher's row, so two adds of theirs count their bank one after the other. */
export async function lockTeacher(m: EntityManager, teacherId: string): Promise<void> {
  await m.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [teacherId]);
}

/** How many snippets the teacher keeps. */
export async function snippetCount(m: EntityManager, teacherId: string): Promise<number> {
  const [{ n }]: Array<{ n: number }> = await m.query('SELECT count(*)::int AS n FROM comment_snippets WHERE teacher_id = $1', [teacherId]);
  return n;
}

/** A new snippet of the teacher's (the same text twice breaks comment_snippets_teacher_text_key). */
export async function insertSnippet(m: EntityManager, teacherId: string, text: string): Promise<SnippetRow> {
  const [row]: SnippetRow[] = await m.query(
    'INSERT INTO comment_snippets (teacher_id, text) VALUES ($1, $2) RETURNING id, teacher_id, text, created_at',
    [teacherId, text],
  );
  return row;
}

export async function snippetById(ds: DataSource, id: string): Promise<SnippetRow | undefined> {
  const [row]: SnippetRow[] = await ds.query('SELECT id, teacher_id, text, created_at FROM comment_snippets WHERE id = $1', [id]);
  return row;
}

export async function deleteSnippet(ds: DataSource, id: string): Promise<void> {
  await ds.query('DELETE FROM comment_snippets WHERE id = $1', [id]);
}

/**
 * The items of many submissions (Submission.assessment) in one statement, with their course and module; not
 * filtered by 'assessment.read' (the loader says why).
 */
export function assessmentsByIds(ds: DataSource, ids: string[]): Promise<Assessment[]> {
  return assessmentQuery(ds).where('a.id IN (:...ids)', { ids }).getMany();
}
