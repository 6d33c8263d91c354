/**
 * Every statement the calendar domain runs (its migration aside): the due dates of a calendar, whose SQL text
 * calendar.queries.ts builds for the viewer's role, and the per-user feed links of calendar_feeds. Raw SQL
 * throughout (the domain has no entity). The service decides; these only read and write.
 */
import { DataSource } from 'typeorm';
import { Role } from '../../core/role';
import { CHILD_IDS_SQL } from '../../policies/children';
import { accountInUseSql } from '../auth';
import type { Row } from './calendar.queries';

/** The user a feed link belongs to, as its feed is written: their stored role, name and (a parent's) children. */
export interface FeedOwner {
  user_id: string;
  role: Role;
  first_name: string;
  last_name: string;
  child_ids: string[];
}

/** The rows of a calendar statement (calendarStatement): the viewer's due dates in [from, to). */
export function calendarRows(ds: DataSource, sql: string, userId: string, from: Date, to: Date): Promise<Row[]> {
  return ds.query(sql, [userId, from, to]);
}

/** The user's feed link, when they have one: since when, and when a calendar app last read it. */
export async function feedOf(ds: DataSource, userId: string): Promise<{ created_at: Date; last_fetched_at: Date | null } | undefined> {
  const rows: Array<{ created_at: Date; last_fetched_at: Date | null }> = await ds.query(
    'SELECT created_at, last_fetched_at FROM calendar_feeds WHERE user_id = $1',
    [userId],
  );
  return rows[0];
}

/** Keeps this hash as the user's only feed secret, in one statement so that an old address stops answering at once; when it was made. */
export async function replaceFeed(ds: DataSource, userId: string, tokenHash: string): Promise<{ created_at: Date }> {
  const [row]: Array<{ created_at: Date }> = await ds.query(
    `INSERT INTO calendar_feeds (user_id, token_hash) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now(), last_fetched_at = NULL
       RETURNING created_at`,
    [userId, tokenHash],
  );
  return row;
}

/** Removes the user's feed link; how many there were (0 or 1). */
export async function deleteFeed(ds: DataSource, userId: string): Promise<number> {
  const [, count] = (await ds.query('DELETE FROM calendar_feeds WHERE user_id = $1', [userId])) as [unknown, number];
  return count;
}

/**
 * The owner of the feed whose secret hashes to `tokenHash`, stamping the fetch; none when the hash is unknown or
 * the user is not active (their account not in use), so a revoked or stale address reads nothing.
 */
export async function stampFeedOwner(ds: DataSource, tokenHash: string): Promise<FeedOwner | undefined> {
  const rows: FeedOwner[] = await ds.query(
    `WITH f AS (
         UPDATE calendar_feeds f SET last_fetched_at = now() FROM users u
          WHERE f.token_hash = $1 AND u.id = f.user_id AND ${accountInUseSql('u')}
          RETURNING f.user_id, u.role, u.first_name, u.last_name)
       SELECT f.*, CASE WHEN f.role = 'Parent' THEN ${CHILD_IDS_SQL('f.user_id')} ELSE '{}' END AS child_ids FROM f`,
    [tokenHash],
  );
  return rows[0];
}
