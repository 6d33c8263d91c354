import ICAL from 'ical.js';
import { startTestServer, TestServer } from '../../test/test-server';
import { buildWorld, World } from '../../test/authz/world';
import { hashSecret } from '../auth';

/**
 * The ICS feed of issue 17: a secret address per user, kept hashed, created, reset (the old one answers 404)
 * and turned off; what it answers is the user's calendar at that moment, parsed here with ical.js.
 */
let t: TestServer;
let w: World;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildWorld(t);
}, 60_000);
afterAll(() => t.close());

const CREATE = 'mutation { createCalendarFeedLink { url webcalUrl createdAt } }';
const STATUS = '{ calendarFeed { enabled createdAt lastFetchedAt } }';

async function fetchFeed(url: string) {
  const res = await fetch(url.replace('http://lms.test', t.url));
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return { cal, events: cal.getAllSubcomponents('vevent').map((v) => ({ v, e: new ICAL.Event(v) })) };
}

async function item(title: string, days: number, visible = true): Promise<string> {
  const [{ id }] = await t.ds.query(
    `INSERT INTO assessments (kind, course_id, title, due_date, is_visible) VALUES ('EXAM', $1, $2, date_trunc('minute', now()) + make_interval(days => $3), $4) RETURNING id`,
    [w.course.own, title, days, visible],
  );
  return id;
}

it("a student's feed parses as RFC 5545 with their due dates, stable UIDs, UTC times and links to the pages", async () => {
  const exam = await item('Feed exam; part 1, with commas', 5);
  const hidden = await item('Feed hidden exam', 5, false);
  const g = await t.gql(CREATE, {}, w.tokens.Student);
  expect(g.errors).toBeUndefined();
  const { url, webcalUrl } = g.data.createCalendarFeedLink;
  expect(url).toMatch(/^http:\/\/lms\.test\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
  expect(webcalUrl).toBe(url.replace('http:', 'webcal:'));
  // only the hash is kept
  const secret = url.split('/').pop().replace('.ics', '');
  const rows = await t.ds.query('SELECT token_hash FROM calendar_feeds WHERE user_id = $1', [w.me.Student]);
  expect(rows).toEqual([{ token_hash: hashSecret(secret) }]);

  const res = await fetchFeed(url);
  expect(res.status).toBe(200);
  expect(res.type).toMatch(/^text\/calendar/);
  expect(res.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(res.text.replace(/\r\n/g, '')).not.toMatch(/\n/);
  const { cal, events } = parse(res.text);
  expect(cal.getFirstPropertyValue('x-wr-calname')).toBe(`School LMS: ${await nameOf(w.me.Student)}`);
  const mine = events.find(({ e }) => e.uid === `assessment-${exam}-student-${w.me.Student}@lms.test`);
  expect(mine).toBeDefined();
  expect(mine!.e.summary).toBe('Due: Feed exam; part 1, with commas (MATH-5A)');
  expect(mine!.e.startDate.zone?.tzid).toBe('UTC');
  expect(mine!.e.endDate.toJSDate().getTime()).toBe(mine!.e.startDate.toJSDate().getTime());
  expect(String(mine!.v.getFirstPropertyValue('url'))).toBe(`http://lms.test/dashboard/exams/${exam}/submit`);
  expect(mine!.v.getFirstPropertyValue('dtstamp')).toBeTruthy();
  expect(events.map(({ e }) => e.summary).join('\n')).not.toContain('Feed hidden exam');
  expect(hidden).toBeTruthy();
  // the same events on the next read: UIDs are stable
  const again = parse((await fetchFeed(url)).text).events.map(({ e }) => e.uid);
  expect(again).toEqual(events.map(({ e }) => e.uid));
  const status = await t.gql(STATUS, {}, w.tokens.Student);
  expect(status.data.calendarFeed.enabled).toBe(true);
  expect(status.data.calendarFeed.lastFetchedAt).not.toBeNull();
});

async function nameOf(id: string) {
  const [u] = await t.ds.query('SELECT first_name, last_name FROM users WHERE id = $1', [id]);
  return `${u.first_name} ${u.last_name}`;
}

it('reset revokes the old address, turn off revokes the new one; unknown and malformed secrets are 404', async () => {
  const first = (await t.rest('POST', '/calendar/feed', { token: w.tokens.Teacher })).body.data.url;
  expect((await fetchFeed(first)).status).toBe(200);
  const second = (await t.gql(CREATE, {}, w.tokens.Teacher)).data.createCalendarFeedLink.url;
  expect(second).not.toBe(first);
  expect((await fetchFeed(first)).status).toBe(404);
  const teacherFeed = await fetchFeed(second);
  expect(teacherFeed.status).toBe(200);
  // a teacher's feed links to the grading pages
  expect(teacherFeed.text.replace(/\r\n /g, '')).toMatch(
    /URL:http:\/\/lms\.test\/dashboard\/(assignments|exams|quizzes)\/[0-9a-f-]+\/(submissions|examsubmissions|quizsubmissions)/,
  );
  const off = await t.rest('DELETE', '/calendar/feed', { token: w.tokens.Teacher });
  expect(off.status).toBe(200);
  expect((await fetchFeed(second)).status).toBe(404);
  expect((await t.gql('mutation { deleteCalendarFeedLink }', {}, w.tokens.Teacher)).data.deleteCalendarFeedLink).toBe(false);
  expect((await t.rest('GET', '/calendar/feed', { token: w.tokens.Teacher })).body.data).toEqual({
    enabled: false,
    createdAt: null,
    lastFetchedAt: null,
  });
  for (const bad of ['x'.repeat(43) + '.ics', 'short.ics', '..%2F..%2Fetc.ics', 'A'.repeat(500) + '.ics']) {
    expect((await t.rest('GET', `/calendar/feed/${bad}`)).status).toBe(404);
  }
});

it("the feed answers what the user sees now: a newly hidden item leaves; a deactivated or deleted user's feed is 404", async () => {
  const [{ email }] = await t.ds.query(
    `INSERT INTO users (first_name, last_name, email, role, activated, class_id, academic_year_id)
     SELECT 'Feed', 'Student', 'feed-student@test.school', 'Student', true, class_id, academic_year_id FROM users WHERE id = $1 RETURNING email, id`,
    [w.me.Student],
  );
  await t.ds.query(`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE id = $1) WHERE email = $2`, [
    w.me.Student,
    email,
  ]);
  const token = await t.login(email);
  const url = (await t.gql(CREATE, {}, token)).data.createCalendarFeedLink.url;
  const id = await item('Feed soon hidden', 3);
  expect((await fetchFeed(url)).text).toContain(`assessment-${id}-`);
  await t.ds.query('UPDATE assessments SET is_visible = false WHERE id = $1', [id]);
  expect((await fetchFeed(url)).text).not.toContain(`assessment-${id}-`);
  await t.ds.query('UPDATE users SET activated = false WHERE email = $1', [email]);
  expect((await fetchFeed(url)).status).toBe(404);
  await t.ds.query('UPDATE users SET activated = true WHERE email = $1', [email]);
  expect((await fetchFeed(url)).status).toBe(200);
  await t.ds.query('DELETE FROM users WHERE email = $1', [email]);
  expect((await fetchFeed(url)).status).toBe(404);
});

it('a SuperAdmin viewing as a Student may not create or turn off a link (the feed acts with the stored role)', async () => {
  const token = await t.login('superadmin@demo.school');
  const sw = await t.rest('POST', '/auth/switch-role', { token, body: { role: 'Student' } });
  expect(sw.status).toBe(200);
  const g = await t.gql(CREATE, {}, token);
  expect(g.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  expect((await t.rest('POST', '/calendar/feed', { token })).status).toBe(403);
  expect((await t.rest('DELETE', '/calendar/feed', { token })).status).toBe(403);
  expect(await t.ds.query('SELECT 1 FROM calendar_feeds WHERE user_id = $1', [w.me.SuperAdmin])).toEqual([]);
});

it("a parent's feed holds the linked child's due dates under the child's name, never a hidden item", async () => {
  const exam = await item('Feed parent exam', 4);
  const hidden = await item('Feed parent hidden', 4, false);
  const url = (await t.gql(CREATE, {}, w.tokens.Parent)).data.createCalendarFeedLink.url;
  const { events } = parse((await fetchFeed(url)).text);
  const child = await nameOf(w.me.Student);
  const e = events.find(({ e: x }) => x.uid === `assessment-${exam}-student-${w.me.Student}@lms.test`);
  expect(e?.e.summary).toBe(`${child}: Due: Feed parent exam (MATH-5A)`);
  expect(events.some(({ e: x }) => x.uid.includes(hidden))).toBe(false);
  expect(events.every(({ e: x }) => x.uid.endsWith(`-student-${w.me.Student}@lms.test`))).toBe(true);
});
