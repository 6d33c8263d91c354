import { EntityManager } from 'typeorm';
import { MailMessage } from '../mail';
import { openWorkSql } from './notifications.record';
import { STILL_SHOWN } from './notifications.service';
import { ITEM_KIND_SQL, NotificationTarget, NotificationTargetRow, linkOfRow } from './notifications.targets';
import { pathTo } from '@lms/routes';

/** At most this many unread notices and due items are listed in one digest; the rest are counted. */
const LISTED = 10;

interface DigestLine {
  user_id: string;
  what: 'unread' | 'due';
  title: string;
  /** The web app's path, made from the line's target by the route table. */
  link: string;
  at: Date;
}

/**
 * The daily digest (issue 17 point 4), in the caller's transaction (the job's, under its advisory lock): for
 * every activated user who has not turned it off, has something unread or due within 24 hours, and has not had
 * today's digest, a row in notification_digests (its primary key (user, day) makes it once per user per day,
 * whatever runs twice) and a message in the mail outbox. Three statements whatever the number of users.
 * Returns the messages queued.
 */
export async function queueDailyDigests(m: EntityManager, publicUrl: string): Promise<MailMessage[]> {
  const claimed: Array<{ user_id: string; email: string; first_name: string }> = await m.query(
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
  if (!claimed.length) return [];
  const ids = claimed.map((c) => c.user_id);
  // each line's target (a notice's own, a due item's submit page); the route table makes the links
  const rows: Array<Omit<DigestLine, 'link'> & NotificationTargetRow> = await m.query(
    `SELECT user_id, what, title, target, course_id, assessment_id, item_kind, at FROM (
       SELECT n.user_id, 'unread' AS what, n.title, n.target, n.course_id, n.assessment_id, ${ITEM_KIND_SQL('n')} AS item_kind, n.created_at AS at
         FROM notifications n
        WHERE n.user_id = ANY($1::uuid[]) AND n.read_at IS NULL AND ${STILL_SHOWN}
       UNION ALL
       SELECT w.student_id, 'due', w.title, '${NotificationTarget.itemSubmit}', w.course_id, w.assessment_id, w.kind::text, w.due_date
         FROM (${openWorkSql(null, 'now()', `now() + interval '24 hours'`)}) w WHERE w.student_id = ANY($1::uuid[])
     ) x ORDER BY user_id, what, at`,
    [ids],
  );
  const lines: DigestLine[] = rows.map((r) => ({ user_id: r.user_id, what: r.what, title: r.title, link: linkOfRow(r), at: r.at }));
  const byUser = new Map<string, DigestLine[]>();
  for (const l of lines) byUser.set(l.user_id, [...(byUser.get(l.user_id) ?? []), l]);
  return claimed.map((c) => ({
    to: c.email,
    subject: 'Your daily summary',
    text: digestText(c.first_name, byUser.get(c.user_id) ?? [], publicUrl),
  }));
}

function section(heading: string, lines: DigestLine[], publicUrl: string, when: (l: DigestLine) => string): string[] {
  if (!lines.length) return [];
  const shown = lines.slice(0, LISTED).map((l) => `- ${l.title}${when(l)}\n  ${publicUrl}${l.link}`);
  const more = lines.length > LISTED ? [`  ...and ${lines.length - LISTED} more`] : [];
  return [heading, ...shown, ...more, ''];
}

export function digestText(firstName: string, lines: DigestLine[], publicUrl: string): string {
  const unread = lines.filter((l) => l.what === 'unread');
  const due = lines.filter((l) => l.what === 'due');
  return [
    `Hello ${firstName},`,
    '',
    ...section(`Unread notifications (${unread.length}):`, unread, publicUrl, () => ''),
    ...section(
      `Due within 24 hours (${due.length}):`,
      due,
      publicUrl,
      (l) => ` (due ${new Date(l.at).toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
    ),
    `Open the app: ${publicUrl}${pathTo('dashboard')}`,
    `You get this mail once a day when something is new or due. Turn it off in Settings: ${publicUrl}${pathTo('settings')}`,
  ].join('\n');
}
