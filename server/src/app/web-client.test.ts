import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startTestServer, TestServer } from '../test/test-server';

/**
 * The built client is served as a browser should get it: hashed assets compressed ahead of time and cached
 * for a year, index.html revalidated on every visit, a missing chunk a plain 404 (the client's error
 * boundary offers Reload), every other path the client's router.
 */
let t: TestServer;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-dist-'));
const js = 'console.log("hello from a chunk");\n'.repeat(50);

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>School LMS</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-Ab12Cd34.js'), js);
  fs.writeFileSync(path.join(dist, 'assets', 'app-Ab12Cd34.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dist, 'assets', 'app-Ab12Cd34.js.gz'), zlib.gzipSync(js));
  fs.writeFileSync(path.join(dist, 'assets', 'logo-Zz99.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  t = await startTestServer({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

// fetch would decode the body itself; ask with a plain http request to see what is on the wire
async function get(p: string, encoding?: string) {
  const http = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = http.get(`${t.url}${p}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', reject);
  });
}

test.each([
  ['br, gzip', 'br', (b: Buffer) => zlib.brotliDecompressSync(b)],
  ['gzip', 'gzip', (b: Buffer) => zlib.gunzipSync(b)],
])('a hashed script asked with %s comes %s-compressed, immutable', async (accept, encoding, decode) => {
  const res = await get('/assets/app-Ab12Cd34.js', accept);
  expect(res.status).toBe(200);
  expect(res.headers['content-encoding']).toBe(encoding);
  expect(res.headers['content-type']).toMatch(/javascript/);
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers['vary']).toMatch(/Accept-Encoding/);
  expect(decode(res.body).toString()).toBe(js);
});

test('without compression, or for an image, the file itself, still immutable', async () => {
  const plain = await get('/assets/app-Ab12Cd34.js');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toBe(js);
  const png = await get('/assets/logo-Zz99.png', 'br, gzip');
  expect(png.headers['content-encoding']).toBeUndefined();
  expect(png.headers['cache-control']).toMatch(/immutable/);
});

test('index.html is revalidated on every visit and answers every client route', async () => {
  for (const p of ['/', '/dashboard/courses/abc', '/index.html']) {
    const res = await get(p);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.toString()).toContain('<div id="root">');
  }
});

test('a missing chunk is a 404, not index.html', async () => {
  const res = await get('/assets/gone-Old123.js', 'br');
  expect(res.status).toBe(404);
  expect(res.body.toString()).toBe('Not found');
  expect((await get('/assets/../index.html')).status).not.toBe(500);
});
