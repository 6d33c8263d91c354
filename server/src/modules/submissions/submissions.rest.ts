import { Request } from 'express';
import { validation } from '../../errors/domain-error';
import { body, newRouter, param, route, send } from '../../core/rest';
import { pageAndTotal, restPage, restWindow } from '../../core/paging';
import { RequestContext } from '../../core/context';
import { receiveMultipartFiles, sendDownload, MAX_UPLOAD_FILES } from '../files';
import { AssessmentKind, presentAssessment, ITEM_PAGE } from '../assessments';
import { SUBMISSION_PAGE, SubmissionsService } from './submissions.service';
import { SUBMISSION_TEXT as T } from './submissions.validation';
import { presentDraft, presentMyItem, presentSubmission } from './submissions.shape';

/** What differs between the three REST families (assessments.md section 7 "Student lists and submission"). */
interface SubmissionFamily {
  kind: AssessmentKind;
  /** The submissions path: /submissions, /quizsubmissions, /examsubmissions. */
  path: string;
  /** The items path: /assignments, /quizzes, /exams. */
  items: string;
  /** The body field naming the item: assignmentId, quizId, examId. */
  idField: string;
  /** The query parameter naming the item: assignment, quiz, exam. */
  query: string;
}

export const SUBMISSION_FAMILIES: SubmissionFamily[] = [
  { kind: AssessmentKind.ASSIGNMENT, path: 'submissions', items: 'assignments', idField: 'assignmentId', query: 'assignment' },
  { kind: AssessmentKind.QUIZ, path: 'quizsubmissions', items: 'quizzes', idField: 'quizId', query: 'quiz' },
  { kind: AssessmentKind.EXAM, path: 'examsubmissions', items: 'exams', idField: 'examId', query: 'exam' },
];

/** A file part named for its question: file_<questionId> or files[<questionId>]; plain `files` parts go by fileIndex. */
const NAMED_FILE = /^(?:file_|files\[)([0-9a-f-]{36})\]?$/i;

/**
 * The multipart (or JSON) body of a submit as the service takes it: answers from their JSON list, and the
 * files in the order received, each answer naming its file by fileIndex (or the part by its question).
 */
/** The answers of a REST body: REST's selectedOptions (texts or ids) become selectedOptionIds; files named for a question get its fileIndex. */
function restAnswers(raw: unknown, fileNames: string[] = []): unknown {
  const list = SubmissionsService.answersField(raw);
  if (!Array.isArray(list)) return list;
  const answers = list.map((a) => {
    if (!a || typeof a !== 'object') return a;
    const x = a as Record<string, unknown>;
    return { ...x, selectedOptionIds: x.selectedOptionIds ?? x.selectedOptions };
  });
  fileNames.forEach((name, i) => {
    const qid = NAMED_FILE.exec(name)?.[1];
    if (!qid) return;
    const a = answers.find((x) => x && typeof x === 'object' && (x as { questionId?: unknown }).questionId === qid);
    // a long answer given only as a file needs no answer entry of its own
    if (a) (a as { fileIndex?: number }).fileIndex = i;
    else answers.push({ questionId: qid, fileIndex: i });
  });
  return answers;
}

/**
 * The multipart (or JSON) body of a submit as the service takes it: answers from their JSON list, and the
 * files in the order received, each answer naming its file by fileIndex (or the part by its question).
 */
async function submitRequest(f: SubmissionFamily, req: Request, ctx: RequestContext) {
  const multipart = (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');
  if (!multipart) {
    const b = body(req);
    return { input: { assessmentId: b[f.idField], answers: restAnswers(b.answers) }, files: [] };
  }
  const { fields, uploads } = await receiveMultipartFiles(
    req,
    ctx.services.files,
    (n) => n === 'files' || n === 'file' || NAMED_FILE.test(n),
    MAX_UPLOAD_FILES,
  );
  try {
    return {
      input: {
        assessmentId: fields[f.idField],
        answers: restAnswers(
          fields.answers,
          uploads.map((u) => u.name),
        ),
      },
      files: uploads.map((u) => u.file),
    };
  } catch (err) {
    await Promise.all(uploads.map((u) => ctx.services.files.discard(u.file).catch(() => undefined)));
    throw err;
  }
}

/** The student paths of one family: its item list, its submissions, submit, download, release. */
export function submissionFamilyRouter(f: SubmissionFamily) {
  const r = newRouter();
  const s = (ctx: RequestContext) => ctx.services.submissions;
  r.get(
    `/${f.items}`,
    route(async (req, res, actor, ctx) => {
      const items = await restPage(
        req,
        res,
        ITEM_PAGE,
        (w) => s(ctx).myPage(actor, f.kind, w),
        () => s(ctx).myItems(actor, f.kind),
      );
      send(
        res,
        items.map((i) => presentMyItem(actor, i)),
      );
    }),
  );
  r.get(
    `/${f.path}`,
    route(async (req, res, actor, ctx) => {
      const by = { assessmentId: req.query[f.query], studentId: req.query.student };
      const window = restWindow(req, SUBMISSION_PAGE);
      const list = window
        ? pageAndTotal(res, await s(ctx).page(actor, { ...by, kind: f.kind }, window))
        : await s(ctx).list(actor, f.kind, by);
      send(
        res,
        list.map((x) => presentSubmission(actor, x, f.kind)),
      );
    }),
  );
  r.get(
    `/${f.path}/download/:submissionId/:fileId`,
    route(async (req, res, actor, ctx) => {
      await sendDownload(res, await s(ctx).download(actor, param(req, 'submissionId'), param(req, 'fileId'), f.kind));
    }),
  );
  r.post(
    `/${f.path}/release-results`,
    route(async (req, res, actor, ctx) => {
      send(res, presentAssessment(actor, await s(ctx).release(actor, body(req)[f.idField], f.kind)), { message: T.released });
    }),
  );
  r.put(
    `/${f.path}/draft`,
    route(async (req, res, actor, ctx) => {
      const b = body(req);
      send(res, presentDraft(actor, await s(ctx).saveDraft(actor, { assessmentId: b[f.idField], answers: restAnswers(b.answers) })), {
        message: T.draftSaved,
      });
    }),
  );
  // drafts keep files (issue 25), beyond the spec's paths: multipart with the item's id, questionId and `file`
  r.post(
    `/${f.path}/draft/file`,
    route(async (req, res, actor, ctx) => {
      s(ctx).assertMaySubmit(actor);
      const { fields, uploads } = await receiveMultipartFiles(req, ctx.services.files, (n) => n === 'file', 1);
      const [upload] = uploads;
      if (!upload) throw validation(T.fileMissing);
      const draft = await s(ctx).attachDraftFile(
        actor,
        { assessmentId: fields[f.idField], questionId: fields.questionId },
        upload.file,
        f.kind,
      );
      send(res, presentDraft(actor, draft), { message: T.draftSaved });
    }),
  );
  r.delete(
    `/${f.path}/draft/file`,
    route(async (req, res, actor, ctx) => {
      const b = body(req);
      const draft = await s(ctx).removeDraftFile(actor, { assessmentId: b[f.idField], questionId: b.questionId }, f.kind);
      send(res, presentDraft(actor, draft), { message: T.draftSaved });
    }),
  );
  r.get(
    `/${f.path}/:id`,
    route(async (req, res, actor, ctx) => {
      send(res, presentSubmission(actor, await s(ctx).get(actor, param(req), f.kind), f.kind));
    }),
  );
  r.post(
    `/${f.path}`,
    route(async (req, res, actor, ctx) => {
      // refuse before reading the body when the role may never submit
      s(ctx).assertMaySubmit(actor);
      const { input, files } = await submitRequest(f, req, ctx);
      const sub = await s(ctx).submit(actor, input, files, f.kind);
      send(res, presentSubmission(actor, sub, f.kind), { message: T.submitted(f.kind) }, 201);
    }),
  );
  return r;
}

/** assessments.md section 7 "Student lists and submission": the three families from one factory. */
export function submissionsRouter() {
  const r = newRouter();
  for (const f of SUBMISSION_FAMILIES) r.use(submissionFamilyRouter(f));
  return r;
}
