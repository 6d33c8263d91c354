import { DataSource } from 'typeorm';
import type { Config } from '../../config';
import { notFound, validation } from '../../errors/domain-error';
import { Actor, authorize } from '../../policies';
import { storedRoleActor } from '../../policies/actor';
import { Role } from '../../core/role';
import { CHILD_IDS_SQL } from '../../policies/children';
import { hashSecret, newSecret, accountInUseSql } from '../auth';
import { calendarEvents } from './calendar.queries';
import { IcsEvent, writeCalendar } from './calendar.ics';
import { CalendarEvent, CalendarFeedLink, CalendarFeedStatus } from './calendar.types';

const DAY = 24 * 60 * 60 * 1000;

export const CALENDAR_TEXT = {
  badRange: 'Give a valid from and to, with from before to',
  rangeTooLong: 'A calendar range covers at most 100 days',
  cannotManageFeed: 'Switch back to your own role to manage your calendar link',
  feedNotFound: 'Not found',
} as const;

/** The longest range one request reads: a month grid is six weeks; a little room for agendas. */
export const MAX_RANGE_DAYS = 100;
/** What the feed holds: recent due dates (calendar apps keep what they saw) and a school year ahead. */
export const FEED_PAST_DAYS = 60;
export const FEED_FUTURE_DAYS = 400;

/** The secret of a feed address: newSecret()'s 32 random bytes in base64url (256 bits). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const KIND_WORD = { ASSIGNMENT: 'Assignment', EXAM: 'Exam', QUIZ: 'Quiz' } as const;

function dateOf(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' || value.length > 40) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

interface FeedOwner {
  user_id: string;
  role: Role;
  first_name: string;
  last_name: string;
  child_ids: string[];
}

/**
 * The calendar (issue 17): the due dates of the viewer's assessments by range, and a per-user ICS feed at a
 * secret address. The secret is kept hashed like a session token; the feed answers as its user would see the
 * calendar at that moment, in their stored role.
 */
export class CalendarService {
  constructor(
    private readonly ds: DataSource,
    private readonly config: Pick<Config, 'publicUrl'>,
  ) {}

  /** The viewer's due dates in [from, to), at most MAX_RANGE_DAYS apart; one statement. */
  async events(actor: Actor, fromValue: unknown, toValue: unknown): Promise<CalendarEvent[]> {
    const from = dateOf(fromValue);
    const to = dateOf(toValue);
    if (!from || !to || from.getTime() >= to.getTime()) throw validation(CALENDAR_TEXT.badRange, 'to');
    if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY) throw validation(CALENDAR_TEXT.rangeTooLong, 'to');
    return calendarEvents(this.ds, actor, from, to);
  }

  /** Whether the viewer has a link (never the secret: only its hash is kept). */
  async feedStatus(actor: Actor): Promise<CalendarFeedStatus> {
    const rows: Array<{ created_at: Date; last_fetched_at: Date | null }> = await this.ds.query(
      'SELECT created_at, last_fetched_at FROM calendar_feeds WHERE user_id = $1',
      [actor.userId],
    );
    const row = rows[0];
    return Object.assign(new CalendarFeedStatus(), {
      enabled: !!row,
      createdAt: row?.created_at ?? null,
      lastFetchedAt: row?.last_fetched_at ?? null,
    });
  }

  /** 'Create link' and 'Reset link': a new secret replaces any old one in one statement, so the old address answers 404 at once. */
  async createFeedLink(actor: Actor): Promise<CalendarFeedLink> {
    authorize(actor, 'calendar.manageFeed', undefined, { message: CALENDAR_TEXT.cannotManageFeed });
    const { token, hash } = newSecret();
    const [row]: Array<{ created_at: Date }> = await this.ds.query(
      `INSERT INTO calendar_feeds (user_id, token_hash) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now(), last_fetched_at = NULL
       RETURNING created_at`,
      [actor.userId, hash],
    );
    const url = `${this.config.publicUrl}/api/calendar/feed/${token}.ics`;
    return Object.assign(new CalendarFeedLink(), { url, webcalUrl: url.replace(/^https?:/, 'webcal:'), createdAt: row.created_at });
  }

  /** 'Turn off': the link stops answering; true when there was one. */
  async turnOffFeed(actor: Actor): Promise<boolean> {
    authorize(actor, 'calendar.manageFeed', undefined, { message: CALENDAR_TEXT.cannotManageFeed });
    const [, count] = (await this.ds.query('DELETE FROM calendar_feeds WHERE user_id = $1', [actor.userId])) as [unknown, number];
    return count > 0;
  }

  /**
   * GET /api/calendar/feed/<secret>.ics: the ICS text, as the link's user sees their calendar now (their
   * stored role). Unknown, revoked or malformed secrets and users who are not active answer NOT_FOUND. Two
   * statements: the owner (stamping the fetch) and the events.
   */
  async feed(file: string, now = new Date()): Promise<string> {
    const token = file.endsWith('.ics') ? file.slice(0, -4) : file;
    if (!TOKEN_SHAPE.test(token)) throw notFound(CALENDAR_TEXT.feedNotFound);
    const rows: FeedOwner[] = await this.ds.query(
      `WITH f AS (
         UPDATE calendar_feeds f SET last_fetched_at = now() FROM users u
          WHERE f.token_hash = $1 AND u.id = f.user_id AND ${accountInUseSql('u')}
          RETURNING f.user_id, u.role, u.first_name, u.last_name)
       SELECT f.*, CASE WHEN f.role = 'Parent' THEN ${CHILD_IDS_SQL('f.user_id')} ELSE '{}' END AS child_ids FROM f`,
      [hashSecret(token)],
    );
    const owner = rows[0];
    if (!owner) throw notFound(CALENDAR_TEXT.feedNotFound);
    const actor = storedRoleActor(owner.user_id, owner.role, owner.child_ids);
    const from = new Date(now.getTime() - FEED_PAST_DAYS * DAY);
    const to = new Date(now.getTime() + FEED_FUTURE_DAYS * DAY);
    const events = await calendarEvents(this.ds, actor, from, to, now);
    return writeCalendar({
      name: `School LMS: ${owner.first_name} ${owner.last_name}`,
      description: 'Due dates of assignments, exams and quizzes',
      stamp: now,
      events: events.map((e) => this.icsEvent(e, actor.activeRole === Role.Parent)),
    });
  }

  /** `forParent`: the child's name leads the summary (a parent may follow several children). */
  private icsEvent(e: CalendarEvent, forParent: boolean): IcsEvent {
    const who = forParent && e.studentName ? `${e.studentName}: ` : '';
    const details = [
      `${KIND_WORD[e.kind]} of ${e.courseTitle}`,
      e.status ? `Status: ${e.status}` : null,
      e.isExtended ? 'The due date was extended' : null,
      e.isVisible ? null : 'Hidden from students',
    ].filter(Boolean);
    return {
      uid: `${e.id}@${new URL(this.config.publicUrl).host}`,
      start: e.dueDate,
      end: e.dueDate,
      summary: `${who}Due: ${e.title} (${e.courseTitle})`,
      description: details.join('\n'),
      url: `${this.config.publicUrl}${e.path}`,
      categories: [KIND_WORD[e.kind]],
    };
  }
}
