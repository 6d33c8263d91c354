import { startTestServer, TestServer, uniqueEmail } from '../../test/test-server';
import { seedDemoSchool, DEMO_ACCOUNTS } from '../../app/seed';
import { makeUser } from '../../test/factories';
import { DEMO_EMAIL } from '../../test/demo';
import { Role } from '../../core/role';
import { enumValueName } from '../../core/enum-values';
import { AUTH_TEXT } from './auth.texts';
import { OutboxMessage } from '../mail';
import { INPUT_TEXT } from '../../core/input';
import { ATTEMPT_LIMITS } from './attempts';
import { addressBucket } from './client-address';
import { MAX_PASSWORD_LENGTH } from './secrets';
import { MAX_EMAIL_LENGTH } from './auth.service';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
});
afterAll(() => t.close());

const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { token activeRole isImpersonating user { id email role } } }`;

/** A REST call with headers the test server's helper does not send (X-Forwarded-For: the server trusts a loopback proxy). */
async function post(p: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}/api${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; message?: string; token?: string } };
}
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const sessionsOf = async (userId: string) =>
  Number((await t.ds.query(`SELECT count(*) AS n FROM sessions WHERE user_id = $1`, [userId]))[0].n);
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
    // GraphQL names roles in ALL_CAPS (issue 26), REST in the spec's words
    expect(gql.data.login).toMatchObject({
      activeRole: enumValueName(role),
      isImpersonating: false,
      user: { email, role: enumValueName(role) },
    });
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
      expect([res.status, res.body]).toEqual([status, expect.objectContaining({ success: false, message })]);
    }
    const gql = await t.gql(LOGIN, { input: { email: '', password: 'x' } });
    expect(gql.errors?.[0]).toMatchObject({ message: AUTH_TEXT.emailRequired, extensions: { code: 'VALIDATION' } });
  });

  it('answers malformed and non-JSON bodies with 400 and no stack', async () => {
    const res = await t.rest('POST', '/auth/login', { raw: '{"email": ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: 'BAD_REQUEST', message: 'Malformed request' });
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
    await t.ds.query(
      `INSERT INTO login_attempts (email, ip, succeeded) SELECT 'x' || g || '@a.b', '::ffff:127.0.0.1', false FROM generate_series(1, 30) g`,
    );
    await t.ds.query(
      `INSERT INTO login_attempts (email, ip, succeeded) SELECT 'y' || g || '@a.b', '127.0.0.1', false FROM generate_series(1, 30) g`,
    );
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

describe('login limits fail closed (issue 10)', () => {
  const { perAccount, perAddress } = ATTEMPT_LIMITS.login;

  it('puts a forwarded address in its bucket: IPv4 as is, IPv6 by /64, anything else in one short bucket', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(addressBucket('2001:db8:1:2:aaaa::9')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:DB8:1:2::1%eth0')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(addressBucket('2001:db8:1:2::1'));
    for (const bad of ['x'.repeat(9000), '999.1.1.1', 'unknown', '', undefined, '1.2.3.4, 5.6.7.8', '<script>']) {
      expect(addressBucket(bad)).toBe('unknown');
    }
  });

  it('a 9,000-character X-Forwarded-For still counts each failure, and the next attempt is refused even with the right password', async () => {
    const user = await makeUser(t.ds);
    const junk = from('x'.repeat(9000));
    for (let i = 0; i < perAccount; i++) {
      expect(await post('/auth/login', { email: user.email, password: 'guess' + i }, junk)).toEqual({
        status: 401,
        body: { success: false, code: 'UNAUTHENTICATED', message: AUTH_TEXT.invalidCredentials },
      });
    }
    const right = await post('/auth/login', { email: user.email, password: 'demo1234' }, junk);
    expect(right).toEqual({
      status: 429,
      body: { success: false, code: 'RATE_LIMITED', message: AUTH_TEXT.tooManyAttempts, retryAfter: expect.any(Number) },
    });
    const stored: Array<{ ip: string }> = await t.ds.query(`SELECT ip FROM login_attempts WHERE email = $1`, [user.email]);
    expect(stored.map((r) => r.ip)).toEqual(new Array(perAccount).fill('unknown'));
    expect(await sessionsOf(user.id)).toBe(0);
  });

  it('counts per address by the validated forwarded address (an IPv6 /64 is one address)', async () => {
    await t.ds.query(
      `INSERT INTO login_attempts (email, ip, succeeded) SELECT 'z' || g || '@a.b', '2001:db8:7:7::/64', false FROM generate_series(1, $1) g`,
      [perAddress],
    );
    const user = await makeUser(t.ds);
    const blocked = await post('/auth/login', { email: user.email, password: 'demo1234' }, from('2001:db8:7:7:1234::5'));
    expect(blocked.status).toBe(429);
    const neighbour = await post('/auth/login', { email: user.email, password: 'demo1234' }, from('2001:db8:7:8::5'));
    expect(neighbour.status).toBe(200);
    await t.ds.query(`DELETE FROM login_attempts WHERE ip = '2001:db8:7:7::/64'`);
  });

  it('checks no more than the limit of passwords when guesses arrive at once', async () => {
    const user = await makeUser(t.ds);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post('/auth/login', { email: user.email, password: 'guess' + i }, from(`198.51.100.${i + 1}`))),
    );
    const statuses = burst.map((a) => a.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // a refused attempt checked no password and is withdrawn; the guesses checked in all stop at the limit
    let checked = statuses.filter((s) => s === 401).length;
    for (let i = 0; i < 2 * perAccount; i++) {
      const res = await post('/auth/login', { email: user.email, password: 'later' + i }, from('198.51.100.50'));
      if (res.status === 429) break;
      expect(res.status).toBe(401);
      checked += 1;
    }
    expect(checked).toBe(perAccount);
    expect((await post('/auth/login', { email: user.email, password: 'demo1234' }, from('198.51.100.99'))).status).toBe(429);
  });

  it('an error while counting refuses the sign-in: the right password gets the same error as a wrong one', async () => {
    const user = await makeUser(t.ds);
    await t.ds.query(
      `CREATE FUNCTION refuse_attempts() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'attempts unavailable'; END $$`,
    );
    await t.ds.query(`CREATE TRIGGER refuse_attempts BEFORE INSERT ON login_attempts FOR EACH ROW EXECUTE FUNCTION refuse_attempts()`);
    try {
      const wrong = await post('/auth/login', { email: user.email, password: 'wrong-one' });
      const right = await post('/auth/login', { email: user.email, password: 'demo1234' });
      expect(right.status).toBeGreaterThanOrEqual(500);
      expect(right).toEqual(wrong);
      expect(right.body.token).toBeUndefined();
      const gql = await t.gql(LOGIN, { input: { email: user.email, password: 'demo1234' } });
      expect(gql.data?.login ?? null).toBeNull();
      expect(gql.errors?.[0].message).toBe('Internal server error');
      expect(await sessionsOf(user.id)).toBe(0);
    } finally {
      await t.ds.query(`DROP TRIGGER refuse_attempts ON login_attempts; DROP FUNCTION refuse_attempts()`);
    }
    expect((await post('/auth/login', { email: user.email, password: 'demo1234' })).status).toBe(200);
  });

  it('refuses over-long emails and passwords with 400 before any database work', async () => {
    const huge = 'a'.repeat(900 * 1024) + '@demo.school';
    const cases: Array<[string, unknown, string]> = [
      ['/auth/login', { email: huge, password: 'demo1234' }, INPUT_TEXT.tooLong('Email', MAX_EMAIL_LENGTH)],
      [
        '/auth/login',
        { email: 'admin@demo.school', password: 'p'.repeat(MAX_PASSWORD_LENGTH + 1) },
        INPUT_TEXT.tooLong('Password', MAX_PASSWORD_LENGTH),
      ],
      ['/auth/forgot-password', { email: huge }, INPUT_TEXT.tooLong('Email', MAX_EMAIL_LENGTH)],
      [
        '/users/reset-password/sometoken',
        { password: 'p'.repeat(MAX_PASSWORD_LENGTH + 1) },
        INPUT_TEXT.tooLong('Password', MAX_PASSWORD_LENGTH),
      ],
    ];
    for (const [p, body, message] of cases) {
      const res = await t.rest('POST', p, { body });
      expect([p, res.status, res.body, res.sql]).toEqual([
        p,
        400,
        expect.objectContaining({ success: false, code: 'VALIDATION', message }),
        0,
      ]);
    }
    const gql = await t.gql(LOGIN, { input: { email: huge, password: 'demo1234' } });
    expect(gql.errors?.[0]).toMatchObject({ message: INPUT_TEXT.tooLong('Email', MAX_EMAIL_LENGTH), extensions: { code: 'VALIDATION' } });
    // the bounds themselves are accepted: characters, not UTF-16 units
    const longest = 'é'.repeat(MAX_EMAIL_LENGTH - '@demo.school'.length) + '@demo.school';
    expect((await t.rest('POST', '/auth/login', { body: { email: longest, password: '😀'.repeat(MAX_PASSWORD_LENGTH) } })).status).toBe(
      401,
    );
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
      expect(back.data.switchRole).toEqual({ role: enumValueName(from), isImpersonating: false });
      const caps = await t.gql(SWITCH, { role: enumValueName(to) }, token);
      expect(caps.data.switchRole).toEqual({ role: enumValueName(to), isImpersonating: true });
    } else {
      expect([rest.status, rest.body.message]).toEqual([403, AUTH_TEXT.roleSwitchDenied]);
      // GraphQL takes the Role enum's spelling (as switchableRoles gives it) as well as the spec's word
      for (const role of [to, enumValueName(to)])
        expect((await t.gql(SWITCH, { role }, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
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
    expect((await t.gql('{ users { totalCount } }', {}, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // still allowed to move on, by the stored role
    expect((await t.rest('POST', '/auth/switch-role', { token, body: { role: 'Teacher' } })).status).toBe(200);
    const me = await t.gql(ME, {}, token);
    expect(me.data.me.abilities.assignableRoles).toEqual(['TEACHER', 'STUDENT', 'PARENT']);
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
    const res = await t.gql(`mutation($t: String!) { resetPassword(input: { token: $t, password: "longenough" }) { message } }`, {
      t: token,
    });
    expect(res.errors?.[0]).toMatchObject({ message: AUTH_TEXT.resetInvalid, extensions: { code: 'VALIDATION' } });
    expect((await t.rest('POST', `/users/reset-password/madeup`, { body: { password: 'longenough' } })).status).toBe(400);
  });

  it('tokens last 60 minutes', async () => {
    const user = await makeUser(t.ds);
    await t.rest('POST', '/auth/forgot-password', { body: { email: user.email } });
    const [row] = await t.ds.query(
      `SELECT extract(epoch FROM expires_at - created_at) / 60 AS minutes FROM password_tokens WHERE user_id = $1`,
      [user.id],
    );
    expect(Number(row.minutes)).toBeCloseTo(60, 0);
  });
});

describe('forgot password limits and equal work (issue 10)', () => {
  const { perAccount, perAddress } = ATTEMPT_LIMITS.link;
  const outboxTo = (email: string) => t.ds.getRepository(OutboxMessage).countBy({ to: email });

  it('known and unknown emails take the same statements; only the known one gets a token and a mail', async () => {
    const user = await makeUser(t.ds);
    const pending = await makeUser(t.ds, { activated: false, passwordHash: null });
    const known = await post('/auth/forgot-password', { email: user.email }, from('192.0.2.10'));
    const answers = [
      await t.rest('POST', '/auth/forgot-password', { body: { email: user.email } }),
      await t.rest('POST', '/auth/forgot-password', { body: { email: pending.email } }),
      await t.rest('POST', '/auth/forgot-password', { body: { email: 'nobody-at-all@nowhere.school' } }),
    ];
    expect(known.body).toEqual({ success: true, message: AUTH_TEXT.forgotSent });
    for (const a of answers) expect([a.status, a.body]).toEqual([200, known.body]);
    const [knownSql, pendingSql, unknownSql] = answers.map((a) => a.sql);
    expect(knownSql).toBeGreaterThan(0);
    expect([pendingSql, unknownSql]).toEqual([knownSql, knownSql]);
    expect([await outboxTo(user.email), await outboxTo(pending.email), await outboxTo('nobody-at-all@nowhere.school')]).toEqual([2, 1, 0]);
    const tokens = await t.ds.query(`SELECT user_id FROM password_tokens WHERE user_id = ANY($1)`, [[user.id, pending.id]]);
    expect(tokens).toHaveLength(3);
  });

  it('limits requests per email, known or not, with the same answer for both', async () => {
    const user = await makeUser(t.ds);
    for (const email of [user.email, 'ghost-flood@nowhere.school']) {
      const answers = [];
      for (let i = 0; i <= perAccount; i++) answers.push(await post('/auth/forgot-password', { email }, from(`192.0.2.${20 + i}`)));
      expect(answers.slice(0, perAccount).map((a) => a.status)).toEqual(new Array(perAccount).fill(200));
      expect(answers[perAccount]).toEqual({
        status: 429,
        body: { success: false, code: 'RATE_LIMITED', message: AUTH_TEXT.tooManyLinkRequests, retryAfter: expect.any(Number) },
      });
    }
    expect(await outboxTo(user.email)).toBe(perAccount);
    const gql = await t.gql(`mutation($e: String!) { forgotPassword(input: { email: $e }) { message } }`, { e: user.email });
    expect(gql.errors?.[0]).toMatchObject({ message: AUTH_TEXT.tooManyLinkRequests, extensions: { code: 'RATE_LIMITED' } });
    // an hour later the account may ask again
    await t.ds.query(`UPDATE link_requests SET created_at = now() - interval '61 minutes' WHERE email = $1`, [user.email]);
    expect((await post('/auth/forgot-password', { email: user.email }, from('192.0.2.40'))).status).toBe(200);
  });

  it('limits requests per address across emails; refused requests are not stored', async () => {
    const address = from('192.0.2.77');
    for (let i = 0; i < perAddress; i++) {
      expect((await post('/auth/forgot-password', { email: uniqueEmail('spray') }, address)).status).toBe(200);
    }
    for (let i = 0; i < 3; i++) {
      expect((await post('/auth/forgot-password', { email: uniqueEmail('spray') }, address)).status).toBe(429);
    }
    expect(Number((await t.ds.query(`SELECT count(*) AS n FROM link_requests WHERE ip = '192.0.2.77'`))[0].n)).toBe(perAddress);
    expect((await post('/auth/forgot-password', { email: uniqueEmail('spray') }, from('192.0.2.78'))).status).toBe(200);
  });
});

describe('registration', () => {
  it('is closed unless configured open', async () => {
    const res = await t.rest('POST', '/auth/register', {
      body: { firstName: 'A', lastName: 'B', email: 'new@x.school', password: 'secret1' },
    });
    expect([res.status, res.body.message]).toEqual([403, AUTH_TEXT.registrationClosed]);
    expect(await t.ds.query(`SELECT 1 FROM users WHERE email = 'new@x.school'`)).toHaveLength(0);
  });

  it('when open, creates an active Student and signs in', async () => {
    const open = await startTestServer({ REGISTRATION_OPEN: 'true' });
    try {
      const res = await open.rest('POST', '/auth/register', {
        body: { firstName: 'A', lastName: 'B', email: 'New@X.school', password: 'secret1' },
      });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ email: 'new@x.school', role: 'Student', activated: true });
      expect(res.body.token).toBeTruthy();
    } finally {
      await open.close();
    }
  });
});
