import { DataSource, EntityManager } from 'typeorm';
import type { Runner } from '../../db/rows';
import { Actor } from '../../policies';
import type { PageWindow } from '../../core/paging';
import type { AssessmentKind } from '../assessments';
import { DraftFile, SubmissionAnswer, SubmissionDraft, SubmissionStatus } from './submission.types';
import {
  RawAnswer,
  RawSubmission,
  SUBMISSION_SELECT,
  SubmissionFilter,
  SubmissionRow,
  answersJsonSql,
  answersSelect,
  readableWhere,
  submissionSelect,
  toAnswers,
  toRow,
} from './submissions.queries';
import { MyListRow, StudentListRow, myAssessmentsSql, studentItemsSql } from './submissions.my-list';
import { ViewPageAsked, ViewPageRow, viewPageSql } from './submissions.view-page';

/*
 * The reads of the submissions domain (issue 29): submission rows with their answers, drafts, the student's lists
 * and page, and the submit's due-rule row. The domain writes raw SQL; the texts are built in submissions.queries.ts,
 * submissions.my-list.ts and submissions.view-page.ts and run here. The writes are in submissions.repository.write.ts,
 * the one-statement submit in submissions.repository.submit.ts.
 */

/** Submissions by id, in one statement. */
export async function submissionRowsById(m: Runner, ids: string[]): Promise<SubmissionRow[]> {
  if (!ids.length) return [];
  return (await m.query(`${SUBMISSION_SELECT} WHERE s.id = ANY($1::uuid[])`, [ids])).map(toRow);
}

/** One student's submissions of many items, in one statement (the student's lists and pages). */
export async function submissionRowsOfStudent(m: Runner, studentId: string, assessmentIds: string[]): Promise<SubmissionRow[]> {
  if (!assessmentIds.length) return [];
  return (
    await m.query(`${SUBMISSION_SELECT} WHERE s.student_id = $1 AND s.assessment_id = ANY($2::uuid[])`, [studentId, assessmentIds])
  ).map(toRow);
}

/**
 * Submissions the viewer may read ('submission.read' in SQL: their own as a student, those of courses they
 * teach, all for SuperAdmin and Admin), of one kind, optionally of one item and one student.
 */
export async function readableSubmissionRows(
  m: Runner,
  actor: Actor,
  by: SubmissionFilter & { page?: { limit?: number; offset?: number } },
): Promise<SubmissionRow[]> {
  const { where, params } = readableWhere(actor, by);
  // optional paging of the teachers' lists (REST ?limit=&offset=, GraphQL first/after); the order is total (id last)
  const page =
    (by.page?.limit !== undefined ? ` LIMIT $${params.push(by.page.limit)}` : '') +
    (by.page?.offset ? ` OFFSET $${params.push(by.page.offset)}` : '');
  return (await m.query(`${SUBMISSION_SELECT} WHERE ${where} ORDER BY s.submitted_at DESC NULLS LAST, s.id${page}`, params)).map(toRow);
}

/** How many submissions readableSubmissionRows would give without a page. */
export async function readableSubmissionCount(m: Runner, actor: Actor, by: SubmissionFilter): Promise<number> {
  const { where, params } = readableWhere(actor, by);
  const [{ n }] = await m.query(
    `SELECT count(*)::int AS n FROM submissions s JOIN assessments a ON a.id = s.assessment_id WHERE ${where}`,
    params,
  );
  return n;
}

/**
 * The answers of many submissions, one per question of the student's (the item's fixed questions and their random picks; an unanswered question has an empty
 * answer), with grade, file and the key, in one statement. The key is loaded for everyone and given out
 * only by the field rules and presenters ('submission.seeCorrect'), like a question's isCorrect.
 */
export async function answersOf(m: Runner, subs: SubmissionRow[]): Promise<SubmissionAnswer[]> {
  if (!subs.length) return [];
  const rows: RawAnswer[] = await m.query(
    `${answersSelect()} WHERE s.id = ANY($1::uuid[]) ORDER BY s.id, q.draw_id IS NOT NULL, q.sort_order`,
    [subs.map((s) => s.id)],
  );
  return toAnswers(rows, subs);
}

/** One submission with its answers (`answers`: RawAnswer rows), in one statement; none when there is no such submission. */
export async function submissionWithAnswers(m: Runner, id: string): Promise<{ row: SubmissionRow; answers: SubmissionAnswer[] } | null> {
  const [raw]: Array<RawSubmission & { answers: RawAnswer[] }> = await m.query(
    `SELECT x.*, ${answersJsonSql('s.id = $1::uuid')} AS answers FROM (${submissionSelect()} WHERE s.id = $1::uuid) x`,
    [id],
  );
  if (!raw) return null;
  const row = toRow(raw);
  return { row, answers: toAnswers(raw.answers, [row]) };
}

/** Drafts of one student for many items, in one statement (and one more for their files when there are drafts). */
export async function draftsOf(m: Runner, studentId: string, assessmentIds: string[]): Promise<SubmissionDraft[]> {
  if (!assessmentIds.length) return [];
  const rows: Array<{ assessment_id: string; saved_at: Date; answers: SubmissionDraft['answers'] }> = await m.query(
    'SELECT assessment_id, saved_at, answers FROM submission_drafts WHERE student_id = $1 AND assessment_id = ANY($2::uuid[])',
    [studentId, assessmentIds],
  );
  const files = rows.length
    ? await draftFilesOf(
        m,
        studentId,
        rows.map((r) => r.assessment_id),
      )
    : new Map<string, DraftFile[]>();
  return rows.map((r) =>
    Object.assign(new SubmissionDraft(), {
      assessmentId: r.assessment_id,
      savedAt: r.saved_at,
      answers: r.answers,
      files: files.get(r.assessment_id) ?? [],
    }),
  );
}

/** The long-answer files of a student's drafts, by item. */
export async function draftFilesOf(m: Runner, studentId: string, assessmentIds: string[]): Promise<Map<string, DraftFile[]>> {
  const rows: Array<{ assessment_id: string; question_id: string; file_id: string; file_name: string; size: string; mime: string }> =
    await m.query(
      `SELECT d.assessment_id, d.question_id, d.file_id, d.file_name, f.size, f.mime
       FROM submission_draft_files d JOIN files f ON f.id = d.file_id
      WHERE d.student_id = $1 AND d.assessment_id = ANY($2::uuid[]) ORDER BY d.question_id`,
      [studentId, assessmentIds],
    );
  const by = new Map<string, DraftFile[]>();
  for (const r of rows) {
    const file = Object.assign(new DraftFile(), {
      questionId: r.question_id,
      file: { id: r.file_id, name: r.file_name, size: Number(r.size), mimeType: r.mime },
    });
    by.set(r.assessment_id, [...(by.get(r.assessment_id) ?? []), file]);
  }
  return by;
}

/** Files by question: a previous answer's or a draft's. */
export type FileRefs = Map<string, { file_id: string; file_name: string }>;

/** The draft's files by question, for a submit that sends no file of its own for a long answer. */
export async function draftFileIds(m: EntityManager, assessmentId: string, studentId: string): Promise<FileRefs> {
  const rows: Array<{ question_id: string; file_id: string; file_name: string }> = await m.query(
    'SELECT question_id, file_id, file_name FROM submission_draft_files WHERE assessment_id = $1 AND student_id = $2',
    [assessmentId, studentId],
  );
  return new Map(rows.map((r) => [r.question_id, r]));
}

/** The row the due rule reads, locked for the transaction. */
export interface LockedSubmission {
  id: string;
  status: SubmissionStatus;
  is_auto_submitted: boolean;
  allowed_after_due: boolean;
  custom_due_date: Date | null;
}

/** Reads the student's submission of the item (locked when inside a transaction). */
export async function lockedSubmission(
  m: Runner,
  assessmentId: string,
  studentId: string,
  lock: boolean,
): Promise<LockedSubmission | null> {
  const rows: LockedSubmission[] = await m.query(
    `SELECT id, status, is_auto_submitted, allowed_after_due, custom_due_date FROM submissions
      WHERE assessment_id = $1 AND student_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [assessmentId, studentId],
  );
  return rows[0] ?? null;
}

/** A student's list of items of a kind (myAssessmentsSql) with one window ($3, $4) and the whole list's total. */
export async function myItemRows(
  ds: DataSource,
  actor: Actor,
  kind: AssessmentKind,
  window: PageWindow | null,
): Promise<{ items: MyListRow[]; total: number }> {
  const [{ items, total }]: Array<{ items: MyListRow[]; total: number }> = await ds.query(myAssessmentsSql(actor), [
    actor.userId,
    kind,
    window?.offset ?? 0,
    window?.limit ?? null,
  ]);
  return { items, total };
}

/** A student's items as the reader reads them in the student's view (studentItemsSql), one window and the total. */
export async function studentItemRows(
  ds: DataSource,
  reader: Actor,
  studentId: string,
  window: PageWindow | null,
): Promise<{ items: StudentListRow[]; total: number }> {
  const [{ items, total }]: Array<{ items: StudentListRow[]; total: number }> = await ds.query(studentItemsSql(reader), [
    reader.userId,
    studentId,
    window?.offset ?? 0,
    window?.limit ?? null,
  ]);
  return { items, total };
}

/** A student's page of one item (viewPageSql); none when the viewer may not read the item or there is none. */
export async function viewPageRow(
  ds: DataSource,
  actor: Actor,
  asked: ViewPageAsked,
  assessmentId: string,
): Promise<ViewPageRow | undefined> {
  return ((await ds.query(viewPageSql(actor, asked), [actor.userId, assessmentId])) as ViewPageRow[])[0];
}

/** The name the answer gave the file, when the file is an answer of this submission. */
export async function answerFileName(ds: DataSource, submissionId: string, fileId: string): Promise<{ file_name: string } | undefined> {
  const [answer]: Array<{ file_name: string }> = await ds.query(
    'SELECT file_name FROM submission_answers WHERE submission_id = $1 AND file_id = $2',
    [submissionId, fileId],
  );
  return answer;
}
