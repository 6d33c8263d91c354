import { body, newRouter, param, route, send } from '../../core/rest';
import { restPage } from '../../core/paging';
import { ANNOUNCEMENT_PAGE } from './announcements.types';
import { ANNOUNCEMENT_TEXT as T } from './announcements.validation';
import { presentAnnouncement } from './announcements.shape';

/** platform.md section 7 "Announcements". */
export function announcementsRouter() {
  const r = newRouter();
  r.get(
    '/announcements/course/:courseId',
    route(async (req, res, actor, ctx) => {
      const service = ctx.services.announcements;
      const courseId = param(req, 'courseId');
      const list = await restPage(
        req,
        res,
        ANNOUNCEMENT_PAGE,
        (w) => service.pageForCourse(actor, courseId, w),
        () => service.listForCourse(actor, courseId),
      );
      send(
        res,
        list.map((a) => presentAnnouncement(actor, a)),
      );
    }),
  );
  r.post(
    '/announcements',
    route(async (req, res, actor, ctx) => {
      const b = body(req);
      send(
        res,
        presentAnnouncement(actor, await ctx.services.announcements.create(actor, { ...b, courseId: b.course })),
        { message: T.created },
        201,
      );
    }),
  );
  r.put(
    '/announcements/:id',
    route(async (req, res, actor, ctx) => {
      send(res, presentAnnouncement(actor, await ctx.services.announcements.update(actor, param(req, 'id'), body(req))), {
        message: T.updated,
      });
    }),
  );
  r.delete(
    '/announcements/:id',
    route(async (req, res, actor, ctx) => {
      await ctx.services.announcements.delete(actor, param(req, 'id'));
      res.json({ success: true, message: T.deleted });
    }),
  );
  return r;
}
