import { DEMO_PASSWORD } from '../../app/seed';
import { hashSecret, newSecret } from '../../modules/auth';
import { Role } from '../../core/role';
import { DEMO_EMAIL } from '../demo';
import { uniqueEmail } from '../test-server';
import { Who, row } from './matrix';
import { World, accountOf, holds } from './world';

/**
 * Sign-in and sessions (platform.md section 7, Authentication). Login, register (the test server opens
 * registration), forgot and reset password are public: every role and the anonymous caller may. Rows that end
 * or change a session act on a session of their own, signed in for the attempt.
 */
const emailOf = (who: Who) => DEMO_EMAIL[who === 'anonymous' ? Role.Parent : who];
const freshSession = (w: World, who: Who) => w.t.login(emailOf(who));
const sessionOf = async (w: World, token: string | undefined) =>
  (
    (await w.ds.query('SELECT active_role FROM sessions WHERE token_hash = $1', [hashSecret(token ?? '')])) as Array<{
      active_role: string;
    }>
  )[0];
const sessionsOf = async (w: World, userId: string) =>
  ((await w.ds.query('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [userId])) as Array<{ n: number }>)[0].n;
const freshEmail = async (w: World) =>
  ((await w.ds.query('SELECT email FROM users WHERE id = $1', [await w.fresh.user(Role.Student)])) as Array<{ email: string }>)[0].email;

/** A sign-in email change waiting for its links (issue 23), of a new student: the tokens of both links. */
const waitingChange = async (w: World) => {
  const userId = await w.fresh.user(Role.Student);
  const [confirm, report] = [newSecret(), newSecret()];
  const email = uniqueEmail('confirmed');
  await w.ds.query(
    `INSERT INTO email_changes (user_id, new_email, confirm_hash, report_hash, expires_at) VALUES ($1, $2, $3, $4, now() + interval '1 hour')`,
    [userId, email, confirm.hash, report.hash],
  );
  return { userId, email, confirm: confirm.token, report: report.token };
};

export const authRows = [
  row({
    gql: 'Mutation.confirmEmailChange',
    query: 'mutation($input: EmailChangeTokenInput!) { confirmEmailChange(input: $input) { message } }',
    variables: (v) => ({ input: { token: v.confirm } }),
    rest: { 'POST /auth/confirm-email': (v) => ({ path: '/auth/confirm-email', body: { token: v.confirm } }) },
    // public: whoever holds the link mailed to the new address
    expect: { link: 'AAAAA' },
    anonymous: 'A',
    given: (w) => waitingChange(w),
    changed: (w, v) => holds(w, 'users', 'email', v.email, 'id = $2', [v.userId]),
  }),
  row({
    gql: 'Mutation.reportEmailChange',
    query: 'mutation($input: EmailChangeTokenInput!) { reportEmailChange(input: $input) { message } }',
    variables: (v) => ({ input: { token: v.report } }),
    rest: { 'POST /auth/report-email-change': (v) => ({ path: '/auth/report-email-change', body: { token: v.report } }) },
    // public: whoever holds the link mailed to the old address
    expect: { link: 'AAAAA' },
    anonymous: 'A',
    given: (w) => waitingChange(w),
    changed: async (w, v) =>
      (await w.ds.query('SELECT 1 FROM email_changes WHERE user_id = $1 AND cancelled_at IS NOT NULL', [v.userId])).length > 0,
  }),
  row({
    gql: 'Query.me',
    query: '{ me { user { id } } }',
    rest: { 'GET /auth/me': () => ({ path: '/auth/me' }) },
    expect: { self: 'AAAAA' },
    given: async (w, _c, who) => ({ target: accountOf(w, who) }),
  }),
  row({
    gql: 'Mutation.login',
    query: 'mutation($input: LoginInput!) { login(input: $input) { token } }',
    variables: (v) => ({ input: { email: v.email, password: DEMO_PASSWORD } }),
    rest: { 'POST /auth/login': (v) => ({ path: '/auth/login', body: { email: v.email, password: DEMO_PASSWORD } }) },
    expect: { self: 'AAAAA' },
    anonymous: 'A',
    given: async (w, _c, who) => ({ email: emailOf(who), userId: accountOf(w, who), before: await sessionsOf(w, accountOf(w, who)) }),
    changed: async (w, v) => (await sessionsOf(w, v.userId)) > v.before,
  }),
  row({
    gql: 'Mutation.register',
    query: 'mutation($input: RegisterInput!) { register(input: $input) { token } }',
    variables: (v) => ({ input: v.fields }),
    rest: { 'POST /auth/register': (v) => ({ path: '/auth/register', body: v.fields }) },
    expect: { new: 'AAAAA' },
    anonymous: 'A',
    given: async () => ({ fields: { email: uniqueEmail('register'), firstName: 'New', lastName: 'Student', password: DEMO_PASSWORD } }),
    changed: (w, v) => holds(w, 'users', 'email', v.fields.email),
  }),
  row({
    gql: 'Mutation.logout',
    query: 'mutation { logout }',
    rest: { 'GET /auth/logout': () => ({ path: '/auth/logout' }) },
    expect: { self: 'AAAAA' },
    given: async (w, _c, who) => ({ token: await freshSession(w, who) }),
    changed: async (w, v) => !(await sessionOf(w, v.token)),
  }),
  row({
    gql: 'Mutation.switchRole',
    query: 'mutation($input: SwitchRoleInput!) { switchRole(input: $input) { role } }',
    variables: (v) => ({ input: { role: v.role } }),
    rest: { 'POST /auth/switch-role': (v) => ({ path: '/auth/switch-role', body: { role: v.role } }) },
    // view as a Student (SuperAdmin, Admin, Teacher), as an Admin (SuperAdmin only), back to the original role
    expect: { Student: 'AAAFF', Admin: 'AFFFF', original: 'AAAAA' },
    given: async (w, c, who) => {
      const token = await freshSession(w, who);
      const stored = who === 'anonymous' ? Role.Parent : who;
      // switching back needs a session that views the app as another role
      if (c === 'original') {
        await w.ds.query(`UPDATE sessions SET active_role = $2, impersonating = true WHERE token_hash = $1`, [
          hashSecret(token),
          stored === Role.Parent ? Role.Student : Role.Parent,
        ]);
      }
      return { token, role: c, want: c === 'original' ? stored : c, before: (await sessionOf(w, token)).active_role };
    },
    changed: async (w, v) => v.before !== v.want && (await sessionOf(w, v.token))?.active_role === v.want,
  }),
  row({
    gql: 'Mutation.forgotPassword',
    query: 'mutation($input: ForgotPasswordInput!) { forgotPassword(input: $input) { message } }',
    variables: (v) => ({ input: { email: v.email } }),
    rest: { 'POST /auth/forgot-password': (v) => ({ path: '/auth/forgot-password', body: { email: v.email } }) },
    expect: { account: 'AAAAA' },
    anonymous: 'A',
    given: async (w) => ({ email: await freshEmail(w) }),
    changed: async (w, v) =>
      holds(w, 'password_tokens', 'purpose', 'reset', 'user_id = (SELECT id FROM users WHERE email = $2)', [v.email]),
  }),
  row({
    gql: 'Mutation.resetPassword',
    query: 'mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { message } }',
    variables: (v) => ({ input: { token: v.resetToken, password: 'changed1234' } }),
    rest: {
      'POST /users/reset-password/:token': (v) => ({ path: `/users/reset-password/${v.resetToken}`, body: { password: 'changed1234' } }),
    },
    expect: { link: 'AAAAA' },
    anonymous: 'A',
    given: async (w) => {
      const userId = await w.fresh.user(Role.Student);
      const link = await w.t.services.auth.issueToken(w.ds.manager, userId, 'reset', 3_600_000);
      return { userId, resetToken: link.split('/').pop() };
    },
    changed: (w, v) => holds(w, 'password_tokens', 'user_id', v.userId, 'used_at IS NOT NULL'),
  }),
];
