import { EntityManager } from 'typeorm';
import { MailMessage } from '../mail';
import { claimDailyDigests, digestRows } from './notifications.repository';
import { linkOfRow } from './notifications.targets';
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
 * today's digest, a claim (claimDailyDigests: once per user per day, whatever runs twice) and a message in the
 * mail outbox. Three statements whatever the number of users.
 * Returns the messages queued.
 */
export async function queueDailyDigests(m: EntityManager, publicUrl: string): Promise<MailMessage[]> {
  const claimed = await claimDailyDigests(m);
  if (!claimed.length) return [];
  const ids = claimed.map((c) => c.user_id);
  // each line's target (a notice's own, a due item's submit page); the route table makes the links
  const rows = await digestRows(m, ids);
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
