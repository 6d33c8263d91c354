import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeAnnouncement, makeContent, makeDiscussion, makeModule } from '../../test/courses.factories';

/**
 * Requests that race each other: of many deletes of one row exactly one succeeds and the others are told
 * it is gone (404), and a copy whose source is deleted meanwhile is either made whole (201) or answered not
 * found, never a server error or a half-made copy.
 */
let t: TestServer;
let teacher: string;
let teacherId: string;
let course: string;
let otherModule: string;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  teacher = await t.login('teacher@demo.school');
  [{ id: teacherId }] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
  [{ id: course }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  otherModule = await makeModule(t.ds, course, { title: 'Copies land here' });
});
afterAll(() => t.close());

const statuses = (rs: Array<{ status: number }>) => rs.map((r) => r.status).sort();

test.each([
  ['discussions', async () => makeDiscussion(t.ds, course, teacherId)],
  ['announcements', async () => makeAnnouncement(t.ds, course, teacherId)],
  ['content', async () => (await makeContent(t.ds, t.services, otherModule)).id],
  ['modules', async () => makeModule(t.ds, course)],
])('20 simultaneous deletes of one of %s: one 200, nineteen 404', async (path, make) => {
  const id = await make();
  const rs = await Promise.all(Array.from({ length: 20 }, () => t.rest('DELETE', `/${path}/${id}`, { token: teacher })));
  expect(statuses(rs)).toEqual([200, ...Array(19).fill(404)]);
});

test('copying content while its source is deleted answers 201 or 404, and every copy is whole', async () => {
  const seen = new Set<number>();
  for (let i = 0; i < 15; i++) {
    const { id } = await makeContent(t.ds, t.services, otherModule, { title: `Source ${i}` });
    const [copy, del] = await Promise.all([
      t.rest('POST', `/content/reuse/clone/${id}`, { token: teacher, body: { newModuleId: otherModule } }),
      t.rest('DELETE', `/content/${id}`, { token: teacher }),
    ]);
    expect(del.status).toBe(200);
    expect([201, 404]).toContain(copy.status);
    seen.add(copy.status);
    if (copy.status === 201) {
      const [row] = await t.ds.query('SELECT f.id FROM contents c JOIN files f ON f.id = c.file_id WHERE c.id = $1', [copy.body.data._id]);
      expect(row).toBeDefined();
    }
  }
  expect(seen.size).toBeGreaterThan(0);
});

test('copying a module while its source is deleted answers 201 or 404, with all of its content', async () => {
  for (let i = 0; i < 15; i++) {
    const source = await makeModule(t.ds, course, { title: `Source module ${i}` });
    await makeContent(t.ds, t.services, source);
    await makeContent(t.ds, t.services, source);
    const [copy, del] = await Promise.all([
      t.rest('POST', `/modules/reuse/clone/${source}`, { token: teacher, body: { newCourseId: course } }),
      t.rest('DELETE', `/modules/${source}`, { token: teacher }),
    ]);
    expect(del.status).toBe(200);
    expect([201, 404]).toContain(copy.status);
    if (copy.status === 201) {
      const [{ n }] = await t.ds.query('SELECT count(*)::int AS n FROM contents WHERE module_id = $1', [copy.body.data._id]);
      expect(n).toBe(2);
    }
  }
});

test('20 simultaneous module creates in one course get 20 different order numbers', async () => {
  const [{ id: fresh }] = await t.ds.query(
    `INSERT INTO courses (title, subject_id, class_id, academic_year_id)
     SELECT 'RACE-1', subject_id, class_id, academic_year_id FROM courses WHERE id = $1 RETURNING id`,
    [course],
  );
  const rs = await Promise.all(
    Array.from({ length: 20 }, (_, i) => t.rest('POST', '/modules', { token: teacher, body: { course: fresh, title: `Week ${i}` } })),
  );
  expect(statuses(rs)).toEqual(Array(20).fill(201));
  const orders = (await t.ds.query('SELECT sort_order FROM course_modules WHERE course_id = $1 ORDER BY sort_order', [fresh])).map(
    (r: { sort_order: number }) => r.sort_order,
  );
  expect(orders).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
});

test('a module placed at a taken number goes there and the others move down one', async () => {
  const [{ id: fresh }] = await t.ds.query(
    `INSERT INTO courses (title, subject_id, class_id, academic_year_id)
     SELECT 'RACE-2', subject_id, class_id, academic_year_id FROM courses WHERE id = $1 RETURNING id`,
    [course],
  );
  for (const title of ['A', 'B', 'C']) await t.rest('POST', '/modules', { token: teacher, body: { course: fresh, title } });
  const inserted = await t.rest('POST', '/modules', { token: teacher, body: { course: fresh, title: 'First', order: 1 } });
  expect(inserted.status).toBe(201);
  const titles = async () =>
    (await t.ds.query('SELECT title FROM course_modules WHERE course_id = $1 ORDER BY sort_order', [fresh])).map(
      (r: { title: string }) => r.title,
    );
  expect(await titles()).toEqual(['First', 'A', 'B', 'C']);
  const moved = await t.rest('PUT', `/modules/${inserted.body.data._id}`, { token: teacher, body: { order: 3 } });
  expect(moved.status).toBe(200);
  expect(await titles()).toEqual(['A', 'B', 'First', 'C']);
});
