import { startTestServer, TestServer } from '../../test/test-server';
import { walkConnection } from '../../test/walk-connection';
import { seedDemoSchool } from '../../app/seed';
import { makeSchool } from '../../test/academic.factories';
import { coursesForAllocations } from '../../test/courses.factories';
import { PAGE_TEXT } from '../../core/paging';

/**
 * The school's structure is paged (issue 26): classes, subjects, allocations and courses grow with the school
 * (a year at a time), so each is a connection walked by first/after, refused above its maximum (500) with the
 * maximum, and a page costs the same statements however many rows it holds; REST answers whole as before
 * unless ?limit= or ?offset= asks for a window, with the total in X-Total-Count.
 */
let t: TestServer;
let admin: string;
let teacher: string;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  admin = await t.login('admin@demo.school');
  teacher = await t.login('teacher@demo.school');
  const teachers: Array<{ id: string }> = await t.ds.query(`SELECT id FROM users WHERE role = 'Teacher' ORDER BY email`);
  // 3 years of 12 classes that share their names ("Class 1".."Class 12" each year): only the id tells ties apart
  const { classIds } = await makeSchool(t.ds, {
    years: 3,
    classesPerYear: 12,
    subjectsPerClass: 3,
    studentsPerClass: 0,
    teacherIds: teachers.map((x) => x.id),
  });
  await coursesForAllocations(t.ds, classIds);
  await t.ds.query(`INSERT INTO subjects (name) SELECT 'Paged subject ' || g FROM generate_series(1, 40) g`);
});
afterAll(() => t.close());

interface List {
  field: string;
  /** The selection of one node: nested fields come through the loaders, the same statements for any page. */
  node: string;
  args?: string;
  table: string;
  rest: string;
}

const LISTS: List[] = [
  {
    field: 'classes',
    node: 'id name academicYear { year } allocations { subject { name } teachers { email } }',
    table: 'classes',
    rest: '/classes',
  },
  { field: 'subjects', node: 'id name', table: 'subjects', rest: '/subjects' },
  {
    field: 'allocations',
    node: 'id class { name } subject { name } academicYear { year } teachers { id email }',
    table: 'allocations',
    rest: '/teacher-assignments',
  },
  {
    field: 'courses',
    node: 'id title subject { name } class { name } academicYear { year } teachers { id firstName } viewerCanDelete',
    table: 'courses',
    rest: '/courses',
  },
];

const pageOf = (l: List) => `query($first: Int, $after: String) {
  ${l.field}(first: $first, after: $after) { totalCount edges { cursor node { id } } nodes { ${l.node} } pageInfo { hasNextPage hasPreviousPage endCursor } }
}`;

const walk = (l: List, first: number, token = admin) => walkConnection((page) => t.gql(pageOf(l), page, token), l.field, first);

describe.each(LISTS.map((l) => [l.field, l] as const))('%s', (_field, l) => {
  it("a walk by first/after returns each row exactly once, in the REST list's order, in the same statements a page", async () => {
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM ${l.table}`);
    expect(n).toBeGreaterThan(30);
    const w = await walk(l, 7);
    expect(w.total).toBe(n);
    expect(w.ids).toHaveLength(n);
    expect(new Set(w.ids).size).toBe(n);
    expect(w.pages).toBe(Math.ceil(n / 7));
    expect(w.statements.size).toBe(1);
    const whole = await t.rest('GET', l.rest, { token: admin });
    expect(whole.body.data.map((x: { _id: string }) => x._id)).toEqual(w.ids);
  });

  it('a page costs the same statements for 2 rows as for 100', async () => {
    const small = await t.gql(pageOf(l), { first: 2 }, admin);
    const large = await t.gql(pageOf(l), { first: 100 }, admin);
    expect([small.errors, large.errors]).toEqual([undefined, undefined]);
    expect(small.data[l.field].nodes).toHaveLength(2);
    expect(large.data[l.field].nodes.length).toBeGreaterThan(30);
    expect(large.sql).toBe(small.sql);
  });

  it('a first above the maximum is refused with the maximum, never cut', async () => {
    const res = await t.gql(pageOf(l), { first: 501 }, admin);
    expect(res.data).toBeNull();
    expect(res.errors?.[0]).toMatchObject({ message: PAGE_TEXT.firstRange(500), extensions: { code: 'VALIDATION', field: 'first' } });
    expect((await t.gql(pageOf(l), { first: 500 }, admin)).errors).toBeUndefined();
  });

  it('REST answers whole without a window, and honours limit and offset with the total in X-Total-Count', async () => {
    const whole = await t.rest('GET', l.rest, { token: admin });
    expect([whole.status, whole.headers.get('x-total-count')]).toEqual([200, null]);
    const ids = whole.body.data.map((x: { _id: string }) => x._id);
    const page = await t.rest('GET', `${l.rest}?limit=5&offset=3`, { token: admin });
    expect([page.status, page.headers.get('x-total-count'), page.body.data]).toEqual([
      200,
      String(ids.length),
      whole.body.data.slice(3, 8),
    ]);
    const tail = await t.rest('GET', `${l.rest}?offset=${ids.length - 2}`, { token: admin });
    expect(tail.body.data.map((x: { _id: string }) => x._id)).toEqual(ids.slice(-2));
    const tooMany = await t.rest('GET', `${l.rest}?limit=501`, { token: admin });
    expect([tooMany.status, tooMany.body]).toEqual([
      400,
      { success: false, code: 'VALIDATION', field: 'limit', message: PAGE_TEXT.limitRange(500) },
    ]);
  });
});

it('filters stay: a teacher walks only their own allocations and courses, classes of one year stay of that year', async () => {
  const own = await walk(LISTS[2], 5, teacher);
  const [{ n }] = await t.ds.query(
    `SELECT count(*)::int AS n FROM allocation_teachers x JOIN users u ON u.id = x.teacher_id WHERE u.email = 'teacher@demo.school'`,
  );
  expect([own.total, new Set(own.ids).size]).toEqual([n, n]);
  const REST = await t.rest('GET', '/teacher-assignments?limit=3', { token: teacher });
  expect(REST.headers.get('x-total-count')).toBe(String(n));

  const [{ id: year, count }] = await t.ds.query(
    `SELECT academic_year_id AS id, count(*)::int AS count FROM classes GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
  );
  const ofYear = await t.gql(
    'query($y: ID) { classes(academicYearId: $y, first: 5) { totalCount nodes { academicYear { id } } } }',
    { y: year },
    admin,
  );
  expect(ofYear.data.classes.totalCount).toBe(count);
  expect(ofYear.data.classes.nodes.every((c: { academicYear: { id: string } }) => c.academicYear.id === year)).toBe(true);
  const restOfYear = await t.rest('GET', `/classes/academic-year/${year}?limit=2`, { token: admin });
  expect([restOfYear.body.data.length, restOfYear.headers.get('x-total-count')]).toEqual([2, String(count)]);
});
