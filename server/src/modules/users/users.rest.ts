import { body, newRouter, param, route, send, str } from '../../core/rest';
import { pageAndTotal, restWindow } from '../../core/paging';
import { USER_PAGE } from './users.service';
import { Role } from '../../core/role';
import { USER_TEXT } from './users.validation';
import { presentPlacedUser } from './users.shape';
import { presentUser } from './users.shape';

/** platform.md section 7, Users (whole lists, as the spec's client reads them, unless ?limit= or ?offset= asks for a page). */
export function usersRouter() {
  const r = newRouter();
  r.get(
    '/users',
    route(async (req, res, actor, ctx) => {
      const filter = { role: str(req.query.role) as Role | undefined, search: str(req.query.search), classId: str(req.query.classId) };
      const window = restWindow(req, USER_PAGE);
      const users = window
        ? await pageAndTotal(res, await ctx.services.users.page(actor, filter, window))
        : await ctx.services.users.list(actor, filter);
      // students carry class {_id, name} and academicYear {_id, year}: one batched statement for the whole list
      send(
        res,
        (await ctx.services.academic.placement.attach(users)).map((u) => presentPlacedUser(actor, u)),
      );
    }),
  );
  r.get(
    '/users/:id',
    route(async (req, res, actor, ctx) => {
      send(res, presentPlacedUser(actor, await ctx.services.academic.placement.attachOne(await ctx.services.users.get(actor, param(req)))));
    }),
  );
  r.post(
    '/users',
    route(async (req, res, actor, ctx) => {
      send(res, presentUser(actor, await ctx.services.users.create(actor, body(req))), { message: USER_TEXT.created }, 201);
    }),
  );
  r.delete(
    '/users/:id',
    route(async (req, res, actor, ctx) => {
      await ctx.services.users.delete(actor, param(req));
      res.json({ success: true, message: USER_TEXT.deleted });
    }),
  );
  return r;
}
