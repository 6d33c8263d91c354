import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { notFound, validation } from '../../errors/domain-error';
import { assertId, isId } from '../../core/ids';
import { Actor, authorize } from '../../policies';
import { visibleFields } from '../../policies/fields';
import { type SubmissionView, resultsShown } from '../../policies/rules';
import { Assessment, AssessmentKind, AssessmentsService, ASSESSMENT_TEXT, questionsOf, toQuestions } from '../assessments';
import { Role } from '../../core/role';
import { FilesService, IncomingFile, ReceivedFile } from '../files';
import { AnswerInput, SUBMISSION_TEXT as T, checkAnswers } from './submissions.validation';
import { SubmissionRow, toSubmission, percentOf, factsOf, toAnswers, toRow } from './submissions.queries';
import {
  answerFileName,
  answersOf,
  draftsOf,
  myItemRows,
  readableSubmissionCount,
  readableSubmissionRows,
  studentItemRows,
  submissionRowsById,
  submissionRowsOfStudent,
  submissionWithAnswers,
  viewPageRow,
} from './submissions.repository';
import { deleteDraftFile, releaseResults, saveDraftAnswers } from './submissions.repository.write';
import { SubmitFacts, Written, readForSubmit, writeSubmissionOnce } from './submissions.repository.submit';
import { Page, PageLimits, PageWindow } from '../../core/paging';
import { asStatus, checkDueRule, isReceived, onceWrite, receiveAll, refusal, writeSubmission } from './submissions.submit';
import { keepDraftFile, longAnswerOf } from './submissions.drafts';
import { StatusSubmission, StudentStanding, maySubmit, studentStanding } from './status';
import type { Events } from '../../core/events';
import { MyAssessmentStatus, MyScore, Submission, SubmissionDraft, SubmissionStatus } from './submission.types';
import { MyListSubmission, asItem } from './submissions.my-list';
import { ViewPageAsked, WHOLE_PAGE } from './submissions.view-page';

/** A page of submissions: 50 unless asked, at most 500 (REST ?limit=&offset=, GraphQL first/after). */
export const SUBMISSION_PAGE: PageLimits = { max: 500, size: 50 };

/** A list filter's id: absent or blank is no filter (undefined); anything but an id matches nothing (null). */
const filterId = (v: unknown): string | undefined | null => (v === undefined || v === null || v === '' ? undefined : isId(v) ? v : null);

export interface SubmitRequest {
  assessmentId?: unknown;
  answers?: unknown;
}

export interface DraftFileRequest {
  assessmentId?: unknown;
  questionId?: unknown;
}

/** The GraphQL status of a student's item: the standing with the score line and the submission's id. */
export const statusOf = (i: MyItem): MyAssessmentStatus => ({ ...i.standing, score: i.score, submissionId: i.submissionId });

/** A student's item with their standing on it and the score line when it may be shown. */
export interface MyItem {
  assessment: Assessment;
  standing: StudentStanding;
  score: MyScore | null;
  submissionId: string | null;
}

/**
 * The taking side (assessments.md sections 2-5, issue 12): students submit their work once (again when a
 * teacher reopened it), on the server clock; automatic questions are graded in the same transaction; what a
 * student receives of the results is decided by the 'submission.see*' rules for every path.
 */
export class SubmissionsService {
  constructor(
    private readonly ds: DataSource,
    private readonly assessments: AssessmentsService,
    private readonly files: FilesService,
    private readonly events: Events,
  ) {}

  /** Only students submit at all; checked before a REST upload is read (the item is checked after). */
  assertMaySubmit(actor: Actor): void {
    authorize(actor, 'submission.submitAny', undefined, { message: T.onlyStudents });
  }

  /**
   * POST /submissions (and twins) and submitAssessment: the one submit path of both transports. The item,
   * the answers and the due rule are checked before any file is received; the files are checked by content;
   * whatever fails, no row is written and no bytes stay in the store.
   */
  async submit(
    actor: Actor,
    input: SubmitRequest,
    incoming: Array<IncomingFile | ReceivedFile>,
    kind?: AssessmentKind,
  ): Promise<Submission> {
    let received: ReceivedFile[] = incoming.filter(isReceived);
    try {
      this.assertMaySubmit(actor);
      const assessmentId = assertId(input.assessmentId, ASSESSMENT_TEXT.notFound(kind));
      const facts = await this.submitFacts(actor, assessmentId, kind);
      const answers = checkAnswers(input.answers, facts.questions, incoming.length);
      const now = new Date();
      if (!maySubmit(facts.item, facts.existing && asStatus(facts.existing), now)) throw refusal(facts.item, facts.existing);
      if (!incoming.length) {
        const written = await writeSubmissionOnce(this.ds, actor.userId, facts, onceWrite(facts, answers), now);
        if (written) return this.written(actor, written);
        // the row changed since the read (a simultaneous submit): the locking path below decides, as it always did
      } else {
        // files (long answers with uploads) keep their path: streamed in, checked, then written in one transaction
        received = await receiveAll(this.files, incoming);
      }
      const got = received;
      const id = await this.ds.transaction((m) => writeSubmission(m, this.files, actor, facts.item, facts.questions, answers, got));
      received = [];
      return this.get(actor, id);
    } finally {
      await Promise.all(received.map((r) => this.files.discard(r).catch(() => undefined)));
    }
  }

  /**
   * What a submit needs, in one statement (submissions.repository.submit.ts), checked as `assessments.readable` checks
   * the item ('assessment.read' on the same facts; NOT_FOUND otherwise). A student with draws not yet made
   * draws first (the draw step as on any first read) and the facts are read again.
   */
  private async submitFacts(actor: Actor, assessmentId: string, kind?: AssessmentKind): Promise<SubmitFacts> {
    for (let drawn = false; ; drawn = true) {
      const facts = await readForSubmit(this.ds, assessmentId, actor.userId);
      if (!facts || (kind && facts.item.kind !== kind)) throw notFound(ASSESSMENT_TEXT.notFound(kind));
      authorize(actor, 'assessment.read', facts.read, { as: 'notFound', message: ASSESSMENT_TEXT.notFound(kind) });
      // a draw that could not pick (an emptied bank) leaves it missing: the student's questions are what there is
      if (!facts.drawsMissing || drawn) return facts;
      await this.assessments.drawFor(actor, [assessmentId]);
    }
  }

  /** The submission the write answered, as `get` gives it (no further statement). */
  private written(actor: Actor, w: Written): Submission {
    const row = toRow(w.row);
    authorize(actor, 'submission.read', row, { as: 'notFound', message: T.notFound });
    return toSubmission(row, toAnswers(w.answers, [row]), this.seen(actor, row));
  }

  /** saveDraft: replaces the student's draft of an item they may still submit; never a submission. */
  async saveDraft(actor: Actor, input: SubmitRequest): Promise<SubmissionDraft> {
    this.assertMaySubmit(actor);
    const { assessment } = await this.assessments.readable(actor, input.assessmentId);
    const questions = await this.questionsOfStudent(actor, assessment.id);
    const answers = checkAnswers(
      Array.isArray(input.answers) ? input.answers.map((a: AnswerInput) => ({ ...a, fileIndex: undefined })) : input.answers,
      questions,
      0,
    );
    await checkDueRule(this.ds, assessment, actor.userId, false);
    const saved = answers.map((a) => ({ questionId: a.questionId, answer: a.answer, selectedOptionIds: a.selectedOptionIds }));
    await saveDraftAnswers(this.ds, assessment.id, actor.userId, saved);
    return (await draftsOf(this.ds, actor.userId, [assessment.id]))[0];
  }

  /**
   * attachDraftFile and POST /submissions/draft/file (and twins): a long answer's file kept with the student's
   * draft (issue 25 point 6), checked as a submit's files are (type by content, size); it replaces the
   * question's earlier draft file. Whatever fails, nothing is written and no bytes stay.
   */
  async attachDraftFile(
    actor: Actor,
    input: DraftFileRequest,
    incoming: IncomingFile | ReceivedFile,
    kind?: AssessmentKind,
  ): Promise<SubmissionDraft> {
    let received: ReceivedFile[] = isReceived(incoming) ? [incoming] : [];
    try {
      const { assessment, question } = await this.draftQuestion(actor, input, kind);
      await checkDueRule(this.ds, assessment, actor.userId, false);
      received = await receiveAll(this.files, [incoming]);
      const [file] = received;
      await this.ds.transaction((m) =>
        keepDraftFile(m, this.files, { assessmentId: assessment.id, studentId: actor.userId, questionId: question.id }, file),
      );
      received = [];
      return (await draftsOf(this.ds, actor.userId, [assessment.id]))[0];
    } finally {
      await Promise.all(received.map((r) => this.files.discard(r).catch(() => undefined)));
    }
  }

  /** removeDraftFile and DELETE /submissions/draft/file (and twins): the draft keeps no file for the question. */
  async removeDraftFile(actor: Actor, input: DraftFileRequest, kind?: AssessmentKind): Promise<SubmissionDraft> {
    const { assessment, question } = await this.draftQuestion(actor, input, kind);
    if (!(await deleteDraftFile(this.ds, assessment.id, actor.userId, question.id))) throw notFound(T.noDraftFile);
    return (await draftsOf(this.ds, actor.userId, [assessment.id]))[0];
  }

  /** The item the student may take and its long-answer question that a draft file belongs to. */
  private async draftQuestion(actor: Actor, input: DraftFileRequest, kind?: AssessmentKind) {
    this.assertMaySubmit(actor);
    const { assessment } = await this.assessments.readable(actor, input.assessmentId, kind);
    const question = longAnswerOf(await this.questionsOfStudent(actor, assessment.id), input.questionId);
    return { assessment, question };
  }

  /** The student's questions of an item: the fixed ones and their random picks (drawn now when not yet). */
  private async questionsOfStudent(actor: Actor, assessmentId: string) {
    await this.assessments.drawFor(actor, [assessmentId]);
    return questionsOf(this.ds, [assessmentId], { studentId: actor.userId });
  }

  /** releaseResults: the course's teachers show the results of a manual item (beyond the spec). */
  async release(actor: Actor, assessmentId: unknown, kind?: AssessmentKind): Promise<Assessment> {
    const { assessment, course } = await this.assessments.readable(actor, assessmentId, kind);
    authorize(actor, 'assessment.release', course, { message: ASSESSMENT_TEXT.cannotManage(assessment.kind) });
    await this.ds.transaction(async (m) => {
      // released once: a second click keeps the first date and teacher (and notifies nobody again)
      await releaseResults(m, assessment.id, actor.userId);
      await this.events.emit(m, 'resultsReleased', { assessmentId: assessment.id });
    });
    return this.assessments.reload(this.ds, assessment.id);
  }

  /** GET /assignments, /exams, /quizzes without ?limit=/?offset=: every item the viewer may read, each with their standing, in one statement. */
  async myItems(actor: Actor, kind: AssessmentKind): Promise<MyItem[]> {
    return (await this.myList(actor, kind, null)).items;
  }

  /** One window of myItems, in its order (the course's order of items), with the whole list's total: one statement whatever the size. */
  async myPage(actor: Actor, kind: AssessmentKind, window: PageWindow): Promise<Page<MyItem>> {
    const { items, total } = await this.myList(actor, kind, window);
    return { items, total, window };
  }

  /** myAssessmentsSql's plain rows, each with the standing status.ts derives from them (students only have one). */
  private async myList(actor: Actor, kind: AssessmentKind, window: PageWindow | null): Promise<{ items: MyItem[]; total: number }> {
    const { items, total } = await myItemRows(this.ds, actor, kind, window);
    const student = actor.activeRole === Role.Student;
    const now = new Date();
    const shown = (f: SubmissionView) => visibleFields('submission', actor, f).results;
    return { total, items: items.map((r) => this.plainItem(shown, asItem(r.assessment), student ? r.submission : null, now)) };
  }

  /**
   * A student's items as the student sees them, for a reader of the student's view (a parent's childAssessments):
   * studentItemsSql's one statement; each score only where the student sees it ('resultsShown', a relation of the
   * submission), whoever reads. A student the reader may not read has no items here (the rule's SQL form).
   */
  async studentList(
    reader: Actor,
    studentId: string,
    window: PageWindow | null,
  ): Promise<{ items: Array<MyItem & { submission: Submission | null }>; total: number }> {
    const { items, total } = await studentItemRows(this.ds, reader, studentId, window);
    const now = new Date();
    const shown = (f: SubmissionView) => resultsShown.js(reader, f);
    return {
      total,
      items: items.map((r) => {
        const item = this.plainItem(shown, asItem(r.assessment), r.submission, now);
        if (!r.full) return { ...item, submission: null };
        // JSON carries dates as text: the same Dates the driver gives submission(id)
        const at = (v: Date | string | null) => (v === null ? null : new Date(v));
        const row = toRow({
          ...r.full,
          custom_due_date: at(r.full.custom_due_date),
          submitted_at: at(r.full.submitted_at),
          updated_at: at(r.full.updated_at)!,
        });
        // shaped for the reader (a parent), whose rules give the child's results and no more
        return { ...item, submission: toSubmission(row, toAnswers(r.answers, [row]), this.seen(reader, row)) };
      }),
    };
  }

  /** myItem over a plain row: the same standing and score line, from the submission's own columns. */
  private plainItem(scoreShown: (f: SubmissionView) => boolean, a: Assessment, s: MyListSubmission | null, now: Date): MyItem {
    const sub = s && { ...s, customDueDate: s.customDueDate === null ? null : new Date(s.customDueDate) };
    const facts = s && {
      studentId: s.studentId,
      teacherIds: s.teacherIds,
      graded: s.status === SubmissionStatus.graded,
      visibility: a.resultVisibility,
      released: s.released,
      autoSubmitted: s.isAutoSubmitted,
    };
    return this.standingItem(scoreShown, a, sub, facts, now);
  }

  /** Each item of a page with the viewer's standing on it (their submissions in one statement). */
  async withStanding(actor: Actor, page: Page<Assessment>): Promise<Page<MyItem>> {
    const subs = await this.mine(
      actor,
      page.items.map((a) => a.id),
    );
    return { ...page, items: page.items.map((a) => this.myItem(actor, a, subs.get(a.id) ?? null)) };
  }

  /** The viewer's own submissions of these items (students only; others have none), in one statement. */
  async mine(actor: Actor, assessmentIds: string[]): Promise<Map<string, SubmissionRow>> {
    if (actor.activeRole !== Role.Student) return new Map();
    return new Map((await submissionRowsOfStudent(this.ds, actor.userId, assessmentIds)).map((s) => [s.assessmentId, s]));
  }

  /** The standing of one item for its student, with the score only when 'submission.seeResults' allows. */
  myItem(actor: Actor, a: Assessment, s: SubmissionRow | null): MyItem {
    return this.standingItem((f) => visibleFields('submission', actor, f).results, a, s, s && factsOf(s), new Date());
  }

  /** The one derivation behind myItem and the one-statement lists: status.ts's standing, the score under the field rules. */
  private standingItem(
    scoreShown: (f: SubmissionView) => boolean,
    a: Assessment,
    s: (StatusSubmission & { id: string; totalScore: number; maxScore: number }) | null,
    facts: SubmissionView | null,
    now: Date,
  ): MyItem {
    const standing = studentStanding({ dueDate: new Date(a.dueDate) }, s, now);
    const score =
      s && facts && scoreShown(facts)
        ? {
            totalScore: s.totalScore,
            maxScore: s.maxScore,
            percentage: percentOf(s.totalScore, s.maxScore),
            isAutoSubmitted: s.isAutoSubmitted,
          }
        : null;
    return { assessment: a, standing, score, submissionId: s?.id ?? null };
  }

  /**
   * assessment(id) for a student (the submit and view pages): the item, their questions, their standing and
   * submission with its answers in one statement (submissions.view-page.ts), as objects whose fields answer
   * without a load; a first read of an item with random draws draws their questions, then reads again. What
   * `asked` leaves out is not read: without `places` the item comes without its course and module (their fields
   * then load them if asked after all); with `leanQuestions`, the questions without what only key fields read.
   */
  async viewPage(actor: Actor, id: unknown, asked: ViewPageAsked = WHOLE_PAGE): Promise<Assessment> {
    const assessmentId = assertId(id, ASSESSMENT_TEXT.notFound());
    const read = () => viewPageRow(this.ds, actor, asked, assessmentId);
    let row = await read();
    if (!row) throw notFound(ASSESSMENT_TEXT.notFound());
    if (row.undrawn) {
      await this.assessments.drawFor(actor, [assessmentId]);
      // the item was readable a moment ago and a draw does not change that
      row = (await read())!;
    }
    const a = asItem(row.assessment);
    const raw = row.submission && toRow(row.submission);
    const sub = raw && { ...raw, customDueDate: raw.customDueDate === null ? null : new Date(raw.customDueDate) };
    return Object.assign(a, {
      questions: toQuestions(row.questions, true),
      myStatus: statusOf(this.myItem(actor, a, sub)),
      mySubmission: sub ? toSubmission(sub, toAnswers(row.answers, [sub]), this.seen(actor, sub)) : null,
    });
  }

  /** What of a submission this viewer receives (policies/fields.ts: the decision the GraphQL fields read too). */
  seen(actor: Actor, s: SubmissionRow) {
    return visibleFields('submission', actor, factsOf(s));
  }

  /** Submission objects (answers included) for rows the viewer may read, in a fixed number of statements. */
  async views(actor: Actor, rows: SubmissionRow[]): Promise<Submission[]> {
    const answers = await answersOf(this.ds, rows);
    return rows.map((s) => toSubmission(s, answers, this.seen(actor, s)));
  }

  private async readableRow(actor: Actor, id: unknown, kind?: AssessmentKind): Promise<SubmissionRow> {
    const [row] = await submissionRowsById(this.ds, [assertId(id, T.notFound)]);
    return this.readChecked(actor, row, kind);
  }

  /** A submission the viewer may read ('submission.read'), of the kind asked for; else not found. */
  private readChecked(actor: Actor, row: SubmissionRow | undefined, kind?: AssessmentKind): SubmissionRow {
    if (!row || (kind && row.kind !== kind)) throw notFound(T.notFound);
    authorize(actor, 'submission.read', row, { as: 'notFound', message: T.notFound });
    return row;
  }

  /** GET /submissions/{id} (and twins) and submission(id): the submission with its answers in one statement, then the read check. */
  async get(actor: Actor, id: unknown, kind?: AssessmentKind): Promise<Submission> {
    const found = await submissionWithAnswers(this.ds, assertId(id, T.notFound));
    const row = this.readChecked(actor, found?.row, kind);
    return toSubmission(row, found!.answers, this.seen(actor, row));
  }

  /** GET /submissions?assignment=&student= (and twins) without ?limit=/?offset=: all the viewer may read, filtered in SQL. */
  async list(actor: Actor, kind: AssessmentKind, by: { assessmentId?: unknown; studentId?: unknown }): Promise<Submission[]> {
    const assessmentId = filterId(by.assessmentId);
    const studentId = filterId(by.studentId);
    if (assessmentId === null || studentId === null) return [];
    const rows = await readableSubmissionRows(this.ds, actor, { kind, assessmentId, studentId });
    return this.views(actor, rows);
  }

  /**
   * submissions(first, after): those the viewer may read of any kind, newest submitted first, filtered in SQL;
   * the page, its total and the views' parts in a fixed number of statements.
   */
  async page(
    actor: Actor,
    by: { assessmentId?: unknown; studentId?: unknown; kind?: AssessmentKind | null },
    window: PageWindow,
  ): Promise<Page<Submission>> {
    const assessmentId = filterId(by.assessmentId);
    const studentId = filterId(by.studentId);
    if (assessmentId === null || studentId === null) return { items: [], total: 0, window };
    const filter = { kind: by.kind ?? undefined, assessmentId, studentId };
    const rows = await readableSubmissionRows(this.ds, actor, { ...filter, page: window });
    return { items: await this.views(actor, rows), total: await readableSubmissionCount(this.ds, actor, filter), window };
  }

  /** GET /submissions/download/{submissionId}/{fileId}: the student who sent it and the course's teachers. */
  async download(
    actor: Actor,
    submissionId: unknown,
    fileId: unknown,
    kind?: AssessmentKind,
  ): Promise<{ stream: Readable; fileName: string; mime: string; size: number }> {
    const row = await this.readableRow(actor, submissionId, kind);
    authorize(actor, 'submission.download', row, { as: 'notFound', message: T.notFound });
    if (!isId(fileId)) throw notFound('File not found');
    const answer = await answerFileName(this.ds, row.id, fileId);
    const file = answer && (await this.files.stored(this.ds, fileId));
    if (!file) throw notFound('File not found');
    return { stream: await this.files.open(file), fileName: answer.file_name ?? 'submission_file', mime: file.mime, size: file.size };
  }

  /** The viewer's drafts of these items (students only). */
  drafts(actor: Actor, assessmentIds: string[]): Promise<SubmissionDraft[]> {
    return actor.activeRole === Role.Student ? draftsOf(this.ds, actor.userId, assessmentIds) : Promise.resolve([]);
  }

  /** The answers of a REST body: a JSON list in a multipart field, or a list in a JSON body. */
  static answersField(v: unknown): unknown {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      throw validation(T.answersInvalid);
    }
  }
}
