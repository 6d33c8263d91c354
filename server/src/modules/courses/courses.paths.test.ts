import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeAnnouncement, makeContent } from '../../test/courses.factories';

/**
 * DESIGN.md "Reads know the viewer without flags": whichever way a viewer reaches a course's modules,
 * content and announcements (the course, a module's course, a content item's module's course, the lists
 * by parent, GraphQL or REST), they get the same set: everything for SuperAdmin, Admin and the course's
 * teachers, the visible items for its students, nothing for anyone else.
 */
let t: TestServer;
const tok: Record<string, string> = {};
let course: string;
let visibleModule: string;
let visibleContent: string;
let all: Seen;
let visible: Seen;

interface Seen {
  modules: string[];
  contents: string[];
  announcements: string[];
}

const TREE = 'modules { id contents { id } } announcements { id }';
const sorted = (ids: string[]) => [...ids].sort();
const fromTree = (c: { modules: Array<{ id: string; contents: Array<{ id: string }> }>; announcements: Array<{ id: string }> }): Seen => ({
  modules: sorted(c.modules.map((m) => m.id)),
  contents: sorted(c.modules.flatMap((m) => m.contents.map((x) => x.id))),
  announcements: sorted(c.announcements.map((a) => a.id)),
});

/** Every path, as one viewer: each answers the set it reached, or null when it was refused. */
async function paths(token: string): Promise<Record<string, Seen | null>> {
  const gql = async (query: string, pick: (d: any) => any) => {
    const r = await t.gql(query, {}, token);
    const reached = r.errors?.length ? null : pick(r.data);
    return reached ? fromTree(reached) : null;
  };
  const out: Record<string, Seen | null> = {
    course: await gql(`{ course(id: "${course}") { ${TREE} } }`, (d) => d.course),
    'courses list': await gql(`{ courses(first: 500) { nodes { id ${TREE} } } }`, (d) => d.courses.nodes.find((c: any) => c.id === course)),
    'module -> course': await gql(`{ module(id: "${visibleModule}") { course { ${TREE} } } }`, (d) => d.module.course),
    'content -> module -> course': await gql(
      `{ content(id: "${visibleContent}") { module { course { ${TREE} } } } }`,
      (d) => d.content.module.course,
    ),
  };
  // the lists by parent, through both transports
  const modules = await t.gql(`{ modules(courseId: "${course}") { id } }`, {}, token);
  const announcements = await t.gql(`{ announcements(courseId: "${course}", first: 500) { nodes { id } } }`, {}, token);
  if (modules.errors || announcements.errors) out['lists (GraphQL)'] = null;
  else {
    const contents = [];
    for (const m of modules.data.modules) {
      const r = await t.gql(`{ contents(moduleId: "${m.id}") { id } }`, {}, token);
      contents.push(...r.data.contents.map((c: { id: string }) => c.id));
    }
    out['lists (GraphQL)'] = {
      modules: sorted(modules.data.modules.map((m: { id: string }) => m.id)),
      contents: sorted(contents),
      announcements: sorted(announcements.data.announcements.nodes.map((a: { id: string }) => a.id)),
    };
  }
  const restModules = await t.rest('GET', `/modules/course/${course}`, { token });
  const restAnnouncements = await t.rest('GET', `/announcements/course/${course}`, { token });
  if (restModules.status !== 200 || restAnnouncements.status !== 200) out['lists (REST)'] = null;
  else {
    const contents = [];
    for (const m of restModules.body.data) {
      const r = await t.rest('GET', `/content/module/${m._id}`, { token });
      contents.push(...r.body.data.map((c: { _id: string }) => c._id));
    }
    out['lists (REST)'] = {
      modules: sorted(restModules.body.data.map((m: { _id: string }) => m._id)),
      contents: sorted(contents),
      announcements: sorted(restAnnouncements.body.data.map((a: { _id: string }) => a._id)),
    };
  }
  return out;
}

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['superadmin', 'admin', 'teacher', 'teacher2', 'student', 'student2', 'parent'])
    tok[who] = await t.login(`${who}@demo.school`);
  [{ id: course }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  [{ id: visibleModule }] = await t.ds.query(
    `SELECT id FROM course_modules WHERE course_id = $1 AND is_visible ORDER BY sort_order LIMIT 1`,
    [course],
  );
  [{ id: visibleContent }] = await t.ds.query(`SELECT id FROM contents WHERE module_id = $1 AND is_visible LIMIT 1`, [visibleModule]);
  const [{ id: teacher }] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
  // student2 becomes a student of another class (Class 5B of the same year)
  await t.ds.query(`UPDATE users SET class_id = (SELECT id FROM classes WHERE name = 'Class 5B') WHERE email = 'student2@demo.school'`);
  // hidden things at every level: a hidden module (demo), hidden content in a visible module, a hidden announcement
  await makeContent(t.ds, t.services, visibleModule, { title: 'Hidden notes', isVisible: false });
  await makeAnnouncement(t.ds, course, teacher, { title: 'Draft notice', isVisible: false });
  await makeAnnouncement(t.ds, course, teacher, { title: 'Notice', isVisible: true });

  const q = (sql: string) => t.ds.query(sql, [course]).then((rows: Array<{ id: string }>) => sorted(rows.map((r) => r.id)));
  all = {
    modules: await q('SELECT id FROM course_modules WHERE course_id = $1'),
    contents: await q('SELECT ct.id FROM contents ct JOIN course_modules m ON m.id = ct.module_id WHERE m.course_id = $1'),
    announcements: await q('SELECT id FROM announcements WHERE course_id = $1'),
  };
  visible = {
    modules: await q('SELECT id FROM course_modules WHERE course_id = $1 AND is_visible'),
    contents: await q(
      'SELECT ct.id FROM contents ct JOIN course_modules m ON m.id = ct.module_id WHERE m.course_id = $1 AND ct.is_visible AND m.is_visible',
    ),
    announcements: await q('SELECT id FROM announcements WHERE course_id = $1 AND is_visible'),
  };
});
afterAll(() => t.close());

test('the world has hidden items at every level', () => {
  expect(all.modules.length).toBeGreaterThan(visible.modules.length);
  expect(all.contents.length).toBeGreaterThan(visible.contents.length);
  expect(all.announcements.length).toBeGreaterThan(visible.announcements.length);
});

test.each([
  ['superadmin', 'all'],
  ['admin', 'all'],
  ['teacher', 'all'],
  ['student', 'visible'],
  ['teacher2', 'none'],
  ['student2', 'none'],
  ['parent', 'none'],
])('%s gets the same set through every path (%s)', async (who, expected) => {
  const seen = await paths(tok[who]);
  const want = expected === 'all' ? all : expected === 'visible' ? visible : null;
  for (const [path, got] of Object.entries(seen)) {
    // a viewer who may not read the course is refused on every path; the courses list just leaves it out
    expect({ path, got }).toEqual({ path, got: want });
  }
});
