import { startTestServer, TestServer, uniqueEmail } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { OutboxMessage } from '../mail';
import { USER_TEXT } from './users.validation';
import { EMAIL_CHANGE_TEXT, AUTH_TEXT } from '../auth';

/**
 * Issue 23: any Teacher could take over any Teacher, Student or Parent account in four requests (change their
 * email, ask for a reset link at the new address, reset, sign in). Each test runs the chain, or a part of it,
 * and shows where it now stops.
 */
let t: TestServer;
const id: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const u of await t.ds.query(`SELECT id, email FROM users`)) id[u.email] = u.id;
});
afterAll(() => t.close());

const UPDATE = `mutation($input: UpdateUserInput!) { updateUser(input: $input) { id email pendingEmail } }`;
const FORGOT = `mutation($email: String!) { forgotPassword(input: { email: $email }) { message } }`;
const mailsTo = (to: string) => t.ds.getRepository(OutboxMessage).find({ where: { to }, order: { createdAt: 'ASC' } });
const linkIn = (text: string, path: string) => new RegExp(`/${path}/([A-Za-z0-9_-]+)`).exec(text)?.[1];
const emailOf = async (userId: string) => (await t.ds.query('SELECT email FROM users WHERE id = $1', [userId]))[0].email as string;
const me = (token: string) => t.rest('GET', '/auth/me', { token });

describe('the takeover chain stops at its first step', () => {
  it.each([
    ['teacher2@demo.school', 'parent@demo.school'],
    ['teacher2@demo.school', 'student@demo.school'],
    ['teacher@demo.school', 'teacher2@demo.school'],
    ['teacher@demo.school', 'admin@demo.school'],
  ])('%s cannot change the email of %s, and the reset link never reaches the attacker', async (attacker, victim) => {
    const token = await t.login(attacker);
    const mallory = uniqueEmail('mallory');
    const res = await t.gql(UPDATE, { input: { id: id[victim], email: mallory } }, token);
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await emailOf(id[victim])).toBe(victim);
    expect((await t.gql(FORGOT, { email: mallory })).data.forgotPassword.message).toBe(AUTH_TEXT.forgotSent);
    expect(await mailsTo(mallory)).toEqual([]);
  });

  it('a teacher cannot rename, re-role, re-invite or delete another teacher either (GraphQL and REST)', async () => {
    const token = await t.login('teacher@demo.school');
    const other = id['teacher2@demo.school'];
    for (const input of [
      { id: other, firstName: 'Mallory' },
      { id: other, role: 'STUDENT' },
    ]) {
      expect((await t.gql(UPDATE, { input }, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    const resend = await t.gql(`mutation($id: ID!) { resendInvitation(id: $id) { id } }`, { id: other }, token);
    expect(resend.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const del = await t.rest('DELETE', `/users/${other}`, { token });
    expect([del.status, del.body.message]).toEqual([403, USER_TEXT.cannotManage]);
    const list = await t.gql(`{ users(first: 200) { nodes { email viewerCanEdit viewerCanDelete } } }`, {}, token);
    const can = Object.fromEntries(
      list.data.users.nodes.map((u: { email: string; viewerCanEdit: boolean; viewerCanDelete: boolean }) => [
        u.email,
        [u.viewerCanEdit, u.viewerCanDelete],
      ]),
    );
    expect(can['teacher2@demo.school']).toEqual([false, false]);
    expect(can['admin@demo.school']).toEqual([false, false]);
    // their own student and that student's parent stay theirs to edit
    expect(can['student@demo.school']).toEqual([true, true]);
    expect(can['parent@demo.school']).toEqual([true, true]);
  });
});

describe('a sign-in email change waits for the new address', () => {
  it("a teacher may rename their own student but not change the student's email", async () => {
    const teacher = await t.login('teacher@demo.school');
    const studentId = id['student2@demo.school'];
    const refused = await t.gql(UPDATE, { input: { id: studentId, email: uniqueEmail() } }, teacher);
    expect(refused.errors?.[0]).toMatchObject({ message: USER_TEXT.cannotChangeEmail, extensions: { code: 'FORBIDDEN' } });
    const renamed = await t.gql(
      `mutation($input: UpdateUserInput!) { updateUser(input: $input) { firstName } }`,
      { input: { id: studentId, firstName: 'Sam' } },
      teacher,
    );
    expect(renamed.data.updateUser.firstName).toBe('Sam');
  });

  it("an administrator changes a student's email: the old email works until the link is opened, then every session and link ends", async () => {
    const studentId = id['student2@demo.school'];
    const old = await emailOf(studentId);
    const studentSession = await t.login(old);
    // a reset link mailed before the change must not survive it
    await t.gql(FORGOT, { email: old });
    const resetBefore = linkIn((await mailsTo(old)).at(-1)!.text, 'reset-password')!;
    const teacher = await t.login('admin@demo.school');
    const next = uniqueEmail('new-address');
    const res = await t.gql(UPDATE, { input: { id: studentId, email: next } }, teacher);
    expect(res.errors).toBeUndefined();
    expect(res.data.updateUser).toMatchObject({ email: old, pendingEmail: next });
    expect(await emailOf(studentId)).toBe(old);
    const [confirmMail] = await mailsTo(next);
    expect(confirmMail.subject).toBe('Confirm your new email address');
    const notice = (await mailsTo(old)).at(-1)!;
    expect(notice.subject).toBe('Your sign-in email is about to change');
    expect(notice.text).toContain(next);
    // until then: the old email signs in, a reset asked for at the new address goes nowhere
    expect((await me(studentSession)).status).toBe(200);
    await t.gql(FORGOT, { email: next });
    expect(await mailsTo(next)).toHaveLength(1);

    const confirmed = await t.rest('POST', '/auth/confirm-email', { body: { token: linkIn(confirmMail.text, 'confirm-email') } });
    expect([confirmed.status, confirmed.body.message]).toEqual([200, EMAIL_CHANGE_TEXT.confirmed]);
    expect(await emailOf(studentId)).toBe(next);
    expect((await me(studentSession)).status).toBe(401);
    const reset = await t.rest('POST', `/users/reset-password/${resetBefore}`, { body: { password: 'taken-over' } });
    expect([reset.status, reset.body.message]).toEqual([400, AUTH_TEXT.resetInvalid]);
    // the link is single-use
    const again = await t.gql(`mutation($t: String!) { confirmEmailChange(input: { token: $t }) { message } }`, {
      t: linkIn(confirmMail.text, 'confirm-email'),
    });
    expect(again.errors?.[0]).toMatchObject({ message: EMAIL_CHANGE_TEXT.invalid, extensions: { code: 'VALIDATION' } });
    expect((await t.rest('POST', '/auth/login', { body: { email: next, password: 'demo1234' } })).status).toBe(200);
  });

  it("an administrator's change waits too, and the old address can report it, which cancels it", async () => {
    const admin = await t.login('admin@demo.school');
    const parentId = id['parent@demo.school'];
    const next = uniqueEmail('admin-set');
    const res = await t.gql(UPDATE, { input: { id: parentId, email: next } }, admin);
    expect(res.data.updateUser).toMatchObject({ email: 'parent@demo.school', pendingEmail: next });
    const report = linkIn((await mailsTo('parent@demo.school')).at(-1)!.text, 'report-email-change');
    const reported = await t.gql(`mutation($t: String!) { reportEmailChange(input: { token: $t }) { message } }`, { t: report });
    expect(reported.data.reportEmailChange.message).toBe(EMAIL_CHANGE_TEXT.reported);
    const confirm = await t.rest('POST', '/auth/confirm-email', {
      body: { token: linkIn((await mailsTo(next))[0].text, 'confirm-email') },
    });
    expect([confirm.status, confirm.body.message]).toEqual([400, EMAIL_CHANGE_TEXT.invalid]);
    expect(await emailOf(parentId)).toBe('parent@demo.school');
    const [row] = await t.ds.query(`SELECT kind, actor_id FROM audit_events WHERE target_user_id = $1 AND kind = 'EMAIL_CHANGE_REPORTED'`, [
      parentId,
    ]);
    expect(row).toEqual({ kind: 'EMAIL_CHANGE_REPORTED', actor_id: parentId });
  });

  it('an administrator may mark a new email verified only for a user who never signed in; the invitation goes there', async () => {
    const admin = await t.login('admin@demo.school');
    const created = await t.gql(
      `mutation($input: CreateUserInput!) { createUser(input: $input) { id } }`,
      { input: { firstName: 'Pen', lastName: 'Ding', email: uniqueEmail('typo'), role: 'PARENT' } },
      admin,
    );
    const pendingId = created.data.createUser.id;
    const oldInvite = linkIn((await mailsTo(await emailOf(pendingId)))[0].text, 'reset-password');
    const fixed = uniqueEmail('fixed');
    const res = await t.gql(UPDATE, { input: { id: pendingId, email: fixed, emailVerified: true } }, admin);
    expect(res.data.updateUser).toMatchObject({ email: fixed, pendingEmail: null });
    const invite = linkIn((await mailsTo(fixed))[0].text, 'reset-password');
    expect((await t.rest('POST', `/users/reset-password/${oldInvite}`, { body: { password: 'secret1' } })).status).toBe(400);
    expect((await t.rest('POST', `/users/reset-password/${invite}`, { body: { password: 'secret1' } })).status).toBe(200);
    // once signed in, never: an activated user confirms at the new address
    const refused = await t.gql(UPDATE, { input: { id: id['student@demo.school'], email: uniqueEmail(), emailVerified: true } }, admin);
    expect(refused.errors?.[0]).toMatchObject({ message: USER_TEXT.cannotMarkVerified, extensions: { code: 'VALIDATION' } });
    const teacher = await t.login('teacher@demo.school');
    const byTeacher = await t.gql(UPDATE, { input: { id: pendingId, email: uniqueEmail(), emailVerified: true } }, teacher);
    expect(byTeacher.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('a user changes their own email with their password; a wrong password changes nothing', async () => {
    const token = await t.login('teacher2@demo.school');
    const REQUEST = `mutation($input: RequestEmailChangeInput!) { requestEmailChange(input: $input) { message } }`;
    const next = uniqueEmail('self');
    const wrong = await t.gql(REQUEST, { input: { newEmail: next, currentPassword: 'nope' } }, token);
    expect(wrong.errors?.[0].extensions?.code).toBe('VALIDATION');
    expect(await mailsTo(next)).toEqual([]);
    const ok = await t.gql(REQUEST, { input: { newEmail: next, currentPassword: 'demo1234' } }, token);
    expect(ok.data.requestEmailChange.message).toBe(EMAIL_CHANGE_TEXT.sent(next));
    expect(await mailsTo(next)).toHaveLength(1);
  });
});

describe('credential changes end what they should', () => {
  it('a password change ends the other sessions and every reset link mailed before it', async () => {
    const email = 'student@demo.school';
    const [a, b] = [await t.login(email), await t.login(email)];
    await t.gql(FORGOT, { email });
    const link = linkIn((await mailsTo(email)).at(-1)!.text, 'reset-password')!;
    const changed = await t.gql(
      `mutation { changePassword(input: { currentPassword: "demo1234", newPassword: "changed1" }) { message } }`,
      {},
      a,
    );
    expect(changed.errors).toBeUndefined();
    expect((await me(a)).status).toBe(200);
    expect((await me(b)).status).toBe(401);
    const reset = await t.rest('POST', `/users/reset-password/${link}`, { body: { password: 'attacker1' } });
    expect([reset.status, reset.body.message]).toEqual([400, AUTH_TEXT.resetInvalid]);
    expect((await t.rest('POST', '/auth/login', { body: { email, password: 'changed1' } })).status).toBe(200);
  });

  it('a used reset link ends every session, the other links and a waiting email change', async () => {
    const email = 'student@demo.school';
    const session = await t.login(email, 'changed1');
    await t.gql(FORGOT, { email });
    await t.gql(FORGOT, { email });
    const [first, second] = (await mailsTo(email)).slice(-2).map((m) => linkIn(m.text, 'reset-password')!);
    const admin = await t.login('admin@demo.school');
    const next = uniqueEmail('waiting');
    await t.gql(UPDATE, { input: { id: id[email], email: next } }, admin);
    expect((await t.rest('POST', `/users/reset-password/${second}`, { body: { password: 'again12' } })).status).toBe(200);
    expect((await me(session)).status).toBe(401);
    expect((await t.rest('POST', `/users/reset-password/${first}`, { body: { password: 'again34' } })).status).toBe(400);
    const confirm = await t.rest('POST', '/auth/confirm-email', {
      body: { token: linkIn((await mailsTo(next))[0].text, 'confirm-email') },
    });
    expect(confirm.status).toBe(400);
  });
});
