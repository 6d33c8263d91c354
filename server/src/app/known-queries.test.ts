import http from 'node:http';
import zlib from 'node:zlib';
import { loadConfig } from '../config';
import { seedDemoSchool } from './seed';
import { sqlCounts } from './app';
import { serveApp, startTestServer, TestServer } from '../test/test-server';

/**
 * A query or mutation answered the second time by its compiled function, without Apollo (known-queries.ts), answers exactly
 * as Apollo does: the same bytes, status, content type and headers, the same statements, for every demo role and
 * for anonymous callers, including refusals, missing objects and fields a role may not read. Two apps over one
 * database: `lane` keeps known queries, `apollo` does not (GRAPHQL_KNOWN_QUERIES=false).
 */
let lane: TestServer;
let apollo: TestServer;
const tok: Record<string, string> = {};
let math = '';
let item = '';

const WHO = ['superadmin', 'admin', 'teacher', 'student', 'parent', 'anonymous'];

const OPERATIONS: Array<[string, string, (() => Record<string, unknown>)?]> = [
  ['me', '{ me { user { id email role } activeRole isImpersonating abilities { manageUsers assignableRoles } } }'],
  [
    'my courses',
    '{ myCourses { academicYear { id year } classes { class { id name } subjects { subject { name } courses { id title teachers { id email } } } } } }',
  ],
  [
    'a course page',
    `query CoursePage($id: ID!) { course(id: $id) { id title viewerCanManage teachers { id email }
    modules { id title contents { id title fileName } } announcements { id title author { id email } } } }`,
    () => ({ id: math }),
  ],
  [
    'a course that does not exist',
    'query($id: ID!) { course(id: $id) { id title } }',
    () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  ],
  ['a malformed id', 'query($id: ID!) { course(id: $id) { id title } }', () => ({ id: 'not-an-id' })],
  ['a list refused to some roles', '{ users(first: 5) { nodes { id email } totalCount } }'],
  [
    'an item with its answer keys',
    `query($id: ID!) { assessment(id: $id) { id title questions { id points options { id text isCorrect } acceptedAnswers { answer } }
    myStatus { status } mySubmission { id totalScore answers { questionId grade { score } correctOptionIds } } } }`,
    () => ({ id: item }),
  ],
  [
    'a grading dashboard',
    `query($id: ID!) { gradingDashboard(assessmentId: $id) { totalStudents submitted { id student { email } answers { grade { score } } } } }`,
    () => ({ id: item }),
  ],
  ['two operations, one named', 'query A { me { activeRole } } query B { me { user { email } } }'],
];

/** One request as a client sends it, the answer's raw bytes decoded and the headers that matter. */
async function ask(server: TestServer, body: unknown, token: string | null, headers: Record<string, string> = {}) {
  // node:http, not fetch: fetch decodes a compressed body and hides that it was
  const res = await new Promise<http.IncomingMessage & { raw: Buffer }>((resolve, reject) => {
    const req = http.request(
      `${server.url}/graphql`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      },
      (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => resolve(Object.assign(r, { raw: Buffer.concat(chunks) })));
        r.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
  const encoding = res.headers['content-encoding'];
  await new Promise((r) => setImmediate(r));
  return {
    status: res.statusCode,
    type: res.headers['content-type'],
    length: res.headers['content-length'],
    encoding,
    vary: res.headers.vary,
    cookie: res.headers['set-cookie'],
    retryAfter: res.headers['retry-after'],
    csp: res.headers['content-security-policy'],
    text:
      encoding === 'br'
        ? zlib.brotliDecompressSync(res.raw).toString()
        : encoding === 'gzip'
          ? zlib.gunzipSync(res.raw).toString()
          : res.raw.toString(),
    sql: sqlCounts.get(String(res.headers['x-request-id']))?.lookups,
  };
}

/** Asks `lane` twice (the second through the lane when the query is kept) and `apollo` once. */
async function threeWays(body: unknown, token: string | null, headers?: Record<string, string>) {
  await ask(lane, body, token, headers);
  const before = lane.known.answered;
  const second = await ask(lane, body, token, headers);
  return { second, laned: lane.known.answered - before, reference: await ask(apollo, body, token, headers) };
}

beforeAll(async () => {
  lane = await startTestServer();
  await seedDemoSchool(lane.ds);
  apollo = await serveApp(
    lane.ds,
    loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://lms.test',
      FILE_DIR: lane.url,
      LOG_LEVEL: 'silent',
      GRAPHQL_KNOWN_QUERIES: 'false',
    }),
    async () => undefined,
  );
  for (const who of WHO.filter((w) => w !== 'anonymous')) tok[who] = await lane.login(`${who}@demo.school`);
  [{ id: math }] = await lane.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  [{ id: item }] = await lane.ds.query('SELECT id FROM assessments ORDER BY created_at, id LIMIT 1');
}, 60_000);
afterAll(async () => {
  await apollo?.close();
  await lane?.close();
});

describe.each(OPERATIONS)('%s', (name, query, variables) => {
  it.each(WHO)('as %s: the second answer comes without Apollo, byte for byte as Apollo gives it', async (who) => {
    const body = { query, variables: variables?.() ?? {}, ...(name.startsWith('two operations') ? { operationName: 'B' } : {}) };
    const { second, laned, reference } = await threeWays(body, who === 'anonymous' ? null : tok[who]);
    expect(laned).toBe(1);
    expect(second).toEqual(reference);
  });
});

it('takes the Accept header as Apollo does: either JSON type, and Apollo answers what takes neither (406)', async () => {
  const body = { query: '{ me { activeRole } }' };
  for (const [accept, laned] of [
    ['application/graphql-response+json', 1],
    ['application/graphql-response+json, application/json;q=0.9', 1],
    ['*/*', 1],
    ['text/html', 0],
  ] as const) {
    const r = await threeWays(body, tok.teacher, { accept });
    expect([accept, r.laned]).toEqual([accept, laned]);
    expect(r.second).toEqual(r.reference);
  }
});

it("compresses a large answer as Apollo's route does, for each encoding a browser asks for", async () => {
  const body = { query: '{ __schema { types { name fields { name description } } } }' };
  for (const encoding of ['br', 'gzip', 'br, gzip, deflate']) {
    const r = await threeWays(body, tok.teacher, { 'accept-encoding': encoding });
    expect(r.laned).toBe(1);
    expect(r.second.encoding).toBeTruthy();
    expect(r.second).toEqual(r.reference);
  }
});

it('gives back, untouched, what Apollo must answer: refused variables, a rejected token, a batch, persisted-query extensions', async () => {
  const query = 'query($first: Int!) { users(first: $first) { totalCount } }';
  for (const [body, token] of [
    [{ query, variables: { first: 'many' } }, tok.admin],
    [{ query, variables: {} }, tok.admin],
    [{ query, variables: 'first=5' }, tok.admin],
    [{ query, variables: { first: 5 } }, 'not-a-session-token'],
    [[{ query, variables: { first: 5 } }], tok.admin],
    [{ query, variables: { first: 5 }, extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } } }, tok.admin],
  ] as const) {
    await ask(lane, { query, variables: { first: 5 } }, tok.admin); // the query is known
    const r = await threeWays(body, token);
    expect([body, r.laned]).toEqual([body, 0]);
    expect(r.second).toEqual(r.reference);
  }
  const rejected = await ask(lane, { query, variables: { first: 5 } }, 'not-a-session-token');
  expect([rejected.status, String(rejected.cookie)]).toEqual([401, expect.stringContaining('Max-Age=0')]);
});

const MUTATIONS: Array<[string, string, string, (() => Record<string, unknown>)?]> = [
  ['a write that changes nothing the second time', 'student', 'mutation { markAllRead { count } }'],
  ['two fields, one after the other', 'teacher', 'mutation Both { a: markAllRead { count } b: markAllRead { count } }'],
  [
    'a write refused to the role',
    'teacher',
    'mutation($input: CreateSubjectInput!) { createSubject(input: $input) { id name } }',
    () => ({ input: { name: 'Never made' } }),
  ],
  [
    'a write on an item that does not exist',
    'student',
    `mutation($input: SubmitAssessmentInput!) { submitAssessment(input: $input) { id } }`,
    () => ({ input: { assessmentId: '00000000-0000-4000-8000-000000000000', answers: [] } }),
  ],
];

describe.each(MUTATIONS)('a mutation: %s', (_name, who, query, variables) => {
  it('is answered the second time without Apollo, byte for byte as Apollo answers it', async () => {
    const { second, laned, reference } = await threeWays({ query, variables: variables?.() ?? {} }, tok[who]);
    expect(laned).toBe(1);
    expect(second).toEqual(reference);
  });
});

it('gives a mutation back to Apollo whenever one of its plugins has work on it', async () => {
  const mutation = 'mutation { markAllRead { count } }';
  const lanedOnce = async (body: unknown, token: string, headers?: Record<string, string>) => {
    const before = lane.known.answered;
    const r = await ask(lane, body, token, headers);
    return { ...r, laned: lane.known.answered - before };
  };
  await ask(lane, { query: mutation }, tok.teacher); // the mutation is known

  // a read-only access token: the write gate's 403
  const made = await ask(
    lane,
    {
      query: 'mutation($input: CreateAccessTokenInput!) { createAccessToken(input: $input) { secret } }',
      variables: { input: { name: 'reads only', scope: 'READ', expiresInDays: 1 } },
    },
    tok.teacher,
  );
  const readOnly = JSON.parse(made.text).data.createAccessToken.secret as string;
  const refused = await lanedOnce({ query: mutation }, readOnly);
  expect([refused.laned, refused.status, JSON.parse(refused.text).errors[0].extensions.code]).toEqual([0, 403, 'FORBIDDEN']);

  // a switched role: each change is audited
  const sa = await lane.login('superadmin@demo.school');
  await ask(lane, { query: 'mutation { switchRole(input: { role: "Teacher" }) { role } }' }, sa);
  const audited = async () =>
    Number(
      (
        await lane.ds.query(
          `SELECT count(*) AS n FROM audit_events WHERE kind = 'ACTED_WHILE_SWITCHED' AND details->>'note' = 'GraphQL mutation markAllRead'`,
        )
      )[0].n,
    );
  const before = await audited();
  for (let i = 0; i < 2; i++) expect((await lanedOnce({ query: mutation }, sa)).laned).toBe(0);
  expect(await audited()).toBe(before + 2);

  // the session mutations (the page cookie), and a top level the cookie's plugin would not look into
  const session = await lane.login('teacher@demo.school');
  const out = 'mutation { logout }';
  await ask(lane, { query: out }, await lane.login('teacher@demo.school'));
  const ended = await lanedOnce({ query: out }, session);
  expect([ended.laned, String(ended.cookie)]).toEqual([0, expect.stringContaining('Max-Age=0')]);
  const fragment = 'mutation { ...Read } fragment Read on Mutation { markAllRead { count } }';
  await ask(lane, { query: fragment }, tok.student);
  expect((await lanedOnce({ query: fragment }, tok.student)).laned).toBe(0);
});

it('gives a multipart mutation back to Apollo (its files are parsed there)', async () => {
  const query = 'mutation { markAllRead { count } }';
  await ask(lane, { query }, tok.student);
  const form = new FormData();
  form.append('operations', JSON.stringify({ query }));
  form.append('map', '{}');
  const before = lane.known.answered;
  const res = await fetch(`${lane.url}/graphql`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${tok.student}`, 'apollo-require-preflight': 'true' },
  });
  expect([res.status, lane.known.answered - before]).toEqual([200, 0]);
  expect(((await res.json()) as { data: { markAllRead: unknown } }).data.markAllRead).toEqual({ count: 0 });
});
