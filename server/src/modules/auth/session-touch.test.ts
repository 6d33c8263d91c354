import { startTestServer, TestServer } from '../../test/test-server';
import { makeUser } from '../../test/factories';
import { seedDemoSchool } from '../../app/seed';

/**
 * A read must not write: the session's last_used_at is touched at most once a minute, so most requests are
 * plain reads (no committed write, no WAL flush); a stale session is still touched, and an expired one refused.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
});
afterAll(() => t.close());

test('a request within a minute of the last leaves the session row as it is; a stale session is touched', async () => {
  const user = await makeUser(t.ds);
  const token = await t.login(user.email);
  const xmin = async () => (await t.ds.query(`SELECT xmin::text AS x, last_used_at FROM sessions WHERE user_id = $1`, [user.id]))[0];
  const before = await xmin();
  expect((await t.gql('{ me { user { id } } }', {}, token)).data.me.user.id).toBe(user.id);
  expect((await t.gql('{ me { user { id } } }', {}, token)).data.me.user.id).toBe(user.id);
  expect(await xmin()).toEqual(before); // no new row version: nothing was written

  await t.ds.query(`UPDATE sessions SET last_used_at = now() - interval '2 minutes' WHERE user_id = $1`, [user.id]);
  const stale = await xmin();
  expect((await t.gql('{ me { user { id } } }', {}, token)).data.me.user.id).toBe(user.id);
  const touched = await xmin();
  expect(touched.x).not.toBe(stale.x);
  expect(touched.last_used_at.getTime()).toBeGreaterThan(stale.last_used_at.getTime());

  await t.ds.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
  const refused = await t.gql('{ me { user { id } } }', {}, token);
  expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
});

test('`me` is one statement over both transports: the session lookup brings the user row with it', async () => {
  const user = await makeUser(t.ds);
  const token = await t.login(user.email);
  const g = await t.gql('{ me { user { id firstName lastName email role activated createdAt } activeRole isImpersonating } }', {}, token);
  expect(g.errors).toBeUndefined();
  expect(g.data.me.user).toMatchObject({ id: user.id, firstName: user.firstName, email: user.email, activated: true });
  expect(new Date(g.data.me.user.createdAt).getTime()).toBe(user.createdAt.getTime());
  expect(g.sql).toBe(1);
  const r = await t.rest('GET', '/auth/me', { token });
  expect(r.status).toBe(200);
  expect(r.sql).toBe(1);
});

test("a student's class and year come with the session lookup: `me { user { class academicYear } }` is one statement, as the loaders read them", async () => {
  const PLACEMENT = `class { id name grade description isActive version createdAt }
    academicYear { id year isActive startDate endDate version createdAt }`;
  const [student, teacher, admin] = await Promise.all(['student', 'teacher', 'admin'].map((w) => t.login(`${w}@demo.school`)));
  const mine = await t.gql(`{ me { user { id ${PLACEMENT} } } }`, {}, student);
  expect(mine.errors).toBeUndefined();
  expect(mine.data.me.user.class).not.toBeNull();
  expect(mine.sql).toBe(1);
  // the same student read by an administrator, whose request loads the placement through the loaders
  const read = await t.gql(`query($id: ID!) { user(id: $id) { id ${PLACEMENT} } }`, { id: mine.data.me.user.id }, admin);
  expect(read.errors).toBeUndefined();
  expect(mine.data.me.user).toEqual(read.data.user);
  const unplaced = await t.gql(`{ me { user { ${PLACEMENT} } } }`, {}, teacher);
  expect([unplaced.data.me.user, unplaced.sql]).toEqual([{ class: null, academicYear: null }, 1]);
});
