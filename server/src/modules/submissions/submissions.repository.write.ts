import { DataSource, EntityManager } from 'typeorm';
import { SubmissionStatus } from './submission.types';

/*
 * The writes of the submissions domain (issue 29), raw SQL as the whole domain: the submit with files (run in the
 * service's transaction, whose manager each function takes, in the order submissions.submit.ts calls them), the
 * drafts and their files, and the release of results. The decisions (the due rule, which file an answer keeps,
 * the grading) are made in submissions.submit.ts and the service before these run.
 */

/** A submit's answer rows as arrays the insert unnests, one entry per question. */
export interface AnswerRows {
  question: string[];
  answer: string[];
  /** Each row's selected option ids as JSON (a 2-D array must be rectangular). */
  options: string[];
  fileId: Array<string | null>;
  fileName: Array<string | null>;
}

/** A submit's automatic grades as arrays the insert unnests, one entry per graded question. */
export interface GradeRows {
  question: string[];
  score: number[];
  explanation: string[];
  version: number[];
}

/** The files of the submission's answers (a resubmit may keep them). */
export async function answerFilesOf(
  m: EntityManager,
  submissionId: string,
): Promise<Array<{ question_id: string; file_id: string; file_name: string }>> {
  return m.query('SELECT question_id, file_id, file_name FROM submission_answers WHERE submission_id = $1 AND file_id IS NOT NULL', [
    submissionId,
  ]);
}

/** Copies the submission's grades into grade_history before a resubmit replaces them (the teacher's feedback stays on record). */
export async function copyGradesToHistory(m: EntityManager, submissionId: string): Promise<void> {
  await m.query(
    `INSERT INTO grade_history (submission_id, question_id, score, is_auto_graded, feedback, graded_by, graded_at)
       SELECT submission_id, question_id, score, is_auto_graded, feedback, graded_by, updated_at FROM grades WHERE submission_id = $1`,
    [submissionId],
  );
}

/** Deletes the submission's grades; the version each had, by question (the new grades continue them). */
export async function deleteGrades(m: EntityManager, submissionId: string): Promise<Map<string, number>> {
  const [gone]: [Array<{ question_id: string; version: number }>, number] = await m.query(
    'DELETE FROM grades WHERE submission_id = $1 RETURNING question_id, version',
    [submissionId],
  );
  return new Map(gone.map((g) => [g.question_id, g.version]));
}

export async function deleteAnswers(m: EntityManager, submissionId: string): Promise<void> {
  await m.query('DELETE FROM submission_answers WHERE submission_id = $1', [submissionId]);
}

/**
 * A new submission row, ON CONFLICT DO NOTHING under the unique (assessment, student): its id, or null when a
 * simultaneous first submit wrote the row first.
 */
export async function insertSubmission(
  m: EntityManager,
  assessmentId: string,
  studentId: string,
  maxScore: number,
): Promise<string | null> {
  const rows: Array<{ id: string }> = await m.query(
    `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, max_score) VALUES ($1, $2, 'pending', now(), $3)
       ON CONFLICT (assessment_id, student_id) DO NOTHING RETURNING id`,
    [assessmentId, studentId, maxScore],
  );
  return rows.length ? rows[0].id : null;
}

/** One answer row per question, in one statement whatever their number (none: no statement). */
export async function insertAnswerRows(m: EntityManager, submissionId: string, rows: AnswerRows): Promise<void> {
  if (!rows.question.length) return;
  await m.query(
    `INSERT INTO submission_answers (submission_id, question_id, answer, selected_option_ids, file_id, file_name)
       SELECT $1, q, a, ARRAY(SELECT jsonb_array_elements_text(o::jsonb))::uuid[], f, n
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::uuid[], $6::text[]) AS x(q, a, o, f, n)`,
    [submissionId, rows.question, rows.answer, rows.options, rows.fileId, rows.fileName],
  );
}

/** The automatic grades with their explanations, in one statement whatever their number (none: no statement). */
export async function insertAutoGrades(m: EntityManager, submissionId: string, grades: GradeRows): Promise<void> {
  if (!grades.question.length) return;
  await m.query(
    `INSERT INTO grades (submission_id, question_id, score, auto_score, is_auto_graded, explanation, version, updated_at)
       SELECT $1, q, s, s, true, e::jsonb, v, clock_timestamp()
         FROM unnest($2::uuid[], $3::numeric[], $4::text[], $5::int[]) AS x(q, s, e, v)`,
    [submissionId, grades.question, grades.score, grades.explanation, grades.version],
  );
}

/**
 * The submission as submitted now by its student (not auto-submitted), with its status and totals. updated_at
 * from clock_timestamp(), as every write to a submission: the review domain's change cursor reads it.
 */
export async function markSubmitted(
  m: EntityManager,
  id: string,
  status: SubmissionStatus,
  total: number,
  maxScore: number,
): Promise<void> {
  await m.query(
    `UPDATE submissions SET status = $2, is_auto_submitted = false, submitted_at = now(), total_score = $3, max_score = $4,
            version = version + 1, updated_at = clock_timestamp() WHERE id = $1`,
    [id, status, total, maxScore],
  );
}

/** Deletes the student's draft of the item (its file rows go with it). */
export async function deleteDraft(m: EntityManager, assessmentId: string, studentId: string): Promise<void> {
  await m.query('DELETE FROM submission_drafts WHERE assessment_id = $1 AND student_id = $2', [assessmentId, studentId]);
}

/** Replaces the student's draft answers of the item (the draft row is made on the first save). */
export async function saveDraftAnswers(
  ds: DataSource,
  assessmentId: string,
  studentId: string,
  saved: Array<{ questionId: string; answer: string; selectedOptionIds: string[] }>,
): Promise<void> {
  await ds.query(
    `INSERT INTO submission_drafts (assessment_id, student_id, answers, saved_at) VALUES ($1, $2, $3::jsonb, now())
       ON CONFLICT (assessment_id, student_id) DO UPDATE SET answers = EXCLUDED.answers, saved_at = now()`,
    [assessmentId, studentId, JSON.stringify(saved)],
  );
}

/** The student's draft of the item, made empty when they have typed nothing yet, else only its saved_at renewed. */
export async function touchDraft(m: EntityManager, assessmentId: string, studentId: string): Promise<void> {
  await m.query(
    `INSERT INTO submission_drafts (assessment_id, student_id, answers, saved_at) VALUES ($1, $2, '[]'::jsonb, now())
     ON CONFLICT (assessment_id, student_id) DO UPDATE SET saved_at = now()`,
    [assessmentId, studentId],
  );
}

/** The draft's file of the question, replacing an earlier one (whose file row the cleanup job then removes). */
export async function putDraftFile(
  m: EntityManager,
  at: { assessmentId: string; studentId: string; questionId: string },
  fileId: string,
  fileName: string,
): Promise<void> {
  await m.query(
    `INSERT INTO submission_draft_files (assessment_id, student_id, question_id, file_id, file_name) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (assessment_id, student_id, question_id) DO UPDATE SET file_id = EXCLUDED.file_id, file_name = EXCLUDED.file_name`,
    [at.assessmentId, at.studentId, at.questionId, fileId, fileName],
  );
}

/** Deletes the draft's file of the question; whether there was one. */
export async function deleteDraftFile(ds: DataSource, assessmentId: string, studentId: string, questionId: string): Promise<boolean> {
  const [gone]: [unknown[], number] = await ds.query(
    'DELETE FROM submission_draft_files WHERE assessment_id = $1 AND student_id = $2 AND question_id = $3 RETURNING 1',
    [assessmentId, studentId, questionId],
  );
  return gone.length > 0;
}

/** Releases the item's results, once: a second release keeps the first date and teacher. */
export async function releaseResults(m: EntityManager, assessmentId: string, releasedBy: string): Promise<void> {
  await m.query(
    `UPDATE assessments SET results_released_at = COALESCE(results_released_at, now()),
                results_released_by = CASE WHEN results_released_at IS NULL THEN $2::uuid ELSE results_released_by END WHERE id = $1`,
    [assessmentId, releasedBy],
  );
}
