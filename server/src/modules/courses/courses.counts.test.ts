import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeSchool } from '../../test/academic.factories';
import { coursesForAllocations, fillCourses } from '../../test/courses.factories';

/**
 * DESIGN.md rule 4: pages load in a fixed number of statements whatever the school size. Each request is
 * measured on the demo school, then again after a larger school is added (2 more years, 10 classes,
 * 30 allocations of both demo teachers with a course each) and every course, the demo ones included, gets
 * 12 more modules with content, 12 announcements and 12 threads with replies.
 */
let t: TestServer;
const tok: Record<string, string> = {};
let math: string;

const MY_COURSES = `{ myCourses { academicYear { year } classes { class { name academicYear { year } } subjects { subject { name } allocationId
  courses { id title teachers { firstName } modules { title } } } } } }`;

const COURSE_PAGE = `query($id: ID!) { course(id: $id) {
  id title description viewerCanManage subject { name } class { name } academicYear { year } teachers { firstName lastName }
  modules { id title moduleType order isVisible description contents { id title contentType fileName fileSize isVisible downloadUrl } }
  announcements { id title content isVisible createdAt author { firstName lastName } }
  discussions { id title content createdAt viewerCanChange author { id firstName lastName role }
    replies { id content createdAt viewerCanChange author { id firstName lastName role } } } } }`;

const STUDENT_COURSES = `{ studentCourses { studentInfo { academicYear { id year isActive } class { id name } }
  courses { id title subject { id name } class { id name } academicYear { id year isActive } teachers { firstName lastName } } } }`;

type Probe = { name: string; run: () => Promise<{ sql: number; size: number }> };
const count = (r: { sql: number }, size: number) => ({ sql: r.sql, size });
const pageSize = (c: any) =>
  c.modules.length +
  c.modules.flatMap((m: any) => m.contents).length +
  c.announcements.length +
  c.discussions.length +
  c.discussions.flatMap((d: any) => d.replies).length;

const probes: Probe[] = [
  {
    name: 'GraphQL myCourses (teacher)',
    run: async () => {
      const r = await t.gql(MY_COURSES, {}, tok.teacher);
      expect(r.errors).toBeUndefined();
      const courses = r.data.myCourses
        .flatMap((y: any) => y.classes)
        .flatMap((c: any) => c.subjects)
        .flatMap((s: any) => s.courses);
      return count(r, courses.length + courses.flatMap((c: any) => c.modules).length);
    },
  },
  {
    name: 'GraphQL course page (teacher: hidden items too)',
    run: async () => {
      const r = await t.gql(COURSE_PAGE, { id: math }, tok.teacher);
      expect(r.errors).toBeUndefined();
      return count(r, pageSize(r.data.course));
    },
  },
  {
    name: 'GraphQL student course page (visible items only)',
    run: async () => {
      const r = await t.gql(COURSE_PAGE, { id: math }, tok.student);
      expect(r.errors).toBeUndefined();
      const c = r.data.course;
      expect(c.modules.every((m: any) => m.isVisible && m.contents.every((x: any) => x.isVisible))).toBe(true);
      expect(c.announcements.every((a: any) => a.isVisible)).toBe(true);
      return count(r, pageSize(c));
    },
  },
  {
    name: 'GraphQL courses (admin)',
    run: async () => {
      const r = await t.gql(
        '{ courses(first: 500) { nodes { title subject { name } class { name } academicYear { year } teachers { firstName } } } }',
        {},
        tok.admin,
      );
      return count(r, r.data.courses.nodes.length);
    },
  },
  {
    name: 'GET /courses (teacher)',
    run: async () => {
      const r = await t.rest('GET', '/courses', { token: tok.teacher });
      return count(r, r.body.data.length);
    },
  },
  {
    name: "GraphQL studentCourses (the student's dashboard)",
    run: async () => {
      const r = await t.gql(STUDENT_COURSES, {}, tok.student);
      expect(r.errors).toBeUndefined();
      return count(r, r.data.studentCourses.courses.length);
    },
  },
  {
    name: 'GET /courses/student/all-courses',
    run: async () => {
      const r = await t.rest('GET', '/courses/student/all-courses', { token: tok.student });
      return count(r, r.body.data.length);
    },
  },
  {
    name: 'GET /modules/course/{id} (student)',
    run: async () => {
      const r = await t.rest('GET', `/modules/course/${math}`, { token: tok.student });
      return count(r, r.body.data.length);
    },
  },
  {
    name: 'GET /announcements/course/{id}',
    run: async () => {
      const r = await t.rest('GET', `/announcements/course/${math}`, { token: tok.teacher });
      return count(r, r.body.data.length);
    },
  },
  {
    name: 'GET /discussions/course/{id}',
    run: async () => {
      const r = await t.rest('GET', `/discussions/course/${math}`, { token: tok.student });
      return count(r, r.body.data.length + r.body.data.flatMap((d: any) => d.replies).length);
    },
  },
  {
    name: 'GET /modules/reuse/available/{id}',
    run: async () => {
      const r = await t.rest('GET', `/modules/reuse/available/${math}`, { token: tok.teacher });
      return count(r, r.body.data.length);
    },
  },
];

const small: Record<string, { sql: number; size: number }> = {};

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'teacher2', 'student', 'student2', 'admin', 'parent']) tok[who] = await t.login(`${who}@demo.school`);
  [{ id: math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  for (const p of probes) small[p.name] = await p.run();

  const people: Array<{ id: string }> = await t.ds.query(
    `SELECT id FROM users WHERE email IN ('teacher@demo.school', 'teacher2@demo.school', 'student@demo.school', 'student2@demo.school') ORDER BY email`,
  );
  const [teacher, teacher2] = (await t.ds.query(
    `SELECT id FROM users WHERE email IN ('teacher@demo.school', 'teacher2@demo.school') ORDER BY email`,
  )) as Array<{ id: string }>;
  const school = await makeSchool(t.ds, {
    years: 2,
    classesPerYear: 5,
    subjectsPerClass: 3,
    studentsPerClass: 2,
    teacherIds: [teacher.id, teacher2.id],
  });
  const bulk = await coursesForAllocations(t.ds, school.classIds);
  // more courses in the demo students' own class
  await t.ds.query(
    `INSERT INTO courses (title, subject_id, class_id, academic_year_id)
     SELECT 'EXTRA-' || g, c.subject_id, c.class_id, c.academic_year_id FROM courses c, generate_series(1, 5) g WHERE c.id = $1`,
    [math],
  );
  const all: Array<{ id: string }> = await t.ds.query('SELECT id FROM courses');
  expect(all.length).toBeGreaterThan(bulk.length);
  await fillCourses(
    t.ds,
    all.map((c) => c.id),
    people.map((p) => p.id),
    12,
  );
}, 60_000);
afterAll(() => t.close());

it.each(probes.map((p) => [p.name, p] as const))('%s: same statement count on a larger school', async (_name, probe) => {
  const large = await probe.run();
  expect(large.size).toBeGreaterThan(small[probe.name].size);
  expect(large.sql).toBe(small[probe.name].sql);
  expect(large.sql).toBeGreaterThan(0);
});

it('the course page takes at most 12 statements (session, authorization, course, and one per list)', async () => {
  const r = await t.gql(COURSE_PAGE, { id: math }, tok.teacher);
  expect(r.sql).toBeLessThanOrEqual(12);
});

it('studentCourses and its REST twins are the session and one statement (courses.student-courses.ts)', async () => {
  expect((await t.gql(STUDENT_COURSES, {}, tok.student)).sql).toBe(2);
  for (const path of ['/courses/student/all-courses', '/courses/student/my-courses'])
    expect((await t.rest('GET', path, { token: tok.student })).sql).toBe(2);
  // other roles have no class: the role is refused before any statement
  expect((await t.gql(STUDENT_COURSES, {}, tok.teacher)).sql).toBe(1);
});

it("studentCourses reads the courses' teachers only when they are asked for, through fragments too, in the same two statements", async () => {
  const withTeachers = await t.gql(STUDENT_COURSES, {}, tok.student);
  const throughFragments = await t.gql(
    `query { studentCourses { ...Placed } }
    fragment Placed on StudentCourses { studentInfo { academicYear { id year isActive } class { id name } } courses { ...Card } }
    fragment Card on Course { id title subject { id name } class { id name } academicYear { id year isActive } ... on Course { teachers { firstName lastName } } }`,
    {},
    tok.student,
  );
  expect(throughFragments.errors).toBeUndefined();
  expect(throughFragments.data).toEqual(withTeachers.data);
  expect(throughFragments.sql).toBe(2);
  expect(withTeachers.data.studentCourses.courses.some((c: any) => c.teachers.length > 0)).toBe(true);
  const without = await t.gql('{ studentCourses { courses { id title subject { name } } } }', {}, tok.student);
  expect(without.sql).toBe(2);
  expect(without.data.studentCourses.courses.map((c: any) => c.id)).toEqual(withTeachers.data.studentCourses.courses.map((c: any) => c.id));
  // left out of the statement, not only of the answer
  const [student] = await t.ds.query(`SELECT id, role FROM users WHERE email = 'student@demo.school'`);
  const actor = { userId: student.id, role: student.role, activeRole: student.role, impersonating: false, sessionId: 's', childIds: [] };
  const bare = await t.services.courses.studentCourses(actor as never, { teachers: false, whole: true });
  expect(bare.courses.length).toBe(withTeachers.data.studentCourses.courses.length);
  expect(bare.courses.every((c) => c.teachers === undefined)).toBe(true);
});

it('studentCourses and childCourses build each course whole only when the operation may ask more than its id, title, places and teachers', async () => {
  const courses = t.services.courses;
  const coursesOfStudent = courses.coursesOfStudent.bind(courses);
  const asked: unknown[] = [];
  courses.coursesOfStudent = (...args: Parameters<typeof coursesOfStudent>) => {
    asked.push(args[2]);
    return coursesOfStudent(...args);
  };
  const WHOLE =
    'id title description version createdAt updatedAt subject { id name } class { id name } academicYear { id year } teachers { id lastName }';
  const whole = await t.gql(`{ studentCourses { courses { ${WHOLE} } } }`, {}, tok.student);
  // the web's student dashboard: id, title and places; through an alias and a fragment
  const lean = await t.gql(
    `{ studentCourses { courses { ...Card } } }
    fragment Card on Course { __typename id name: title subject { id name } class { id name } academicYear { id year } teachers { id lastName } }`,
    {},
    tok.student,
  );
  const [student] = await t.ds.query(`SELECT id FROM users WHERE email = 'student@demo.school'`);
  const child = await t.gql(
    `query($s: ID!) { childCourses(studentId: $s) { courses { id title version } } }`,
    { s: student.id },
    tok.parent,
  );
  courses.coursesOfStudent = coursesOfStudent;
  expect([whole.errors, lean.errors, child.errors]).toEqual([undefined, undefined, undefined]);
  expect(asked).toEqual([
    { teachers: true, whole: true },
    { teachers: true, whole: false },
    { teachers: false, whole: true },
  ]);
  expect(lean.sql).toBe(whole.sql);
  expect(lean.data.studentCourses.courses).toEqual(
    whole.data.studentCourses.courses.map((c: Record<string, unknown>) => ({
      __typename: 'Course',
      id: c.id,
      name: c.title,
      subject: c.subject,
      class: c.class,
      academicYear: c.academicYear,
      teachers: c.teachers,
    })),
  );
  expect(child.data.childCourses.courses).toEqual(
    whole.data.studentCourses.courses.map((c: Record<string, unknown>) => ({ id: c.id, title: c.title, version: c.version })),
  );
  // left out of the statement, not only of the answer
  const [me] = await t.ds.query(`SELECT id, role FROM users WHERE email = 'student@demo.school'`);
  const actor = { userId: me.id, role: me.role, activeRole: me.role, impersonating: false, sessionId: 's', childIds: [] };
  const bare = await t.services.courses.studentCourses(actor as never, { teachers: false, whole: false });
  expect(bare.courses.length).toBeGreaterThan(1);
  expect(bare.courses.every((c) => c.description === undefined && c.version === undefined && c.subject?.name)).toBe(true);
});
