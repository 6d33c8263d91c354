import http from 'node:http';
import zlib from 'node:zlib';
import { Socket } from 'node:net';
import { compressAnswers, mayCompressFor } from './compress-answers';
import { startTestServer, TestServer } from '../test/test-server';
import { DEMO_EMAIL } from '../test/demo';
import { seedDemoSchool } from './seed';

/**
 * The API's answers leave compressed when the browser accepts it (a phone's slow network pays for bytes,
 * issue 14), and plain for a client that asks for no encoding; small answers are not worth it.
 */
let t: TestServer;
let token: string;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  token = await t.login(DEMO_EMAIL.Admin);
});
afterAll(() => t.close());

/** The raw answer (node:http does not decompress, unlike fetch). */
function request(method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${t.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

// the demo school's users three times over: a few KB of JSON
const PAGE = 'users(first: 100) { nodes { id email firstName lastName role } totalCount }';
const USERS = JSON.stringify({ query: `{ a: ${PAGE} b: ${PAGE} c: ${PAGE} }` });
const gql = (encoding: string) =>
  request('POST', '/graphql', { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-encoding': encoding }, USERS);

test.each([
  ['br, gzip, deflate', 'br', zlib.brotliDecompressSync],
  ['gzip', 'gzip', zlib.gunzipSync],
])('a GraphQL answer asked with %s comes %s-compressed and reads the same as the plain one', async (accept, encoding, decode) => {
  const plain = await gql('identity');
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.length).toBeGreaterThan(1024);
  const packed = await gql(accept);
  expect(packed.status).toBe(200);
  expect(packed.headers['content-encoding']).toBe(encoding);
  expect(packed.headers.vary).toMatch(/Accept-Encoding/i);
  expect(packed.body.length).toBeLessThan(plain.body.length / 2);
  const json = JSON.parse(decode(packed.body).toString('utf8'));
  expect(json.errors).toBeUndefined();
  expect(json).toEqual(JSON.parse(plain.body.toString('utf8')));
});

test('a REST answer is compressed too; a small one is not', async () => {
  const list = await request('GET', '/api/users?limit=100', { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' });
  expect(list.status).toBe(200);
  expect(list.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(zlib.gunzipSync(list.body).toString('utf8')).success).toBe(true);
  const me = await request('GET', '/api/auth/me', { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' });
  expect(me.status).toBe(200);
  expect(me.body.length).toBeLessThan(1024);
  expect(me.headers['content-encoding']).toBeUndefined();
});

describe('a client that asks for no encoding', () => {
  test.each([[undefined], ['identity'], ['compress'], ['']])('Accept-Encoding %p: nothing is set up on its response', (accept) => {
    const req = Object.assign(new http.IncomingMessage(new Socket()), {
      headers: accept === undefined ? {} : { 'accept-encoding': accept },
    });
    const res = new http.ServerResponse(req);
    const next = jest.fn();
    compressAnswers()(req as never, res as never, next);
    expect(next).toHaveBeenCalledTimes(1);
    expect(res.end).toBe(http.ServerResponse.prototype.end);
    expect(res.write).toBe(http.ServerResponse.prototype.write);
  });

  test.each([['gzip'], ['br;q=0.5'], ['*'], ['x-gzip'], ['gzip;q=0']])(
    'Accept-Encoding %p: the compression middleware negotiates',
    (accept) => {
      expect(mayCompressFor(accept)).toBe(true);
      const req = Object.assign(new http.IncomingMessage(new Socket()), { headers: { 'accept-encoding': accept } });
      const res = new http.ServerResponse(req);
      compressAnswers()(req as never, res as never, () => undefined);
      expect(res.end).not.toBe(http.ServerResponse.prototype.end);
    },
  );

  test('gets the same plain answer, without a Vary it does not need', async () => {
    const none = await request('POST', '/graphql', { 'content-type': 'application/json', authorization: `Bearer ${token}` }, USERS);
    const identity = await gql('identity');
    expect(none.status).toBe(200);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers.vary).toBeUndefined();
    expect(none.body.toString('utf8')).toBe(identity.body.toString('utf8'));
  });
});
