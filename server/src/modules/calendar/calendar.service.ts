import { DataSource } from 'typeorm';
import type { Config } from '../../config';
import { notFound, validation } from '../../errors/domain-error';
import { Actor, authorize } from '../../policies';
import { storedRoleActor } from '../../policies/actor';
import { Role } from '../../core/role';
import { hashSecret, newSecret } from '../auth';
import { calendarStatement, toEvent } from './calendar.queries';
import { calendarRows, deleteFeed, feedOf, replaceFeed, stampFeedOwner } from './calendar.repository';
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
    return this.eventsOf(actor, from, to);
  }

  /** Whether the viewer has a link (never the secret: only its hash is kept). */
  async feedStatus(actor: Actor): Promise<CalendarFeedStatus> {
    const row = await feedOf(this.ds, actor.userId);
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
    const row = await replaceFeed(this.ds, actor.userId, hash);
    const url = `${this.config.publicUrl}/api/calendar/feed/${token}.ics`;
    return Object.assign(new CalendarFeedLink(), { url, webcalUrl: url.replace(/^https?:/, 'webcal:'), createdAt: row.created_at });
  }

  /** 'Turn off': the link stops answering; true when there was one. */
  async turnOffFeed(actor: Actor): Promise<boolean> {
    authorize(actor, 'calendar.manageFeed', undefined, { message: CALENDAR_TEXT.cannotManageFeed });
    return (await deleteFeed(this.ds, actor.userId)) > 0;
  }

  /**
   * GET /api/calendar/feed/<secret>.ics: the ICS text, as the link's user sees their calendar now (their
   * stored role). Unknown, revoked or malformed secrets and users who are not active answer NOT_FOUND. Two
   * statements: the owner (stamping the fetch) and the events.
   */
  async feed(file: string, now = new Date()): Promise<string> {
    const token = file.endsWith('.ics') ? file.slice(0, -4) : file;
    if (!TOKEN_SHAPE.test(token)) throw notFound(CALENDAR_TEXT.feedNotFound);
    const owner = await stampFeedOwner(this.ds, hashSecret(token));
    if (!owner) throw notFound(CALENDAR_TEXT.feedNotFound);
    const actor = storedRoleActor(owner.user_id, owner.role, owner.child_ids);
    const from = new Date(now.getTime() - FEED_PAST_DAYS * DAY);
    const to = new Date(now.getTime() + FEED_FUTURE_DAYS * DAY);
    const events = await this.eventsOf(actor, from, to, now);
    return writeCalendar({
      name: `School LMS: ${owner.first_name} ${owner.last_name}`,
      description: 'Due dates of assignments, exams and quizzes',
      stamp: now,
      events: events.map((e) => this.icsEvent(e, actor.activeRole === Role.Parent)),
    });
  }

  /**
   * The due dates the actor's calendar holds in [from, to), by due date (calendarStatement says which): one
   * statement; none for a parent without children.
   */
  private async eventsOf(actor: Actor, from: Date, to: Date, now = new Date()): Promise<CalendarEvent[]> {
    const sql = calendarStatement(actor);
    if (!sql) return [];
    const rows = await calendarRows(this.ds, sql, actor.userId, from, to);
    return rows.map((r) => toEvent(r, now, actor.activeRole === Role.Parent));
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
