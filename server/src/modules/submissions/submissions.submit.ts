import { DataSource, EntityManager } from 'typeorm';
import { DomainError, conflict, forbidden, validation } from '../../errors/domain-error';
import { Actor } from '../../policies';
import { QuestionType, Question, gradable, totalPoints, round2, gradeWithExplanation } from '../assessments';
import { FilesService, IncomingFile, MAX_FILE_BYTES, ReceivedFile, checkedType, requestBudget } from '../files';
import { CheckedAnswer, SUBMISSION_MIME, SUBMISSION_TEXT as T } from './submissions.validation';
import { maySubmit } from './status';
import { FileRefs, LockedSubmission, draftFileIds, lockedSubmission } from './submissions.repository';
import {
  AnswerRows,
  GradeRows,
  answerFilesOf,
  copyGradesToHistory,
  deleteAnswers,
  deleteDraft,
  deleteGrades,
  insertAnswerRows,
  insertAutoGrades,
  insertSubmission,
  markSubmitted,
} from './submissions.repository.write';
import { SubmitFacts, SubmitItem, SubmitWrite } from './submissions.repository.submit';
import { SubmissionStatus } from './submission.types';

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
 * What the one-statement submit (writeSubmissionOnce) writes: the previous files the answers keep, else the draft's,
 * the graded rows, the totals and the status.
 */
export function onceWrite(f: SubmitFacts, answers: CheckedAnswer[]): SubmitWrite {
  const kept = f.existing ? keptFilesOf(f.existing.files, answers) : new Map();
  const { rows, grades, total, allGraded } = gradedRows(f.questions, answers, fileChooser([], kept, f.drafted));
  return {
    status: allGraded ? SubmissionStatus.graded : SubmissionStatus.pending,
    total,
    maxScore: totalPoints(f.questions),
    rows,
    grades,
  };
}

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
    keptFiles = keptFilesOf(await answerFilesOf(m, id), answers);
    await copyGradesToHistory(m, id);
    // the new grades continue the old ones' versions, so a teacher's save based on a replaced grade is a conflict
    priorVersions = await deleteGrades(m, id);
    await deleteAnswers(m, id);
  } else {
    const inserted = await insertSubmission(m, item.id, actor.userId, totalPoints(questions));
    if (!inserted) throw conflict(T.alreadySubmitted(item.kind));
    id = inserted;
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
  await markSubmitted(m, id, allGraded ? SubmissionStatus.graded : SubmissionStatus.pending, total, totalPoints(questions));
  await deleteDraft(m, item.id, actor.userId);
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
  await insertAnswerRows(m, submissionId, rows);
  await insertAutoGrades(m, submissionId, grades);
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
  const rows: AnswerRows = { question: [], answer: [], options: [], fileId: [], fileName: [] };
  const grades: GradeRows = { question: [], score: [], explanation: [], version: [] };
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
