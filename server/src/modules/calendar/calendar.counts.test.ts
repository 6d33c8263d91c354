import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { Role } from '../../core/role';
import { signInEachRole } from '../../test/demo';

/**
 * DESIGN.md rule 4 for the calendar: a student's, a parent's and a teacher's calendar (both transports) and
 * the ICS feed run as many statements for 40 due dates as for 2.
 */
let t: TestServer;
let tokens: Record<Role, string>;
let courseId: string;

const FROM = new Date(Date.now() - 86400_000).toISOString();
const TO = new Date(Date.now() + 90 * 86400_000).toISOString();
const QUERY = `query($from: DateTimeISO!, $to: DateTimeISO!) { calendar(from: $from, to: $to) { id dueDate status path studentName } }`;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  tokens = await signInEachRole(t);
  [{ id: courseId }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  // only the items of this test count
  await t.ds.query('DELETE FROM assessments');
}, 60_000);
afterAll(() => t.close());

async function addItems(n: number, from: number) {
  for (let i = from; i < from + n; i += 1) {
    const [{ id }] = await t.ds.query(
      `INSERT INTO assessments (kind, course_id, title, due_date, scope) VALUES ($1, $2, $3, date_trunc('minute', now()) + make_interval(days => $4), 'whole_class') RETURNING id`,
      [['ASSIGNMENT', 'EXAM'][i % 2], courseId, `Count item ${i}`, 1 + (i % 60)],
    );
    // some with a submission, some reopened with a new due date: every path of the status is taken
    if (i % 3 === 1) {
      await t.ds.query(
        `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, allowed_after_due, custom_due_date)
         SELECT $1, id, $2, now(), $3, CASE WHEN $3 THEN date_trunc('minute', now()) + interval '2 days' END FROM users WHERE email = 'student@demo.school'`,
        [id, i % 2 ? 'reopened' : 'pending', i % 2 === 1],
      );
    }
  }
}

async function measure(expected: number) {
  const out: Record<string, number> = {};
  for (const role of [Role.Student, Role.Parent, Role.Teacher]) {
    const g = await t.gql(QUERY, { from: FROM, to: TO }, tokens[role]);
    expect(g.errors).toBeUndefined();
    expect(g.data.calendar).toHaveLength(expected);
    const r = await t.rest('GET', `/calendar?from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`, { token: tokens[role] });
    expect(r.body.data).toHaveLength(expected);
    out[`${role} gql`] = g.sql;
    out[`${role} rest`] = r.sql;
  }
  return out;
}

it('the calendar and the feed run as many statements for 40 due dates as for 2', async () => {
  const link = await t.rest('POST', '/calendar/feed', { token: tokens.Student });
  const feedPath = new URL(link.body.data.url).pathname.replace(/^\/api/, '');
  await addItems(2, 0);
  const small = await measure(2);
  const smallFeed = await t.rest('GET', feedPath);
  expect((smallFeed.body as string).match(/BEGIN:VEVENT/g)).toHaveLength(2);

  await addItems(38, 2);
  const large = await measure(40);
  const largeFeed = await t.rest('GET', feedPath);
  expect((largeFeed.body as string).match(/BEGIN:VEVENT/g)).toHaveLength(40);

  expect(large).toEqual(small);
  expect(largeFeed.sql).toBe(smallFeed.sql);
  // the calendar itself is one statement; the feed two (its owner, then the events)
  expect(smallFeed.sql).toBe(2);
});
