import { body, newRouter, param, route, send } from '../../core/rest';
import { restPage } from '../../core/paging';
import { DISCUSSION_PAGE } from './discussions.types';
import { DISCUSSION_TEXT as T } from './discussions.validation';
import { presentDiscussion } from './discussions.shape';

/** platform.md section 7 "Discussions". */
export function discussionsRouter() {
  const r = newRouter();
  r.get(
    '/discussions/course/:courseId',
    route(async (req, res, actor, ctx) => {
      const service = ctx.services.discussions;
      const courseId = param(req, 'courseId');
      const list = await restPage(
        req,
        res,
        DISCUSSION_PAGE,
        (w) => service.pageForCourse(actor, courseId, w),
        () => service.listForCourse(actor, courseId),
      );
      send(
        res,
        list.map((d) => presentDiscussion(actor, d)),
      );
    }),
  );
  r.post(
    '/discussions',
    route(async (req, res, actor, ctx) => {
      const b = body(req);
      const post = await ctx.services.discussions.create(actor, { ...b, courseId: b.course, parentDiscussionId: b.parentDiscussion });
      send(res, presentDiscussion(actor, post), { message: post.parentDiscussionId ? T.replied : T.created }, 201);
    }),
  );
  r.put(
    '/discussions/:id',
    route(async (req, res, actor, ctx) => {
      send(res, presentDiscussion(actor, await ctx.services.discussions.update(actor, param(req, 'id'), body(req))), {
        message: T.updated,
      });
    }),
  );
  r.delete(
    '/discussions/:id',
    route(async (req, res, actor, ctx) => {
      await ctx.services.discussions.delete(actor, param(req, 'id'));
      res.json({ success: true, message: T.deleted });
    }),
  );
  return r;
}
