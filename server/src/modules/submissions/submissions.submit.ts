import { DataSource, EntityManager } from 'typeorm';
import { DomainError, conflict, forbidden, validation } from '../../errors/domain-error';
import { Actor } from '../../policies';
import { Assessment, QuestionType, Question, gradable, totalPoints, round2, gradeWithExplanation } from '../assessments';
import { FilesService, IncomingFile, MAX_FILE_BYTES, ReceivedFile, checkedType, requestBudget } from '../files';
import { CheckedAnswer, SUBMISSION_MIME, SUBMISSION_TEXT as T } from './submissions.validation';
import { maySubmit } from './status';
import { draftFileIds } from './submissions.drafts';
import { SubmissionStatus } from './submission.types';

/** What a submit reads of its item. */
export type SubmitItem = Pick<Assessment, 'id' | 'kind' | 'dueDate'>;

/** The row the due rule reads, locked for the transaction. */
export interface LockedSubmission {
  id: string;
  status: SubmissionStatus;
  is_auto_submitted: boolean;
  allowed_after_due: boolean;
  custom_due_date: Date | null;
}

export const asStatus = (r: LockedSubmission) => ({
  status: r.status,
  isAutoSubmitted: r.is_auto_submitted,
  allowedAfterDue: r.allowed_after_due,
  customDueDate: r.custom_due_date,
});

export const isReceived = (f: IncomingFile | ReceivedFile): f is ReceivedFile => 'key' in f;

/** The due rule's refusal: already submitted (CONFLICT) or past the due date (FORBIDDEN). */
export function refusal(item: SubmitItem, existing: LockedSubmission | null): DomainError {
  if (existing && !existing.allowed_after_due && existing.status !== SubmissionStatus.reopened)
    return conflict(T.alreadySubmitted(item.kind));
  return forbidden(T.overdue);
}

/** Reads the student's submission of the item (locked when inside a transaction). */
export async function lockedSubmission(
  m: DataSource | EntityManager,
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

/** Whether the due rule lets this student submit the item now (server clock). */
export async function checkDueRule(
  m: DataSource | EntityManager,
  item: SubmitItem,
  studentId: string,
  lock: boolean,
): Promise<LockedSubmission | null> {
  const existing = await lockedSubmission(m, item.id, studentId, lock);
  if (!maySubmit(item, existing && asStatus(existing), new Date())) throw refusal(item, existing);
  return existing;
}

/** Streams the files into the store and checks each by content; on any failure nothing received stays. */
export async function receiveAll(files: FilesService, incoming: Array<IncomingFile | ReceivedFile>): Promise<ReceivedFile[]> {
  const got: ReceivedFile[] = [];
  // files a REST request already streamed in were bounded there; GraphQL uploads stream here, under the same bound
  const budget = requestBudget();
  try {
    for (const f of incoming) {
      const r = isReceived(f) ? f : await files.receive(f, MAX_FILE_BYTES, budget);
      got.push(r);
      if (!checkedType(r, SUBMISSION_MIME)) throw validation(T.fileType, 'files');
    }
    return got;
  } catch (err) {
    await Promise.all(
      [...got, ...incoming.filter(isReceived).filter((f) => !got.includes(f))].map((f) => files.discard(f).catch(() => undefined)),
    );
    throw err;
  }
}

/** Files by question: a previous answer's or a draft's. */
export type FileRefs = Map<string, { file_id: string; file_name: string }>;

/** The previous answers' files a resubmit keeps: where the answer asks (keepFile) and sends none. */
export function keptFilesOf(old: Array<{ question_id: string; file_id: string; file_name: string }>, answers: CheckedAnswer[]): FileRefs {
  const kept: FileRefs = new Map();
  for (const a of answers) {
    const prev = old.find((o) => o.question_id === a.questionId);
    if (a.keepFile && a.fileIndex === null && prev) kept.set(a.questionId, prev);
  }
  return kept;
}

/**
 * The file of each answer: the one it sent (by index into `sent`), else the one it keeps, else for a long
 * answer the one its draft keeps (issue 25).
 */
export const fileChooser =
  (sent: Array<{ id: string; name: string }>, kept: FileRefs, drafted: FileRefs) => (a: CheckedAnswer | undefined, q: Question) => {
    const file = a?.fileIndex !== null && a?.fileIndex !== undefined ? sent[a.fileIndex] : undefined;
    const k = kept.get(q.id) ?? (q.type === QuestionType.LongAnswer ? drafted.get(q.id) : undefined);
    return file ?? (k ? { id: k.file_id, name: k.file_name } : null);
  };

/**
 * Writes a submission in the caller's transaction: the row (new, or the reopened one resubmitted), one
 * answer per question, and the automatic grades with their explanations. A new row goes in with ON CONFLICT
 * DO NOTHING under the unique (assessment, student): of simultaneous first submits exactly one inserts and
 * the others, waiting on the index, are told it is already submitted. A Resubmit copies the grades it
 * replaces into grade_history (the teacher's feedback stays on record), keeps a previous file only where
 * asked (keepFile), and clears the auto-submitted mark: the student submitted it. A long answer sent with no
 * file takes the file its draft keeps; the draft (and its file rows) then goes.
 */
export async function writeSubmission(
  m: EntityManager,
  files: FilesService,
  actor: Actor,
  item: SubmitItem,
  questions: Question[],
  answers: CheckedAnswer[],
  received: ReceivedFile[],
): Promise<string> {
  const existing = await checkDueRule(m, item, actor.userId, true);
  let id: string;
  let keptFiles: FileRefs = new Map();
  let priorVersions = new Map<string, number>();
  if (existing) {
    id = existing.id;
    const old: Array<{ question_id: string; file_id: string; file_name: string }> = await m.query(
      'SELECT question_id, file_id, file_name FROM submission_answers WHERE submission_id = $1 AND file_id IS NOT NULL',
      [id],
    );
    keptFiles = keptFilesOf(old, answers);
    await m.query(
      `INSERT INTO grade_history (submission_id, question_id, score, is_auto_graded, feedback, graded_by, graded_at)
       SELECT submission_id, question_id, score, is_auto_graded, feedback, graded_by, updated_at FROM grades WHERE submission_id = $1`,
      [id],
    );
    // the new grades continue the old ones' versions, so a teacher's save based on a replaced grade is a conflict
    const [gone]: [Array<{ question_id: string; version: number }>, number] = await m.query(
      'DELETE FROM grades WHERE submission_id = $1 RETURNING question_id, version',
      [id],
    );
    priorVersions = new Map(gone.map((g) => [g.question_id, g.version]));
    await m.query('DELETE FROM submission_answers WHERE submission_id = $1', [id]);
  } else {
    const rows: Array<{ id: string }> = await m.query(
      `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, max_score) VALUES ($1, $2, 'pending', now(), $3)
       ON CONFLICT (assessment_id, student_id) DO NOTHING RETURNING id`,
      [item.id, actor.userId, totalPoints(questions)],
    );
    if (!rows.length) throw conflict(T.alreadySubmitted(item.kind));
    id = rows[0].id;
  }
  const stored = await Promise.all(received.map(async (r) => ({ r, row: await files.record(m, r, r.declaredMime!, actor.userId) })));
  // a long answer with no file sent and none kept takes the one its draft keeps (issue 25)
  const drafted = await draftFileIds(m, item.id, actor.userId);
  const fileOf = fileChooser(
    stored.map((f) => ({ id: f.row.id, name: f.r.filename })),
    keptFiles,
    drafted,
  );
  const { total, allGraded } = await writeAnswers(m, id, questions, answers, fileOf, priorVersions);
  // updated_at from clock_timestamp(), as every write to a submission: the review domain's change cursor reads it
  await m.query(
    `UPDATE submissions SET status = $2, is_auto_submitted = false, submitted_at = now(), total_score = $3, max_score = $4,
            version = version + 1, updated_at = clock_timestamp() WHERE id = $1`,
    [id, allGraded ? SubmissionStatus.graded : SubmissionStatus.pending, total, totalPoints(questions)],
  );
  await m.query('DELETE FROM submission_drafts WHERE assessment_id = $1 AND student_id = $2', [item.id, actor.userId]);
  return id;
}

/**
 * One answer row per question and the automatic grade (with its explanation) of each automatic question;
 * the total of those grades and whether every question now has one. Submit and the demo seed write alike.
 * Two statements whatever the number of questions (arrays unnested in SQL): a submit's cost stays the same
 * for a 4- and a 40-question quiz.
 */
export async function writeAnswers(
  m: EntityManager,
  submissionId: string,
  questions: Question[],
  answers: Array<Pick<CheckedAnswer, 'questionId' | 'answer' | 'selectedOptionIds'> & Partial<CheckedAnswer>>,
  fileOf: FileOf = () => null,
  priorVersions: ReadonlyMap<string, number> = new Map(),
): Promise<{ total: number; allGraded: boolean }> {
  const { rows, grades, total, allGraded } = gradedRows(questions, answers, fileOf, priorVersions);
  if (rows.question.length) {
    await m.query(
      `INSERT INTO submission_answers (submission_id, question_id, answer, selected_option_ids, file_id, file_name)
       SELECT $1, q, a, ARRAY(SELECT jsonb_array_elements_text(o::jsonb))::uuid[], f, n
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::uuid[], $6::text[]) AS x(q, a, o, f, n)`,
      [submissionId, rows.question, rows.answer, rows.options, rows.fileId, rows.fileName],
    );
  }
  if (grades.question.length) {
    await m.query(
      `INSERT INTO grades (submission_id, question_id, score, auto_score, is_auto_graded, explanation, version, updated_at)
       SELECT $1, q, s, s, true, e::jsonb, v, clock_timestamp()
         FROM unnest($2::uuid[], $3::numeric[], $4::text[], $5::int[]) AS x(q, s, e, v)`,
      [submissionId, grades.question, grades.score, grades.explanation, grades.version],
    );
  }
  return { total, allGraded };
}

/** Which file an answer carries (null: none). */
export type FileOf = (a: CheckedAnswer | undefined, q: Question) => { id: string; name: string } | null;

/**
 * The grading of a submit in JS, as arrays the writes unnest: one answer row per question and the automatic
 * grade (with its explanation, and the version after `priorVersions`) of each automatic question; the total
 * of those grades and whether every question now has one.
 */
export function gradedRows(
  questions: Question[],
  answers: Array<Pick<CheckedAnswer, 'questionId' | 'answer' | 'selectedOptionIds'> & Partial<CheckedAnswer>>,
  fileOf: FileOf,
  priorVersions: ReadonlyMap<string, number> = new Map(),
) {
  let total = 0;
  let allGraded = true;
  const rows = {
    question: [] as string[],
    answer: [] as string[],
    options: [] as string[],
    fileId: [] as Array<string | null>,
    fileName: [] as Array<string | null>,
  };
  const grades = { question: [] as string[], score: [] as number[], explanation: [] as string[], version: [] as number[] };
  for (const q of questions) {
    const a = answers.find((x) => x.questionId === q.id) as CheckedAnswer | undefined;
    const file = fileOf(a, q);
    rows.question.push(q.id);
    rows.answer.push(a?.answer ?? '');
    // uuid[] per row travels as JSON (a 2-D array must be rectangular)
    rows.options.push(JSON.stringify(a?.selectedOptionIds ?? []));
    rows.fileId.push(file?.id ?? null);
    rows.fileName.push(file?.name ?? null);
    const graded =
      q.type === QuestionType.LongAnswer
        ? null
        : gradeWithExplanation(gradable(q), a ? { answer: a.answer, selectedOptionIds: a.selectedOptionIds } : null);
    if (!graded) {
      allGraded = false;
      continue;
    }
    total = round2(total + graded.score);
    grades.question.push(q.id);
    grades.score.push(graded.score);
    grades.explanation.push(JSON.stringify(graded.explanation));
    grades.version.push((priorVersions.get(q.id) ?? 0) + 1);
  }
  return { rows, grades, total, allGraded };
}
