import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeAnnouncement } from '../../test/courses.factories';

/** Announcements: written by the course's teachers, read by its readers; hidden ones only by those who see hidden. */
let t: TestServer;
const tok: Record<string, string> = {};
let math: string;
let teacherId: string;
let hidden: string;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'teacher2', 'student', 'parent', 'admin']) tok[who] = await t.login(`${who}@demo.school`);
  [{ id: math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  [{ id: teacherId }] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
  [{ id: hidden }] = await t.ds.query(`SELECT id FROM announcements WHERE course_id = $1 AND NOT is_visible`, [math]);
});
afterAll(() => t.close());

it("a teacher posts; the author and time come back in the spec's shape", async () => {
  const res = await t.rest('POST', '/announcements', {
    token: tok.teacher,
    body: { title: 'Trip', content: 'Museum on Monday', isVisible: true, course: math },
  });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    message: 'Announcement created successfully',
    data: {
      title: 'Trip',
      content: 'Museum on Monday',
      isVisible: true,
      course: math,
      author: { _id: teacherId, firstName: 'Tara', lastName: 'Teacher' },
    },
  });
  expect(new Date(res.body.data.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
});

it.each([
  [{ content: 'x' }, 'Title is required'],
  [{ title: 'x', content: '   ' }, 'Content is required'],
])('validates %j: %s', async (body, message) => {
  const res = await t.rest('POST', '/announcements', { token: tok.teacher, body: { ...body, course: math } });
  expect([res.status, res.body.message]).toEqual([400, message]);
});

it('students list visible ones only and never reach a hidden one by id', async () => {
  const student = await t.rest('GET', `/announcements/course/${math}`, { token: tok.student });
  expect(student.body.data.map((a: { _id: string }) => a._id)).not.toContain(hidden);
  expect(student.body.data.every((a: { isVisible: boolean }) => a.isVisible)).toBe(true);
  const teacher = await t.rest('GET', `/announcements/course/${math}`, { token: tok.teacher });
  expect(teacher.body.data.map((a: { _id: string }) => a._id)).toContain(hidden);
  const gql = await t.gql('query($id: ID!) { announcement(id: $id) { id } }', { id: hidden }, tok.student);
  expect([gql.errors?.[0].extensions?.code, gql.errors?.[0].message]).toEqual(['NOT_FOUND', 'Announcement not found']);
  expect((await t.rest('PUT', `/announcements/${hidden}`, { token: tok.student, body: { title: 'x' } })).status).toBe(404);
  const viaCourse = await t.gql(
    'query($id: ID!) { course(id: $id) { announcements { id author { firstName } } } }',
    { id: math },
    tok.student,
  );
  expect(viaCourse.data.course.announcements.map((a: { id: string }) => a.id)).not.toContain(hidden);
  expect(
    (await t.gql('query($id: ID!) { announcement(id: $id) { title } }', { id: hidden }, tok.admin)).data.announcement.title,
  ).toBeDefined();
});

it('another teacher and a parent get not found; students and admins cannot change them', async () => {
  const a = await makeAnnouncement(t.ds, math, teacherId);
  for (const who of ['teacher2', 'parent']) {
    expect([who, (await t.rest('GET', `/announcements/course/${math}`, { token: tok[who] })).status]).toEqual([who, 404]);
    expect([
      who,
      (await t.rest('POST', '/announcements', { token: tok[who], body: { title: 'x', content: 'y', course: math } })).status,
    ]).toEqual([who, 404]);
    expect([who, (await t.rest('PUT', `/announcements/${a}`, { token: tok[who], body: { title: 'x' } })).status]).toEqual([who, 404]);
    expect([who, (await t.rest('DELETE', `/announcements/${a}`, { token: tok[who] })).status]).toEqual([who, 404]);
  }
  for (const who of ['student', 'admin']) {
    const res = await t.rest('POST', '/announcements', { token: tok[who], body: { title: 'x', content: 'y', course: math } });
    expect([who, res.status, res.body.message]).toEqual([who, 403, 'Only the teachers of this course can manage its announcements']);
    expect([who, (await t.rest('PUT', `/announcements/${a}`, { token: tok[who], body: { title: 'x' } })).status]).toEqual([who, 403]);
    expect([who, (await t.rest('DELETE', `/announcements/${a}`, { token: tok[who] })).status]).toEqual([who, 403]);
  }
});

it('a teacher edits (visibility too) and deletes', async () => {
  const a = await makeAnnouncement(t.ds, math, teacherId);
  const res = await t.rest('PUT', `/announcements/${a}`, {
    token: tok.teacher,
    body: { title: 'New', content: 'Changed', isVisible: false },
  });
  expect(res.body).toMatchObject({
    message: 'Announcement updated successfully',
    data: { title: 'New', content: 'Changed', isVisible: false },
  });
  const gql = await t.gql(
    'mutation($i: UpdateAnnouncementInput!) { updateAnnouncement(input: $i) { isVisible version } }',
    { i: { id: a, isVisible: true } },
    tok.teacher,
  );
  expect(gql.data.updateAnnouncement).toEqual({ isVisible: true, version: 3 });
  expect((await t.rest('PUT', `/announcements/${a}`, { token: tok.teacher, body: { title: 'x', version: 1 } })).status).toBe(409);
  expect((await t.rest('DELETE', `/announcements/${a}`, { token: tok.teacher })).body).toEqual({
    success: true,
    message: 'Announcement deleted successfully',
  });
  expect(await t.ds.query('SELECT 1 FROM announcements WHERE id = $1', [a])).toHaveLength(0);
});
