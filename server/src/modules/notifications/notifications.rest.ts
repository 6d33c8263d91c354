import { body, newRouter, param, route, send } from '../../core/rest';
import { pageAndTotal, restWindow } from '../../core/paging';
import { NOTIFICATION_PAGE } from './notifications.service';
import { presentCount, presentNotification, presentNotificationSettings, presentTodoItem } from './notifications.shape';

/** REST twins of the notifications operations (issue 17; beyond the spec's section 7). */
export function notificationsRouter() {
  const r = newRouter();
  r.get(
    '/notifications',
    route(async (req, res, actor, ctx) => {
      // the newest 20 when no window is asked for, as before
      const window = restWindow(req, NOTIFICATION_PAGE) ?? { offset: 0, limit: NOTIFICATION_PAGE.size };
      const items = pageAndTotal(res, await ctx.services.notifications.page(actor, window));
      send(
        res,
        items.map((n) => presentNotification(actor, n)),
      );
    }),
  );
  r.get(
    '/notifications/unread-count',
    route(async (_req, res, actor, ctx) => {
      send(res, presentCount(actor, await ctx.services.notifications.unreadCount(actor)));
    }),
  );
  r.get(
    '/notifications/todo',
    route(async (_req, res, actor, ctx) => {
      send(
        res,
        (await ctx.services.notifications.todo(actor)).map((t) => presentTodoItem(actor, t)),
      );
    }),
  );
  r.get(
    '/notifications/settings',
    route(async (_req, res, actor, ctx) => {
      send(res, presentNotificationSettings(actor, await ctx.services.notifications.settings(actor)));
    }),
  );
  r.put(
    '/notifications/settings',
    route(async (req, res, actor, ctx) => {
      send(res, presentNotificationSettings(actor, await ctx.services.notifications.updateSettings(actor, body(req))));
    }),
  );
  r.put(
    '/notifications/read-all',
    route(async (_req, res, actor, ctx) => {
      send(res, presentCount(actor, await ctx.services.notifications.markAllRead(actor)));
    }),
  );
  r.put(
    '/notifications/:id/read',
    route(async (req, res, actor, ctx) => {
      send(res, presentNotification(actor, await ctx.services.notifications.markRead(actor, param(req, 'id'))));
    }),
  );
  return r;
}
