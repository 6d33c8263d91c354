import { startTestServer, TestServer } from '../../test/test-server';
import { buildWorld, World } from '../../test/authz/world';
import { captureLogs } from '../../test/log-capture';
import { hashSecret, deactivateUsers } from '../auth';
import { Role } from '../../core/role';
import { makeUser } from '../../test/factories';
import { CREDENTIAL_TEXT } from '../../app/credential-gate';
import { TOKEN_REJECTED } from '../../core/context';
import { ACCESS_TOKEN_TEXT } from './access-tokens.service';

/**
 * Personal access tokens (issue 26): made in a web session, shown once, kept hashed, READ refused every write on
 * both transports, revocable, never a session, never a sign-in, ended by the owner's deletion, deactivation or
 * role change; no secret ever reaches the log.
 */
let t: TestServer;
let w: World;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildWorld(t);
}, 60_000);
afterAll(() => t?.close());

const CREATE = `mutation($input: CreateAccessTokenInput!) {
  createAccessToken(input: $input) { secret token { id name scope createdAt expiresAt lastUsedAt active } } }`;
const LIST = '{ accessTokens { id name scope expiresAt lastUsedAt active } }';
const REVOKE = 'mutation($id: ID!) { revokeAccessToken(id: $id) }';
const GRADEBOOK = 'query($id: ID!) { gradebook(courseId: $id) { courseTitle columns { id } rows { nodes { student { id } } } csv } }';

async function createToken(session: string, scope: 'READ' | 'READ_WRITE', name = `script ${scope}`, expiresInDays = 30) {
  const res = await t.gql(CREATE, { input: { name, scope, expiresInDays } }, session);
  expect(res.errors).toBeUndefined();
  return res.data.createAccessToken as { secret: string; token: { id: string; expiresAt: string; lastUsedAt: string | null } };
}

const count = async (sql: string, params: unknown[] = []) => Number((await t.ds.query(sql, params))[0].n);

it("a read token exports a course's gradebook, is refused every write, and is refused once revoked; no secret in the log", async () => {
  let secret = '';
  const log = await captureLogs(async () => {
    const made = await createToken(w.tokens.Teacher, 'READ');
    secret = made.secret;
    expect(secret).toMatch(/^lmspat_[A-Za-z0-9_-]{43}$/);
    // only the hash is kept; the list never shows the secret again
    expect(await t.ds.query('SELECT token_hash FROM access_tokens WHERE id = $1', [made.token.id])).toEqual([
      { token_hash: hashSecret(secret) },
    ]);
    const listed = await t.gql(LIST, {}, w.tokens.Teacher);
    expect(JSON.stringify(listed.data)).not.toContain(secret);
    expect(listed.data.accessTokens.map((x: { id: string }) => x.id)).toContain(made.token.id);

    // reads: the gradebook through GraphQL and as the CSV file through REST
    const g = await t.gql(GRADEBOOK, { id: w.course.own }, secret);
    expect(g.errors).toBeUndefined();
    expect(g.data.gradebook.rows.nodes.map((r: { student: { id: string } }) => r.student.id)).toContain(w.me.Student);
    const csv = await t.rest('GET', `/courses/${w.course.own}/gradebook?format=csv`, { token: secret });
    expect(csv.status).toBe(200);
    expect(csv.body).toBe(g.data.gradebook.csv);

    // every write is refused before it runs, with a clear FORBIDDEN, and changes nothing
    const title = 'Renamed by a read token';
    const mutation = await t.gql(
      'mutation($input: UpdateCourseInput!) { updateCourse(input: $input) { id } }',
      { input: { id: w.course.own, title } },
      secret,
    );
    expect([mutation.status, mutation.errors?.[0].extensions?.code, mutation.errors?.[0].message]).toEqual([
      403,
      'FORBIDDEN',
      CREDENTIAL_TEXT.readOnlyToken,
    ]);
    const put = await t.rest('PUT', `/courses/${w.course.own}`, { token: secret, body: { title } });
    expect([put.status, put.body]).toEqual([403, { success: false, code: 'FORBIDDEN', message: CREDENTIAL_TEXT.readOnlyToken }]);
    const post = await t.rest('POST', '/announcements', { token: secret, body: { course: w.course.own, title, content: 'x' } });
    expect(post.status).toBe(403);
    expect(await count('SELECT count(*) AS n FROM courses WHERE title = $1', [title])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM announcements WHERE title = $1', [title])).toBe(0);

    // revoked: refused at once on both transports
    expect((await t.gql(REVOKE, { id: made.token.id }, w.tokens.Teacher)).data).toEqual({ revokeAccessToken: true });
    const after = await t.gql(GRADEBOOK, { id: w.course.own }, secret);
    expect([after.status, after.errors?.[0].extensions?.code, after.errors?.[0].message]).toEqual([401, 'UNAUTHENTICATED', TOKEN_REJECTED]);
    expect((await t.rest('GET', `/courses/${w.course.own}/gradebook`, { token: secret })).status).toBe(401);
  });
  expect(log).toContain('"status":403');
  expect(log).not.toContain(secret);
  expect(log).not.toContain(secret.slice('lmspat_'.length));
});

it('a read-write token writes as its owner, but never manages tokens, passwords or roles', async () => {
  const { secret } = await createToken(w.tokens.Teacher, 'READ_WRITE');
  const title = `Token notice ${Date.now()}`;
  const created = await t.rest('POST', '/announcements', {
    token: secret,
    body: { course: w.course.own, title, content: 'From a script' },
  });
  expect(created.status).toBe(201);
  expect(await count('SELECT count(*) AS n FROM announcements WHERE title = $1 AND author_id = $2', [title, w.me.Teacher])).toBe(1);
  // another teacher's course stays theirs: the token has its owner's rights, no more
  const other = await t.rest('POST', '/announcements', { token: secret, body: { course: w.course.other, title, content: 'x' } });
  expect([403, 404]).toContain(other.status);
  for (const [query, variables] of [
    [CREATE, { input: { name: 'from a token', scope: 'READ_WRITE', expiresInDays: 365 } }],
    [LIST, {}],
    ['mutation($input: SwitchRoleInput!) { switchRole(input: $input) { role } }', { input: { role: 'Student' } }],
    [
      'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { message } }',
      { input: { currentPassword: 'demo1234', newPassword: 'demo12345' } },
    ],
    ['mutation($id: ID!) { endSession(id: $id) }', { id: '00000000-0000-4000-8000-000000000000' }],
  ] as const) {
    const res = await t.gql(query, variables, secret);
    expect([query.slice(0, 30), res.errors?.[0].extensions?.code]).toEqual([query.slice(0, 30), 'FORBIDDEN']);
  }
  expect((await t.rest('POST', '/auth/switch-role', { token: secret, body: { role: 'Student' } })).status).toBe(403);
});

it('a token never starts a session, never counts as a sign-in, and shows when it was last used', async () => {
  const user = await makeUser(t.ds, { role: Role.Teacher });
  const session = await t.login(user.email);
  const { secret, token } = await createToken(session, 'READ');
  expect(token.lastUsedAt).toBeNull();
  const sessions = await count('SELECT count(*) AS n FROM sessions WHERE user_id = $1', [user.id]);
  const attempts = await count('SELECT count(*) AS n FROM login_attempts WHERE email = $1', [user.email]);
  for (let i = 0; i < 8; i++) expect((await t.gql('{ me { user { id } } }', {}, secret)).data.me.user.id).toBe(user.id);
  // wrong tokens of the same shape are not guesses at the password: no attempt counted, the owner signs in (the last two
  // characters changed, never into the token itself: one that ended in "x" and a digit below 8 made this test flake)
  const wrong = (i: number) => `${secret.slice(0, -2)}${secret.at(-2) === 'x' ? 'y' : 'x'}${i}`;
  for (let i = 0; i < 8; i++) expect((await t.gql('{ me { user { id } } }', {}, wrong(i))).status).toBe(401);
  expect(await count('SELECT count(*) AS n FROM sessions WHERE user_id = $1', [user.id])).toBe(sessions);
  expect(await count('SELECT count(*) AS n FROM login_attempts WHERE email = $1', [user.email])).toBe(attempts);
  expect(await t.login(user.email)).toBeTruthy();
  const mine = (await t.gql('{ mySessions { id } }', {}, session)).data.mySessions;
  expect(mine).toHaveLength(sessions + 1);
  const listed = (await t.gql(LIST, {}, session)).data.accessTokens.find((x: { id: string }) => x.id === token.id);
  expect(Date.now() - Date.parse(listed.lastUsedAt)).toBeLessThan(60_000);
  // a token is resolved in one statement, as a session is: the same read costs the same either way
  const bySession = await t.gql('{ me { user { id } } courses { nodes { id } } }', {}, session);
  const byToken = await t.gql('{ me { user { id } } courses { nodes { id } } }', {}, secret);
  expect(byToken.data).toEqual(bySession.data);
  expect(byToken.sql).toBe(bySession.sql);
});

it('a token ends when its owner is given another role, deactivated or deleted', async () => {
  const make = async () => {
    const user = await makeUser(t.ds, { role: Role.Teacher });
    const { secret } = await createToken(await t.login(user.email), 'READ');
    expect((await t.gql('{ me { user { id } } }', {}, secret)).errors).toBeUndefined();
    return { user, secret };
  };
  const demoted = await make();
  const edit = await t.gql(
    'mutation($input: UpdateUserInput!) { updateUser(input: $input) { role } }',
    { input: { id: demoted.user.id, role: 'STUDENT' } },
    w.tokens.Admin,
  );
  expect(edit.errors).toBeUndefined();
  expect((await t.gql('{ me { user { id } } }', {}, demoted.secret)).status).toBe(401);

  const deactivated = await make();
  await t.ds.query('UPDATE users SET activated = false WHERE id = $1', [deactivated.user.id]);
  expect((await t.rest('GET', '/auth/me', { token: deactivated.secret })).status).toBe(401);
  // deactivated as a OneRoster bulk import does it (users.deactivated_at)
  const left = await make();
  await t.ds.transaction((m) => deactivateUsers(m, [left.user.id]));
  expect((await t.rest('GET', '/auth/me', { token: left.secret })).status).toBe(401);

  const deleted = await make();
  expect((await t.rest('DELETE', `/users/${deleted.user.id}`, { token: w.tokens.Admin })).status).toBe(200);
  expect((await t.rest('GET', '/auth/me', { token: deleted.secret })).status).toBe(401);
  expect(await count('SELECT count(*) AS n FROM access_tokens WHERE user_id = $1', [deleted.user.id])).toBe(0);
});

it('refuses bad input and writes nothing; only your own tokens; not while viewing as another role', async () => {
  const before = await count('SELECT count(*) AS n FROM access_tokens');
  for (const [input, message] of [
    [{ name: 'x', scope: 'READ', expiresInDays: 0 }, ACCESS_TOKEN_TEXT.expiryInvalid],
    [{ name: 'x', scope: 'READ', expiresInDays: 366 }, ACCESS_TOKEN_TEXT.expiryInvalid],
    [{ name: '  ', scope: 'READ', expiresInDays: 5 }, ACCESS_TOKEN_TEXT.nameRequired],
    [{ name: 'x'.repeat(101), scope: 'READ', expiresInDays: 5 }, 'Name can be at most 100 characters'],
  ] as const) {
    const res = await t.gql(CREATE, { input }, w.tokens.Student);
    expect([res.errors?.[0].extensions?.code, res.errors?.[0].message]).toEqual(['VALIDATION', message]);
  }
  expect(await count('SELECT count(*) AS n FROM access_tokens')).toBe(before);

  // a year at most, to the day
  const year = await createToken(w.tokens.Student, 'READ', 'a year', 365);
  expect(Date.parse(year.token.expiresAt) - Date.now()).toBeGreaterThan(364 * 86_400_000);

  // someone else's token does not exist for you
  const res = await t.gql(REVOKE, { id: year.token.id }, w.tokens.Parent);
  expect(res.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  expect(await count('SELECT count(*) AS n FROM access_tokens WHERE id = $1', [year.token.id])).toBe(1);

  // viewing as another role: the token would act in the stored role, so it is made as yourself only
  const admin = await t.login('superadmin@demo.school');
  expect((await t.rest('POST', '/auth/switch-role', { token: admin, body: { role: 'Student' } })).status).toBe(200);
  const viewing = await t.gql(CREATE, { input: { name: 'as student', scope: 'READ', expiresInDays: 5 } }, admin);
  expect([viewing.errors?.[0].extensions?.code, viewing.errors?.[0].message]).toEqual(['FORBIDDEN', ACCESS_TOKEN_TEXT.manageInSession]);
});
