import { DataSource, EntityManager } from 'typeorm';
import { Page, PageWindow } from '../../core/paging';
import { Actor } from '../../policies';
import { ASSESSMENT_REF, AssessmentKind } from '../assessments';
import { EFFECTIVE_DUE_SQL } from '../submissions';
import { itemShownToStudentSql, notificationOwnSql, resultsShownSql } from '../../policies/sql';
import { Notification } from './notification.entity';
import { ITEM_KIND_SQL, NotificationTarget, NotificationTargetRow } from './notifications.targets';

/*
 * Every statement of the notifications domain (issue 29): the producers that write notices, the bell's reads
 * and marks, the To Do, the digest's claim and lines, the settings. SQL throughout, but for the bell's list,
 * which TypeORM's builder hydrates into Notification rows.
 */

/**
 * A notice whose subject its reader can no longer see leaves the lists (and the count): an announcement or an
 * item hidden after it was written. Decided in SQL on the alias `n`.
 */
export const STILL_SHOWN = `(n.announcement_id IS NULL OR EXISTS (SELECT 1 FROM announcements nan WHERE nan.id = n.announcement_id AND nan.is_visible))
  AND (n.assessment_id IS NULL OR EXISTS (SELECT 1 FROM assessments a WHERE a.id = n.assessment_id AND ${ASSESSMENT_REF.visible}))`;

/**
 * The producers of notifications: each runs (for the event it answers, notifications.manifest.ts) in the
 * transaction of the change (so a rolled-back change leaves no notice), and writes its rows in one statement
 * whatever the number of recipients. "Once per event" is the table's unique key (user, kind, subject, event_key): a retried
 * or repeated operation inserts nothing new (ON CONFLICT DO NOTHING). Each producer decides in SQL, at the
 * moment of the change, whether the recipient may see what the notice is about. A row stores what it points at
 * (`target`, notifications.targets.ts, with the ids in its own columns), never a URL: the route table makes the
 * address when the row is read.
 */

/** The item of submission `s` is shown to its student now (rules.ts shownToStudent: placed, visible, theirs). */
const itemShown = itemShownToStudentSql({ ...ASSESSMENT_REF, studentId: 's.student_id' });

/** What a student may see of a graded submission `s` of item `a` (rules.ts resultsShown): not a manual item's until released. */
const resultsShown = resultsShownSql({
  graded: `s.status = 'graded'`,
  visibility: 'a.result_visibility',
  released: 'a.results_released_at IS NOT NULL',
});

/** One hand-in of a submission (a resubmission after a reopen is another). */
const HAND_IN = `COALESCE(s.submitted_at::text, '')`;

const INSERT = `INSERT INTO notifications (user_id, kind, subject_id, event_key, title, target, course_id, announcement_id, assessment_id, discussion_id)`;
const ONCE = `ON CONFLICT ON CONSTRAINT notifications_once_key DO NOTHING`;

/**
 * Inserts the students' notices that `events` selects (the table's columns, the student first) and the same for
 * each linked parent (parent_students): the very rows the child gets, so never more than the child sees, with
 * the child's first name in front and the parent's dashboard as the target (the child's pages are not the parent's).
 */
const withParents = (events: string, returning = '') => `
  WITH ev AS (${events})
  ${INSERT}
  SELECT * FROM ev
  UNION ALL
  SELECT ps.parent_id, ev.kind, ev.subject_id, ev.event_key, left(u.first_name || ': ' || ev.title, 500), '${NotificationTarget.dashboard}',
         ev.course_id, ev.announcement_id, ev.assessment_id, ev.discussion_id
    FROM ev JOIN parent_students ps ON ps.student_id = ev.user_id JOIN users u ON u.id = ev.user_id
  ${ONCE} ${returning}`;

/**
 * A visible announcement: every student placed in its course's class and year, once per announcement (showing
 * a hidden one later notifies then; hiding and showing again does not notify twice).
 */
export async function notifyAnnouncement(m: EntityManager, announcementId: string): Promise<void> {
  await m.query(
    `${INSERT}
     SELECT u.id, 'announcement', an.id, '', left('New announcement: ' || an.title, 500),
            '${NotificationTarget.courseAnnouncements}', c.id, an.id, NULL, NULL
       FROM announcements an
       JOIN courses c ON c.id = an.course_id
       JOIN users u ON u.class_id = c.class_id AND u.academic_year_id = c.academic_year_id AND u.role = 'Student'
      WHERE an.id = $1 AND an.is_visible
     ${ONCE}`,
    [announcementId],
  );
}

/**
 * Work graded: the student of each submission that is fully graded and whose result the student may see
 * (rules.ts resultsShown), on a visible item. Once per hand-in (event_key: when it was submitted), so a
 * teacher's later corrections do not notify again, while a resubmission graded anew does.
 */
export async function notifyGraded(m: EntityManager, submissionIds: string[]): Promise<void> {
  if (!submissionIds.length) return;
  await m.query(
    withParents(
      `SELECT s.student_id AS user_id, 'graded' AS kind, s.id AS subject_id, ${HAND_IN} AS event_key, left('Graded: ' || a.title, 500) AS title,
            '${NotificationTarget.itemView}' AS target, a.course_id, NULL::uuid AS announcement_id, a.id AS assessment_id, NULL::uuid AS discussion_id
       FROM submissions s JOIN assessments a ON a.id = s.assessment_id
      WHERE s.id = ANY($1::uuid[]) AND ${resultsShown} AND ${itemShown}
        -- a correction after the release is not news: the release already told them
        AND NOT EXISTS (SELECT 1 FROM notifications x WHERE x.user_id = s.student_id AND x.kind = 'released' AND x.subject_id = s.id AND x.event_key = ${HAND_IN})`,
    ),
    [submissionIds],
  );
}

/** Results released (a manual item): every student whose submission is graded, once per hand-in (as 'graded'). */
export async function notifyReleased(m: EntityManager, assessmentId: string): Promise<void> {
  await m.query(
    withParents(
      `SELECT s.student_id AS user_id, 'released' AS kind, s.id AS subject_id, ${HAND_IN} AS event_key, left('Results released: ' || a.title, 500) AS title,
            '${NotificationTarget.itemView}' AS target, a.course_id, NULL::uuid AS announcement_id, a.id AS assessment_id, NULL::uuid AS discussion_id
       FROM submissions s JOIN assessments a ON a.id = s.assessment_id
      WHERE a.id = $1 AND ${resultsShown} AND ${itemShown}`,
    ),
    [assessmentId],
  );
}

/** Reopened (or extended again) for a student: once per new due date, so the same request retried notifies once. */
export async function notifyReopened(m: EntityManager, submissionId: string): Promise<void> {
  await m.query(
    `${INSERT}
     SELECT s.student_id, 'reopened', s.id, COALESCE(s.custom_due_date::text, ''), left('Reopened for you: ' || a.title, 500),
            '${NotificationTarget.itemSubmit}', a.course_id, NULL, a.id, NULL
       FROM submissions s JOIN assessments a ON a.id = s.assessment_id
      WHERE s.id = $1 AND s.status = 'reopened' AND ${itemShown}
     ${ONCE}`,
    [submissionId],
  );
}

/** A reply: the author of the post it answers (the thread's first post), never the one who replied to themself. */
export async function notifyReply(m: EntityManager, replyId: string): Promise<void> {
  await m.query(
    `${INSERT}
     SELECT p.author_id, 'reply', r.id, '', left(u.first_name || ' ' || u.last_name || ' replied: ' || p.title, 500),
            '${NotificationTarget.courseDiscussions}', r.course_id, NULL, NULL, r.id
       FROM discussions r
       JOIN discussions p ON p.id = r.parent_id
       JOIN users u ON u.id = r.author_id
      WHERE r.id = $1 AND p.author_id IS NOT NULL AND p.author_id IS DISTINCT FROM r.author_id
     ${ONCE}`,
    [replyId],
  );
}

/**
 * Open work of students: each student's items shown to them that they may still submit (no submission, or one a
 * teacher reopened) with the due date that applies to them, between `from` and `to`. One SQL source for the
 * due-soon notices and the dashboard's To Do; `$student` narrows it to one student when given. This is
 * shownToStudent (rules.ts) written out over the join with the class's students: rendered from the rule, its
 * placement check repeated per (item, student) row made the due-soon statement twice as slow on the large school
 * (1.5 s -> 3.6 s in the bench), so the join stands for the placement and the rest is the rule's own parts.
 */
export function openWorkSql(student: string | null, from: string, to: string): string {
  return `
    SELECT u.id AS student_id, a.id AS assessment_id, a.kind, a.title, a.course_id,
           ${EFFECTIVE_DUE_SQL} AS due_date
      FROM assessments a
      JOIN courses c ON c.id = a.course_id
      JOIN users u ON u.class_id = c.class_id AND u.academic_year_id = c.academic_year_id AND u.role = 'Student'
      LEFT JOIN submissions s ON s.assessment_id = a.id AND s.student_id = u.id
     WHERE ${ASSESSMENT_REF.visible}
       ${student ? `AND u.id = ${student}` : ''}
       AND (a.scope = 'whole_class' OR EXISTS (SELECT 1 FROM assessment_targets t WHERE t.assessment_id = a.id AND t.student_id = u.id))
       AND (s.id IS NULL OR s.status = 'reopened')
       AND ${EFFECTIVE_DUE_SQL} > ${from}
       AND ${EFFECTIVE_DUE_SQL} <= ${to}`;
}

/** Due within 24 hours and not submitted: once per student (and linked parent) per item (the scheduled job calls it). How many it wrote. */
export async function notifyDueSoon(m: EntityManager): Promise<number> {
  const rows: unknown[] = await m.query(
    withParents(
      `SELECT w.student_id AS user_id, 'dueSoon' AS kind, w.assessment_id AS subject_id, '' AS event_key, left('Due within 24 hours: ' || w.title, 500) AS title,
            '${NotificationTarget.itemSubmit}' AS target, w.course_id, NULL::uuid AS announcement_id, w.assessment_id, NULL::uuid AS discussion_id
       FROM (${openWorkSql(null, 'now()', `now() + interval '24 hours'`)}) w`,
      'RETURNING 1',
    ),
  );
  return rows.length;
}

/** The viewer's own notices that are still shown, as a builder on `n` that the page and the counts add to. */
const own = (m: DataSource | EntityManager, actor: Actor) =>
  m
    .getRepository(Notification)
    .createQueryBuilder('n')
    .where(notificationOwnSql(actor, 'n.user_id', ':viewer'), { viewer: actor.userId })
    .andWhere(STILL_SHOWN);

/** A page of the viewer's notices, newest first, and their total: two statements. */
export async function ownNotificationsPage(m: DataSource | EntityManager, actor: Actor, window: PageWindow): Promise<Page<Notification>> {
  const items = await own(m, actor)
    .orderBy('n.created_at', 'DESC')
    .addOrderBy('n.id', 'DESC')
    .offset(window.offset)
    .limit(window.limit)
    .getMany();
  return { items, total: await own(m, actor).getCount(), window };
}

/** How many of the viewer's shown notices are unread: the badge. */
export function unreadNotificationCount(m: DataSource | EntityManager, actor: Actor): Promise<number> {
  return own(m, actor).andWhere('n.read_at IS NULL').getCount();
}

export function notificationById(m: DataSource | EntityManager, id: string): Promise<Notification | null> {
  return m.getRepository(Notification).findOne({ where: { id } });
}

/** Marks one notice read, keeping the first time it was; when it was read (undefined: no such row). */
export async function markNotificationRead(m: DataSource | EntityManager, id: string): Promise<Date | undefined> {
  const [[row]]: [Array<{ read_at: Date }>] = await m.query(
    'UPDATE notifications SET read_at = COALESCE(read_at, now()) WHERE id = $1 RETURNING read_at',
    [id],
  );
  return row?.read_at;
}

/** Marks every unread notice of the viewer's that the list shows; how many changed. */
export async function markOwnNotificationsRead(m: DataSource | EntityManager, actor: Actor): Promise<number> {
  const [, count]: [unknown, number] = await m.query(
    `UPDATE notifications n SET read_at = now() WHERE ${notificationOwnSql(actor, 'n.user_id', '$1')} AND n.read_at IS NULL AND ${STILL_SHOWN}`,
    [actor.userId],
  );
  return count;
}

/** One student's open work due within `days`, soonest first (at most 50): the To Do. */
export function openWorkWithin(
  m: DataSource | EntityManager,
  studentId: string,
  days: number,
): Promise<Array<{ assessment_id: string; kind: AssessmentKind; title: string; course_id: string; due_date: Date }>> {
  return m.query(
    `SELECT * FROM (${openWorkSql('$1', 'now()', `now() + make_interval(days => $2)`)}) w ORDER BY w.due_date, w.title, w.assessment_id LIMIT 50`,
    [studentId, days],
  );
}

/** The user's daily digest setting (undefined: never set, which means on). */
export async function dailyDigestSetting(m: DataSource | EntityManager, userId: string): Promise<boolean | undefined> {
  const [row]: Array<{ daily_digest: boolean }> = await m.query('SELECT daily_digest FROM notification_settings WHERE user_id = $1', [
    userId,
  ]);
  return row?.daily_digest;
}

export async function saveDailyDigestSetting(m: DataSource | EntityManager, userId: string, dailyDigest: boolean): Promise<void> {
  await m.query(
    `INSERT INTO notification_settings (user_id, daily_digest) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET daily_digest = EXCLUDED.daily_digest, updated_at = now()`,
    [userId, dailyDigest],
  );
}

/** A user given today's digest by claimDailyDigests. */
export interface DigestRecipient {
  user_id: string;
  email: string;
  first_name: string;
}

/**
 * Claims today's digest for every activated user who has not turned it off, has something unread or due within
 * 24 hours, and has not had today's: a row in notification_digests (its primary key (user, day) makes it once per
 * user per day, whatever runs twice). One statement whatever the number of users; the users claimed.
 */
export function claimDailyDigests(m: EntityManager): Promise<DigestRecipient[]> {
  return m.query(
    `WITH candidates AS (
       SELECT u.id FROM users u
        WHERE u.activated
          AND NOT EXISTS (SELECT 1 FROM notification_settings ns WHERE ns.user_id = u.id AND NOT ns.daily_digest)
          AND NOT EXISTS (SELECT 1 FROM notification_digests d WHERE d.user_id = u.id AND d.day = (now() AT TIME ZONE 'UTC')::date)
          AND (EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = u.id AND n.read_at IS NULL AND ${STILL_SHOWN})
               -- the open work of every student found in one pass, not one search per user (2,000 users of the
               -- large bench school would otherwise search the assessments 2,000 times)
               OR u.id IN (SELECT w.student_id FROM (${openWorkSql(null, 'now()', `now() + interval '24 hours'`)}) w))),
     sent AS (
       INSERT INTO notification_digests (user_id, day) SELECT id, (now() AT TIME ZONE 'UTC')::date FROM candidates
       ON CONFLICT DO NOTHING RETURNING user_id)
     SELECT s.user_id, u.email, u.first_name FROM sent s JOIN users u ON u.id = s.user_id`,
  );
}

/** A line of a digest: an unread notice or an item due, with its target (the route table makes its link). */
export type DigestRow = NotificationTargetRow & { user_id: string; what: 'unread' | 'due'; title: string; at: Date };

/** The digest lines of `userIds`: their unread shown notices and their work due within 24 hours, by user, kind and time. */
export function digestRows(m: EntityManager, userIds: string[]): Promise<DigestRow[]> {
  return m.query(
    `SELECT user_id, what, title, target, course_id, assessment_id, item_kind, at FROM (
       SELECT n.user_id, 'unread' AS what, n.title, n.target, n.course_id, n.assessment_id, ${ITEM_KIND_SQL('n')} AS item_kind, n.created_at AS at
         FROM notifications n
        WHERE n.user_id = ANY($1::uuid[]) AND n.read_at IS NULL AND ${STILL_SHOWN}
       UNION ALL
       SELECT w.student_id, 'due', w.title, '${NotificationTarget.itemSubmit}', w.course_id, w.assessment_id, w.kind::text, w.due_date
         FROM (${openWorkSql(null, 'now()', `now() + interval '24 hours'`)}) w WHERE w.student_id = ANY($1::uuid[])
     ) x ORDER BY user_id, what, at`,
    [userIds],
  );
}
