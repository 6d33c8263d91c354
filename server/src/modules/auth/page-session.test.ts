import { startTestServer, TestServer } from '../../test/test-server';
import { PAGE_SESSION_COOKIE, pageSessionCookie, pageSessionToken } from './page-session';
import { ACCESS_TOKEN_PREFIX, APP_TOKEN_PREFIX } from './secrets';
import { DEMO_PASSWORD, seedDemoSchool } from '../../app/seed';

/**
 * The page cookie (issue 31): set by the answers that start a session or switch its role, cleared by logout and
 * by an answer that finds the session ended, and never a credential for /graphql or /api.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
});
afterAll(() => t.close());

const LOGIN = 'mutation ($input: LoginInput!) { signedIn: login(input: $input) { token } }';

describe('the page session cookie', () => {
  it('is set by login (under an alias too), httpOnly and Lax, and not Secure over http', async () => {
    const res = await t.gql(LOGIN, { input: { email: 'teacher@demo.school', password: DEMO_PASSWORD } });
    const token = res.data.signedIn.token as string;
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${PAGE_SESSION_COOKIE}=${encodeURIComponent(token)}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookie).toMatch(/Max-Age=\d+/);
  });

  it('is not set by a failed login, and is set again by a role switch', async () => {
    const failed = await t.gql(LOGIN, { input: { email: 'teacher@demo.school', password: 'wrong-password' } });
    expect(failed.headers.get('set-cookie')).toBeNull();
    const token = await t.login('admin@demo.school');
    const switched = await t.gql('mutation { switchRole(input: { role: "Teacher" }) { role } }', {}, token);
    expect(switched.errors).toBeUndefined();
    expect(switched.headers.get('set-cookie')).toContain(`${PAGE_SESSION_COOKIE}=${encodeURIComponent(token)}`);
  });

  it('is no credential for /graphql or /api', async () => {
    const token = await t.login('teacher@demo.school');
    const cookie = `${PAGE_SESSION_COOKIE}=${encodeURIComponent(token)}`;
    const gql = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query: '{ me { user { id } } }' }),
    });
    const body = (await gql.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const rest = await fetch(`${t.url}/api/auth/me`, { headers: { cookie } });
    expect(rest.status).toBe(401);
  });

  it('is cleared by logout, and by an answer that finds the session ended', async () => {
    const token = await t.login('student@demo.school');
    const out = await t.gql('mutation { logout }', {}, token);
    expect(out.data.logout).toBe(true);
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`^${PAGE_SESSION_COOKIE}=; Max-Age=0`));
    const after = await t.gql('{ me { user { id } } }', {}, token);
    expect(after.status).toBe(401);
    expect(after.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });
});

describe('the page session cookie over REST (the same events as /graphql)', () => {
  it('is set by POST /auth/login and by a role switch, and not by a failed login', async () => {
    const res = await t.rest('POST', '/auth/login', { body: { email: 'teacher@demo.school', password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    const token = res.body.token as string;
    expect(res.headers.get('set-cookie')).toBe(pageSessionCookie(token, false, 30 * 86_400));
    const failed = await t.rest('POST', '/auth/login', { body: { email: 'teacher@demo.school', password: 'wrong-password' } });
    expect(failed.status).toBe(401);
    expect(failed.headers.get('set-cookie')).toBeNull();
    const admin = await t.login('admin@demo.school');
    const switched = await t.rest('POST', '/auth/switch-role', { token: admin, body: { role: 'Teacher' } });
    expect(switched.status).toBe(200);
    expect(switched.headers.get('set-cookie')).toContain(`${PAGE_SESSION_COOKIE}=${encodeURIComponent(admin)}`);
  });

  it('is cleared by GET /auth/logout, and by an answer to a request whose session ended', async () => {
    const token = await t.login('student@demo.school');
    const out = await t.rest('GET', '/auth/logout', { token });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toBe(pageSessionCookie(null, false, 60));
    const after = await t.rest('GET', '/auth/me', { token });
    expect(after.status).toBe(401);
    expect(after.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });

  it('is not touched by other answers', async () => {
    const token = await t.login('teacher@demo.school');
    const me = await t.rest('GET', '/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.headers.get('set-cookie')).toBeNull();
  });
});

describe('reading and writing the cookie', () => {
  it('reads the session token among other cookies, and refuses access tokens and oversize values', () => {
    expect(pageSessionToken(`a=1; ${PAGE_SESSION_COOKIE}=abc%2Bdef; b=2`)).toBe('abc+def');
    expect(pageSessionToken(undefined)).toBeNull();
    expect(pageSessionToken('other=1')).toBeNull();
    expect(pageSessionToken(`${PAGE_SESSION_COOKIE}=${ACCESS_TOKEN_PREFIX}x`)).toBeNull();
    expect(pageSessionToken(`${PAGE_SESSION_COOKIE}=${APP_TOKEN_PREFIX}x`)).toBeNull();
    expect(pageSessionToken(`${PAGE_SESSION_COOKIE}=${'x'.repeat(201)}`)).toBeNull();
    expect(pageSessionToken(`${PAGE_SESSION_COOKIE}=%E0%A4%A`)).toBeNull();
  });

  it('is Secure over https, and clears with the same attributes', () => {
    expect(pageSessionCookie('t', true, 60)).toBe(`${PAGE_SESSION_COOKIE}=t; Max-Age=60; Path=/; HttpOnly; SameSite=Lax; Secure`);
    expect(pageSessionCookie(null, false, 60)).toBe(`${PAGE_SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  });
});
