import { newRouter, route, send, str } from '../../core/rest';
import { presentAuditEvent } from './audit.shape';

/** GET /api/audit-events (beyond the spec): the audit log, as auditEvents; the total in X-Total-Count, the next page's cursor in X-Next-Cursor. */
export function auditRouter() {
  const r = newRouter();
  r.get(
    '/audit-events',
    route(async (req, res, actor, ctx) => {
      const q = req.query;
      const first = str(q.first) ?? str(q.limit);
      const page = await ctx.services.audit.page(
        actor,
        {
          person: str(q.person),
          kind: str(q.kind),
          from: str(q.from),
          to: str(q.to),
          courseId: str(q.courseId),
          submissionId: str(q.submissionId),
        },
        { first: first !== undefined && /^\d{1,6}$/.test(first) ? Number(first) : first, after: str(q.after) },
      );
      res.setHeader('X-Total-Count', String(page.totalCount));
      if (page.hasNextPage && page.endCursor) res.setHeader('X-Next-Cursor', page.endCursor);
      send(
        res,
        page.items.map((e) => presentAuditEvent(actor, e)),
      );
    }),
  );
  return r;
}
