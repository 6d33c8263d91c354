import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeUser } from '../../test/factories';
import { makeDiscussion } from '../../test/courses.factories';
import { Role } from '../../core/role';

/**
 * Discussions: the course's teachers and students start threads and reply; edit and delete only by a
 * teacher of the course or the author; deleting a thread deletes its replies.
 */
let t: TestServer;
const tok: Record<string, string> = {};
const id: Record<string, string> = {};
let math: string;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'teacher2', 'student', 'student2', 'parent', 'admin']) {
    tok[who] = await t.login(`${who}@demo.school`);
    [{ id: id[who] }] = await t.ds.query(`SELECT id FROM users WHERE email = $1`, [`${who}@demo.school`]);
  }
  [{ id: math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
});
afterAll(() => t.close());

it('lists threads with replies [{_id, content, author, createdAt}] and author {_id, firstName, lastName, role}', async () => {
  const res = await t.rest('GET', `/discussions/course/${math}`, { token: tok.student });
  const thread = res.body.data.find((d: { title: string }) => d.title === 'Help with equivalent fractions');
  expect(thread).toMatchObject({
    parentDiscussion: null,
    author: { _id: id.student, firstName: 'Stella', lastName: 'Student', role: 'Student' },
  });
  expect(thread.replies).toHaveLength(2);
  expect(thread.replies[0]).toMatchObject({
    _id: expect.any(String),
    content: expect.any(String),
    createdAt: expect.any(String),
    author: { _id: id.teacher, role: 'Teacher' },
  });
  expect(res.body.data.every((d: { parentDiscussion: string | null }) => d.parentDiscussion === null)).toBe(true);
  const gql = await t.gql(
    'query($c: ID!) { discussions(courseId: $c) { nodes { title author { role } replies { content author { firstName role } } } } }',
    { c: math },
    tok.teacher,
  );
  expect(gql.data.discussions.nodes.find((d: { title: string }) => d.title === 'Help with equivalent fractions').replies).toHaveLength(2);
});

it("a student sees other authors' name and role only (no email, no activated), over both transports; staff see them", async () => {
  const thread = (body: { data: Array<{ title: string }> }) => body.data.find((d) => d.title === 'Help with equivalent fractions') as any;
  const asStudent = thread((await t.rest('GET', `/discussions/course/${math}`, { token: tok.student })).body);
  expect(asStudent.author).toEqual({
    _id: id.student,
    firstName: 'Stella',
    lastName: 'Student',
    email: 'student@demo.school',
    role: 'Student',
  });
  expect(asStudent.replies.map((r: { author: object }) => r.author)).toEqual([
    { _id: id.teacher, firstName: 'Tara', lastName: 'Teacher', role: 'Teacher' },
    { _id: id.student2, firstName: 'Sid', lastName: 'Scholar', role: 'Student' },
  ]);
  const asTeacher = thread((await t.rest('GET', `/discussions/course/${math}`, { token: tok.teacher })).body);
  expect(asTeacher.replies[1].author).toMatchObject({ _id: id.student2, email: 'student2@demo.school' });

  const q =
    'query($c: ID!) { discussions(courseId: $c) { nodes { title author { id email activated } replies { author { id email activated } } } } }';
  const gql = async (who: string) =>
    (await t.gql(q, { c: math }, tok[who])).data.discussions.nodes.find(
      (d: { title: string }) => d.title === 'Help with equivalent fractions',
    );
  const mine = await gql('student');
  expect(mine.author).toEqual({ id: id.student, email: 'student@demo.school', activated: true });
  expect(mine.replies.map((r: { author: object }) => r.author)).toEqual([
    { id: id.teacher, email: null, activated: null },
    { id: id.student2, email: null, activated: null },
  ]);
  expect((await gql('teacher')).replies[1].author).toEqual({ id: id.student2, email: 'student2@demo.school', activated: true });
});

it("students and teachers of the course start threads and reply; a reply's title defaults to 'Re: ' + the thread's", async () => {
  const thread = await t.rest('POST', '/discussions', {
    token: tok.student,
    body: { title: 'Homework', content: 'Is it due Friday?', course: math },
  });
  expect(thread.status).toBe(201);
  expect(thread.body).toMatchObject({
    message: 'Discussion created successfully',
    data: { title: 'Homework', parentDiscussion: null, replies: [] },
  });
  const reply = await t.rest('POST', '/discussions', {
    token: tok.teacher,
    body: { content: 'Yes', parentDiscussion: thread.body.data._id, course: math },
  });
  expect(reply.body).toMatchObject({
    message: 'Reply posted successfully',
    data: { title: 'Re: Homework', parentDiscussion: thread.body.data._id },
  });
  // a reply to a reply joins the thread
  const nested = await t.gql(
    'mutation($i: CreateDiscussionInput!) { createDiscussion(input: $i) { title parentDiscussionId } }',
    { i: { courseId: math, parentDiscussionId: reply.body.data._id, content: 'Thanks' } },
    tok.student2,
  );
  expect(nested.data.createDiscussion).toEqual({ title: 'Re: Homework', parentDiscussionId: thread.body.data._id });
});

it.each([
  [{ content: 'x' }, 'Title is required'],
  [{ title: 'x' }, 'Content is required'],
])('validates %j: %s', async (body, message) => {
  const res = await t.rest('POST', '/discussions', { token: tok.student, body: { ...body, course: math } });
  expect([res.status, res.body.message]).toEqual([400, message]);
});

it('a reply needs content, and a parent in the same course', async () => {
  const thread = await makeDiscussion(t.ds, math, id.student);
  const res = await t.rest('POST', '/discussions', { token: tok.student, body: { parentDiscussion: thread, course: math } });
  expect(res.body.message).toBe('Content is required');
  const [science] = await t.ds.query(`SELECT id FROM courses WHERE title = 'SCI-5A'`);
  const wrong = await t.rest('POST', '/discussions', {
    token: tok.student,
    body: { parentDiscussion: thread, course: science.id, content: 'x' },
  });
  expect([wrong.status, wrong.body.message]).toEqual([404, 'Discussion not found']);
});

it('others cannot take part: another teacher, a parent, a student of another class (not found); an admin (forbidden)', async () => {
  const other = await makeUser(t.ds, { role: Role.Student });
  const [c5b] = await t.ds.query(`SELECT id, academic_year_id FROM classes WHERE name = 'Class 5B'`);
  await t.ds.query('UPDATE users SET class_id = $1, academic_year_id = $2 WHERE id = $3', [c5b.id, c5b.academic_year_id, other.id]);
  const otherTok = await t.login(other.email);
  for (const [who, token] of [
    ['teacher2', tok.teacher2],
    ['parent', tok.parent],
    ['other student', otherTok],
  ]) {
    expect([who, (await t.rest('GET', `/discussions/course/${math}`, { token })).status]).toEqual([who, 404]);
    expect([who, (await t.rest('POST', '/discussions', { token, body: { title: 'x', content: 'y', course: math } })).status]).toEqual([
      who,
      404,
    ]);
  }
  expect((await t.rest('GET', `/discussions/course/${math}`, { token: tok.admin })).status).toBe(200);
  const res = await t.rest('POST', '/discussions', { token: tok.admin, body: { title: 'x', content: 'y', course: math } });
  expect([res.status, res.body.message]).toEqual([403, 'Only the teachers and students of this course can take part in its discussions']);
});

it('edit and delete: the author or a teacher of the course, nobody else', async () => {
  const post = await makeDiscussion(t.ds, math, id.student);
  const byOther = await t.rest('PUT', `/discussions/${post}`, { token: tok.student2, body: { content: 'hijack' } });
  expect([byOther.status, byOther.body.message]).toEqual([403, 'Only a teacher of this course or the author can edit or delete this post']);
  expect((await t.rest('DELETE', `/discussions/${post}`, { token: tok.student2 })).status).toBe(403);
  expect((await t.rest('PUT', `/discussions/${post}`, { token: tok.admin, body: { content: 'x' } })).status).toBe(403);
  for (const who of ['teacher2', 'parent'])
    expect((await t.rest('PUT', `/discussions/${post}`, { token: tok[who], body: { content: 'x' } })).status).toBe(404);
  const own = await t.rest('PUT', `/discussions/${post}`, { token: tok.student, body: { title: 'Edited', content: 'By me' } });
  expect(own.body).toMatchObject({ message: 'Discussion updated successfully', data: { title: 'Edited', content: 'By me' } });
  const teacher = await t.gql(
    'mutation($i: UpdateDiscussionInput!) { updateDiscussion(input: $i) { content } }',
    { i: { id: post, content: 'Moderated' } },
    tok.teacher,
  );
  expect(teacher.data.updateDiscussion.content).toBe('Moderated');
  const blank = await t.rest('PUT', `/discussions/${post}`, { token: tok.student, body: { content: '' } });
  expect(blank.body.message).toBe('Content is required');
});

it("deleting a thread deletes its replies; a teacher may delete a student's reply", async () => {
  const thread = await makeDiscussion(t.ds, math, id.student);
  const r1 = await makeDiscussion(t.ds, math, id.student2, thread);
  const r2 = await makeDiscussion(t.ds, math, id.teacher, thread);
  expect((await t.rest('DELETE', `/discussions/${r1}`, { token: tok.teacher })).body).toEqual({
    success: true,
    message: 'Discussion deleted successfully',
  });
  const res = await t.gql('mutation($id: ID!) { deleteDiscussion(id: $id) }', { id: thread }, tok.student);
  expect(res.data.deleteDiscussion).toBe(true);
  expect(await t.ds.query('SELECT id FROM discussions WHERE id = ANY($1)', [[thread, r1, r2]])).toEqual([]);
});

it('tells each viewer whether they may change a post (viewerCanChange)', async () => {
  const thread = await makeDiscussion(t.ds, math, id.student, null, 'Abilities');
  await makeDiscussion(t.ds, math, id.student2, thread);
  const q = 'query($c: ID!) { discussions(courseId: $c) { nodes { id viewerCanChange replies { viewerCanChange } } } }';
  const seen = async (who: string) => {
    const res = await t.gql(q, { c: math }, tok[who]);
    const d = res.data.discussions.nodes.find((x: { id: string }) => x.id === thread);
    return [d.viewerCanChange, d.replies[0].viewerCanChange];
  };
  expect(await seen('student')).toEqual([true, false]);
  expect(await seen('student2')).toEqual([false, true]);
  expect(await seen('teacher')).toEqual([true, true]);
  expect(await seen('admin')).toEqual([false, false]);
});
