import { startTestServer, TestServer } from '../test/test-server';
import { loadConfig } from '../config';

/**
 * What the transports answer before any handler runs: malformed, oversize or broken bodies get a JSON
 * error in the transport's own shape (never Express's HTML page or a stack), and every answer carries the
 * security headers.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const post = (path: string, body: string | Buffer, headers: Record<string, string>) =>
  fetch(`${t.url}${path}`, { method: 'POST', headers, body });

async function expectGraphqlError(res: Response, status: number) {
  const text = await res.text();
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  expect(text).not.toMatch(/<html|<pre|at .*\.js:\d+/i);
  const json = JSON.parse(text);
  expect(json.errors[0].message).toMatch(/\w/);
  expect(json.errors[0].extensions.code).toMatch(/^[A-Z_]+$/);
}

describe('/graphql before Apollo', () => {
  test('a truncated JSON body: 400 in the GraphQL error shape', async () => {
    await expectGraphqlError(await post('/graphql', '{"query": "{ me', { 'content-type': 'application/json' }), 400);
  });

  test('a body over the limit: 413 in the GraphQL error shape', async () => {
    const big = JSON.stringify({ query: '{ me { user { id } } }', variables: { x: 'a'.repeat(3 * 1024 * 1024) } });
    await expectGraphqlError(await post('/graphql', big, { 'content-type': 'application/json' }), 413);
  });

  test('garbage multipart: 400 in the GraphQL error shape', async () => {
    const res = await post('/graphql', Buffer.from('--xyz\r\nnot a part at all\r\n--xy'), {
      'content-type': 'multipart/form-data; boundary=xyz',
      'apollo-require-preflight': 'true',
    });
    await expectGraphqlError(res, 400);
  });

  test('multipart whose operations are not JSON: 400 in the GraphQL error shape', async () => {
    const body = '--xyz\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{not json\r\n--xyz--\r\n';
    const res = await post('/graphql', body, { 'content-type': 'multipart/form-data; boundary=xyz', 'apollo-require-preflight': 'true' });
    await expectGraphqlError(res, 400);
  });
});

describe('/api before a handler', () => {
  test('a truncated JSON body: 400 in the REST envelope', async () => {
    const res = await post('/api/auth/login', '{"email": "a', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, code: 'BAD_REQUEST', message: 'Malformed request' });
  });
});

describe('security headers', () => {
  test.each(['/healthz', '/api/auth/me', '/graphql?query=%7B__typename%7D', '/'])(
    '%s carries CSP, frame-ancestors, Referrer-Policy and nosniff',
    async (path) => {
      const res = await fetch(`${t.url}${path}`, { headers: { 'apollo-require-preflight': 'true' } });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('strict-transport-security')).toBeNull(); // PUBLIC_URL is http here
    },
  );

  test('every answer names its instance (X-Instance: INSTANCE_ID, else the process id)', async () => {
    for (const path of ['/healthz', '/api/no-such-path']) {
      expect((await fetch(`${t.url}${path}`)).headers.get('x-instance')).toBe(String(process.pid));
    }
    expect(loadConfig({ INSTANCE_ID: 'app-3' }).instanceId).toBe('app-3');
  });

  test('HSTS when the school serves the app over https', async () => {
    const https = await startTestServer({ PUBLIC_URL: 'https://lms.example.school' });
    try {
      const res = await fetch(`${https.url}/healthz`);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    } finally {
      await https.close();
    }
  });
});
