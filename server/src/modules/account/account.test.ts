import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeUser } from '../../test/factories';
import { Role } from '../../core/role';
import { ACCOUNT_TEXT } from './account.service';

/** Your Profile and Settings: one's own name, password and sessions, for every role. */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
});
afterAll(() => t.close());

const CHANGE = 'mutation($i: ChangePasswordInput!) { changePassword(input: $i) { message } }';
const SESSIONS = '{ mySessions { id current } }';

async function freshAccount(role = Role.Student) {
  const user = await makeUser(t.ds, { role });
  return { user, token: await t.login(user.email) };
}

test('a user changes their own name; blank names are refused with the form texts', async () => {
  const { user, token } = await freshAccount(Role.Parent);
  const r = await t.gql(
    'mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { id firstName lastName email } }',
    { i: { firstName: ' Ana ', lastName: 'Lopez' } },
    token,
  );
  expect(r.data.updateProfile).toEqual({ id: user.id, firstName: 'Ana', lastName: 'Lopez', email: user.email });
  const blank = await t.gql(
    'mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { id } }',
    { i: { firstName: ' ', lastName: 'Lopez' } },
    token,
  );
  expect(blank.errors?.[0]).toMatchObject({ message: 'First name is required', extensions: { code: 'VALIDATION' } });
});

test('changing the password needs the current one and signs out the other sessions, not this one', async () => {
  const { user, token } = await freshAccount(Role.Teacher);
  const other = await t.login(user.email);
  const wrong = await t.gql(CHANGE, { i: { currentPassword: 'not-it', newPassword: 'another-pass' } }, token);
  expect(wrong.errors?.[0]).toMatchObject({ message: ACCOUNT_TEXT.currentPasswordWrong, extensions: { code: 'VALIDATION' } });
  const short = await t.gql(CHANGE, { i: { currentPassword: 'demo1234', newPassword: '12345' } }, token);
  expect(short.errors?.[0]?.extensions?.code).toBe('VALIDATION');

  const ok = await t.gql(CHANGE, { i: { currentPassword: 'demo1234', newPassword: 'another-pass' } }, token);
  expect(ok.data.changePassword.message).toBe(ACCOUNT_TEXT.passwordChanged);
  expect((await t.gql(SESSIONS, {}, other)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  expect((await t.gql(SESSIONS, {}, token)).data.mySessions).toEqual([expect.objectContaining({ current: true })]);
  await expect(t.login(user.email)).rejects.toThrow();
  expect(await t.login(user.email, 'another-pass')).toMatch(/\w/);
});

test('guessing the current password is limited as sign-in is', async () => {
  const { token } = await freshAccount();
  const codes: string[] = [];
  for (let i = 0; i < 7; i++)
    codes.push(
      (await t.gql(CHANGE, { i: { currentPassword: `guess-${i}`, newPassword: 'whatever1' } }, token)).errors?.[0]?.extensions?.code ??
        'ok',
    );
  expect(codes.slice(0, 5)).toEqual(Array(5).fill('VALIDATION'));
  expect(codes.slice(5)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
  const right = await t.gql(CHANGE, { i: { currentPassword: 'demo1234', newPassword: 'whatever1' } }, token);
  expect(right.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
});

test("sessions: this one first; another of one's own can be signed out, somebody else's does not exist", async () => {
  const { user, token } = await freshAccount();
  const second = await t.login(user.email);
  const list = (await t.gql(SESSIONS, {}, token)).data.mySessions;
  expect(list).toHaveLength(2);
  expect(list[0].current).toBe(true);
  const stranger = await freshAccount();
  const theirs = (await t.gql(SESSIONS, {}, stranger.token)).data.mySessions[0].id;
  const refused = await t.gql('mutation($id: ID!) { endSession(id: $id) }', { id: theirs }, token);
  expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  const ended = await t.gql('mutation($id: ID!) { endSession(id: $id) }', { id: list[1].id }, token);
  expect(ended.data.endSession).toBe(true);
  expect((await t.gql(SESSIONS, {}, second)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
});
