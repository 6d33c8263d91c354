import { Request } from 'express';
import { body, newRouter, route, send, sendTopLevelAndData } from '../../core/rest';
import { pageAndTotal, restWindow } from '../../core/paging';
import { validation } from '../../errors/domain-error';
import { SUBMISSION_FAMILIES } from '../submissions';
import { presentOverdueSummary, presentReviewItem } from './dashboards.shape';
import { QUEUE_PAGE } from './dashboards.types';

export const REVIEW_REST_TEXT = { dryRun: 'dryRun must be true or false' } as const;

/**
 * `?dryRun=true` (or a body field dryRun: true); absent or false is a real run, as the spec's client expects.
 * Anything else is refused: `dryRun=yes` meant "only look", and running the sweep for it was a surprise.
 */
const dryRunOf = (req: Request) => {
  const q = req.query.dryRun;
  const v = q !== undefined ? q : body(req).dryRun;
  if (v === undefined || v === null || v === false || v === 'false') return false;
  if (v === true || v === 'true') return true;
  throw validation(REVIEW_REST_TEXT.dryRun);
};

/**
 * assessments.md section 7 "Teacher grading": POST /submissions/auto-submit-overdue?dryRun=true {assignmentId}
 * (and /quizsubmissions {quizId}, /examsubmissions {examId}) answers the dashboard summary (the old client's
 * dashboard loads with it); without dryRun it auto-submits the item's overdue students first.
 */
export function dashboardsRouter() {
  const r = newRouter();
  for (const f of SUBMISSION_FAMILIES) {
    r.post(
      `/${f.path}/auto-submit-overdue`,
      route(async (req, res, actor, ctx) => {
        const { dashboard, summary } = await ctx.services.grading.dashboards.overdueSummary(
          actor,
          body(req)[f.idField],
          dryRunOf(req),
          f.kind,
        );
        const data = presentOverdueSummary(actor, dashboard, summary, f.kind);
        sendTopLevelAndData(res, data);
      }),
    );
  }
  // gradingQueue's twin: the first page (5) when no window is asked for, with X-Total-Count always
  r.get(
    '/review/queue',
    route(async (req, res, actor, ctx) => {
      const window = restWindow(req, QUEUE_PAGE) ?? { offset: 0, limit: QUEUE_PAGE.size };
      send(
        res,
        pageAndTotal(res, await ctx.services.grading.dashboards.queue(actor, window)).map((i) => presentReviewItem(actor, i)),
      );
    }),
  );
  return r;
}
