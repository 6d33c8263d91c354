import { DEMO_PASSWORD } from '../../app/seed';
import { hashSecret } from '../../modules/auth';
import { Role } from '../../core/role';
import { DEMO_EMAIL } from '../demo';
import { Who, row, uniq } from './matrix';
import { uniqueEmail } from '../test-server';
import { World, accountOf } from './world';

/**
 * Your Profile and Settings: every signed-in user, on their own account only. Rows that change a password
 * or end sessions act on sessions signed in for the attempt; the password is set to the same one, so the
 * demo accounts keep theirs.
 */
const emailOf = (who: Who) => DEMO_EMAIL[who === 'anonymous' ? Role.Parent : who];
const freshSession = (w: World, who: Who) => w.t.login(emailOf(who));
const sessionId = async (w: World, token: string) =>
  ((await w.ds.query('SELECT id FROM sessions WHERE token_hash = $1', [hashSecret(token)])) as Array<{ id: string }>)[0]?.id;

export const accountRows = [
  row({
    gql: 'Query.mySessions',
    query: '{ mySessions { id } }',
    expect: { self: 'AAAAA' },
    given: async (w, _c, who) => {
      const token = await freshSession(w, who);
      return { token, target: await sessionId(w, token) };
    },
  }),
  row({
    gql: 'Mutation.updateProfile',
    query: 'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }',
    variables: (v) => ({ input: { firstName: v.firstName, lastName: 'Profile' } }),
    expect: { self: 'AAAAA' },
    given: async (w, _c, who) => ({ target: accountOf(w, who), firstName: uniq('Name') }),
    changed: async (w, v) => (await w.ds.query('SELECT 1 FROM users WHERE first_name = $1', [v.firstName])).length > 0,
  }),
  row({
    gql: 'Mutation.changePassword',
    query: 'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { message } }',
    variables: () => ({ input: { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD } }),
    expect: { self: 'AAAAA' },
    // a fresh account of the role: signing out "the other sessions" of a demo account would end the matrix's own
    given: async (w, _c, who) => {
      const role = who === 'anonymous' ? Role.Parent : who;
      const [{ email }] = await w.ds.query('SELECT email FROM users WHERE id = $1', [await w.fresh.user(role)]);
      const token = await w.t.login(email);
      const other = await w.t.login(email);
      return { token, other: await sessionId(w, other) };
    },
    // the account's other session was signed out
    changed: async (w, v) => (await w.ds.query('SELECT 1 FROM sessions WHERE id = $1', [v.other])).length === 0,
  }),
  row({
    gql: 'Mutation.requestEmailChange',
    query: 'mutation($input: RequestEmailChangeInput!) { requestEmailChange(input: $input) { message } }',
    variables: (v) => ({ input: { newEmail: v.email, currentPassword: DEMO_PASSWORD } }),
    expect: { self: 'AAAAA' },
    // a fresh account of the role: the request is theirs alone, and the demo accounts keep their emails
    given: async (w, _c, who) => {
      const role = who === 'anonymous' ? Role.Parent : who;
      const [{ email }] = await w.ds.query('SELECT email FROM users WHERE id = $1', [await w.fresh.user(role)]);
      return { token: await w.t.login(email), email: uniqueEmail('moved') };
    },
    changed: async (w, v) => (await w.ds.query('SELECT 1 FROM email_changes WHERE new_email = $1', [v.email])).length > 0,
  }),
  row({
    gql: 'Mutation.endSession',
    query: 'mutation($id: ID!) { endSession(id: $id) }',
    variables: (v) => ({ id: v.victim }),
    // one's own other session, or a session of somebody else's account (it does not exist for the viewer)
    expect: { own: 'AAAAA', other: 'NNNNN' },
    given: async (w, c, who) => {
      const token = await freshSession(w, who);
      const victim =
        c === 'own' ? await freshSession(w, who) : await w.t.login(DEMO_EMAIL[who === Role.Teacher ? Role.Student : Role.Teacher]);
      return { token, victim: await sessionId(w, victim) };
    },
    changed: async (w, v) => (await w.ds.query('SELECT 1 FROM sessions WHERE id = $1', [v.victim])).length === 0,
  }),
];
