import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { fillCourses } from '../../test/courses.factories';
import { coursePageSql } from './courses.page';
import { analyzedPlan, nodesOf } from '../../test/plans';

/**
 * course(id) builds the whole page in one statement (courses.page.ts). It must answer exactly what the same
 * course answers when reached through a list, whose modules, content, announcements and discussions come from
 * the loaders (the rules' SQL twins each): every field, every role, hidden items and deleted authors included.
 */
let t: TestServer;
const tok: Record<string, string> = {};

const USER = 'id firstName lastName email role activated deactivatedAt createdAt';
const POST = `id title content createdAt version parentDiscussionId viewerCanChange author { ${USER} }`;
const PAGE = `id title description version createdAt updatedAt viewerCanManage viewerCanDelete viewerCanPost
  subject { id name description isActive createdAt version } class { id name grade description isActive createdAt version academicYear { id year } }
  academicYear { id year isActive startDate endDate createdAt version } teachers { ${USER} }
  modules { id title description moduleType order isVisible version createdAt course { id }
    contents { id title description contentType fileName fileSize mimeType isVisible downloadUrl version createdAt module { id } } }
  announcements { id courseId title content isVisible createdAt version author { ${USER} } }
  discussions { ${POST} replies { ${POST} } }`;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  const people: Array<{ id: string }> = await t.ds.query(
    `SELECT id FROM users WHERE email IN ('teacher@demo.school', 'teacher2@demo.school', 'student@demo.school', 'student2@demo.school') ORDER BY email`,
  );
  const courses: Array<{ id: string }> = await t.ds.query('SELECT id FROM courses');
  await fillCourses(
    t.ds,
    courses.map((c) => c.id),
    people.map((p) => p.id),
    3,
  );
  // some hidden items, and an author whose account is gone
  await t.ds.query(`UPDATE course_modules SET is_visible = false WHERE id IN (SELECT id FROM course_modules ORDER BY id LIMIT 3)`);
  await t.ds.query(`UPDATE contents SET is_visible = false WHERE id IN (SELECT id FROM contents ORDER BY id DESC LIMIT 4)`);
  await t.ds.query(`UPDATE announcements SET is_visible = false WHERE id IN (SELECT id FROM announcements ORDER BY id LIMIT 3)`);
  await t.ds.query(`UPDATE announcements SET author_id = NULL WHERE id IN (SELECT id FROM announcements ORDER BY id DESC LIMIT 2)`);
  await t.ds.query(`UPDATE discussions SET author_id = NULL WHERE id IN (SELECT id FROM discussions ORDER BY id LIMIT 2)`);
  for (const who of ['superadmin', 'admin', 'teacher', 'teacher2', 'student', 'student2']) tok[who] = await t.login(`${who}@demo.school`);
}, 60_000);
afterAll(() => t.close());

/** The courses `who` reaches through a list (loaders), each with the whole page's selection. */
async function listed(who: string): Promise<any[]> {
  if (who === 'admin' || who === 'superadmin')
    return (await t.gql(`{ courses(first: 20) { nodes { ${PAGE} } } }`, {}, tok[who])).data.courses.nodes;
  if (who.startsWith('student'))
    return (await t.gql(`{ studentCourses { courses { ${PAGE} } } }`, {}, tok[who])).data.studentCourses.courses;
  const [{ id }] = await t.ds.query('SELECT id FROM users WHERE email = $1', [`${who}@demo.school`]);
  return (await t.gql(`query($id: ID!) { teacherCourses(teacherId: $id) { ${PAGE} } }`, { id }, tok[who])).data.teacherCourses;
}

it.each(['superadmin', 'admin', 'teacher', 'student', 'student2'])(
  'as %s: course(id) answers each course as its list does',
  async (who) => {
    const courses = await listed(who);
    expect(courses.length).toBeGreaterThan(0);
    for (const c of courses) {
      const one = await t.gql(`query($id: ID!) { course(id: $id) { ${PAGE} } }`, { id: c.id }, tok[who]);
      expect(one.errors).toBeUndefined();
      expect(one.data.course).toEqual(c);
    }
    const items = courses.flatMap((c) => [...c.modules, ...c.modules.flatMap((m: any) => m.contents), ...c.announcements]);
    if (who.startsWith('student')) expect(items.every((i) => i.isVisible)).toBe(true);
    else expect(items.some((i) => !i.isVisible)).toBe(true);
  },
);

it("the course page the web client asks for is two statements (session, the page with the course's facts)", async () => {
  const [{ id }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  const r = await t.gql(
    `query($id: ID!) { course(id: $id) { id title description version viewerCanManage subject { id name } class { id name }
    academicYear { id year isActive } teachers { id firstName lastName }
    modules { id title description moduleType order isVisible version contents { id title description contentType fileName fileSize mimeType isVisible downloadUrl version } }
    announcements { id courseId title content isVisible createdAt version author { id firstName lastName } }
    discussions { ${POST} replies { ${POST} } } } }`,
    { id },
    tok.teacher,
  );
  expect(r.errors).toBeUndefined();
  expect(r.sql).toBe(2);
});

it('a course the viewer may not read, an unknown and a bad id are not found, in the words GET /courses/{id} (the facts, then the check) uses', async () => {
  const [{ id: math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  tok.parent ??= await t.login('parent@demo.school');
  let denied = 0;
  for (const who of ['teacher2', 'student2', 'parent', 'student']) {
    for (const id of [math, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const g = await t.gql('query($id: ID!) { course(id: $id) { id title } }', { id }, tok[who]);
      const r = await t.rest('GET', `/courses/${id}`, { token: tok[who] });
      if (r.status === 200) {
        expect(g.errors).toBeUndefined();
        expect(g.data.course.id).toBe(id);
      } else {
        denied += 1;
        expect(r.status).toBe(404);
        expect(g.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
        expect(g.errors?.[0]?.message).toBe(r.body.message);
      }
    }
  }
  expect(denied).toBeGreaterThan(8);
});

it("each person comes once in the page's statement: a teacher's posts carry the teacher's own object", async () => {
  const [teacher] = await t.ds.query(`SELECT id, role FROM users WHERE email = 'teacher@demo.school'`);
  const actor = { userId: teacher.id, role: teacher.role, activeRole: teacher.role, impersonating: false, sessionId: 's', childIds: [] };
  const [{ id }] = await t.ds.query(
    `SELECT ct.course_id AS id FROM course_teachers ct WHERE ct.teacher_id = $1
    AND EXISTS (SELECT 1 FROM discussions d WHERE d.course_id = ct.course_id AND d.author_id = $1) LIMIT 1`,
    [teacher.id],
  );
  const page = await t.services.courses.coursePage(actor as never, id);
  const own = page.teachers!.find((u) => u.id === teacher.id);
  const written = [...page.announcements, ...page.discussions, ...page.discussions.flatMap((d) => d.replies ?? [])].filter(
    (p) => p.authorId === teacher.id,
  );
  expect(own).toBeDefined();
  expect(written.length).toBeGreaterThan(1);
  expect(written.every((p) => p.author === own)).toBe(true);
});

it.each(['teacher', 'student'])(
  "as %s: the page's statement decides the rules once a page, not once a module, content, announcement or post, and reads the course's teachers once",
  async (who) => {
    const [viewer] = await t.ds.query(`SELECT id, role FROM users WHERE email = $1`, [`${who}@demo.school`]);
    const actor = { userId: viewer.id, role: viewer.role, activeRole: viewer.role, impersonating: false, sessionId: 's', childIds: [] };
    const [{ id }] = await t.ds.query(`SELECT c.id FROM courses c WHERE c.title = 'MATH-5A'`);
    const [{ modules, posts }] = await t.ds.query(
      `SELECT (SELECT count(*)::int FROM course_modules WHERE course_id = $1) AS modules,
    (SELECT count(*)::int FROM discussions WHERE course_id = $1 AND parent_id IS NULL) AS posts`,
      [id],
    );
    expect(modules).toBeGreaterThan(1);
    expect(posts).toBeGreaterThan(0);
    const plan = await analyzedPlan(t.ds, coursePageSql(actor as never), [id, viewer.id]);
    // the tables only the rules read (who teaches or is placed in the course)
    const rules = nodesOf(plan).filter(
      (n) => ['allocations', 'allocation_teachers'].includes(n['Relation Name'] ?? '') || n.Alias === 'cx',
    );
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.filter((n) => n['Actual Loops'] > 1).map((n) => `${n.Alias} x${n['Actual Loops']}`)).toEqual([]);
    // the course's teachers are read once, for every rule, fact and list of the page that names them
    expect(nodesOf(plan).filter((n) => n['Relation Name'] === 'allocation_teachers')).toHaveLength(1);
  },
);
