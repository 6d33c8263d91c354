import { startTestServer, TestServer, uniqueEmail } from '../test/test-server';
import { seedDemoSchool } from '../app/seed';
import { makeUser } from '../test/factories';
import { USER_TEXT } from '../modules/users';
import { AUTH_TEXT, ATTEMPT_LIMITS } from '../modules/auth';

/**
 * Errors a script can act on (issue 26): a refused input names its field, a refusal for too many attempts
 * says when to retry (body and Retry-After header), and REST errors carry GraphQL's code beside the message.
 */
let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  admin = await t.login('admin@demo.school');
});
afterAll(() => t.close());

const CREATE = `mutation($input: CreateUserInput!) { createUser(input: $input) { id } }`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { token } }`;
const good = () => ({ firstName: 'Ann', lastName: 'Lee', email: uniqueEmail(), role: 'Student' });

describe('VALIDATION names the input field', () => {
  it.each([
    [{ firstName: ' ' }, 'firstName', USER_TEXT.firstNameRequired],
    [{ lastName: 'x'.repeat(101) }, 'lastName', 'Last name can be at most 100 characters'],
    [{ email: 'not-an-email' }, 'email', USER_TEXT.emailInvalid],
  ])('%j: GraphQL extensions.field and REST field say %s', async (change, field, message) => {
    const input = { ...good(), ...change };
    // GraphQL names the role in ALL_CAPS (issue 26), REST in the spec's word
    const gql = await t.gql(CREATE, { input: { ...input, role: 'STUDENT' } }, admin);
    expect(gql.errors?.[0]).toMatchObject({ message, extensions: { code: 'VALIDATION', field } });
    const rest = await t.rest('POST', '/users', { token: admin, body: input });
    expect([rest.status, rest.body]).toEqual([400, { success: false, code: 'VALIDATION', field, message }]);
  });

  it('a value the schema itself refuses (an unknown enum value) names the field too', async () => {
    const gql = await t.gql(CREATE, { input: { ...good(), role: 'Janitor' } }, admin);
    expect(gql.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'role' });
    const rest = await t.rest('POST', '/users', { token: admin, body: { ...good(), role: 'Janitor' } });
    expect([rest.status, rest.body]).toEqual([400, { success: false, code: 'VALIDATION', field: 'role', message: USER_TEXT.roleRequired }]);
  });

  it("an error that is no input's fault names no field", async () => {
    const rest = await t.rest('DELETE', '/users/00000000-0000-4000-8000-000000000000', { token: admin });
    expect([rest.status, rest.body]).toEqual([404, { success: false, code: 'NOT_FOUND', message: USER_TEXT.notFound }]);
  });
});

describe('REST errors carry the code', () => {
  it.each([
    ['GET', '/users', null, 401, 'UNAUTHENTICATED'],
    ['GET', '/users', 'student', 403, 'FORBIDDEN'],
    ['GET', '/no-such-path', 'admin', 404, 'NOT_FOUND'],
    ['POST', '/auth/login', null, 400, 'VALIDATION'],
  ] as const)('%s %s as %s answers %s with code %s', async (method, path, who, status, code) => {
    const token = who === 'admin' ? admin : who === 'student' ? await t.login('student@demo.school') : null;
    const res = await t.rest(method, path, { token, body: method === 'GET' ? undefined : {} });
    expect([res.status, res.body.success, res.body.code, typeof res.body.message]).toEqual([status, false, code, 'string']);
  });

  it('malformed JSON is BAD_REQUEST', async () => {
    const res = await t.rest('POST', '/users', { token: admin, raw: '{"x":' });
    expect([res.status, res.body]).toEqual([400, { success: false, code: 'BAD_REQUEST', message: 'Malformed request' }]);
  });
});

describe('RATE_LIMITED says when to retry', () => {
  const { perAccount, minutes } = ATTEMPT_LIMITS.login;

  it('in seconds until the oldest failure leaves the window, on both transports, with the Retry-After header', async () => {
    const user = await makeUser(t.ds);
    for (let i = 0; i < perAccount; i++) {
      expect((await t.rest('POST', '/auth/login', { body: { email: user.email, password: `guess${i}` } })).status).toBe(401);
    }
    // the oldest failure is about a minute from leaving the 15-minute window
    await t.ds.query(
      `UPDATE login_attempts SET created_at = now() - make_interval(mins => $2) + interval '60 seconds'
        WHERE id = (SELECT id FROM login_attempts WHERE email = $1 ORDER BY created_at LIMIT 1)`,
      [user.email, minutes],
    );
    const rest = await t.rest('POST', '/auth/login', { body: { email: user.email, password: 'demo1234' } });
    expect([rest.status, rest.body.code, rest.body.message]).toEqual([429, 'RATE_LIMITED', AUTH_TEXT.tooManyAttempts]);
    expect(rest.body.retryAfter).toBeGreaterThanOrEqual(55);
    expect(rest.body.retryAfter).toBeLessThanOrEqual(61);
    expect(rest.headers.get('retry-after')).toBe(String(rest.body.retryAfter));

    const gql = await t.gql(LOGIN, { input: { email: user.email, password: 'demo1234' } });
    expect(gql.errors?.[0]).toMatchObject({ message: AUTH_TEXT.tooManyAttempts, extensions: { code: 'RATE_LIMITED' } });
    const after = gql.errors?.[0].extensions?.retryAfter as number;
    expect(after).toBeGreaterThanOrEqual(55);
    expect(after).toBeLessThanOrEqual(61);
    expect(gql.headers.get('retry-after')).toBe(String(after));

    // waiting that long is enough: once the oldest failure has left, the right password signs in
    await t.ds.query(`UPDATE login_attempts SET created_at = created_at - interval '61 seconds' WHERE email = $1`, [user.email]);
    expect((await t.rest('POST', '/auth/login', { body: { email: user.email, password: 'demo1234' } })).status).toBe(200);
  });

  it('an answer that is not refused carries no Retry-After', async () => {
    const res = await t.rest('POST', '/auth/login', { body: { email: 'admin@demo.school', password: 'wrong' } });
    expect([res.status, res.body.code, res.body.retryAfter, res.headers.get('retry-after')]).toEqual([
      401,
      'UNAUTHENTICATED',
      undefined,
      null,
    ]);
  });
});
