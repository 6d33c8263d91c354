import { EntityManager } from 'typeorm';
import { questionOfStudentSql } from '../assessments';
import type { OverdueClaimSql } from './auto-submit.sql';

/*
 * The statements of auto-submitting overdue work (issues 13 and 24; auto-submit.ts decides), all in the caller's
 * transaction (the sweep's batch or the teacher's call), a fixed number whatever the number of students: the three
 * claims (texts built by auto-submit.sql.ts), the drafts they take, and the answers, grades and totals they write.
 * Raw SQL, set-based over arrays of ids.
 */

/** A submission an auto-submit took. */
export interface Claimed {
  id: string;
  assessment_id: string;
  student_id: string;
  /** A reopened submission whose customDueDate passed (the others are new, empty rows). */
  reopened: boolean;
}

/** One answer of a saved draft, as the student's client wrote it (auto-submit.ts reduces it to its question). */
export interface DraftAnswer {
  questionId?: unknown;
  answer?: unknown;
  selectedOptionIds?: unknown;
}

/**
 * The new submissions of overdue students (ON CONFLICT DO NOTHING on the unique (item, student): a run at the same
 * time, or the student's own submit, keeps its row).
 */
export function insertOverdueSubmissions(m: EntityManager, sql: OverdueClaimSql): Promise<Claimed[]> {
  return m.query(sql.created, sql.params);
}

/** Takes back reopened work that expired with nothing handed in and nothing started; how many went. */
export async function removeExpiredEmptyReopened(m: EntityManager, sql: OverdueClaimSql): Promise<number> {
  const [{ removed }]: Array<{ removed: number }> = await m.query(sql.removed, sql.params);
  return removed;
}

/** Closes expired reopened work (an UPDATE that re-checks its status, so a concurrent Resubmit keeps it). */
export function closeExpiredReopened(m: EntityManager, sql: OverdueClaimSql): Promise<Claimed[]> {
  return m.query(sql.expired, sql.params);
}

/** The saved drafts of the (item, student) pairs (`pairs`: the items' ids, then the students'). */
export function draftsOf(
  m: EntityManager,
  pairs: string[][],
): Promise<Array<{ assessment_id: string; student_id: string; answers: DraftAnswer[] }>> {
  return m.query(
    `SELECT d.assessment_id, d.student_id, d.answers FROM submission_drafts d
       JOIN unnest($1::uuid[], $2::uuid[]) AS x(aid, sid) ON d.assessment_id = x.aid AND d.student_id = x.sid`,
    pairs,
  );
}

/** Clears the answers and grades of submissions a draft replaces, the grades kept in grade_history (as a Resubmit does). */
export async function clearForDraft(m: EntityManager, submissionIds: string[]): Promise<void> {
  await m.query(
    `INSERT INTO grade_history (submission_id, question_id, score, is_auto_graded, feedback, graded_by, graded_at)
       SELECT submission_id, question_id, score, is_auto_graded, feedback, graded_by, updated_at FROM grades WHERE submission_id = ANY($1::uuid[])`,
    [submissionIds],
  );
  await m.query('DELETE FROM grades WHERE submission_id = ANY($1::uuid[])', [submissionIds]);
  await m.query('DELETE FROM submission_answers WHERE submission_id = ANY($1::uuid[])', [submissionIds]);
}

/** The answers to write, one element of each array an answer. */
export interface AnswerColumns {
  sid: string[];
  qid: string[];
  text: string[];
  /** Each answer's selected options, as JSON arrays. */
  opts: string[];
}

/** The automatic grades to write, one element of each array a grade. */
export interface GradeColumns {
  sid: string[];
  qid: string[];
  score: number[];
  /** Each grade's explanation, as JSON. */
  explanation: string[];
}

/**
 * The answers not there yet, and the automatic grade of each of them: a grade goes in only with its new answer row
 * (a kept answer keeps its own grade). One statement.
 */
export async function insertAutoAnswers(m: EntityManager, answers: AnswerColumns, grades: GradeColumns): Promise<void> {
  await m.query(
    `WITH added AS (
       INSERT INTO submission_answers (submission_id, question_id, answer, selected_option_ids)
       SELECT x.sid, x.qid, x.answer, ARRAY(SELECT jsonb_array_elements_text(x.opts))::uuid[]
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::jsonb[]) AS x(sid, qid, answer, opts)
       ON CONFLICT (submission_id, question_id) DO NOTHING RETURNING submission_id, question_id)
     INSERT INTO grades (submission_id, question_id, score, auto_score, is_auto_graded, explanation)
     SELECT g.sid, g.qid, g.score, g.score, true, g.explanation
       FROM unnest($5::uuid[], $6::uuid[], $7::numeric[], $8::jsonb[]) AS g(sid, qid, score, explanation)
       JOIN added ON added.submission_id = g.sid AND added.question_id = g.qid
     ON CONFLICT (submission_id, question_id) DO NOTHING`,
    [answers.sid, answers.qid, answers.text, answers.opts, grades.sid, grades.qid, grades.score, grades.explanation],
  );
}

/**
 * The total, maximum and status of the submissions from their grades and each student's own questions (graded once
 * every question has a grade).
 */
export async function refreshAutoSubmitted(m: EntityManager, submissionIds: string[]): Promise<void> {
  await m.query(
    `UPDATE submissions s SET
            total_score = COALESCE((SELECT sum(g.score) FROM grades g WHERE g.submission_id = s.id), 0),
            status = CASE WHEN (SELECT count(*) FROM grades g WHERE g.submission_id = s.id)
                               >= (SELECT count(*) FROM questions q WHERE q.assessment_id = s.assessment_id AND ${questionOfStudentSql('q', 's.student_id')})
                          THEN 'graded' ELSE 'pending' END,
            max_score = COALESCE((SELECT sum(q.points)::int FROM questions q WHERE q.assessment_id = s.assessment_id AND ${questionOfStudentSql('q', 's.student_id')}), 0),
            updated_at = clock_timestamp()
      WHERE s.id = ANY($1::uuid[])`,
    [submissionIds],
  );
}

/**
 * A file the student attached to a long answer of their draft goes with the submitted answer (issue 25's draft
 * files): the answer now references it, so it outlives the draft deleteDrafts removes.
 */
export async function keepDraftFiles(m: EntityManager, submissionIds: string[]): Promise<void> {
  await m.query(
    `UPDATE submission_answers sa SET file_id = df.file_id, file_name = df.file_name
       FROM submissions s JOIN submission_draft_files df ON df.assessment_id = s.assessment_id AND df.student_id = s.student_id
      WHERE s.id = ANY($1::uuid[]) AND sa.submission_id = s.id AND sa.question_id = df.question_id AND sa.file_id IS NULL`,
    [submissionIds],
  );
}

/** The drafts of the (item, student) pairs (`pairs` as draftsOf takes them): submitted now. */
export async function deleteDrafts(m: EntityManager, pairs: string[][]): Promise<void> {
  await m.query(
    `DELETE FROM submission_drafts d USING unnest($1::uuid[], $2::uuid[]) AS x(aid, sid)
      WHERE d.assessment_id = x.aid AND d.student_id = x.sid`,
    pairs,
  );
}
