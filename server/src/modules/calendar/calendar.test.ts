import { startTestServer, TestServer } from '../../test/test-server';
import { buildWorld } from '../../test/authz/world';
import { Role } from '../../core/role';

/**
 * The calendar of issue 17 through both transports: a student's own due dates (a reopened one at its
 * customDueDate, never a hidden or someone else's item), a parent's linked children's (exactly the child's),
 * a teacher's courses' items (hidden ones too), the whole school's for SuperAdmin and Admin, and the range
 * checks.
 */
let t: TestServer;
let tokens: Record<Role, string>;
let ids: { student: string; student2: string; teacher: string; parent: string; math: string; art: string };

const FROM = new Date(Date.now() - 10 * 86400_000).toISOString();
const TO = new Date(Date.now() + 40 * 86400_000).toISOString();
const QUERY = `query($from: DateTimeISO!, $to: DateTimeISO!) { calendar(from: $from, to: $to) {
  id assessmentId kind title courseId courseTitle dueDate isExtended status studentId studentName isVisible path } }`;

const one = async (sql: string, params: unknown[] = []) => ((await t.ds.query(sql, params)) as Array<{ id: string }>)[0].id;

beforeAll(async () => {
  t = await startTestServer();
  // the matrix's world: the demo school plus ART-6A, taught by teacher2@ to a class without demo students
  const w = await buildWorld(t);
  tokens = w.tokens;
  ids = {
    student: w.me.Student,
    student2: w.student2,
    teacher: w.me.Teacher,
    parent: w.me.Parent,
    math: w.course.own,
    art: w.course.other,
  };
}, 60_000);
afterAll(() => t.close());

/** An item due in `days` days (whole minutes, as the database requires). */
async function item(courseId: string, title: string, days: number, opts: { visible?: boolean; targets?: string[] } = {}): Promise<string> {
  const id = await one(
    `INSERT INTO assessments (kind, course_id, title, due_date, is_visible, scope)
     VALUES ('ASSIGNMENT', $1, $2, date_trunc('minute', now()) + make_interval(days => $3), $4, $5) RETURNING id`,
    [courseId, title, days, opts.visible ?? true, opts.targets ? 'individual_students' : 'whole_class'],
  );
  for (const s of opts.targets ?? [])
    await t.ds.query('INSERT INTO assessment_targets (assessment_id, student_id) VALUES ($1, $2)', [id, s]);
  return id;
}

async function both(role: Role) {
  const g = await t.gql(QUERY, { from: FROM, to: TO }, tokens[role]);
  expect(g.errors).toBeUndefined();
  const r = await t.rest('GET', `/calendar?from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`, { token: tokens[role] });
  expect(r.status).toBe(200);
  // the same events, in the same order, through both transports
  expect(r.body.data.map((e: { _id: string }) => e._id)).toEqual(g.data.calendar.map((e: { id: string }) => e.id));
  return g.data.calendar as Array<Record<string, any>>;
}

it('a student sees their own due dates with their status and page, never a hidden item or one for someone else', async () => {
  const shown = await item(ids.math, 'Cal shown', 3);
  const hidden = await item(ids.math, 'Cal hidden', 3, { visible: false });
  const forOther = await item(ids.math, 'Cal for student2', 3, { targets: [ids.student2] });
  const forMe = await item(ids.math, 'Cal for me', 4, { targets: [ids.student] });
  const otherClass = await item(ids.art, 'Cal art', 3);
  const events = await both(Role.Student);
  const mine = events.map((e) => e.assessmentId);
  expect(mine).toEqual(expect.arrayContaining([shown, forMe]));
  for (const id of [hidden, forOther, otherClass]) expect(mine).not.toContain(id);
  const e = events.find((x) => x.assessmentId === shown)!;
  expect(e).toMatchObject({
    id: `assessment-${shown}-student-${ids.student}`,
    kind: 'ASSIGNMENT',
    title: 'Cal shown',
    courseId: ids.math,
    courseTitle: 'MATH-5A',
    status: 'Pending',
    studentId: ids.student,
    isVisible: true,
    isExtended: false,
    path: `/dashboard/assignments/${shown}/submit`,
  });
  // by due date
  const dues = events.map((x) => new Date(x.dueDate).getTime());
  expect([...dues].sort((a, b) => a - b)).toEqual(dues);
  // the demo school's items of MATH-5A in the range are there too (a demo quiz opens its page under /dashboard/quizzes)
  expect(events.some((x) => x.kind === 'QUIZ' && x.path.startsWith('/dashboard/quizzes/'))).toBe(true);
});

it('a reopened submission moves its due date to the customDueDate, for that student only', async () => {
  const id = await item(ids.math, 'Cal reopened', -5);
  await t.ds.query(
    `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, allowed_after_due, custom_due_date)
     VALUES ($1, $2, 'reopened', now(), true, date_trunc('minute', now()) + interval '6 days')`,
    [id, ids.student],
  );
  const mine = (await both(Role.Student)).find((e) => e.assessmentId === id)!;
  expect(mine.isExtended).toBe(true);
  expect(mine.status).toBe('Reopened (Pending)');
  expect(new Date(mine.dueDate).getTime()).toBeGreaterThan(Date.now() + 5 * 86400_000);
  const student2 = await t.login('student2@demo.school');
  const theirs = (await t.gql(QUERY, { from: FROM, to: TO }, student2)).data.calendar.find(
    (e: { assessmentId: string }) => e.assessmentId === id,
  );
  expect(theirs.isExtended).toBe(false);
  expect(new Date(theirs.dueDate).getTime()).toBeLessThan(Date.now());
  expect(theirs.status).toBe('Overdue');
  // out of the range at its new date: not there
  const early = await t.gql(QUERY, { from: FROM, to: new Date(Date.now() + 86400_000).toISOString() }, tokens.Student);
  expect(early.data.calendar.map((e: { assessmentId: string }) => e.assessmentId)).not.toContain(id);
});

it("a teacher sees their courses' items, hidden ones too, linking to the grading page; not another teacher's", async () => {
  const hidden = await item(ids.math, 'Cal teacher hidden', 2, { visible: false });
  const art = await item(ids.art, 'Cal teacher art', 2);
  const events = await both(Role.Teacher);
  const e = events.find((x) => x.assessmentId === hidden)!;
  expect(e).toMatchObject({
    id: `assessment-${hidden}`,
    isVisible: false,
    status: null,
    studentId: null,
    path: `/dashboard/assignments/${hidden}/submissions`,
  });
  expect(events.map((x) => x.assessmentId)).not.toContain(art);
  const teacher2 = await t.login('teacher2@demo.school');
  const theirs = (await t.gql(QUERY, { from: FROM, to: TO }, teacher2)).data.calendar.map((x: { assessmentId: string }) => x.assessmentId);
  expect(theirs).toContain(art);
  expect(theirs).not.toContain(hidden);
});

it("a parent sees exactly each linked child's due dates, as the child sees them, and nobody else's", async () => {
  await item(ids.math, 'Cal parent hidden', 2, { visible: false });
  const forOther = await item(ids.math, 'Cal parent for student2', 2, { targets: [ids.student2] });
  const child = await both(Role.Student);
  const parent = await both(Role.Parent);
  const view = (e: Record<string, any>) => [e.id, e.assessmentId, e.dueDate, e.status, e.isExtended, e.studentId];
  expect(parent.map(view)).toEqual(child.map(view));
  expect(parent.length).toBeGreaterThan(0);
  expect(parent.every((e) => e.path === `/dashboard/children/${e.studentId}?tab=Assessments` && e.studentName)).toBe(true);
  expect(parent.map((e) => e.assessmentId)).not.toContain(forOther);
  // linked to student2@ as well: their items join, each under its own child
  await t.ds.query('INSERT INTO parent_students (parent_id, student_id) VALUES ($1, $2)', [ids.parent, ids.student2]);
  const token = await t.login('parent@demo.school');
  const two = (await t.gql(QUERY, { from: FROM, to: TO }, token)).data.calendar as Array<Record<string, any>>;
  expect(two.filter((e) => e.assessmentId === forOther).map((e) => e.studentId)).toEqual([ids.student2]);
  expect(new Set(two.map((e) => e.studentId))).toEqual(new Set([ids.student, ids.student2]));
  await t.ds.query('DELETE FROM parent_students WHERE parent_id = $1', [ids.parent]);
  const none = await t.login('parent@demo.school');
  expect((await t.gql(QUERY, { from: FROM, to: TO }, none)).data.calendar).toEqual([]);
  await t.ds.query('INSERT INTO parent_students (parent_id, student_id) VALUES ($1, $2)', [ids.parent, ids.student]);
});

it("SuperAdmin and Admin calendars hold the whole school's due dates, hidden items too, leading to the grading page (issue 25)", async () => {
  const math = await item(ids.math, 'Cal staff', 2);
  const hiddenArt = await item(ids.art, 'Cal staff art hidden', 3, { visible: false });
  for (const role of [Role.SuperAdmin, Role.Admin]) {
    const events = await both(role);
    expect(events.map((e) => e.assessmentId)).toEqual(expect.arrayContaining([math, hiddenArt]));
    expect(events.find((e) => e.assessmentId === hiddenArt)).toMatchObject({
      isVisible: false,
      studentId: null,
      path: `/dashboard/assignments/${hiddenArt}/submissions`,
    });
  }
});

it('a range is checked: valid dates, from before to, at most 100 days', async () => {
  const bad = [
    { from: TO, to: FROM },
    { from: FROM, to: FROM },
    { from: FROM, to: new Date(Date.parse(FROM) + 101 * 86400_000).toISOString() },
  ];
  for (const v of bad) {
    const g = await t.gql(QUERY, v, tokens.Student);
    expect(g.errors?.[0].extensions?.code).toBe('VALIDATION');
    const r = await t.rest('GET', `/calendar?from=${encodeURIComponent(v.from)}&to=${encodeURIComponent(v.to)}`, { token: tokens.Student });
    expect(r.status).toBe(400);
  }
  expect((await t.rest('GET', '/calendar?from=nonsense&to=2030-01-01', { token: tokens.Student })).status).toBe(400);
  expect((await t.rest('GET', `/calendar?from=${FROM}&to=${TO}`)).status).toBe(401);
});
