import crypto from 'node:crypto';
import { hashSecret } from '../../modules/auth';
import { SCOPES } from '../../policies/credentials';
import { Row, Vars, row, uniq } from './matrix';
import { World, accountOf } from './world';

/**
 * Integrations (issue 26): every person manages their own access tokens (someone else's does not exist for
 * them); SuperAdmin and Admin manage applications, everyone else is refused. What tokens and applications may
 * then do is proved in modules/integrations/*.test.ts.
 */
const token = async (w: World, userId: string): Promise<string> =>
  (
    await w.ds.query(
      `INSERT INTO access_tokens (user_id, name, scope, token_hash, owner_role, expires_at)
     SELECT id, 'authz', 'READ', $2, role, now() + interval '1 day' FROM users WHERE id = $1 RETURNING id`,
      [userId, hashSecret(crypto.randomUUID())],
    )
  )[0].id;

const application = async (w: World): Promise<{ id: string; hash: string }> => {
  const hash = hashSecret(crypto.randomUUID());
  const [{ id }] = await w.ds.query(
    `INSERT INTO applications (name, client_id, secret_hash, scopes, secret_created_at) VALUES ($1, $2, $3, $4, now()) RETURNING id`,
    [uniq('App'), `lmsclient_${crypto.randomUUID()}`, hash, [SCOPES.rosterRead]],
  );
  return { id, hash };
};

const secretOf = async (w: World, id: string): Promise<string | null> =>
  (await w.ds.query('SELECT secret_hash FROM applications WHERE id = $1', [id]))[0]?.secret_hash ?? null;

export const integrationsRows: Row<any>[] = [
  row({
    gql: 'Query.accessTokens',
    query: '{ accessTokens { id } }',
    expect: { own: 'AAAAA' },
    given: async (w, _c, who) => ({ target: await token(w, accountOf(w, who)) }),
  }),
  row({
    gql: 'Mutation.createAccessToken',
    query: 'mutation($input: CreateAccessTokenInput!) { createAccessToken(input: $input) { token { id } } }',
    variables: (v: Vars) => ({ input: { name: v.name, scope: 'READ', expiresInDays: 7 } }),
    expect: { own: 'AAAAA' },
    given: async () => ({ name: uniq('Token') }),
    changed: async (w, v) => (await w.ds.query('SELECT 1 FROM access_tokens WHERE name = $1', [v.name])).length > 0,
  }),
  row({
    gql: 'Mutation.revokeAccessToken',
    query: 'mutation($id: ID!) { revokeAccessToken(id: $id) }',
    variables: (v: Vars) => ({ id: v.id }),
    expect: { own: 'AAAAA', other: 'NNNNN' },
    given: async (w, c, who) => ({ id: await token(w, c === 'own' ? accountOf(w, who) : w.student2) }),
    changed: async (w, v) => (await w.ds.query('SELECT 1 FROM access_tokens WHERE id = $1', [v.id])).length === 0,
  }),
  row({
    gql: 'Query.applicationScopes',
    query: '{ applicationScopes { scope } }',
    expect: { any: 'AAFFF' },
    given: async () => ({ target: SCOPES.gradebookRead }),
  }),
  row({
    gql: 'Query.applications',
    query: '{ applications { id } }',
    expect: { any: 'AAFFF' },
    given: async (w) => ({ target: (await application(w)).id }),
  }),
  row({
    gql: 'Mutation.createApplication',
    query: 'mutation($input: CreateApplicationInput!) { createApplication(input: $input) { application { id } } }',
    variables: (v: Vars) => ({ input: { name: v.name, scopes: [SCOPES.schoolRead] } }),
    expect: { any: 'AAFFF' },
    given: async () => ({ name: uniq('App') }),
    changed: async (w, v) => (await w.ds.query('SELECT 1 FROM applications WHERE name = $1', [v.name])).length > 0,
  }),
  row({
    gql: 'Mutation.rotateApplicationSecret',
    query: 'mutation($id: ID!) { rotateApplicationSecret(id: $id) { application { id } } }',
    variables: (v: Vars) => ({ id: v.target }),
    expect: { any: 'AAFFF' },
    given: async (w) => {
      const app = await application(w);
      return { target: app.id, hash: app.hash };
    },
    changed: async (w, v) => (await secretOf(w, v.target)) !== v.hash,
  }),
  row({
    gql: 'Mutation.revokeApplication',
    query: 'mutation($id: ID!) { revokeApplication(id: $id) { id } }',
    variables: (v: Vars) => ({ id: v.target }),
    expect: { any: 'AAFFF' },
    given: async (w) => ({ target: (await application(w)).id }),
    changed: async (w, v) => (await secretOf(w, v.target)) === null,
  }),
];
