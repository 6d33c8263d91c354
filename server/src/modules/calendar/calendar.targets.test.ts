import ICAL from 'ical.js';
import { ROUTES } from '@lms/routes';
import { startTestServer, TestServer } from '../../test/test-server';
import { buildWorld, World } from '../../test/authz/world';
import { Role } from '../../core/role';

/**
 * Issue 29: a calendar event carries a typed target (an item's page, a child's tab); its `path` (GraphQL, REST)
 * and the ICS feed's URL are made from it by the route table (@lms/routes). The paths are the ones answered
 * before for every viewer (student: submit or view; teacher: the grading dashboard of each kind; parent: the
 * child's Assessments tab), and changing a route in the table changes every one of them.
 */
let t: TestServer;
let w: World;
const FROM = new Date(Date.now() - 10 * 86400_000).toISOString();
const TO = new Date(Date.now() + 40 * 86400_000).toISOString();
const QUERY = `query($from: DateTimeISO!, $to: DateTimeISO!) { calendar(from: $from, to: $to) { id assessmentId kind studentId path } }`;
const items: Record<'ASSIGNMENT' | 'QUIZ' | 'EXAM', string> = { ASSIGNMENT: '', QUIZ: '', EXAM: '' };
let submitted = '';

beforeAll(async () => {
  t = await startTestServer();
  w = await buildWorld(t);
  for (const kind of ['ASSIGNMENT', 'QUIZ', 'EXAM'] as const) {
    const [{ id }] = await t.ds.query(
      `INSERT INTO assessments (kind, course_id, module_id, title, due_date) VALUES ($1, $2, $3, $4, date_trunc('minute', now()) + interval '5 days') RETURNING id`,
      [kind, w.course.own, kind === 'QUIZ' ? w.module.own : null, `Targets ${kind}`],
    );
    items[kind] = id;
  }
  // a handed-in assignment: the student's event leads to its view page
  const [{ id }] = await t.ds.query(
    `INSERT INTO assessments (kind, course_id, title, due_date) VALUES ('ASSIGNMENT', $1, 'Targets submitted', date_trunc('minute', now()) + interval '6 days') RETURNING id`,
    [w.course.own],
  );
  submitted = id;
  await t.ds.query(`INSERT INTO submissions (assessment_id, student_id, status, submitted_at) VALUES ($1, $2, 'pending', now())`, [
    submitted,
    w.me.Student,
  ]);
}, 60_000);
afterAll(() => t.close());

/** The path of each of this test's events for `role`, through GraphQL, checked equal to REST's. */
async function paths(role: Role): Promise<Map<string, string>> {
  const g = await t.gql(QUERY, { from: FROM, to: TO }, w.tokens[role]);
  expect(g.errors).toBeUndefined();
  const r = await t.rest('GET', `/calendar?from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`, { token: w.tokens[role] });
  expect(r.body.data.map((e: { path: string }) => e.path)).toEqual(g.data.calendar.map((e: { path: string }) => e.path));
  const ours = new Set([...Object.values(items), submitted]);
  return new Map(
    (g.data.calendar as Array<{ assessmentId: string; path: string }>)
      .filter((e) => ours.has(e.assessmentId))
      .map((e) => [e.assessmentId, e.path]),
  );
}

/** The URL of each VEVENT of `role`'s ICS feed, by UID. */
async function feedUrls(token: string, url?: string): Promise<{ url: string; urls: string[] }> {
  const feed = url ?? (await t.gql('mutation { createCalendarFeedLink { url } }', {}, token)).data.createCalendarFeedLink.url;
  const text = await (await fetch(feed.replace('http://lms.test', t.url))).text();
  const cal = new ICAL.Component(ICAL.parse(text));
  return { url: feed, urls: cal.getAllSubcomponents('vevent').map((v) => String(v.getFirstPropertyValue('url'))) };
}

it('answers the same paths as before for each viewer and kind, and the feed the same URLs', async () => {
  const student = await paths(Role.Student);
  expect(student.get(items.ASSIGNMENT)).toBe(`/dashboard/assignments/${items.ASSIGNMENT}/submit`);
  expect(student.get(items.QUIZ)).toBe(`/dashboard/quizzes/${items.QUIZ}/submit`);
  expect(student.get(items.EXAM)).toBe(`/dashboard/exams/${items.EXAM}/submit`);
  expect(student.get(submitted)).toBe(`/dashboard/assignments/${submitted}/view`);
  const teacher = await paths(Role.Teacher);
  expect(teacher.get(items.ASSIGNMENT)).toBe(`/dashboard/assignments/${items.ASSIGNMENT}/submissions`);
  expect(teacher.get(items.QUIZ)).toBe(`/dashboard/quizzes/${items.QUIZ}/quizsubmissions`);
  expect(teacher.get(items.EXAM)).toBe(`/dashboard/exams/${items.EXAM}/examsubmissions`);
  const parent = await paths(Role.Parent);
  for (const id of [...Object.values(items), submitted]) expect(parent.get(id)).toBe(`/dashboard/children/${w.me.Student}?tab=Assessments`);
  const { urls } = await feedUrls(w.tokens.Student);
  expect(urls).toEqual(
    expect.arrayContaining([
      `http://lms.test/dashboard/exams/${items.EXAM}/submit`,
      `http://lms.test/dashboard/assignments/${submitted}/view`,
    ]),
  );
});

it('changing a route in the table changes every answer (nothing is stored)', async () => {
  const table = ROUTES as Record<string, string>;
  const before = { ...table };
  const feed = await feedUrls(w.tokens.Teacher);
  Object.assign(table, {
    assignmentSubmit: '/work/:id/hand-in',
    assignmentView: '/work/:id',
    quizSubmissions: '/marking/quiz/:quizId',
    child: '/family/:studentId',
  });
  try {
    const student = await paths(Role.Student);
    expect(student.get(items.ASSIGNMENT)).toBe(`/work/${items.ASSIGNMENT}/hand-in`);
    expect(student.get(submitted)).toBe(`/work/${submitted}`);
    expect(student.get(items.QUIZ)).toBe(`/dashboard/quizzes/${items.QUIZ}/submit`);
    expect((await paths(Role.Teacher)).get(items.QUIZ)).toBe(`/marking/quiz/${items.QUIZ}`);
    expect((await paths(Role.Parent)).get(items.EXAM)).toBe(`/family/${w.me.Student}?tab=Assessments`);
    expect((await feedUrls(w.tokens.Teacher, feed.url)).urls).toContain(`http://lms.test/marking/quiz/${items.QUIZ}`);
  } finally {
    Object.assign(table, before);
  }
  expect((await paths(Role.Student)).get(items.ASSIGNMENT)).toBe(`/dashboard/assignments/${items.ASSIGNMENT}/submit`);
});
