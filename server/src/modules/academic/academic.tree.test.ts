import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeSchool } from '../../test/academic.factories';

/**
 * academicTree in one statement (academic.tree.ts, issue 28): the same classes and allocations, in the same
 * orders and under the same 'allocation.read', as the loaders that answer the same fields elsewhere; built lean
 * when the operation asks no more than the course-management page does.
 */
let t: TestServer;
const tok: Record<string, string> = {};
let year: string;

// the web's CourseManagementTree (web/src/features/academic/academic.graphql), through an alias and a fragment
const PAGE = `query ($y: ID!) { academicTree(academicYearId: $y) { id classes { ...Cls allocations { __typename id
  subject { id title: name } teachers { id firstName lastName } } } } }
  fragment Cls on SchoolClass { id name grade description isActive }`;
// the same fields through classes(), whose allocations the loaders read (the page size a variable: the static cost
// multiplies a written number only)
const BY_LOADERS = `query ($y: ID!, $n: Int) { classes(academicYearId: $y, first: $n) { nodes { id name grade description isActive
  allocations { id subject { id name } teachers { id firstName lastName } } } } }`;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['admin', 'teacher', 'student', 'parent']) tok[who] = await t.login(`${who}@demo.school`);
  const teachers: Array<{ id: string }> = await t.ds.query(`SELECT id FROM users WHERE role = 'Teacher' ORDER BY email`);
  await makeSchool(t.ds, { years: 1, classesPerYear: 6, subjectsPerClass: 3, studentsPerClass: 1, teacherIds: teachers.map((x) => x.id) });
  // the year with the most allocations, with a second teacher on some of them (their order is by name)
  [{ id: year }] = await t.ds.query(`SELECT academic_year_id AS id FROM allocations GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
  await t.ds.query(
    `INSERT INTO allocation_teachers (allocation_id, teacher_id)
     SELECT a.id, u.id FROM (SELECT id FROM allocations WHERE academic_year_id = $1 ORDER BY id LIMIT 4) a
       CROSS JOIN (SELECT id FROM users WHERE role = 'Teacher' ORDER BY last_name DESC LIMIT 1) u
     ON CONFLICT DO NOTHING`,
    [year],
  );
});
afterAll(() => t.close());

/** Records which `lean` each call of the years service's tree was given. */
function leanAsked(): { asked: boolean[]; restore: () => void } {
  const years = t.services.academic.years;
  const tree = years.tree.bind(years);
  const asked: boolean[] = [];
  years.tree = (actor, id, lean = false) => (asked.push(lean), tree(actor, id, lean));
  return {
    asked,
    restore: () => {
      years.tree = tree;
    },
  };
}

it.each(['admin', 'teacher', 'student', 'parent'])(
  "the page's tree (%s) is one statement besides the session, lean, and answers what the loaders answer",
  async (who) => {
    const spy = leanAsked();
    const page = await t.gql(PAGE, { y: year }, tok[who]);
    spy.restore();
    const loaded = await t.gql(BY_LOADERS, { y: year, n: 500 }, tok[who]);
    expect([page.errors, loaded.errors]).toEqual([undefined, undefined]);
    expect(spy.asked).toEqual([true]);
    expect(page.sql).toBe(2);
    const [tree] = page.data.academicTree;
    expect(tree.id).toBe(year);
    const classes = tree.classes.map((c: any) => ({
      ...c,
      allocations: c.allocations.map(({ __typename, subject: { title, ...s }, ...a }: any) => ({ ...a, subject: { ...s, name: title } })),
    }));
    // the tree's classes by name (then id); classes() orders them so within a year too
    expect(classes).toEqual(loaded.data.classes.nodes);
    const allocations = classes.flatMap((c: any) => c.allocations);
    if (who === 'admin') {
      expect(allocations.length).toBeGreaterThan(10);
      expect(allocations.some((a: any) => a.teachers.length > 1)).toBe(true);
    } else if (who === 'teacher') {
      expect(allocations.length).toBeGreaterThan(0);
      const [{ n }] = await t.ds.query(
        `SELECT count(*)::int AS n FROM allocations a JOIN allocation_teachers x ON x.allocation_id = a.id
           JOIN users u ON u.id = x.teacher_id WHERE a.academic_year_id = $1 AND u.email = 'teacher@demo.school'`,
        [year],
      );
      expect(allocations.length).toBe(n);
    } else {
      expect(allocations).toEqual([]);
    }
  },
);

it('an operation asking more of any level reads the tree whole: the same answer, and a year asked for that is not there is NOT_FOUND', async () => {
  const spy = leanAsked();
  const lean = await t.gql(PAGE, { y: year }, tok.admin);
  const more = await t.gql(
    `query ($y: ID!) { academicTree(academicYearId: $y) { id startDate classes { id name grade description isActive
    academicYear { id } allocations { __typename id createdAt class { id } subject { id title: name description }
    teachers { id firstName lastName email } } } } }`,
    { y: year },
    tok.admin,
  );
  const all = await t.gql('{ academicTree { id year classes { id allocations { id teachers { id } } } } }', {}, tok.admin);
  const deep = await t.gql(
    'query ($y: ID!) { academicTree(academicYearId: $y) { id classes { id allocations { id teachers { id role } } } } }',
    { y: year },
    tok.admin,
  );
  const missing = await t.gql(PAGE, { y: '00000000-0000-4000-8000-000000000000' }, tok.admin);
  const malformed = await t.gql(PAGE, { y: 'not-an-id' }, tok.admin);
  spy.restore();
  expect(spy.asked).toEqual([true, false, true, false, true, true]);
  expect([lean.errors, more.errors, all.errors, deep.errors]).toEqual([undefined, undefined, undefined, undefined]);
  expect(more.sql).toBe(lean.sql + 2); // the classes' year and the allocations' class, each one load
  const [whole] = more.data.academicTree;
  expect(whole.classes.every((c: any) => c.academicYear.id === year)).toBe(true);
  expect(whole.classes.every((c: any) => c.allocations.every((a: any) => a.class.id === c.id && typeof a.createdAt === 'string'))).toBe(
    true,
  );
  expect(lean.data.academicTree[0].classes).toEqual(
    whole.classes.map(({ academicYear, ...c }: any) => ({
      ...c,
      allocations: c.allocations.map((a: any) => ({
        __typename: 'Allocation',
        id: a.id,
        subject: { id: a.subject.id, title: a.subject.title },
        teachers: a.teachers.map((x: any) => ({ id: x.id, firstName: x.firstName, lastName: x.lastName })),
      })),
    })),
  );
  // every year, newest first, in the same one statement
  expect(all.sql).toBe(2);
  expect(all.data.academicTree.map((y: any) => y.year)).toEqual([...all.data.academicTree.map((y: any) => y.year)].sort().reverse());
  expect(all.data.academicTree.find((y: any) => y.id === year).classes.map((c: any) => c.id)).toEqual(whole.classes.map((c: any) => c.id));
  expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  expect(malformed.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
});

it('the lean statement builds each level with its lean fields alone', async () => {
  const [me] = await t.ds.query(`SELECT id, role FROM users WHERE email = 'admin@demo.school'`);
  const actor = { userId: me.id, role: me.role, activeRole: me.role, impersonating: false, sessionId: 's', childIds: [] };
  const [bare] = await t.services.academic.years.tree(actor as never, year, true);
  const keys = (o: object) => Object.keys(o).sort().join();
  const classes = bare.treeClasses!;
  const allocations = classes.flatMap((c) => c.readableAllocations!);
  expect(allocations.length).toBeGreaterThan(10);
  expect(keys(bare)).toBe('id,isActive,treeClasses,year');
  expect(classes.every((c) => keys(c) === 'description,grade,id,isActive,name,readableAllocations')).toBe(true);
  expect(allocations.every((a) => keys(a) === 'id,subject,teachers' && keys(a.subject!) === 'id,name')).toBe(true);
  expect(allocations.flatMap((a) => a.teachers!).every((u) => keys(u) === 'firstName,id,lastName')).toBe(true);
});
