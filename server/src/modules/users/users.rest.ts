import { body, newRouter, param, route, send, str } from '../../app/rest';
import { Role } from './role';
import { USER_TEXT } from './users.validation';
import { presentPlacedUser } from '../academic/academic.shape';
import { presentUser } from './users.shape';

/** platform.md section 7, Users (whole lists, as the spec's client reads them). */
export function usersRouter() {
  const r = newRouter();
  r.get('/users', route(async (req, res, actor, ctx) => {
    const users = await ctx.services.users.list(actor, { role: str(req.query.role) as Role | undefined, search: str(req.query.search) });
    // students carry class {_id, name} and academicYear {_id, year}: one batched statement for the whole list
    send(res, (await ctx.services.academic.placement.attach(users)).map((u) => presentPlacedUser(actor, u)));
  }));
  r.get('/users/:id', route(async (req, res, actor, ctx) => {
    send(res, presentPlacedUser(actor, await ctx.services.academic.placement.attachOne(await ctx.services.users.get(actor, param(req)))));
  }));
  r.post('/users', route(async (req, res, actor, ctx) => {
    send(res, presentUser(actor, await ctx.services.users.create(actor, body(req))), { message: USER_TEXT.created }, 201);
  }));
  r.delete('/users/:id', route(async (req, res, actor, ctx) => {
    await ctx.services.users.delete(actor, param(req));
    res.json({ success: true, message: USER_TEXT.deleted });
  }));
  return r;
}
