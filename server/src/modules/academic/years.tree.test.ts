import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../db/seed';
import { makeSchool } from '../../test/academic.factories';
import { Actor } from '../../policies';
import { AcademicYear } from './academic-year.entity';

/**
 * academicTree builds its tree in one statement (years.tree.ts). Its answers must be exactly those of the path it
 * replaced (the year read, then the classes and allocations loaders; kept here as the yardstick): every field,
 * every role (a teacher's own allocations, none for students and parents), one year, every year, and the
 * NOT_FOUND of a bad or unknown id.
 */
let t: TestServer;
const tok: Record<string, string> = {};
const WHO = ['admin', 'superadmin', 'teacher', 'teacher2', 'student', 'parent'];

const TREE = `query($y: ID) { academicTree(academicYearId: $y) { id year isActive startDate endDate createdAt
  classes { id name grade description isActive createdAt academicYear { id year }
    allocations { id createdAt class { id name } academicYear { id } subject { id name description isActive createdAt }
      teachers { id firstName lastName email role activated createdAt } } } } }`;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of WHO) tok[who] = await t.login(`${who}@demo.school`);
  const teachers: Array<{ id: string }> = await t.ds.query(`SELECT id FROM users WHERE role = 'Teacher' ORDER BY email`);
  await makeSchool(t.ds, { years: 2, classesPerYear: 3, subjectsPerClass: 3, studentsPerClass: 2, teacherIds: teachers.map((x) => x.id) });
  // an empty year, a class with no allocations, and an allocation with no teachers
  await t.ds.query(`INSERT INTO academic_years (year) VALUES ('Empty year')`);
  await t.ds.query(`DELETE FROM allocation_teachers WHERE allocation_id = (SELECT id FROM allocations ORDER BY id LIMIT 1)`);
}, 60_000);
afterAll(() => t.close());

async function both(who: string, y: string | null) {
  const years = t.services.academic.years;
  const tree = years.tree;
  const fresh = await t.gql(TREE, { y }, tok[who]);
  years.tree = async (actor: Actor, id: string | null): Promise<Array<AcademicYear & { classes: never[] }>> =>
    (id === null ? await years.list(actor) : [await years.get(actor, id)]) as Array<AcademicYear & { classes: never[] }>;
  try {
    return { fresh, orm: await t.gql(TREE, { y }, tok[who]) };
  } finally {
    years.tree = tree;
  }
}

it('answers as the loaders did, for every role, one year and every year', async () => {
  const ids: Array<{ id: string }> = await t.ds.query('SELECT id FROM academic_years ORDER BY year');
  expect(ids.length).toBeGreaterThan(3);
  let allocations = 0;
  for (const who of WHO) {
    for (const y of [null, ...ids.map((x) => x.id)]) {
      const { fresh, orm } = await both(who, y);
      expect(fresh.errors).toBeUndefined();
      expect(fresh.data).toEqual(orm.data);
      expect(fresh.sql).toBeLessThanOrEqual(orm.sql);
      for (const year of fresh.data.academicTree) for (const c of year.classes) allocations += c.allocations.length;
    }
  }
  expect(allocations).toBeGreaterThan(30);
}, 120_000);

it('a bad or unknown year is NOT_FOUND as before', async () => {
  for (const y of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
    for (const who of ['admin', 'student']) {
      const { fresh, orm } = await both(who, y);
      expect(fresh.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(fresh.errors?.[0]?.message).toBe(orm.errors?.[0]?.message);
    }
  }
});
