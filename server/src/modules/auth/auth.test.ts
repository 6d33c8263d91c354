import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool, DEMO_ACCOUNTS } from '../../db/seed';
import { makeUser } from '../../test/factories';
import { DEMO_EMAIL } from '../../test/demo';
import { Role } from '../users/role';
import { AUTH_TEXT } from './auth.texts';
import { OutboxMessage } from '../mail/outbox.entity';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
});
afterAll(() => t.close());

const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { token activeRole isImpersonating user { id email role } } }`;
const ME = `{ me { activeRole isImpersonating user { email role } abilities { manageUsers assignableRoles switchableRoles } } }`;
const SWITCH = `mutation($role: String!) { switchRole(input: { role: $role }) { role isImpersonating } }`;

describe('login', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.email, a.role]))('%s signs in over REST and GraphQL', async (email, role) => {
    const rest = await t.rest('POST', '/auth/login', { body: { email, password: 'demo1234' } });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ success: true, user: { email, role } });
    expect(rest.body.user._id).toBeDefined();
    expect(rest.body.user.passwordHash).toBeUndefined();
    const me = await t.rest('GET', '/auth/me', { token: rest.body.token });
    expect(me.body).toMatchObject({ success: true, user: { email, role }, activeRole: role, isImpersonating: false });

    const gql = await t.gql(LOGIN, { input: { email: email.toUpperCase(), password: 'demo1234' } });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.login).toMatchObject({ activeRole: role, isImpersonating: false, user: { email, role } });
    const gme = await t.gql(ME, {}, gql.data.login.token);
    expect(gme.data.me.user.email).toBe(email);
  });

  it('answers the spec texts for missing fields and a wrong password, with 4xx', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ password: 'x' }, 400, AUTH_TEXT.emailRequired],
      [{ email: 'admin@demo.school' }, 400, AUTH_TEXT.passwordRequired],
      [{ email: '  ', password: '' }, 400, AUTH_TEXT.emailRequired],
      [{ email: 'nobody@demo.school', password: 'demo1234' }, 401, AUTH_TEXT.invalidCredentials],
      [{ email: 'teacher2@demo.school', password: 'wrong' }, 401, AUTH_TEXT.invalidCredentials],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.rest('POST', '/auth/login', { body });
      expect([res.status, res.body]).toEqual([status, { success: false, message }]);
    }
    const gql = await t.gql(LOGIN, { input: { email: '', password: 'x' } });
    expect(gql.errors?.[0]).toMatchObject({ message: AUTH_TEXT.emailRequired, extensions: { code: 'VALIDATION' } });
  });

  it('answers malformed and non-JSON bodies with 400 and no stack', async () => {
    const res = await t.rest('POST', '/auth/login', { raw: '{"email": ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Malformed request' });
    const gql = await t.gql('mutation { login(input: { email: 1 }) { token } }');
    expect(gql.status).toBe(400);
    expect(JSON.stringify(gql.errors)).not.toMatch(/stack|at .*\.ts/);
  });

  it('refuses a Pending user until they set a password', async () => {
    const pending = await makeUser(t.ds, { activated: false, passwordHash: null });
    const res = await t.rest('POST', '/auth/login', { body: { email: pending.email, password: 'anything' } });
    expect([res.status, res.body.message]).toEqual([401, AUTH_TEXT.pending]);
  });

  it('limits failed attempts per account for 15 minutes, then lets the real user in', async () => {
    const user = await makeUser(t.ds, { role: Role.Teacher });
    for (let i = 0; i < 5; i++) {
      const res = await t.rest('POST', '/auth/login', { body: { email: user.email, password: 'guess' + i } });
      expect(res.status).toBe(401);
    }
    const blocked = await t.rest('POST', '/auth/login', { body: { email: user.email, password: 'demo1234' } });
    expect([blocked.status, blocked.body.message]).toEqual([429, AUTH_TEXT.tooManyAttempts]);
    const gql = await t.gql(LOGIN, { input: { email: user.email, password: 'demo1234' } });
    expect(gql.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    // other accounts from the same address are not locked out
    expect((await t.rest('POST', '/auth/login', { body: { email: 'admin@demo.school', password: 'demo1234' } })).status).toBe(200);
    // the window passes
    await t.ds.query(`UPDATE login_attempts SET created_at = now() - interval '16 minutes' WHERE email = $1`, [user.email]);
    expect((await t.rest('POST', '/auth/login', { body: { email: user.email, password: 'demo1234' } })).status).toBe(200);
  });

  it('limits failed attempts per address across accounts', async () => {
    await t.ds.query(`INSERT INTO login_attempts (email, ip, succeeded) SELECT 'x' || g || '@a.b', '::ffff:127.0.0.1', false FROM generate_series(1, 30) g`);
    await t.ds.query(`INSERT INTO login_attempts (email, ip, succeeded) SELECT 'y' || g || '@a.b', '127.0.0.1', false FROM generate_series(1, 30) g`);
    const res = await t.rest('POST', '/auth/login', { body: { email: 'parent@demo.school', password: 'demo1234' } });
    expect(res.status).toBe(429);
    await t.ds.query(`DELETE FROM login_attempts`);
  });

  it('Remember me chooses a long session instead of a short one', async () => {
    const user = await makeUser(t.ds);
    const short = await t.rest('POST', '/auth/login', { body: { email: user.email, password: 'demo1234' } });
    const long = await t.rest('POST', '/auth/login', { body: { email: user.email, password: 'demo1234', rememberMe: true } });
    expect(short.status).toBe(200);
    expect(long.status).toBe(200);
    const rows: Array<{ hours: number }> = await t.ds.query(
      `SELECT extract(epoch FROM expires_at - created_at) / 3600 AS hours FROM sessions WHERE user_id = $1 ORDER BY created_at`,
      [user.id],
    );
    expect(Number(rows[0].hours)).toBeCloseTo(12, 0);
    expect(Number(rows[1].hours)).toBeCloseTo(30 * 24, 0);
  });
});

describe('sessions', () => {
  it('logout revokes the token on both transports', async () => {
    const token = await t.login('student@demo.school');
    expect((await t.rest('GET', '/auth/me', { token })).status).toBe(200);
    const out = await t.rest('GET', '/auth/logout', { token });
    expect(out.body).toEqual({ success: true, message: AUTH_TEXT.loggedOut });
    expect((await t.rest('GET', '/auth/me', { token })).status).toBe(401);
    expect((await t.rest('GET', '/users', { token })).status).toBe(401);
    const gql = await t.gql(ME, {}, token);
    expect(gql.status).toBe(401);
    expect(gql.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('GraphQL logout revokes too', async () => {
    const token = await t.login('student2@demo.school');
    expect((await t.gql('mutation { logout }', {}, token)).data.logout).toBe(true);
    expect((await t.rest('GET', '/auth/me', { token })).status).toBe(401);
  });

  it('an expired session gets 401', async () => {
    const user = await makeUser(t.ds);
    const token = await t.login(user.email);
    await t.ds.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    expect((await t.rest('GET', '/auth/me', { token })).status).toBe(401);
  });

  it('no token and a garbage token are 401', async () => {
    expect((await t.rest('GET', '/auth/me')).status).toBe(401);
    expect((await t.rest('GET', '/auth/me', { token: 'nonsense' })).status).toBe(401);
    expect((await t.gql(ME)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('switch role', () => {
  const allowed: Record<Role, Role[]> = {
    SuperAdmin: [Role.Admin, Role.Teacher, Role.Student, Role.Parent],
    Admin: [Role.Teacher, Role.Student, Role.Parent],
    Teacher: [Role.Student, Role.Parent],
    Student: [],
    Parent: [],
  };
  const cases = Object.values(Role).flatMap((from) => Object.values(Role).map((to) => [from, to] as const));

  it.each(cases)('%s -> %s follows section 6 on both transports', async (from, to) => {
    const token = await t.login(DEMO_EMAIL[from]);
    const ok = allowed[from].includes(to);
    const rest = await t.rest('POST', '/auth/switch-role', { token, body: { role: to } });
    if (ok) {
      expect(rest.body).toEqual({ success: true, role: to, isImpersonating: true });
      const me = await t.rest('GET', '/auth/me', { token });
      expect([me.body.activeRole, me.body.isImpersonating, me.body.user.role]).toEqual([to, true, from]);
      const back = await t.gql(SWITCH, { role: 'original' }, token);
      expect(back.data.switchRole).toEqual({ role: from, isImpersonating: false });
    } else {
      expect([rest.status, rest.body.message]).toEqual([403, AUTH_TEXT.roleSwitchDenied]);
      const gql = await t.gql(SWITCH, { role: to }, token);
      expect(gql.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      expect((await t.rest('GET', '/auth/me', { token })).body.activeRole).toBe(from);
    }
  });

  it('refuses unknown role values and needs a session', async () => {
    const token = await t.login('superadmin@demo.school');
    expect((await t.rest('POST', '/auth/switch-role', { token, body: { role: 'Janitor' } })).status).toBe(400);
    expect((await t.rest('POST', '/auth/switch-role', { token, body: {} })).status).toBe(400);
    expect((await t.rest('POST', '/auth/switch-role', { body: { role: 'Admin' } })).status).toBe(401);
  });

  it('the server authorizes with the active role, and switch back restores rights', async () => {
    const token = await t.login('admin@demo.school');
    expect((await t.rest('GET', '/users', { token })).status).toBe(200);
    await t.rest('POST', '/auth/switch-role', { token, body: { role: 'Student' } });
    expect((await t.rest('GET', '/users', { token })).status).toBe(403);
    expect((await t.gql('{ users { total } }', {}, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // still allowed to move on, by the stored role
    expect((await t.rest('POST', '/auth/switch-role', { token, body: { role: 'Teacher' } })).status).toBe(200);
    const me = await t.gql(ME, {}, token);
    expect(me.data.me.abilities.assignableRoles).toEqual(['Teacher', 'Student', 'Parent']);
    await t.rest('POST', '/auth/switch-role', { token, body: { role: 'original' } });
    expect((await t.rest('GET', '/users', { token })).status).toBe(200);
  });
});

describe('password reset', () => {
  const linkIn = async (email: string) => {
    const [m] = await t.ds.getRepository(OutboxMessage).find({ where: { to: email }, order: { createdAt: 'DESC' }, take: 1 });
    const match = /http:\/\/lms\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(m?.text ?? '');
    return match?.[1];
  };

  it('answers the same for known and unknown emails, and mails only the known', async () => {
    const user = await makeUser(t.ds);
    const known = await t.rest('POST', '/auth/forgot-password', { body: { email: user.email } });
    const unknown = await t.rest('POST', '/auth/forgot-password', { body: { email: 'ghost@nowhere.school' } });
    expect(known.body).toEqual({ success: true, message: AUTH_TEXT.forgotSent });
    expect(unknown.body).toEqual(known.body);
    expect(await linkIn(user.email)).toBeDefined();
    expect(await t.ds.getRepository(OutboxMessage).countBy({ to: 'ghost@nowhere.school' })).toBe(0);
    expect((await t.rest('POST', '/auth/forgot-password', { body: {} })).body.message).toBe(AUTH_TEXT.emailRequired);
    const gql = await t.gql(`mutation { forgotPassword(input: { email: "ghost@x.school" }) { message } }`);
    expect(gql.data.forgotPassword.message).toBe(AUTH_TEXT.forgotSent);
  });

  it('resets once with a stored-hashed token, ends old sessions, enforces length', async () => {
    const user = await makeUser(t.ds);
    const oldToken = await t.login(user.email);
    await t.rest('POST', '/auth/forgot-password', { body: { email: user.email } });
    const token = (await linkIn(user.email))!;
    const stored: Array<{ token_hash: string }> = await t.ds.query(`SELECT token_hash FROM password_tokens WHERE user_id = $1`, [user.id]);
    expect(stored.map((s) => s.token_hash)).not.toContain(token);

    const short = await t.rest('POST', `/users/reset-password/${token}`, { body: { password: '12345' } });
    expect([short.status, short.body.message]).toEqual([400, AUTH_TEXT.passwordTooShort]);
    const ok = await t.rest('POST', `/users/reset-password/${token}`, { body: { password: 'newpass1' } });
    expect(ok.body).toEqual({ success: true, message: AUTH_TEXT.resetDone });
    expect((await t.rest('GET', '/auth/me', { token: oldToken })).status).toBe(401);
    expect((await t.rest('POST', '/auth/login', { body: { email: user.email, password: 'newpass1' } })).status).toBe(200);
    expect((await t.rest('POST', '/auth/login', { body: { email: user.email, password: 'demo1234' } })).status).toBe(401);

    const again = await t.rest('POST', `/users/reset-password/${token}`, { body: { password: 'another1' } });
    expect([again.status, again.body.message]).toEqual([400, AUTH_TEXT.resetInvalid]);
  });

  it('refuses an expired token and a made-up one', async () => {
    const user = await makeUser(t.ds);
    await t.rest('POST', '/auth/forgot-password', { body: { email: user.email } });
    const token = (await linkIn(user.email))!;
    await t.ds.query(`UPDATE password_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    const res = await t.gql(`mutation($t: String!) { resetPassword(input: { token: $t, password: "longenough" }) { message } }`, { t: token });
    expect(res.errors?.[0]).toMatchObject({ message: AUTH_TEXT.resetInvalid, extensions: { code: 'VALIDATION' } });
    expect((await t.rest('POST', `/users/reset-password/madeup`, { body: { password: 'longenough' } })).status).toBe(400);
  });

  it('tokens last 60 minutes', async () => {
    const user = await makeUser(t.ds);
    await t.rest('POST', '/auth/forgot-password', { body: { email: user.email } });
    const [row] = await t.ds.query(`SELECT extract(epoch FROM expires_at - created_at) / 60 AS minutes FROM password_tokens WHERE user_id = $1`, [user.id]);
    expect(Number(row.minutes)).toBeCloseTo(60, 0);
  });
});

describe('registration', () => {
  it('is closed unless configured open', async () => {
    const res = await t.rest('POST', '/auth/register', { body: { firstName: 'A', lastName: 'B', email: 'new@x.school', password: 'secret1' } });
    expect([res.status, res.body.message]).toEqual([403, AUTH_TEXT.registrationClosed]);
    expect(await t.ds.query(`SELECT 1 FROM users WHERE email = 'new@x.school'`)).toHaveLength(0);
  });

  it('when open, creates an active Student and signs in', async () => {
    const open = await startTestServer({ REGISTRATION_OPEN: 'true' });
    try {
      const res = await open.rest('POST', '/auth/register', { body: { firstName: 'A', lastName: 'B', email: 'New@X.school', password: 'secret1' } });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ email: 'new@x.school', role: 'Student', activated: true });
      expect(res.body.token).toBeTruthy();
    } finally {
      await open.close();
    }
  });
});
