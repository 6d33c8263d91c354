import { startTestServer, TestServer, uniqueEmail } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeUser, makeUsers } from '../../test/factories';
import { OutboxMessage } from '../mail';
import { Role } from '../../core/role';
import { USER_TEXT } from './users.validation';

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  admin = await t.login('admin@demo.school');
});
afterAll(() => t.close());

const CREATE = `mutation($input: CreateUserInput!) { createUser(input: $input) { id email role activated } }`;
const userCount = async () => Number((await t.ds.query(`SELECT count(*) AS n FROM users`))[0].n);

describe('create user', () => {
  it('validates with the section 5 texts and changes nothing', async () => {
    const before = await userCount();
    const good = { firstName: 'Ann', lastName: 'Lee', email: uniqueEmail(), role: 'Student' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, firstName: ' ' }, USER_TEXT.firstNameRequired],
      [{ ...good, lastName: undefined }, USER_TEXT.lastNameRequired],
      [{ ...good, email: '' }, USER_TEXT.emailRequired],
      [{ ...good, email: 'not-an-email' }, USER_TEXT.emailInvalid],
      [{ ...good, email: 'a@b' }, USER_TEXT.emailInvalid],
      [{ ...good, role: undefined }, USER_TEXT.roleRequired],
      [{ ...good, role: 'Janitor' }, USER_TEXT.roleRequired],
    ];
    for (const [body, message] of cases) {
      const res = await t.rest('POST', '/users', { token: admin, body });
      expect([res.status, res.body]).toEqual([400, expect.objectContaining({ success: false, code: 'VALIDATION', message })]);
    }
    const gql = await t.gql(CREATE, { input: { ...good, email: 'bad', role: 'STUDENT' } }, admin);
    expect(gql.errors?.[0]).toMatchObject({ message: USER_TEXT.emailInvalid, extensions: { code: 'VALIDATION' } });
    expect(await userCount()).toBe(before);
  });

  it('creates a Pending user, mails an invitation, and the link activates them', async () => {
    const email = uniqueEmail('invitee');
    const res = await t.rest('POST', '/users', {
      token: admin,
      body: { firstName: 'In', lastName: 'Vitee', email: email.toUpperCase(), role: 'Teacher' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: USER_TEXT.created, data: { email, role: 'Teacher', activated: false } });
    const [mail] = await t.ds.getRepository(OutboxMessage).findBy({ to: email });
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    expect((await t.rest('POST', '/auth/login', { body: { email, password: 'whatever' } })).status).toBe(401);
    expect((await t.rest('POST', `/users/reset-password/${token}`, { body: { password: 'chosen1' } })).status).toBe(200);
    const list = await t.rest('GET', '/users?role=Teacher', { token: admin });
    expect(list.body.data.find((u: { email: string }) => u.email === email).activated).toBe(true);
    expect((await t.rest('POST', '/auth/login', { body: { email, password: 'chosen1' } })).status).toBe(200);
  });

  it('refuses a duplicate email regardless of case', async () => {
    const res = await t.rest('POST', '/users', {
      token: admin,
      body: { firstName: 'A', lastName: 'B', email: 'ADMIN@demo.school', role: 'Parent' },
    });
    expect([res.status, res.body.message]).toEqual([409, USER_TEXT.emailTaken]);
    const gql = await t.gql(CREATE, { input: { firstName: 'A', lastName: 'B', email: 'Teacher@Demo.School', role: 'PARENT' } }, admin);
    expect(gql.errors?.[0]).toMatchObject({ message: USER_TEXT.emailTaken, extensions: { code: 'CONFLICT' } });
  });
});

describe('delete user', () => {
  it('never deletes yourself', async () => {
    const me = await t.rest('GET', '/auth/me', { token: admin });
    const res = await t.rest('DELETE', `/users/${me.body.user._id}`, { token: admin });
    expect([res.status, res.body.message]).toEqual([403, USER_TEXT.cannotDeleteSelf]);
  });

  it("ends the deleted user's sessions", async () => {
    const victim = await makeUser(t.ds, { role: Role.Parent });
    const token = await t.login(victim.email);
    expect((await t.rest('GET', '/auth/me', { token })).status).toBe(200);
    const res = await t.gql(`mutation($id: ID!) { deleteUser(id: $id) }`, { id: victim.id }, admin);
    expect(res.data.deleteUser).toBe(true);
    expect((await t.rest('GET', '/auth/me', { token })).status).toBe(401);
    expect((await t.rest('GET', `/users/${victim.id}`, { token: admin })).status).toBe(404);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await t.rest('DELETE', '/users/00000000-0000-4000-8000-000000000000', { token: admin })).body).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: USER_TEXT.notFound,
    });
    expect((await t.rest('DELETE', '/users/not-a-uuid', { token: admin })).status).toBe(404);
    expect((await t.rest('GET', '/users/not-a-uuid', { token: admin })).status).toBe(404);
  });
});

describe('lists', () => {
  it('filters by role, searches and paginates', async () => {
    const res = await t.gql(`{ users(role: TEACHER, search: "TUTOR") { totalCount nodes { email } } }`, {}, admin);
    expect(res.data.users).toEqual({ totalCount: 1, nodes: [{ email: 'teacher2@demo.school' }] });
    const first = await t.gql(`{ users(first: 1) { edges { cursor } } }`, {}, admin);
    const page = await t.gql(
      `query($after: String) { users(first: 2, after: $after) { totalCount nodes { email } } }`,
      { after: first.data.users.edges[0].cursor },
      admin,
    );
    expect(page.data.users.nodes).toHaveLength(2);
    expect(page.data.users.totalCount).toBeGreaterThan(2);
    const students = await t.rest('GET', '/users?role=Student', { token: admin });
    expect(students.body.data.every((u: { role: string }) => u.role === 'Student')).toBe(true);
    expect((await t.rest('GET', '/users?role=Nope', { token: admin })).status).toBe(400);
  });

  it('takes the same number of SQL statements for 5 users and for 200', async () => {
    const fresh = await startTestServer();
    try {
      await makeUsers(fresh.ds, 4, Role.Student);
      const boss = await makeUser(fresh.ds, { role: Role.Admin });
      const token = await fresh.login(boss.email);
      const q = `{ users(first: 200) { totalCount nodes { id email role activated } } }`;
      const small = await fresh.gql(q, {}, token);
      const smallRest = await fresh.rest('GET', '/users', { token });
      expect(small.data.users.totalCount).toBe(5);
      await makeUsers(fresh.ds, 195, Role.Student);
      const large = await fresh.gql(q, {}, token);
      const largeRest = await fresh.rest('GET', '/users', { token });
      expect(large.data.users.totalCount).toBe(200);
      expect(largeRest.body.data).toHaveLength(200);
      expect(small.sql).toBeGreaterThan(0);
      expect(large.sql).toBe(small.sql);
      expect(largeRest.sql).toBe(smallRest.sql);
    } finally {
      await fresh.close();
    }
  });
});
