import { body, newRouter, param, route, send } from '../../core/rest';
import { restSlice } from '../../core/paging';
import { MODULE_TEXT as T } from './modules.validation';
import { presentModule } from './modules.shape';

/** platform.md section 7 "Modules". */
export function modulesRouter() {
  const r = newRouter();
  r.get(
    '/modules/course/:courseId',
    route(async (req, res, actor, ctx) => {
      send(
        res,
        restSlice(req, res, await ctx.services.modules.listForCourse(actor, param(req, 'courseId'))).map((m) => presentModule(actor, m)),
      );
    }),
  );
  r.get(
    '/modules/reuse/available/:courseId',
    route(async (req, res, actor, ctx) => {
      send(
        res,
        restSlice(req, res, await ctx.services.modules.reusable(actor, param(req, 'courseId'))).map((m) => presentModule(actor, m)),
      );
    }),
  );
  r.post(
    '/modules/reuse/clone/:moduleId',
    route(async (req, res, actor, ctx) => {
      const mod = await ctx.services.modules.clone(actor, param(req, 'moduleId'), body(req).newCourseId, body(req));
      send(res, presentModule(actor, mod), { message: T.cloned }, 201);
    }),
  );
  r.get(
    '/modules/:id',
    route(async (req, res, actor, ctx) => {
      send(res, presentModule(actor, await ctx.services.modules.get(actor, param(req, 'id'))));
    }),
  );
  r.post(
    '/modules',
    route(async (req, res, actor, ctx) => {
      const b = body(req);
      send(res, presentModule(actor, await ctx.services.modules.create(actor, { ...b, courseId: b.course })), { message: T.created }, 201);
    }),
  );
  r.put(
    '/modules/:id',
    route(async (req, res, actor, ctx) => {
      send(res, presentModule(actor, await ctx.services.modules.update(actor, param(req, 'id'), body(req))), { message: T.updated });
    }),
  );
  r.delete(
    '/modules/:id',
    route(async (req, res, actor, ctx) => {
      await ctx.services.modules.delete(actor, param(req, 'id'));
      res.json({ success: true, message: T.deleted });
    }),
  );
  return r;
}
