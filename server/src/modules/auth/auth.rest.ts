import { bearerToken } from '../../core/context';
import { setPageSession } from './page-session';
import { body, newRouter, publicRoute, route, sendTopLevel, str } from '../../core/rest';
import { AUTH_TEXT } from './auth.texts';
import { presentRegistration, presentSession, presentSignIn } from './auth.shape';

/** platform.md section 7, Authentication. Top-level fields where the spec names them. */
export function authRouter() {
  const r = newRouter();
  r.post(
    '/auth/login',
    publicRoute(async (req, res, ctx) => {
      const out = await ctx.services.auth.login(body(req), ctx.ip);
      setPageSession(res, { started: out.token });
      sendTopLevel(res, presentSignIn(out.actor, out));
    }),
  );
  r.post(
    '/auth/register',
    publicRoute(async (req, res, ctx) => {
      const out = await ctx.services.auth.register(body(req), ctx.ip);
      setPageSession(res, { started: out.token });
      sendTopLevel(res, presentRegistration(out.actor, out), 201);
    }),
  );
  r.get(
    '/auth/me',
    route(async (_req, res, actor, ctx) => {
      sendTopLevel(res, presentSession(actor, await ctx.services.auth.me(actor, ctx.loaders.userById)));
    }),
  );
  r.get(
    '/auth/logout',
    route(async (_req, res, actor, ctx) => {
      await ctx.services.auth.logout(actor);
      setPageSession(res, 'ended');
      res.json({ success: true, message: AUTH_TEXT.loggedOut });
    }),
  );
  r.post(
    '/auth/switch-role',
    route(async (req, res, actor, ctx) => {
      const out = await ctx.services.auth.switchRole(actor, str(body(req).role));
      setPageSession(res, { switched: bearerToken(req.headers.authorization) });
      res.json({ success: true, role: out.role, isImpersonating: out.isImpersonating });
    }),
  );
  r.post(
    '/auth/forgot-password',
    publicRoute(async (req, res, ctx) => {
      res.json({ success: true, message: await ctx.services.auth.forgotPassword(str(body(req).email), ctx.ip) });
    }),
  );
  r.post(
    '/users/reset-password/:token',
    publicRoute(async (req, res, ctx) => {
      res.json({ success: true, message: await ctx.services.auth.resetPassword(String(req.params.token), str(body(req).password)) });
    }),
  );
  // beyond the spec: the two links of a sign-in email change (issue 23)
  r.post(
    '/auth/confirm-email',
    publicRoute(async (req, res, ctx) => {
      res.json({ success: true, message: await ctx.services.auth.emailChanges.confirm(body(req).token) });
    }),
  );
  r.post(
    '/auth/report-email-change',
    publicRoute(async (req, res, ctx) => {
      res.json({ success: true, message: await ctx.services.auth.emailChanges.report(body(req).token) });
    }),
  );
  return r;
}
