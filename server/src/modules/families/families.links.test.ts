import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeUser } from '../../test/factories';
import { signInEachRole } from '../../test/demo';
import { Role } from '../../core/role';
import { User } from '../users';
import { FAMILY_TEXT } from './families.texts';

/** Linking rules (issue 17): only SuperAdmin and Admin link; a Parent to a Student; no duplicates; unlink; Actor.childIds follows. */
let t: TestServer;
let tokens: Record<Role, string>;
let parent: User;
let student: User;

const LINK = `mutation($p: ID!, $s: ID!) { linkParent(input: { parentId: $p, studentId: $s }) { parent { id } student { id firstName } createdAt } }`;
const UNLINK = `mutation($p: ID!, $s: ID!) { unlinkParent(input: { parentId: $p, studentId: $s }) }`;
const LINKS = `query($id: ID!) { user(id: $id) { id familyLinks { id firstName role } } }`;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  tokens = await signInEachRole(t);
  parent = await makeUser(t.ds, { role: Role.Parent, firstName: 'Paula', lastName: 'Linked' });
  student = await makeUser(t.ds, { role: Role.Student, firstName: 'Sam', lastName: 'Child' });
}, 60_000);
afterAll(() => t.close());

test('the demo parent is linked to the demo student', async () => {
  const [row] = await t.ds.query(
    `SELECT count(*)::int AS n FROM parent_students ps JOIN users p ON p.id = ps.parent_id JOIN users s ON s.id = ps.student_id
      WHERE p.email = 'parent@demo.school' AND s.email = 'student@demo.school'`,
  );
  expect(row.n).toBe(1);
});

test('only SuperAdmin and Admin link, through GraphQL and REST', async () => {
  for (const role of [Role.Teacher, Role.Student, Role.Parent]) {
    const g = await t.gql(LINK, { p: parent.id, s: student.id }, tokens[role]);
    expect([role, g.errors?.[0]?.extensions?.code]).toEqual([role, 'FORBIDDEN']);
    const r = await t.rest('POST', `/parents/${parent.id}/children`, { token: tokens[role], body: { studentId: student.id } });
    expect([role, r.status]).toEqual([role, 403]);
  }
  expect((await t.gql(LINK, { p: parent.id, s: student.id })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  const [{ n }] = await t.ds.query('SELECT count(*)::int AS n FROM parent_students WHERE parent_id = $1', [parent.id]);
  expect(n).toBe(0);
});

test('an Admin links, a duplicate is refused with a clear text, the parent then reads the child, and unlinks', async () => {
  const g = await t.gql(LINK, { p: parent.id, s: student.id }, tokens.Admin);
  expect(g.errors).toBeUndefined();
  expect(g.data.linkParent.student).toEqual({ id: student.id, firstName: 'Sam' });
  const again = await t.rest('POST', `/parents/${parent.id}/children`, { token: tokens.SuperAdmin, body: { studentId: student.id } });
  expect(again.status).toBe(409);
  expect(again.body).toEqual({ success: false, code: 'CONFLICT', message: FAMILY_TEXT.alreadyLinked('Paula Linked', 'Sam Child') });

  const links = await t.gql(LINKS, { id: student.id }, tokens.Admin);
  expect(links.data.user.familyLinks).toEqual([{ id: parent.id, firstName: 'Paula', role: 'PARENT' }]);
  const rest = await t.rest('GET', `/users/${parent.id}/family`, { token: tokens.Admin });
  expect(rest.body.data.map((u: { _id: string }) => u._id)).toEqual([student.id]);
  // the parent's session carries the child
  const token = await t.login(parent.email);
  const own = await t.gql(`query($id: ID!) { user(id: $id) { familyLinks { id } } }`, { id: parent.id }, token);
  expect(own.data.user.familyLinks).toEqual([{ id: student.id }]);
  // a teacher may read the user but not their links
  const teacherView = await t.gql(LINKS, { id: student.id }, tokens.Teacher);
  expect(teacherView.data.user.familyLinks).toBeNull();
  expect((await t.rest('GET', `/users/${parent.id}/family`, { token: tokens.Teacher })).status).toBe(404);

  const off = await t.rest('DELETE', `/parents/${parent.id}/children/${student.id}`, { token: tokens.Admin });
  expect(off.body).toEqual({ success: true, message: FAMILY_TEXT.unlinked });
  const offAgain = await t.gql(UNLINK, { p: parent.id, s: student.id }, tokens.Admin);
  expect(offAgain.errors?.[0]).toMatchObject({ message: FAMILY_TEXT.notLinked, extensions: { code: 'NOT_FOUND' } });
});

test('a link names a Parent and a Student: the service says which is wrong, and the database refuses it too', async () => {
  const teacher = await makeUser(t.ds, { role: Role.Teacher, firstName: 'Tom', lastName: 'Wrong' });
  const notParent = await t.gql(LINK, { p: teacher.id, s: student.id }, tokens.Admin);
  expect(notParent.errors?.[0]).toMatchObject({ message: FAMILY_TEXT.notAParent('Tom Wrong'), extensions: { code: 'VALIDATION' } });
  const notStudent = await t.rest('POST', `/parents/${parent.id}/children`, { token: tokens.Admin, body: { studentId: teacher.id } });
  expect(notStudent.status).toBe(400);
  expect(notStudent.body.message).toBe(FAMILY_TEXT.notAStudent('Tom Wrong'));
  const missing = await t.rest('POST', `/parents/${parent.id}/children`, {
    token: tokens.Admin,
    body: { studentId: '00000000-0000-4000-8000-000000000000' },
  });
  expect(missing.status).toBe(404);
  await expect(t.ds.query('INSERT INTO parent_students (parent_id, student_id) VALUES ($1, $2)', [teacher.id, student.id])).rejects.toThrow(
    /not a Parent/,
  );
  await expect(t.ds.query('INSERT INTO parent_students (parent_id, student_id) VALUES ($1, $2)', [parent.id, teacher.id])).rejects.toThrow(
    /not a Student/,
  );
});

test('a student who stops being a Student loses their links (the database keeps it so)', async () => {
  const s = await makeUser(t.ds, { role: Role.Student });
  await t.services.families.link((await t.services.auth.resolveSession(tokens.Admin))!, { parentId: parent.id, studentId: s.id });
  await t.ds.query(`UPDATE users SET role = 'Teacher' WHERE id = $1`, [s.id]);
  const [{ n }] = await t.ds.query('SELECT count(*)::int AS n FROM parent_students WHERE student_id = $1', [s.id]);
  expect(n).toBe(0);
});

test('Actor.childIds comes with the session for a Parent and is empty for every other role', async () => {
  const p = await t.services.auth.resolveSession(tokens.Parent);
  const [{ id }] = await t.ds.query(`SELECT id FROM users WHERE email = 'student@demo.school'`);
  expect(p!.childIds).toEqual([id]);
  for (const role of [Role.SuperAdmin, Role.Admin, Role.Teacher, Role.Student]) {
    expect((await t.services.auth.resolveSession(tokens[role]))!.childIds).toEqual([]);
  }
});
