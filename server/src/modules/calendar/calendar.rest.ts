import { newRouter, param, publicRoute, route, send, str } from '../../core/rest';
import { presentCalendarEvent, presentFeedLink, presentFeedStatus } from './calendar.shape';

/**
 * The calendar's REST twins (issue 17): GET /calendar?from=&to=, the feed link (GET, POST to create or
 * reset, DELETE to turn off) and the public feed itself, GET /calendar/feed/<secret>.ics, whose secret is the
 * only credential (calendar apps send no token).
 */
export function calendarRouter() {
  const r = newRouter();
  r.get(
    '/calendar',
    route(async (req, res, actor, ctx) => {
      const events = await ctx.services.calendar.events(actor, str(req.query.from), str(req.query.to));
      send(
        res,
        events.map((e) => presentCalendarEvent(actor, e)),
      );
    }),
  );
  r.get(
    '/calendar/feed',
    route(async (_req, res, actor, ctx) => {
      send(res, presentFeedStatus(actor, await ctx.services.calendar.feedStatus(actor)));
    }),
  );
  r.post(
    '/calendar/feed',
    route(async (_req, res, actor, ctx) => {
      send(res, presentFeedLink(actor, await ctx.services.calendar.createFeedLink(actor)), {}, 201);
    }),
  );
  r.delete(
    '/calendar/feed',
    route(async (_req, res, actor, ctx) => {
      const existed = await ctx.services.calendar.turnOffFeed(actor);
      res.json({ success: true, message: existed ? 'Calendar link turned off' : 'There was no calendar link' });
    }),
  );
  r.get(
    '/calendar/feed/:file',
    publicRoute(async (req, res, ctx) => {
      const text = await ctx.services.calendar.feed(param(req, 'file'));
      res.set({
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'inline; filename="calendar.ics"',
        // the secret is in the address: keep it out of shared caches; apps poll it anyway
        'cache-control': 'private, no-cache',
      });
      res.send(text);
    }),
  );
  return r;
}
