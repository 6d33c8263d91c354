import { startTestServer, TestServer } from '../../test/test-server';
import { buildWorld, World } from '../../test/authz/world';
import { captureLogs } from '../../test/log-capture';
import { SCOPES } from '../../policies/credentials';
import { CREDENTIAL_TEXT } from '../../app/credential-gate';
import { APPLICATION_TEXT } from './applications.service';
import { TokenCall, clientToken, registerApplication, tokenCall as rawTokenCall } from '../../test/applications';

/**
 * Applications (issue 26): OAuth 2.0 client credentials at POST /oauth/token as RFC 6749 sections 4.4, 5.1 and
 * 5.2 say, an application actor that reads exactly what its scopes allow and writes nothing, rotation and
 * revocation, allowed address ranges, a per-client rate limit; no secret ever reaches the log.
 */
const RATE = 25;
let t: TestServer;
let w: World;

beforeAll(async () => {
  t = await startTestServer({ APP_RATE_LIMIT_PER_MINUTE: String(RATE) });
  w = await buildWorld(t);
}, 60_000);
afterAll(() => t?.close());

const CREATE = `mutation($input: CreateApplicationInput!) {
  createApplication(input: $input) { clientSecret application { id clientId scopes allowedIpRanges active } } }`;

const register = (scopes: string[], allowedIpRanges?: string[]) => registerApplication(t, w.tokens.Admin, scopes, allowedIpRanges);
const tokenCall = (call: TokenCall) => rawTokenCall(t, call);
const accessToken = (app: { clientId: string; secret: string }, scope?: string) => clientToken(t, app, scope);

const USERS = '{ users { totalCount nodes { id email } } }';
const GRADEBOOK = 'query($id: ID!) { gradebook(courseId: $id) { rows { nodes { student { id } } } } }';
const CLASSES = '{ classes { nodes { id } } }';

it('client credentials answer a bearer token of an hour, never cached; the secret is shown once and kept hashed', async () => {
  let answer: Record<string, unknown> = {};
  let secret = '';
  const log = await captureLogs(async () => {
    const app = await register([SCOPES.schoolRead, SCOPES.rosterRead]);
    secret = app.secret;
    expect(app.secret).toMatch(/^lmscs_/);
    const listed = await t.gql('{ applications { id clientId } }', {}, w.tokens.SuperAdmin);
    expect(JSON.stringify(listed.data)).not.toContain(app.secret);
    expect((await t.ds.query('SELECT secret_hash FROM applications WHERE id = $1', [app.id]))[0].secret_hash).toMatch(/^[0-9a-f]{64}$/);

    const res = await tokenCall({
      basic: [app.clientId, app.secret],
      form: { grant_type: 'client_credentials', scope: SCOPES.schoolRead },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('pragma')).toBe('no-cache');
    answer = res.body;
    expect(answer).toEqual({
      access_token: expect.stringMatching(/^lmsat_/),
      token_type: 'bearer',
      expires_in: 3600,
      scope: SCOPES.schoolRead,
    });
    // RFC 6749 section 2.3.1: the credentials in the body work too; without a scope, all of the client's
    const body = await tokenCall({ form: { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.secret } });
    expect([body.status, body.body.scope]).toEqual([200, `${SCOPES.schoolRead} ${SCOPES.rosterRead}`]);
    const users = await t.gql(USERS, {}, answer.access_token as string);
    expect(users.data.users.totalCount).toBeGreaterThan(5);
    const expiry = await t.ds.query('SELECT expires_at - created_at AS life FROM application_tokens WHERE application_id = $1', [app.id]);
    expect(expiry.every((r: { life: { hours?: number; minutes?: number } }) => r.life.hours === 1 && !r.life.minutes)).toBe(true);
  });
  expect(log).toContain('"msg":"request"');
  for (const s of [secret, answer.access_token as string]) expect(log).not.toContain(s);
});

it('errors as RFC 6749 section 5.2: invalid_client (401, WWW-Authenticate), invalid_request, unsupported_grant_type, invalid_scope', async () => {
  const app = await register([SCOPES.rosterRead]);
  const grant = { grant_type: 'client_credentials' };
  const cases: Array<[TokenCall, number, string]> = [
    [{ basic: [app.clientId, 'wrong'], form: grant }, 401, 'invalid_client'],
    [{ basic: ['nobody', app.secret], form: grant }, 401, 'invalid_client'],
    [{ form: grant }, 401, 'invalid_client'],
    [{ basic: [app.clientId, app.secret], form: { ...grant, client_id: app.clientId, client_secret: app.secret } }, 400, 'invalid_request'],
    [{ basic: [app.clientId, app.secret], form: {} }, 400, 'invalid_request'],
    [{ basic: [app.clientId, app.secret], form: { grant_type: 'password' } }, 400, 'unsupported_grant_type'],
    [{ basic: [app.clientId, app.secret], form: { ...grant, scope: SCOPES.gradebookRead } }, 400, 'invalid_scope'],
    [{ basic: [app.clientId, app.secret], form: { ...grant, scope: `${SCOPES.rosterRead} made-up` } }, 400, 'invalid_scope'],
  ];
  for (const [call, status, error] of cases) {
    const res = await tokenCall(call);
    expect([JSON.stringify(call.form), res.status, res.body.error]).toEqual([JSON.stringify(call.form), status, error]);
    expect(typeof res.body.error_description).toBe('string');
    expect(res.headers.get('cache-control')).toBe('no-store');
    if (status === 401) expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
  }
  const repeated = await fetch(`${t.url}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${app.clientId}:${app.secret}`).toString('base64')}`,
    },
    body: 'grant_type=client_credentials&grant_type=client_credentials',
  });
  expect([repeated.status, ((await repeated.json()) as { error: string }).error]).toEqual([400, 'invalid_request']);
  expect((await t.ds.query('SELECT count(*)::int AS n FROM application_tokens WHERE application_id = $1', [app.id]))[0].n).toBe(0);
});

it('an application reads exactly what its scopes allow and writes nothing', async () => {
  const roster = await accessToken(await register([SCOPES.rosterRead]));
  const gradebook = await accessToken(await register([SCOPES.gradebookRead]));
  const school = await accessToken(await register([SCOPES.schoolRead]));
  const writer = await accessToken(await register([SCOPES.gradebookWrite]));

  const code = (r: { errors?: Array<{ extensions?: { code?: string } }> }) => r.errors?.[0]?.extensions?.code ?? 'ok';
  const reads = async (token: string) => ({
    users: code(await t.gql(USERS, {}, token)),
    classes: code(await t.gql(CLASSES, {}, token)),
    gradebook: code(await t.gql(GRADEBOOK, { id: w.course.own }, token)),
    restUsers: (await t.rest('GET', '/users', { token })).status,
    restGradebook: (await t.rest('GET', `/courses/${w.course.own}/gradebook`, { token })).status,
    content: code(await t.gql('query($id: ID!) { modules(courseId: $id) { id } }', { id: w.course.own }, token)),
  });
  expect(await reads(roster)).toEqual({
    users: 'ok',
    classes: 'ok',
    gradebook: 'FORBIDDEN',
    restUsers: 200,
    restGradebook: 403,
    content: 'ok',
  });
  expect(await reads(gradebook)).toEqual({
    users: 'FORBIDDEN',
    classes: 'FORBIDDEN',
    gradebook: 'ok',
    restUsers: 403,
    restGradebook: 200,
    content: 'ok',
  });
  expect(await reads(school)).toEqual({ users: 'ok', classes: 'ok', gradebook: 'ok', restUsers: 200, restGradebook: 200, content: 'ok' });
  // no course is the writer's to read, so one course answers as if it did not exist
  expect(await reads(writer)).toEqual({
    users: 'FORBIDDEN',
    classes: 'FORBIDDEN',
    gradebook: 'NOT_FOUND',
    restUsers: 403,
    restGradebook: 404,
    content: 'NOT_FOUND',
  });
  // a roster reader sees no course content and no modules; the school reader sees hidden ones too
  expect((await t.gql('query($id: ID!) { modules(courseId: $id) { id } }', { id: w.course.own }, roster)).data.modules).toEqual([]);
  const all = (await t.gql('query($id: ID!) { modules(courseId: $id) { id } }', { id: w.course.own }, school)).data.modules.map(
    (m: { id: string }) => m.id,
  );
  expect(all).toEqual(expect.arrayContaining([w.module.own, w.module.hidden]));

  // a token asked for fewer scopes than its application holds reads only what those allow
  const both = await register([SCOPES.schoolRead, SCOPES.rosterRead]);
  const narrow = await accessToken(both, SCOPES.rosterRead);
  expect(await reads(narrow)).toEqual({
    users: 'ok',
    classes: 'ok',
    gradebook: 'FORBIDDEN',
    restUsers: 200,
    restGradebook: 403,
    content: 'ok',
  });
  expect(await reads(await accessToken(both))).toEqual(await reads(school));

  for (const token of [school, writer]) {
    const m = await t.gql(
      'mutation($input: UpdateCourseInput!) { updateCourse(input: $input) { id } }',
      { input: { id: w.course.own, title: 'By an app' } },
      token,
    );
    expect([m.status, code(m), m.errors?.[0].message]).toEqual([403, 'FORBIDDEN', CREDENTIAL_TEXT.applicationReadsOnly]);
    expect((await t.rest('PUT', `/courses/${w.course.own}`, { token, body: { title: 'By an app' } })).status).toBe(403);
  }
  // an application's token is resolved (and counted for its limit) in one statement, as a session is
  const byAdmin = await t.gql(CLASSES, {}, w.tokens.Admin);
  const byApp = await t.gql(CLASSES, {}, school);
  expect([byApp.data, byApp.sql]).toEqual([byAdmin.data, byAdmin.sql]);
  const me = await t.gql('{ me { user { id } } }', {}, school);
  expect(code(me)).toBe('FORBIDDEN');
  expect((await t.ds.query(`SELECT count(*)::int AS n FROM courses WHERE title = 'By an app'`))[0].n).toBe(0);
});

it('rotating ends the old secret and its tokens; revoking ends both; a rotate re-enables', async () => {
  const app = await register([SCOPES.rosterRead]);
  const before = await accessToken(app);
  const rotated = await t.gql(
    'mutation($id: ID!) { rotateApplicationSecret(id: $id) { clientSecret application { active } } }',
    { id: app.id },
    w.tokens.Admin,
  );
  const secret = rotated.data.rotateApplicationSecret.clientSecret;
  expect(secret).not.toBe(app.secret);
  expect((await tokenCall({ basic: [app.clientId, app.secret], form: { grant_type: 'client_credentials' } })).status).toBe(401);
  expect((await t.gql(CLASSES, {}, before)).status).toBe(401);
  const after = await accessToken({ clientId: app.clientId, secret });
  expect((await t.gql(CLASSES, {}, after)).errors).toBeUndefined();

  const revoked = await t.gql(
    'mutation($id: ID!) { revokeApplication(id: $id) { active secretCreatedAt } }',
    { id: app.id },
    w.tokens.SuperAdmin,
  );
  expect(revoked.data.revokeApplication).toEqual({ active: false, secretCreatedAt: null });
  expect((await t.gql(CLASSES, {}, after)).status).toBe(401);
  expect((await tokenCall({ basic: [app.clientId, secret], form: { grant_type: 'client_credentials' } })).body.error).toBe(
    'invalid_client',
  );
});

it('allowed address ranges: tokens only from inside them', async () => {
  const outside = await register([SCOPES.rosterRead], ['10.0.0.0/8']);
  expect(outside.application.allowedIpRanges).toEqual(['10.0.0.0/8']);
  expect((await tokenCall({ basic: [outside.clientId, outside.secret], form: { grant_type: 'client_credentials' } })).status).toBe(401);
  const inside = await register([SCOPES.rosterRead], ['127.0.0.1', '::1']);
  const token = await accessToken(inside);
  expect((await t.gql(CLASSES, {}, token)).errors).toBeUndefined();
  // a range changed to exclude the caller refuses its live tokens too
  await t.ds.query(`UPDATE applications SET allowed_ranges = '{10.0.0.0/8}' WHERE id = $1`, [inside.id]);
  const refused = await t.gql(CLASSES, {}, token);
  expect([refused.status, refused.errors?.[0].message]).toEqual([401, APPLICATION_TEXT.addressRefused]);
});

it('each application is limited per minute on its own', async () => {
  const busy = await accessToken(await register([SCOPES.rosterRead]));
  const calm = await accessToken(await register([SCOPES.rosterRead]));
  const statuses: number[] = [];
  for (let i = 0; i < RATE + 2; i++) statuses.push((await t.rest('GET', '/classes', { token: busy })).status);
  // a minute boundary may fall inside the loop: then the count starts again, so allow one reset
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
  const limited = await t.rest('GET', '/classes', { token: busy });
  if (limited.status === 429) expect(limited.body.message).toBe(APPLICATION_TEXT.rateLimited(RATE));
  expect((await t.rest('GET', '/classes', { token: calm })).status).toBe(200);
  // asking for tokens counts too: a client over its limit is told so (429), and no token row is written
  const app = await register([SCOPES.rosterRead]);
  const asked: number[] = [];
  for (let i = 0; i < RATE + 2; i++)
    asked.push((await tokenCall({ basic: [app.clientId, app.secret], form: { grant_type: 'client_credentials' } })).status);
  expect(asked.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
  const rows = (await t.ds.query('SELECT count(*)::int AS n FROM application_tokens WHERE application_id = $1', [app.id]))[0].n;
  expect(rows).toBe(asked.filter((s) => s === 200).length);
});

it('bad registrations are refused and write nothing; only SuperAdmin and Admin register', async () => {
  const before = (await t.ds.query('SELECT count(*)::int AS n FROM applications'))[0].n;
  for (const [input, message] of [
    [{ name: 'x', scopes: [] }, APPLICATION_TEXT.scopesRequired],
    [{ name: 'x', scopes: ['everything'] }, APPLICATION_TEXT.scopeUnknown('everything')],
    [{ name: 'x', scopes: [SCOPES.rosterRead], allowedIpRanges: ['10.0.0.0/33'] }, APPLICATION_TEXT.rangeInvalid('10.0.0.0/33')],
    [{ name: 'x', scopes: [SCOPES.rosterRead], allowedIpRanges: ['school.example'] }, APPLICATION_TEXT.rangeInvalid('school.example')],
    [{ name: ' ', scopes: [SCOPES.rosterRead] }, APPLICATION_TEXT.nameRequired],
  ] as const) {
    const res = await t.gql(CREATE, { input }, w.tokens.Admin);
    expect([res.errors?.[0].extensions?.code, res.errors?.[0].message]).toEqual(['VALIDATION', message]);
  }
  const teacher = await t.gql(CREATE, { input: { name: 'Teacher app', scopes: [SCOPES.rosterRead] } }, w.tokens.Teacher);
  expect(teacher.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  expect((await t.ds.query('SELECT count(*)::int AS n FROM applications'))[0].n).toBe(before);
});
