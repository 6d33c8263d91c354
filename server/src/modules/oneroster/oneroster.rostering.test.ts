import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { SCOPES } from '../../policies/credentials';
import { consumer, imsx } from '../../test/oneroster-client';

/**
 * The rostering service as a third-party consumer uses it (client credentials, real HTTP, a demo school): the
 * questions an LMS or a SIS asks, paging, sorting, filtering, field selection and every refusal's shape.
 */
let t: TestServer;
let c: Awaited<ReturnType<typeof consumer>>;
let admin: string;
const R = '/rostering/v1p2';

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  admin = await t.login('admin@demo.school');
  c = await consumer(t, admin, [SCOPES.rosterRead]);
}, 60_000);
afterAll(() => t?.close());

const get = (path: string) => c.call('GET', `${R}${path}`);
const q = (s: string) => encodeURIComponent(s);

it("finds a teacher by email, the teacher's classes and a class's students", async () => {
  const teachers = await get(`/teachers?filter=${q("email='teacher@demo.school'")}`);
  expect(teachers.status).toBe(200);
  expect(teachers.body.users).toHaveLength(1);
  const teacher = teachers.body.users[0];
  expect(teacher).toMatchObject({
    status: 'active',
    enabledUser: true,
    givenName: expect.any(String),
    email: 'teacher@demo.school',
    roles: [
      {
        roleType: 'primary',
        role: 'teacher',
        org: { sourcedId: 'school', type: 'org', href: 'http://lms.test/ims/oneroster/rostering/v1p2/orgs/school' },
      },
    ],
  });
  expect(teacher.dateLastModified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  const ours = (await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`))[0].id;
  expect(teacher.sourcedId).toBe(ours);

  const classes = await get(`/teachers/${teacher.sourcedId}/classes?sort=title`);
  expect(classes.status).toBe(200);
  const expected = await t.ds.query(
    `SELECT a.id FROM allocation_teachers at JOIN allocations a ON a.id = at.allocation_id WHERE at.teacher_id = $1`,
    [ours],
  );
  expect(classes.body.classes.map((k: { sourcedId: string }) => k.sourcedId).sort()).toEqual(
    expected.map((e: { id: string }) => e.id).sort(),
  );
  const mathsA = classes.body.classes.find((k: { title: string }) => k.title.startsWith('Class 5A'));
  expect(mathsA).toMatchObject({
    classType: 'scheduled',
    classCode: 'Class 5A',
    grades: ['5'],
    school: { sourcedId: 'school' },
    course: { type: 'course' },
    terms: [{ type: 'academicSession' }],
  });

  const students = await get(`/classes/${mathsA.sourcedId}/students`);
  expect(students.body.users.map((u: { email: string }) => u.email).sort()).toEqual(['student2@demo.school', 'student@demo.school']);
  expect(students.body.users[0].roles[0].role).toBe('student');
  const teachersOfClass = await get(`/classes/${mathsA.sourcedId}/teachers`);
  expect(teachersOfClass.body.users.map((u: { email: string }) => u.email)).toContain('teacher@demo.school');

  // the same enrollments from the enrollments collection, filtered by their references
  const enr = await get(`/enrollments?filter=${q(`class.sourcedId='${mathsA.sourcedId}' AND role='teacher'`)}`);
  expect(enr.body.enrollments.length).toBeGreaterThan(0);
  expect(enr.body.enrollments.filter((e: { primary: boolean }) => e.primary)).toHaveLength(1);
  expect(enr.body.enrollments[0]).toMatchObject({
    role: 'teacher',
    class: { sourcedId: mathsA.sourcedId, type: 'class' },
    user: { type: 'user' },
    beginDate: '2026-01-01',
    endDate: '2026-12-31',
  });

  // the course a class belongs to, and back
  const course = await get(`/courses/${encodeURIComponent(mathsA.course.sourcedId)}`);
  expect(course.status).toBe(200);
  expect(course.body.course).toMatchObject({ grades: ['5'], org: { sourcedId: 'school' } });
  const ofCourse = await get(`/courses/${encodeURIComponent(mathsA.course.sourcedId)}/classes`);
  expect(ofCourse.body.classes.map((k: { sourcedId: string }) => k.sourcedId)).toContain(mathsA.sourcedId);
});

it('a parent is a guardian whose agents are the children, and a child names the parent', async () => {
  const parent = (await get(`/users?filter=${q("email='parent@demo.school'")}`)).body.users[0];
  expect(parent.roles[0].role).toBe('guardian');
  expect(parent.agents.length).toBeGreaterThan(0);
  const child = (await get(`/users/${parent.agents[0].sourcedId}`)).body.user;
  expect(child.agents.map((a: { sourcedId: string }) => a.sourcedId)).toContain(parent.sourcedId);
});

it('years, terms and grading periods: a year without terms has one spanning it; a term lists its grading periods', async () => {
  await t.ds.query(`UPDATE academic_years SET start_date = '2025-02-01', end_date = '2025-12-15' WHERE year = '2025'`);
  const [y2025] = await t.ds.query(`SELECT id FROM academic_years WHERE year = '2025'`);
  const [term] = await t.ds.query(
    `INSERT INTO academic_periods (academic_year_id, type, title, start_date, end_date) VALUES ($1, 'term', 'Term 1', '2025-02-01', '2025-06-30') RETURNING id`,
    [y2025.id],
  );
  await t.ds.query(
    `INSERT INTO academic_periods (academic_year_id, parent_id, type, title, start_date, end_date) VALUES
    ($1, $2, 'gradingPeriod', 'GP 1', '2025-02-01', '2025-04-15'), ($1, $2, 'gradingPeriod', 'GP 2', '2025-04-16', '2025-06-30')`,
    [y2025.id, term.id],
  );

  const years = await get(`/academicSessions?filter=${q("type='schoolYear'")}&sort=title`);
  expect(
    years.body.academicSessions.map((s: { title: string; startDate: string; endDate: string; schoolYear: string }) => [
      s.title,
      s.startDate,
      s.endDate,
      s.schoolYear,
    ]),
  ).toEqual([
    ['2025', '2025-02-01', '2025-12-15', '2025'],
    ['2026', '2026-01-01', '2026-12-31', '2026'],
  ]);

  const terms = await get('/terms?sort=startDate');
  expect(terms.body.academicSessions.map((s: { title: string; type: string }) => [s.title, s.type])).toEqual([
    ['Term 1', 'term'],
    ['2026', 'term'],
  ]);
  const wholeYear = terms.body.academicSessions[1];
  expect(wholeYear).toMatchObject({ startDate: '2026-01-01', endDate: '2026-12-31', parent: { type: 'academicSession' } });

  const gps = await get(`/terms/${term.id}/gradingPeriods?sort=startDate`);
  expect(gps.status).toBe(200);
  expect(
    gps.body.academicSessions.map((s: { title: string; type: string; parent: { sourcedId: string } }) => [
      s.title,
      s.type,
      s.parent.sourcedId,
    ]),
  ).toEqual([
    ['GP 1', 'gradingPeriod', term.id],
    ['GP 2', 'gradingPeriod', term.id],
  ]);
  expect((await get(`/gradingPeriods?filter=${q("title='GP 2'")}`)).body.academicSessions).toHaveLength(1);
  expect((await get(`/terms/${term.id}`)).body.academicSession.children).toHaveLength(2);
  // a class of 2026 lies in the term that spans 2026
  const classes2026 = await get(`/terms/${encodeURIComponent(wholeYear.sourcedId)}/classes`);
  expect(classes2026.body.classes.length).toBeGreaterThan(0);
});

it('pages by limit and offset with X-Total-Count and Link; every user once; statements do not grow with the page', async () => {
  const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM users`);
  const first = await get('/users?limit=2');
  expect(first.headers.get('x-total-count')).toBe(String(n));
  expect(first.body.users).toHaveLength(2);
  const link = first.headers.get('link')!;
  expect(link).toContain('rel="next"');
  expect(link).toContain('http://lms.test/ims/oneroster/rostering/v1p2/users?limit=2&offset=2');
  expect(link).not.toContain('rel="prev"');
  const seen: string[] = [];
  for (let offset = 0; offset < n; offset += 2) {
    const page = await get(`/users?limit=2&offset=${offset}&sort=familyName&orderBy=desc`);
    seen.push(...page.body.users.map((u: { sourcedId: string }) => u.sourcedId));
  }
  expect(new Set(seen).size).toBe(n);
  expect(seen).toHaveLength(n);
  const beyond = await get(`/users?offset=${n + 5}`);
  expect(beyond.status).toBe(200);
  expect(beyond.body.users).toEqual([]);
  expect(beyond.headers.get('x-total-count')).toBe(String(n));
  const small = await get('/users?limit=2');
  const large = await get('/users?limit=500');
  expect(large.body.users).toHaveLength(n);
  expect(small.sql).toBeGreaterThan(0);
  expect(large.sql).toBe(small.sql);
  // the default limit is 100
  expect((await get('/enrollments')).headers.get('link')).toContain('limit=100');
});

it('sorts, filters with AND and OR, ~ and !=, and selects fields', async () => {
  const desc = await get('/users?sort=email&orderBy=desc');
  const emails = desc.body.users.map((u: { email: string }) => u.email);
  expect(emails).toEqual([...emails].sort().reverse());

  const or = await get(`/users?filter=${q("email='teacher@demo.school' OR email='student@demo.school'")}&sort=email`);
  expect(or.body.users.map((u: { email: string }) => u.email)).toEqual(['student@demo.school', 'teacher@demo.school']);
  const and = await get(`/users?filter=${q("email~'DEMO.SCHOOL' AND role='student' AND email!='student2@demo.school'")}`);
  expect(and.body.users.map((u: { email: string }) => u.email)).toEqual(['student@demo.school']);
  const none = await get(`/users?filter=${q("email='teacher@demo.school' AND role='student'")}`);
  expect(none.body.users).toEqual([]);
  expect(none.headers.get('x-total-count')).toBe('0');
  const since = await get(`/users?filter=${q("dateLastModified>'2000-01-01T00:00:00.000Z'")}&limit=1`);
  expect(Number(since.headers.get('x-total-count'))).toBeGreaterThan(5);

  const slim = await get(`/users?fields=sourcedId,givenName&limit=1`);
  expect(Object.keys(slim.body.users[0]).sort()).toEqual(['givenName', 'sourcedId']);
  // an unknown field selects the whole object, as the specification says
  const whole = await get(`/users?fields=sourcedId,shoeSize&limit=1`);
  expect(whole.body.users[0]).toHaveProperty('roles');
  const one = await get(`/orgs/school?fields=name`);
  expect(one.body).toEqual({ org: { name: 'School' } });
});

it("answers the specification's refusals: 400, 401, 403, 404, 405 with imsx payloads, and changes nothing", async () => {
  const cases: Array<[string, number, string]> = [
    [`/users?filter=${q("shoeSize='9'")}`, 400, 'invalid_filter_field'],
    [`/users?filter=${q("email='a' XOR email='b'")}`, 400, 'invaliddata'],
    [`/users?filter=${q('email=unquoted')}`, 400, 'invaliddata'],
    ['/users?sort=shoeSize', 400, 'invalid_sort_field'],
    ['/users?limit=0', 400, 'invaliddata'],
    ['/users?limit=abc', 400, 'invaliddata'],
    ['/users?orderBy=up', 400, 'invaliddata'],
    ['/users/no-such-user', 404, 'unknownobject'],
    ['/teachers/no-such-user/classes', 404, 'unknownobject'],
    ['/classes/nope/students', 404, 'unknownobject'],
    ['/demographics/anyone', 404, 'unknownobject'],
    ['/nothing-here', 404, 'unknownobject'],
  ];
  for (const [path, status, minor] of cases) {
    const res = await get(path);
    expect([path, res.status, res.body]).toEqual([path, status, imsx(minor)]);
  }
  const student = (await get(`/students?filter=${q("email='student@demo.school'")}`)).body.users[0];
  expect((await get(`/teachers/${student.sourcedId}`)).status).toBe(404);
  expect((await get('/demographics')).body).toEqual({ demographics: [] });

  const anonymous = await c.call('GET', `${R}/users`, undefined, null);
  expect([anonymous.status, anonymous.body]).toEqual([401, imsx('unauthorisedrequest')]);
  const revokedLike = await c.call('GET', `${R}/users`, undefined, 'lmsat_not-a-token');
  expect([revokedLike.status, revokedLike.body]).toEqual([401, imsx('unauthorisedrequest')]);
  const person = await c.call('GET', `${R}/users`, undefined, admin);
  expect([person.status, person.body]).toEqual([403, imsx('forbidden')]);
  const gradebookOnly = await consumer(t, admin, [SCOPES.gradebookRead]);
  const wrongScope = await gradebookOnly.call('GET', `${R}/users`);
  expect([wrongScope.status, wrongScope.body]).toEqual([403, imsx('forbidden')]);
  expect(wrongScope.body.imsx_description).toContain(SCOPES.rosterRead);
  const put = await c.call('PUT', `${R}/users/x`, { user: {} });
  expect(put.status).toBe(405);
});
