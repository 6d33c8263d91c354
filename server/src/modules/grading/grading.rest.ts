import { body, newRouter, route, send } from '../../core/rest';
import { RequestContext } from '../../core/context';
import { AssessmentKind } from '../assessments';
import { SUBMISSION_FAMILIES, presentSubmission } from '../submissions';
import { GRADING_TEXT as T } from './grading.validation';

/**
 * assessments.md section 7 "Teacher grading", for the three families: PUT /{family}/grade, POST
 * /{family}/reopen and POST /{family}/create-for-grading. Mounted after the submissions router; none of
 * its paths takes a PUT or POST on /{family}/:id, so nothing there shadows these.
 */
/** The exam family names the submission examSubmissionId (section 7). */
const submissionIdOf = (b: Record<string, unknown>, kind: AssessmentKind) =>
  kind === AssessmentKind.EXAM ? (b.examSubmissionId ?? b.submissionId) : b.submissionId;

export function gradingRouter() {
  const r = newRouter();
  const g = (ctx: RequestContext) => ctx.services.grading.grades;
  for (const f of SUBMISSION_FAMILIES) {
    r.put(
      `/${f.path}/grade`,
      route(async (req, res, actor, ctx) => {
        const b = body(req);
        const sub = await g(ctx).gradeAnswer(actor, { ...b, submissionId: submissionIdOf(b, f.kind) }, f.kind);
        send(res, presentSubmission(actor, sub, f.kind), { message: T.graded });
      }),
    );
    // Save all (issue 25), beyond the spec's paths
    r.put(
      `/${f.path}/grades`,
      route(async (req, res, actor, ctx) => {
        const b = body(req);
        const sub = await g(ctx).gradeSubmission(actor, { submissionId: submissionIdOf(b, f.kind), grades: b.grades }, f.kind);
        send(res, presentSubmission(actor, sub, f.kind), { message: T.graded });
      }),
    );
    r.post(
      `/${f.path}/reopen`,
      route(async (req, res, actor, ctx) => {
        const b = body(req);
        const { submission, kind, hidden } = await g(ctx).reopen(
          actor,
          { assessmentId: b[f.idField], studentId: b.studentId, newDueDate: b.newDueDate },
          f.kind,
        );
        send(res, presentSubmission(actor, submission, kind), {
          message: T.reopened(kind),
          ...(hidden ? { warning: T.hiddenItem(kind) } : {}),
        });
      }),
    );
    r.post(
      `/${f.path}/create-for-grading`,
      route(async (req, res, actor, ctx) => {
        const b = body(req);
        const { submission, kind, created } = await g(ctx).createForGrading(
          actor,
          { assessmentId: b[f.idField], studentId: b.studentId },
          f.kind,
        );
        // the spec's client reads data._id; the whole submission saves it the read that follows
        send(res, presentSubmission(actor, submission, kind), { message: T.createdForGrading(kind) }, created ? 201 : 200);
      }),
    );
  }
  return r;
}
