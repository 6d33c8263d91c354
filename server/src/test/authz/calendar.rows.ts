import { newSecret } from '../../modules/auth';
import { Role } from '../../core/role';
import { Who, row } from './matrix';
import { World } from './world';

/**
 * The calendar (issue 17). The calendar lists due dates in SQL: a student their own, the linked parent
 * (parent@ is student@'s) the child's, a teacher their courses' (hidden ones too); SuperAdmin and Admin the whole
 * school's (issue 25: the Admin dashboard's School Calendar was empty). Feed links are each user's own ("self"): rows that change them act on a fresh account of
 * the role so that parallel attempts do not meet. The feed itself is public: its secret is the credential.
 */
const RANGE = () => ({ from: new Date(Date.now() - 86400_000).toISOString(), to: new Date(Date.now() + 30 * 86400_000).toISOString() });

async function dueItem(w: World, c: string): Promise<string> {
  const [{ id }] = await w.ds.query(
    `INSERT INTO assessments (kind, course_id, title, due_date, is_visible)
     VALUES ('ASSIGNMENT', $1, 'Authz calendar item', date_trunc('minute', now()) + interval '3 days', $2) RETURNING id`,
    [c === 'other' ? w.course.other : w.course.own, c !== 'hidden'],
  );
  return id;
}

/** A fresh account of the acting role, signed in: its token and id. */
async function freshAccount(w: World, who: Who) {
  const id = await w.fresh.user(who === 'anonymous' ? Role.Parent : who);
  const [{ email }] = await w.ds.query('SELECT email FROM users WHERE id = $1', [id]);
  return { id, token: await w.t.login(email) };
}

const hasLink = async (w: World, userId: string) =>
  ((await w.ds.query('SELECT 1 FROM calendar_feeds WHERE user_id = $1', [userId])) as unknown[]).length > 0;

async function linkFor(w: World, userId: string): Promise<string> {
  const { token, hash } = newSecret();
  await w.ds.query('INSERT INTO calendar_feeds (user_id, token_hash) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET token_hash = $2', [
    userId,
    hash,
  ]);
  return token;
}

export const calendarRows = [
  row({
    gql: 'Query.calendar',
    query: 'query($from: DateTimeISO!, $to: DateTimeISO!) { calendar(from: $from, to: $to) { assessmentId } }',
    variables: () => RANGE(),
    rest: {
      'GET /calendar': () => {
        const r = RANGE();
        return { path: `/calendar?from=${encodeURIComponent(r.from)}&to=${encodeURIComponent(r.to)}` };
      },
    },
    expect: { own: 'AAAAA', hidden: 'AAAEE', other: 'AAEEE' },
    given: async (w, c) => ({ target: await dueItem(w, c) }),
  }),
  row({
    gql: 'Query.calendarFeed',
    query: '{ calendarFeed { enabled } }',
    rest: { 'GET /calendar/feed': () => ({ path: '/calendar/feed' }) },
    expect: { self: 'AAAAA' },
    given: async () => ({}),
  }),
  row({
    gql: 'Mutation.createCalendarFeedLink',
    query: 'mutation { createCalendarFeedLink { url } }',
    rest: { 'POST /calendar/feed': () => ({ path: '/calendar/feed' }) },
    expect: { self: 'AAAAA' },
    given: async (w, _c, who) => {
      const { id, token } = await freshAccount(w, who);
      return { token, userId: id };
    },
    changed: (w, v) => hasLink(w, v.userId),
  }),
  row({
    gql: 'Mutation.deleteCalendarFeedLink',
    query: 'mutation { deleteCalendarFeedLink }',
    rest: { 'DELETE /calendar/feed': () => ({ path: '/calendar/feed' }) },
    expect: { self: 'AAAAA' },
    given: async (w, _c, who) => {
      const { id, token } = await freshAccount(w, who);
      await linkFor(w, id);
      return { token, userId: id };
    },
    changed: async (w, v) => !(await hasLink(w, v.userId)),
  }),
  row({
    // public: whoever holds a live secret gets the feed, with or without a token; a revoked one is not found
    rest: { 'GET /calendar/feed/:file': (v) => ({ path: `/calendar/feed/${v.secret}.ics` }) },
    expect: { live: 'AAAAA', revoked: 'NNNNN' },
    anonymous: 'A',
    given: async (w, c, who) => {
      const { id } = await freshAccount(w, who);
      const secret = await linkFor(w, id);
      if (c === 'revoked') await linkFor(w, id);
      return { secret, target: 'BEGIN:VCALENDAR' };
    },
  }),
];
