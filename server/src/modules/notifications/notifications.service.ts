import { DataSource } from 'typeorm';
import { notFound, validation } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { flag } from '../../core/input';
import { Page, PageLimits, PageWindow } from '../../core/paging';
import { Actor, authorize, can } from '../../policies';
import { Notification } from './notification.entity';
import {
  dailyDigestSetting,
  markNotificationRead,
  markOwnNotificationsRead,
  notificationById,
  openWorkWithin,
  ownNotificationsPage,
  saveDailyDigestSetting,
  unreadNotificationCount,
} from './notifications.repository';
import { NotificationSettings, TodoItem } from './notifications.types';
import { submitLink } from './notifications.targets';

export const NOTIFICATION_TEXT = {
  notFound: 'Notification not found',
  dailyDigestRequired: 'dailyDigest must be true or false',
};
const T = NOTIFICATION_TEXT;

/** The bell's pages: 20 unless asked, at most 100. */
export const NOTIFICATION_PAGE: PageLimits = { max: 100, size: 20 };

/** The To Do looks this far ahead (issue 17: "next 7 days"). */
export const TODO_DAYS = 7;

/**
 * The bell (issue 17 point 4): a user's own notifications, newest first, the unread count, marking read; the
 * student's To Do; the daily digest setting. Notifications are written by the services that make the changes
 * (notifications.repository.ts, through the events they announce); this service only reads and marks them.
 */
export class NotificationsService {
  constructor(private readonly ds: DataSource) {}

  /** notifications(first, after) and GET /notifications: newest first; the page and the total, two statements. */
  page(actor: Actor, window: PageWindow): Promise<Page<Notification>> {
    return ownNotificationsPage(this.ds, actor, window);
  }

  /** unreadCount and GET /notifications/unread-count: what the badge shows. */
  unreadCount(actor: Actor): Promise<number> {
    return unreadNotificationCount(this.ds, actor);
  }

  /** markRead and PUT /notifications/{id}/read: your own only; someone else's is not found. Marking twice keeps the first time. */
  async markRead(actor: Actor, id: unknown): Promise<Notification> {
    const nid = assertId(id, T.notFound);
    const found = await notificationById(this.ds, nid);
    if (!found) throw notFound(T.notFound);
    authorize(actor, 'notification.read', found, { as: 'notFound', message: T.notFound });
    found.readAt = (await markNotificationRead(this.ds, nid)) ?? found.readAt;
    return found;
  }

  /** markAllRead and PUT /notifications/read-all: every unread notification of yours that the list shows; how many changed. */
  markAllRead(actor: Actor): Promise<number> {
    return markOwnNotificationsRead(this.ds, actor);
  }

  /** The student's To Do: visible items due in the next 7 days that they have not submitted, soonest first. */
  async todo(actor: Actor): Promise<TodoItem[]> {
    if (!can(actor, 'notification.todo')) return [];
    const rows = await openWorkWithin(this.ds, actor.userId, TODO_DAYS);
    return rows.map((r) => ({
      id: r.assessment_id,
      kind: r.kind,
      title: r.title,
      courseId: r.course_id,
      dueDate: r.due_date,
      link: submitLink(r.kind, r.assessment_id),
    }));
  }

  /** Your settings; the daily digest is on until you turn it off. */
  async settings(actor: Actor): Promise<NotificationSettings> {
    return { dailyDigest: (await dailyDigestSetting(this.ds, actor.userId)) ?? true };
  }

  async updateSettings(actor: Actor, input: { dailyDigest?: unknown }): Promise<NotificationSettings> {
    const dailyDigest = flag(input.dailyDigest, 'dailyDigest', 'dailyDigest');
    if (dailyDigest === undefined) throw validation(T.dailyDigestRequired, 'dailyDigest');
    await saveDailyDigestSetting(this.ds, actor.userId, dailyDigest);
    return { dailyDigest };
  }
}
