import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeSchool } from '../../test/academic.factories';

/**
 * DESIGN.md rule 4: lists load in a fixed number of statements whatever the school size. Each request is
 * measured on the demo school (2 years, 4 classes, 6 allocations, 2 placed students) and again after a
 * much larger school is added (3 more years, 30 classes, 90 allocations, 150 placed students).
 */
let t: TestServer;
let admin: string;
let teacher: string;
let teacherId: string;

const TREE = `{ academicTree { id year isActive classes { id name grade academicYear { year }
  allocations { id subject { name } teachers { id firstName email } class { name } academicYear { year } } } } }`;
const YEAR_TREE = `query ($y: ID) { academicTree(academicYearId: $y) { id year isActive classes { id name grade description isActive
  allocations { id version createdAt subject { id name } teachers { id firstName lastName } } } } subjects(first: 1) { totalCount } }`;
// the page size as a variable: the static cost multiplies a written number only (the answer-size rule bounds variables)
const ALLOCATIONS =
  'query($n: Int) { allocations(first: $n) { nodes { id class { name grade } subject { name } academicYear { year } teachers { email } } } }';
const CLASSES = 'query($n: Int) { classes(first: $n) { nodes { id name academicYear { year } allocations { subject { name } } } } }';
const STUDENTS = '{ users(role: STUDENT, first: 200) { nodes { email class { name academicYear { year } } academicYear { year } } } }';

/** The year with the most allocations (of this teacher, if given). */
async function biggestYear(ofTeacher?: string): Promise<string> {
  const [{ id }] = await t.ds.query(
    `SELECT a.academic_year_id AS id FROM allocations a
      WHERE $1::uuid IS NULL OR EXISTS (SELECT 1 FROM allocation_teachers x WHERE x.allocation_id = a.id AND x.teacher_id = $1)
      GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    [ofTeacher ?? null],
  );
  return id;
}

type Probe = { name: string; run: () => Promise<{ sql: number; size: number }> };
const probes: Probe[] = [
  {
    name: 'GraphQL academicTree (admin)',
    run: async () => {
      const r = await t.gql(TREE, {}, admin);
      expect(r.errors).toBeUndefined();
      const size = r.data.academicTree.flatMap((y: any) => y.classes).flatMap((c: any) => c.allocations).length;
      return { sql: r.sql, size };
    },
  },
  {
    name: 'GraphQL academicTree (teacher, filtered)',
    run: async () => {
      const r = await t.gql(TREE, {}, teacher);
      const size = r.data.academicTree.flatMap((y: any) => y.classes).flatMap((c: any) => c.allocations).length;
      return { sql: r.sql, size };
    },
  },
  {
    // the course-management page: one year's tree (the year with the most allocations: a demo year, then a bulk one)
    name: 'GraphQL academicTree(academicYearId) (admin)',
    run: async () => {
      const id = await biggestYear();
      const r = await t.gql(YEAR_TREE, { y: id }, admin);
      expect(r.errors).toBeUndefined();
      expect(r.data.academicTree.map((y: any) => y.id)).toEqual([id]);
      const size = r.data.academicTree.flatMap((y: any) => y.classes).flatMap((c: any) => c.allocations).length;
      return { sql: r.sql, size };
    },
  },
  {
    name: 'GraphQL academicTree(academicYearId) (teacher, filtered)',
    run: async () => {
      const id = await biggestYear(teacherId);
      const r = await t.gql(YEAR_TREE, { y: id }, teacher);
      expect(r.errors).toBeUndefined();
      const size = r.data.academicTree.flatMap((y: any) => y.classes).flatMap((c: any) => c.allocations).length;
      return { sql: r.sql, size };
    },
  },
  {
    name: 'GraphQL allocations',
    run: async () => {
      const r = await t.gql(ALLOCATIONS, { n: 500 }, admin);
      expect(r.errors).toBeUndefined();
      return { sql: r.sql, size: r.data.allocations.nodes.length };
    },
  },
  {
    name: 'GraphQL classes',
    run: async () => {
      const r = await t.gql(CLASSES, { n: 500 }, admin);
      return { sql: r.sql, size: r.data.classes.nodes.length };
    },
  },
  {
    name: 'GraphQL users(role: STUDENT) with placement',
    run: async () => {
      const r = await t.gql(STUDENTS, {}, admin);
      return { sql: r.sql, size: r.data.users.nodes.length };
    },
  },
  {
    name: 'GET /teacher-assignments',
    run: async () => {
      const r = await t.rest('GET', '/teacher-assignments', { token: admin });
      return { sql: r.sql, size: r.body.data.length };
    },
  },
  {
    name: 'GET /teacher-assignments/teacher/{id}',
    run: async () => {
      const r = await t.rest('GET', `/teacher-assignments/teacher/${teacherId}`, { token: teacher });
      return { sql: r.sql, size: r.body.data.length };
    },
  },
  {
    name: 'GET /classes',
    run: async () => {
      const r = await t.rest('GET', '/classes', { token: admin });
      return { sql: r.sql, size: r.body.data.length };
    },
  },
  {
    name: 'GET /academic-years',
    run: async () => {
      const r = await t.rest('GET', '/academic-years', { token: admin });
      return { sql: r.sql, size: r.body.data.length };
    },
  },
  {
    name: 'GET /users?role=Student with placement',
    run: async () => {
      const r = await t.rest('GET', '/users?role=Student', { token: admin });
      return { sql: r.sql, size: r.body.data.filter((u: any) => u.class && u.academicYear).length };
    },
  },
];

const small: Record<string, { sql: number; size: number }> = {};

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  admin = await t.login('admin@demo.school');
  teacher = await t.login('teacher@demo.school');
  [{ id: teacherId }] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
  for (const p of probes) small[p.name] = await p.run();
  const teachers: Array<{ id: string }> = await t.ds.query(`SELECT id FROM users WHERE role = 'Teacher' ORDER BY email`);
  await makeSchool(t.ds, { years: 3, classesPerYear: 10, subjectsPerClass: 3, studentsPerClass: 5, teacherIds: teachers.map((x) => x.id) });
});
afterAll(() => t.close());

it.each(probes.map((p) => [p.name, p] as const))('%s: same statements for a small and a large school', async (_name, p) => {
  const large = await p.run();
  expect(large.size).toBeGreaterThan(small[p.name].size);
  expect(small[p.name].sql).toBeGreaterThan(0);
  expect(large.sql).toBe(small[p.name].sql);
});

it('the tree takes one statement per level (plus the session), not one per row', async () => {
  const r = await t.gql(TREE, {}, admin);
  // session lookup + years + classes + allocations with subject and teachers + class and year of each allocation
  expect(r.sql).toBeLessThanOrEqual(7);
  expect(r.data.academicTree.flatMap((y: any) => y.classes).flatMap((c: any) => c.allocations).length).toBeGreaterThanOrEqual(96);
});

it('academicTree(academicYearId) answers that year only, like the full tree does for it; NOT_FOUND for an unknown year', async () => {
  const id = await biggestYear();
  const one = await t.gql(YEAR_TREE, { y: id }, admin);
  const all = await t.gql(YEAR_TREE, {}, admin);
  expect(one.errors).toBeUndefined();
  expect(all.data.academicTree.length).toBeGreaterThan(1);
  expect(one.data.academicTree).toEqual(all.data.academicTree.filter((y: any) => y.id === id));
  expect(one.sql).toBeLessThanOrEqual(all.sql);
  const missing = await t.gql(YEAR_TREE, { y: '00000000-0000-4000-8000-000000000000' }, admin);
  expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
});
