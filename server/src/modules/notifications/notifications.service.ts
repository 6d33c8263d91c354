import { DataSource, EntityManager } from 'typeorm';
import { notFound, validation } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { flag } from '../../core/input';
import { Page, PageLimits, PageWindow } from '../../core/paging';
import { Actor, authorize, can } from '../../policies';
import { notificationOwnSql } from '../../policies/sql';
import { ASSESSMENT_REF, AssessmentKind } from '../assessments';
import { Notification } from './notification.entity';
import { openWorkSql } from './notifications.record';
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
 * A notice whose subject its reader can no longer see leaves the lists (and the count): an announcement or an
 * item hidden after it was written. Decided in SQL on the alias `n`.
 */
export const STILL_SHOWN = `(n.announcement_id IS NULL OR EXISTS (SELECT 1 FROM announcements nan WHERE nan.id = n.announcement_id AND nan.is_visible))
  AND (n.assessment_id IS NULL OR EXISTS (SELECT 1 FROM assessments a WHERE a.id = n.assessment_id AND ${ASSESSMENT_REF.visible}))`;

/**
 * The bell (issue 17 point 4): a user's own notifications, newest first, the unread count, marking read; the
 * student's To Do; the daily digest setting. Notifications are written by the services that make the changes
 * (notifications.record.ts); this service only reads and marks them.
 */
export class NotificationsService {
  constructor(private readonly ds: DataSource) {}

  private own(actor: Actor, m: EntityManager = this.ds.manager) {
    return m
      .getRepository(Notification)
      .createQueryBuilder('n')
      .where(notificationOwnSql(actor, 'n.user_id', ':viewer'), { viewer: actor.userId })
      .andWhere(STILL_SHOWN);
  }

  /** notifications(first, after) and GET /notifications: newest first; the page and the total, two statements. */
  async page(actor: Actor, window: PageWindow): Promise<Page<Notification>> {
    const items = await this.own(actor)
      .orderBy('n.created_at', 'DESC')
      .addOrderBy('n.id', 'DESC')
      .offset(window.offset)
      .limit(window.limit)
      .getMany();
    return { items, total: await this.own(actor).getCount(), window };
  }

  /** unreadCount and GET /notifications/unread-count: what the badge shows. */
  async unreadCount(actor: Actor): Promise<number> {
    return this.own(actor).andWhere('n.read_at IS NULL').getCount();
  }

  /** markRead and PUT /notifications/{id}/read: your own only; someone else's is not found. Marking twice keeps the first time. */
  async markRead(actor: Actor, id: unknown): Promise<Notification> {
    const nid = assertId(id, T.notFound);
    const found = await this.ds.getRepository(Notification).findOne({ where: { id: nid } });
    if (!found) throw notFound(T.notFound);
    authorize(actor, 'notification.read', found, { as: 'notFound', message: T.notFound });
    const [[row]]: [Array<{ read_at: Date }>] = await this.ds.query(
      'UPDATE notifications SET read_at = COALESCE(read_at, now()) WHERE id = $1 RETURNING read_at',
      [nid],
    );
    found.readAt = row?.read_at ?? found.readAt;
    return found;
  }

  /** markAllRead and PUT /notifications/read-all: every unread notification of yours that the list shows; how many changed. */
  async markAllRead(actor: Actor): Promise<number> {
    const [, count]: [unknown, number] = await this.ds.query(
      `UPDATE notifications n SET read_at = now() WHERE ${notificationOwnSql(actor, 'n.user_id', '$1')} AND n.read_at IS NULL AND ${STILL_SHOWN}`,
      [actor.userId],
    );
    return count;
  }

  /** The student's To Do: visible items due in the next 7 days that they have not submitted, soonest first. */
  async todo(actor: Actor): Promise<TodoItem[]> {
    if (!can(actor, 'notification.todo')) return [];
    const rows: Array<{ assessment_id: string; kind: AssessmentKind; title: string; course_id: string; due_date: Date }> =
      await this.ds.query(
        `SELECT * FROM (${openWorkSql('$1', 'now()', `now() + make_interval(days => $2)`)}) w ORDER BY w.due_date, w.title, w.assessment_id LIMIT 50`,
        [actor.userId, TODO_DAYS],
      );
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
    const [row]: Array<{ daily_digest: boolean }> = await this.ds.query(
      'SELECT daily_digest FROM notification_settings WHERE user_id = $1',
      [actor.userId],
    );
    return { dailyDigest: row?.daily_digest ?? true };
  }

  async updateSettings(actor: Actor, input: { dailyDigest?: unknown }): Promise<NotificationSettings> {
    const dailyDigest = flag(input.dailyDigest, 'dailyDigest', 'dailyDigest');
    if (dailyDigest === undefined) throw validation(T.dailyDigestRequired, 'dailyDigest');
    await this.ds.query(
      `INSERT INTO notification_settings (user_id, daily_digest) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET daily_digest = EXCLUDED.daily_digest, updated_at = now()`,
      [actor.userId, dailyDigest],
    );
    return { dailyDigest };
  }
}
