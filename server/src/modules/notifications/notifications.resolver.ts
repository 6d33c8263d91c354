import { Arg, Args, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { PageArgs, toConnection, windowOf } from '../../core/paging';
import { NOTIFICATION_PAGE } from './notifications.service';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { Notification } from './notification.entity';
import {
  MarkAllReadPayload,
  NotificationConnection,
  NotificationSettings,
  TodoItem,
  UpdateNotificationSettingsInput,
} from './notifications.types';

/** The bell, the To Do and the digest setting (issue 17 point 4): every signed-in user, on their own only. */
@Resolver()
export class NotificationsResolver {
  @Query(() => NotificationConnection, {
    description:
      'Your notifications, newest first, a page at a time: first 20 unless asked, at most 100 (REST: GET /api/notifications?limit=&offset=).',
  })
  async notifications(@Args(() => PageArgs) args: PageArgs, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return toConnection(await ctx.services.notifications.page(actor, windowOf(args, NOTIFICATION_PAGE)));
  }

  @Query(() => Int, {
    description: 'How many of your notifications are unread: the badge on the bell (REST: GET /api/notifications/unread-count).',
  })
  unreadCount(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.notifications.unreadCount(actor);
  }

  @Query(() => [TodoItem], {
    description:
      "A student's To Do: items due in the next 7 days not yet submitted, soonest first; empty for other roles (REST: GET /api/notifications/todo).",
  })
  todo(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.notifications.todo(actor);
  }

  @Query(() => NotificationSettings, { description: 'Your notification settings (REST: GET /api/notifications/settings).' })
  notificationSettings(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.notifications.settings(actor);
  }

  @Mutation(() => Notification, {
    description: "Mark one of your notifications read; not found for anyone else's (REST: PUT /api/notifications/{id}/read).",
  })
  markRead(
    @Arg('id', () => ID, { description: 'The notification.' }) id: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.notifications.markRead(actor, id);
  }

  @Mutation(() => MarkAllReadPayload, { description: 'Mark all your notifications read (REST: PUT /api/notifications/read-all).' })
  async markAllRead(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return { count: await ctx.services.notifications.markAllRead(actor) };
  }

  @Mutation(() => NotificationSettings, { description: 'Turn the daily digest mail on or off (REST: PUT /api/notifications/settings).' })
  updateNotificationSettings(
    @Arg('input', () => UpdateNotificationSettingsInput) input: UpdateNotificationSettingsInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.notifications.updateSettings(actor, input);
  }
}
