import { startTestServer, TestServer, uniqueEmail } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { DEMO_EMAIL, signInEachRole } from '../../test/demo';
import { makeUser, makeUsers } from '../../test/factories';
import { ATTEMPT_LIMITS } from '../auth';
import { Role } from '../../core/role';
import { MAX_IMPORT_ROWS } from './users.service';
import { USER_TEXT } from './users.validation';

/**
 * The chores of issue 14 point 6 on the server: search, role filter and paging of `users`; editing a user
 * (name, email, role within the assignment rules of platform.md section 6); resending an invitation; a CSV
 * import with a preview and per-row errors. Editing and importing are GraphQL only (the spec names no REST path).
 */
let t: TestServer;
let tokens: Record<Role, string>;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  tokens = await signInEachRole(t);
});
afterAll(() => t.close());

const UPDATE =
  'mutation($input: UpdateUserInput!) { updateUser(input: $input) { id firstName lastName email role activated class { id } } }';
const RESEND = 'mutation($id: ID!) { resendInvitation(id: $id) { id } }';
const IMPORT =
  'mutation($input: ImportUsersInput!) { importUsers(input: $input) { validCount invalidCount createdCount rows { row email error user { id email role activated } } } }';
const idOf = async (email: string) => (await t.ds.query('SELECT id FROM users WHERE email = $1', [email]))[0].id as string;
const userRow = async (id: string) =>
  (await t.ds.query('SELECT first_name, last_name, email, role, class_id FROM users WHERE id = $1', [id]))[0];
const outbox = async (email: string) =>
  (await t.ds.query('SELECT text FROM mail_outbox WHERE to_address = $1 ORDER BY created_at', [email])) as Array<{ text: string }>;
const linkIn = (text: string) => /reset-password\/([A-Za-z0-9_-]+)/.exec(text)![1];

describe('users list', () => {
  it('searches first name, last name and email regardless of case, with the role filter, in pages', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    await makeUser(t.ds, { role: Role.Student, firstName: `Ann${tag}`, lastName: 'One' });
    await makeUser(t.ds, { role: Role.Student, firstName: 'Bob', lastName: `Two${tag.toUpperCase()}` });
    await makeUser(t.ds, { role: Role.Parent, firstName: 'Cid', lastName: 'Three', email: `${tag}@example.org` });
    const q =
      'query($search: String, $role: Role, $after: String, $first: Int!) { users(search: $search, role: $role, after: $after, first: $first) { totalCount nodes { firstName role } pageInfo { endCursor } } }';
    const all = await t.gql(q, { search: tag.toUpperCase(), first: 50 }, tokens.Admin);
    expect(all.data.users.totalCount).toBe(3);
    const students = await t.gql(q, { search: tag, role: 'STUDENT', first: 50 }, tokens.Admin);
    expect(students.data.users).toMatchObject({ totalCount: 2 });
    expect(students.data.users.nodes.every((u: { role: string }) => u.role === 'STUDENT')).toBe(true);
    const firstOne = await t.gql(q, { search: tag, first: 1 }, tokens.Admin);
    const second = await t.gql(q, { search: tag, after: firstOne.data.users.pageInfo.endCursor, first: 1 }, tokens.Admin);
    expect(second.data.users.totalCount).toBe(3);
    expect(second.data.users.nodes).toHaveLength(1);
    // LIKE wildcards are text, not patterns
    expect((await t.gql(q, { search: '%', first: 5 }, tokens.Admin)).data.users.totalCount).toBe(0);
  });

  it('takes the same number of statements with a search and role filter for few and many matches', async () => {
    const tag = `many${Date.now().toString(36)}`;
    const q = `{ users(search: "${tag}", role: STUDENT, first: 200) { totalCount nodes { id email role activated class { name } academicYear { year } } } }`;
    await makeUser(t.ds, { role: Role.Student, firstName: tag });
    const small = await t.gql(q, {}, tokens.Admin);
    await makeUsers(t.ds, 60, Role.Student);
    await t.ds.query(`UPDATE users SET first_name = $1 WHERE first_name LIKE 'Bulk%' AND created_at > now() - interval '1 minute'`, [tag]);
    const large = await t.gql(q, {}, tokens.Admin);
    expect(large.data.users.totalCount).toBeGreaterThan(small.data.users.totalCount);
    expect(large.sql).toBe(small.sql);
  });
});

describe('edit a user', () => {
  it('changes name and role, asks the new email (normalised) to confirm; a former student loses the placement and their sessions end', async () => {
    const u = await makeUser(t.ds, { role: Role.Student });
    await t.ds.query(
      `UPDATE users SET class_id = (SELECT id FROM classes LIMIT 1), academic_year_id = (SELECT academic_year_id FROM classes LIMIT 1) WHERE id = $1`,
      [u.id],
    );
    const session = await t.login(u.email);
    const email = uniqueEmail('renamed');
    const res = await t.gql(
      UPDATE,
      { input: { id: u.id, firstName: ' Renée ', lastName: 'Neu', email: `  ${email.toUpperCase()} `, role: 'PARENT' } },
      tokens.Admin,
    );
    expect(res.data.updateUser).toEqual({
      id: u.id,
      firstName: 'Renée',
      lastName: 'Neu',
      email: u.email,
      role: 'PARENT',
      activated: true,
      class: null,
    });
    expect(await userRow(u.id)).toEqual({ first_name: 'Renée', last_name: 'Neu', email: u.email, role: 'Parent', class_id: null });
    expect((await outbox(email))[0].text).toContain('/confirm-email/');
    expect((await t.rest('GET', '/auth/me', { token: session })).status).toBe(401);
  });

  it('keeps fields left out, and a name-only change keeps the sessions', async () => {
    const u = await makeUser(t.ds, { role: Role.Teacher, lastName: 'Kept' });
    const session = await t.login(u.email);
    const res = await t.gql(UPDATE, { input: { id: u.id, firstName: 'Only' } }, tokens.Admin);
    expect(res.data.updateUser).toMatchObject({ firstName: 'Only', lastName: 'Kept', email: u.email, role: 'TEACHER' });
    expect((await t.rest('GET', '/auth/me', { token: session })).status).toBe(200);
  });

  it('validates with the createUser texts and changes nothing', async () => {
    const u = await makeUser(t.ds, { role: Role.Student });
    const before = await userRow(u.id);
    for (const [input, message] of [
      [{ firstName: '  ' }, USER_TEXT.firstNameRequired],
      [{ lastName: '' }, USER_TEXT.lastNameRequired],
      [{ email: 'nope' }, USER_TEXT.emailInvalid],
    ] as const) {
      const res = await t.gql(UPDATE, { input: { id: u.id, ...input } }, tokens.Admin);
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'VALIDATION' } });
    }
    expect(await userRow(u.id)).toEqual(before);
  });

  it('refuses an email another user has, regardless of case', async () => {
    const u = await makeUser(t.ds, { role: Role.Student });
    const res = await t.gql(UPDATE, { input: { id: u.id, email: 'Teacher@Demo.School' } }, tokens.Admin);
    expect(res.errors?.[0]).toMatchObject({ message: USER_TEXT.emailTaken, extensions: { code: 'CONFLICT' } });
    // the own email in another case is no conflict
    const same = await t.gql(UPDATE, { input: { id: u.id, email: u.email.toUpperCase() } }, tokens.Admin);
    expect(same.data.updateUser.email).toBe(u.email);
  });

  it('follows the assignment rules: only users of a role the actor may assign, only to such a role', async () => {
    const admin = await makeUser(t.ds, { role: Role.Admin });
    const teacher = await makeUser(t.ds, { role: Role.Teacher });
    const superAdmin = await makeUser(t.ds, { role: Role.SuperAdmin });
    const denied = async (token: string, input: Record<string, unknown>, message: string) => {
      const res = await t.gql(UPDATE, { input }, token);
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'FORBIDDEN' } });
    };
    // a Teacher may not edit an Admin nor another Teacher (issue 23), an Admin not make anyone a SuperAdmin
    await denied(tokens.Teacher, { id: admin.id, firstName: 'X' }, USER_TEXT.cannotManage);
    await denied(tokens.Teacher, { id: teacher.id, firstName: 'X' }, USER_TEXT.cannotManage);
    await denied(tokens.Teacher, { id: teacher.id, role: 'ADMIN' }, USER_TEXT.cannotManage);
    // an Admin may not touch a SuperAdmin nor create one
    await denied(tokens.Admin, { id: superAdmin.id, firstName: 'X' }, USER_TEXT.cannotManage);
    await denied(tokens.Admin, { id: admin.id, role: 'SUPER_ADMIN' }, USER_TEXT.cannotAssign('SuperAdmin'));
    // students and parents manage nobody
    await denied(tokens.Student, { id: teacher.id, firstName: 'X' }, USER_TEXT.cannotManage);
    await denied(tokens.Parent, { id: teacher.id, firstName: 'X' }, USER_TEXT.cannotManage);
    expect((await userRow(admin.id)).role).toBe('Admin');
    expect((await userRow(teacher.id)).role).toBe('Teacher');
    // allowed: an Admin makes an Admin a Teacher, a SuperAdmin a SuperAdmin an Admin
    expect((await t.gql(UPDATE, { input: { id: admin.id, role: 'TEACHER' } }, tokens.Admin)).data.updateUser.role).toBe('TEACHER');
    expect((await t.gql(UPDATE, { input: { id: superAdmin.id, role: 'ADMIN' } }, tokens.SuperAdmin)).data.updateUser.role).toBe('ADMIN');
  });

  it('never changes your own role, but your own name may change', async () => {
    for (const who of [Role.SuperAdmin, Role.Admin, Role.Teacher]) {
      const me = await idOf(DEMO_EMAIL[who]);
      const res = await t.gql(UPDATE, { input: { id: me, role: 'STUDENT' } }, tokens[who]);
      expect(res.errors?.[0]).toMatchObject({ message: USER_TEXT.cannotChangeOwnRole, extensions: { code: 'FORBIDDEN' } });
      expect((await userRow(me)).role).toBe(who);
    }
    const me = await idOf(DEMO_EMAIL.Admin);
    const before = await userRow(me);
    const ok = await t.gql(UPDATE, { input: { id: me, firstName: before.first_name, role: 'ADMIN' } }, tokens.Admin);
    expect(ok.data.updateUser.role).toBe('ADMIN');
  });

  it('answers not found for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await t.gql(UPDATE, { input: { id, firstName: 'X' } }, tokens.Admin);
      expect(res.errors?.[0]).toMatchObject({ message: USER_TEXT.notFound, extensions: { code: 'NOT_FOUND' } });
    }
  });

  it('a changed email marked verified for a Pending user ends the old invitation link', async () => {
    const created = await t.gql(
      'mutation($input: CreateUserInput!) { createUser(input: $input) { id email } }',
      { input: { firstName: 'Typo', lastName: 'Mail', email: uniqueEmail('typo'), role: 'PARENT' } },
      tokens.Admin,
    );
    const { id, email } = created.data.createUser;
    const oldToken = linkIn((await outbox(email))[0].text);
    await t.gql(UPDATE, { input: { id, email: uniqueEmail('fixed'), emailVerified: true } }, tokens.Admin);
    expect((await t.rest('POST', `/users/reset-password/${oldToken}`, { body: { password: 'chosen1' } })).status).toBe(400);
  });
});

describe('resend an invitation', () => {
  it('mails a new 7-day link to a Pending user; the earlier one stops working; the new one activates', async () => {
    const created = await t.gql(
      'mutation($input: CreateUserInput!) { createUser(input: $input) { id email } }',
      { input: { firstName: 'Re', lastName: 'Send', email: uniqueEmail('resend'), role: 'STUDENT' } },
      tokens.Admin,
    );
    const { id, email } = created.data.createUser;
    const first = linkIn((await outbox(email))[0].text);
    const res = await t.gql(RESEND, { id }, tokens.Admin);
    expect(res.data.resendInvitation).toEqual({ id });
    const mails = await outbox(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('within 7 days');
    const [{ days }] = await t.ds.query(
      `SELECT round(extract(epoch FROM expires_at - now()) / 86400) AS days FROM password_tokens WHERE user_id = $1 AND used_at IS NULL`,
      [id],
    );
    expect(Number(days)).toBe(7);
    expect((await t.rest('POST', `/users/reset-password/${first}`, { body: { password: 'chosen1' } })).status).toBe(400);
    expect((await t.rest('POST', `/users/reset-password/${linkIn(mails[1].text)}`, { body: { password: 'chosen1' } })).status).toBe(200);
    // now Active: nothing to resend
    const again = await t.gql(RESEND, { id }, tokens.Admin);
    expect(again.errors?.[0]).toMatchObject({ message: USER_TEXT.alreadyActive, extensions: { code: 'VALIDATION' } });
  });

  it('follows the edit rule', async () => {
    const admin = await makeUser(t.ds, { role: Role.Admin, activated: false, passwordHash: null });
    for (const who of [Role.Teacher, Role.Student, Role.Parent]) {
      const res = await t.gql(RESEND, { id: admin.id }, tokens[who]);
      expect(res.errors?.[0]).toMatchObject({ message: USER_TEXT.cannotManage, extensions: { code: 'FORBIDDEN' } });
    }
    expect(await outbox(admin.email)).toHaveLength(0);
    expect((await t.gql(RESEND, { id: admin.id }, tokens.Admin)).data.resendInvitation).toEqual({ id: admin.id });
  });

  it('is limited per email like forgot-password, and a refusal sends nothing', async () => {
    await t.ds.query('DELETE FROM link_requests');
    const u = await makeUser(t.ds, { role: Role.Parent, activated: false, passwordHash: null });
    for (let i = 0; i < ATTEMPT_LIMITS.link.perAccount; i++) {
      expect((await t.gql(RESEND, { id: u.id }, tokens.Admin)).errors).toBeUndefined();
    }
    const refused = await t.gql(RESEND, { id: u.id }, tokens.Admin);
    expect(refused.errors?.[0]).toMatchObject({ message: USER_TEXT.tooManyInvitations, extensions: { code: 'RATE_LIMITED' } });
    expect(await outbox(u.email)).toHaveLength(ATTEMPT_LIMITS.link.perAccount);
    await t.ds.query('DELETE FROM link_requests');
  });
});

describe('CSV import', () => {
  const good = (tag: string, role = 'Student') => ({ firstName: 'Imp', lastName: tag, email: uniqueEmail(`imp-${tag}`), role });
  const count = async () => Number((await t.ds.query('SELECT count(*) AS n FROM users'))[0].n);

  it('a valid file: the preview writes nothing; the import creates every row Pending with an invitation', async () => {
    const rows = [good('a'), good('b', 'Teacher'), { ...good('c', 'Parent'), email: ` ${uniqueEmail('imp-c').toUpperCase()} ` }];
    const before = await count();
    const preview = await t.gql(IMPORT, { input: { rows, dryRun: true } }, tokens.Admin);
    expect(preview.data.importUsers).toMatchObject({ validCount: 3, invalidCount: 0, createdCount: 0 });
    expect(preview.data.importUsers.rows.map((r: { error: string | null; user: unknown }) => [r.error, r.user])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect(await count()).toBe(before);
    const done = await t.gql(IMPORT, { input: { rows } }, tokens.Admin);
    expect(done.data.importUsers).toMatchObject({ validCount: 3, invalidCount: 0, createdCount: 3 });
    expect(await count()).toBe(before + 3);
    for (const r of done.data.importUsers.rows) {
      expect(r.user).toMatchObject({ email: r.email, activated: false });
      expect(await outbox(r.email)).toHaveLength(1);
    }
    expect(done.data.importUsers.rows[2].email).toBe(rows[2].email.trim().toLowerCase());
  });

  it('an invalid file: every row gets its error (section 5 texts, roles, duplicates in the file and in the school)', async () => {
    const dup = uniqueEmail('imp-dup');
    const rows = [
      { ...good('x'), firstName: '' },
      { ...good('x'), email: 'not-an-email' },
      { ...good('x'), role: 'Janitor' },
      { ...good('x'), role: 'SuperAdmin' },
      { ...good('x'), email: 'STUDENT@demo.school' },
      { ...good('x'), email: dup },
      { ...good('x'), email: dup.toUpperCase() },
      { firstName: 'Only' },
    ];
    const before = await count();
    const res = await t.gql(IMPORT, { input: { rows } }, tokens.Admin);
    expect(res.data.importUsers).toMatchObject({ validCount: 1, invalidCount: 7, createdCount: 0 });
    expect(res.data.importUsers.rows.map((r: { row: number; error: string | null }) => [r.row, r.error])).toEqual([
      [1, USER_TEXT.firstNameRequired],
      [2, USER_TEXT.emailInvalid],
      [3, USER_TEXT.roleRequired],
      [4, USER_TEXT.cannotAssign('SuperAdmin')],
      [5, USER_TEXT.emailTaken],
      [6, null],
      [7, USER_TEXT.duplicateInFile(6)],
      [8, USER_TEXT.lastNameRequired],
    ]);
    expect(await count()).toBe(before);
  });

  it('a mixed file: nothing unless all are valid, or the valid rows when the user chooses so', async () => {
    const rows = [good('m1'), { ...good('m2'), email: '' }, good('m3', 'Parent')];
    const before = await count();
    const strict = await t.gql(IMPORT, { input: { rows, onlyIfAllValid: true } }, tokens.Teacher);
    expect(strict.data.importUsers).toMatchObject({ validCount: 2, invalidCount: 1, createdCount: 0 });
    expect(strict.data.importUsers.rows[1].error).toBe(USER_TEXT.emailRequired);
    expect(await count()).toBe(before);
    const lenient = await t.gql(IMPORT, { input: { rows, onlyIfAllValid: false } }, tokens.Teacher);
    expect(lenient.data.importUsers).toMatchObject({ validCount: 2, invalidCount: 1, createdCount: 2 });
    expect(lenient.data.importUsers.rows.map((r: { user: unknown }) => Boolean(r.user))).toEqual([true, false, true]);
    expect(await count()).toBe(before + 2);
    // the same file again: the rows now exist
    const again = await t.gql(IMPORT, { input: { rows, dryRun: true } }, tokens.Teacher);
    expect(again.data.importUsers.rows.map((r: { error: string | null }) => r.error)).toEqual([
      USER_TEXT.emailTaken,
      USER_TEXT.emailRequired,
      USER_TEXT.emailTaken,
    ]);
  });

  it('a Teacher imports only the roles a Teacher may assign', async () => {
    const res = await t.gql(IMPORT, { input: { rows: [good('t1', 'Admin'), good('t2', 'Teacher')], dryRun: true } }, tokens.Teacher);
    expect(res.data.importUsers.rows.map((r: { error: string | null }) => r.error)).toEqual([USER_TEXT.cannotAssign('Admin'), null]);
  });

  it('refuses students, parents, an empty file and one beyond the cap', async () => {
    for (const who of [Role.Student, Role.Parent]) {
      const res = await t.gql(IMPORT, { input: { rows: [good('s')] } }, tokens[who]);
      expect(res.errors?.[0]).toMatchObject({ message: USER_TEXT.cannotManage, extensions: { code: 'FORBIDDEN' } });
    }
    expect((await t.gql(IMPORT, { input: { rows: [] } }, tokens.Admin)).errors?.[0]).toMatchObject({
      message: USER_TEXT.importEmpty,
      extensions: { code: 'VALIDATION' },
    });
    const many = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => ({
      firstName: 'A',
      lastName: 'B',
      email: `cap${i}@example.org`,
      role: 'Student',
    }));
    const res = await t.gql(IMPORT, { input: { rows: many, dryRun: true } }, tokens.Admin);
    expect(res.errors?.[0]).toMatchObject({
      message: USER_TEXT.importTooLarge(MAX_IMPORT_ROWS),
      extensions: { code: 'PAYLOAD_TOO_LARGE' },
    });
  });

  it('takes the same number of statements for 2 rows and for 300', async () => {
    const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => good(`n${i}`, i % 2 ? 'Parent' : 'Student'));
    const small = await t.gql(IMPORT, { input: { rows: rowsOf(2) } }, tokens.Admin);
    const large = await t.gql(IMPORT, { input: { rows: rowsOf(300) } }, tokens.Admin);
    expect(large.data.importUsers.createdCount).toBe(300);
    expect(large.sql).toBe(small.sql);
  });
});
