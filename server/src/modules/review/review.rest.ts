import { Request } from 'express';
import { body, newRouter, route } from '../../app/rest';
import { toRest } from '../../app/rest';
import { SUBMISSION_FAMILIES } from '../submissions/submissions.rest';
import { presentOverdueSummary } from './review.shape';

/** `?dryRun=true` (or a body field dryRun: true); anything else is a real run, as the spec's client expects. */
const dryRunOf = (req: Request) => {
  const q = req.query.dryRun;
  const v = typeof q === 'string' ? q : body(req).dryRun;
  return v === true || (typeof v === 'string' && ['true', '1'].includes(v.toLowerCase()));
};

/**
 * assessments.md section 7 "Teacher grading": POST /submissions/auto-submit-overdue?dryRun=true {assignmentId}
 * (and /quizsubmissions {quizId}, /examsubmissions {examId}) answers the dashboard summary (the old client's
 * dashboard loads with it); without dryRun it auto-submits the item's overdue students first.
 */
export function reviewRouter() {
  const r = newRouter();
  for (const f of SUBMISSION_FAMILIES) {
    r.post(`/${f.path}/auto-submit-overdue`, route(async (req, res, actor, ctx) => {
      const dryRun = dryRunOf(req);
      const { dashboard, summary } = await ctx.services.review.overdueSummary(actor, body(req)[f.idField], dryRun, f.kind);
      const data = presentOverdueSummary(actor, dashboard, summary, f.kind);
      res.json({ success: true, ...(toRest(data) as object), data: toRest(data) });
    }));
  }
  return r;
}
