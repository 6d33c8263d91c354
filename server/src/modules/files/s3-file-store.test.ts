import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { startTestServer, TestServer } from '../../test/test-server';
import { startS3Server, LocalS3 } from '../../test/local-s3';
import { seedDemoSchool } from '../../app/seed';
import { makeModule } from '../../test/courses.factories';
import { generatedBytes, postMultipart } from '../../test/multipart';
import { tinyPdf } from './demo-files';
import { sweepUnreferencedFiles } from '../../jobs/file-cleanup';
import { S3FileStore } from './s3-file-store';
import { MAX_FILE_BYTES } from './files.service';

/**
 * The app with its files in an S3-protocol store (s3rver in its own process, started here): uploads,
 * downloads, copies sharing bytes and the unreferenced-bytes sweep go through the real protocol, and a 50 MB
 * upload streams through in parts (its first part stored while most of the file is still being sent).
 */
let s3: LocalS3;
let t: TestServer;
const tok: Record<string, string> = {};
let weekOne: string;
let target: string;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestServer({ ...s3.env, FILE_CLEANUP_SECONDS: '0' });
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'student']) tok[who] = await t.login(`${who}@demo.school`);
  const [{ id: course }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  [{ id: weekOne }] = await t.ds.query(`SELECT id FROM course_modules WHERE course_id = $1 AND sort_order = 1`, [course]);
  target = await makeModule(t.ds, course, { title: 'Copies' });
}, 30_000);
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const upload = (title: string, filename: string, data: Buffer | (() => AsyncIterable<Buffer>)) =>
  postMultipart(
    `${t.url}/api/content`,
    [
      { name: 'file', filename, contentType: 'application/pdf', data },
      { name: 'module', value: weekOne },
      { name: 'title', value: title },
      { name: 'contentType', value: 'PDF' },
    ],
    { authorization: `Bearer ${tok.teacher}` },
  );

const download = (id: string, token = tok.student) =>
  fetch(`${t.url}/api/content/download/${id}`, { headers: { authorization: `Bearer ${token}` } });

const keyOf = async (contentId: string): Promise<string> =>
  (await t.ds.query('SELECT f.storage_key FROM files f JOIN contents c ON c.file_id = f.id WHERE c.id = $1', [contentId]))[0].storage_key;

it("the app is configured with the S3 store (and the demo school's files went there)", async () => {
  expect(t.services.files.store).toBeInstanceOf(S3FileStore);
  const [demo] = await t.ds.query('SELECT storage_key FROM files LIMIT 1');
  expect(await t.services.files.store.exists(demo.storage_key)).toBe(true);
});

it('an upload lands in the bucket and downloads byte for byte', async () => {
  const pdf = tinyPdf(['Stored in S3']);
  const res = await upload('S3 notes', 's3 notes.pdf', pdf);
  expect(res.status).toBe(201);
  const key = await keyOf(res.body.data._id);
  expect(await t.services.files.store.exists(key)).toBe(true);
  const dl = await download(res.body.data._id);
  expect([dl.status, dl.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  expect(Buffer.from(await dl.arrayBuffer()).equals(pdf)).toBe(true);
});

it('a copy shares the bytes; they go only when the sweep finds no row using them', async () => {
  const pdf = tinyPdf(['Shared through S3']);
  const original = (await upload('Original', 'shared.pdf', pdf)).body.data._id;
  const copy = await t.rest('POST', `/content/reuse/clone/${original}`, { token: tok.teacher, body: { newModuleId: target } });
  expect(copy.status).toBe(201);
  const key = await keyOf(original);
  expect(await keyOf(copy.body.data._id)).toBe(key);

  expect((await t.rest('DELETE', `/content/${original}`, { token: tok.teacher })).status).toBe(200);
  expect((await sweepUnreferencedFiles(t.ds, t.services.files.store)).keys).not.toContain(key);
  const dl = await download(copy.body.data._id, tok.teacher);
  expect(Buffer.from(await dl.arrayBuffer()).equals(pdf)).toBe(true);

  expect((await t.rest('DELETE', `/content/${copy.body.data._id}`, { token: tok.teacher })).status).toBe(200);
  expect((await sweepUnreferencedFiles(t.ds, t.services.files.store)).keys).toEqual([key]);
  expect(await t.services.files.store.exists(key)).toBe(false);
  expect((await download(copy.body.data._id, tok.teacher)).status).toBe(404);
});

it('a source that fails after a part was sent leaves no object behind', async () => {
  const objects = () => fs.readdirSync(s3.directory, { recursive: true }).filter((f) => String(f).endsWith('._S3rver_object')).length;
  const before = objects();
  const failing = new Readable({ read() {} });
  const put = t.services.files.store.put(failing);
  failing.push(Buffer.alloc(6 * 1024 * 1024, 0x41)); // more than one part: the multipart upload has begun
  setTimeout(() => failing.destroy(new Error('client went away')), 200);
  await expect(put).rejects.toThrow('client went away');
  expect(objects()).toBe(before);
});

it('a 50 MB upload streams in parts: its first part reaches S3 while most of the file is still to come, the bytes arrive whole', async () => {
  // streaming, shown by the order of events rather than by the process's memory (which a busy machine's collector
  // decides: 5.9 MB of RSS alone, 30 MB beside a browser suite): after 20 MB the sender waits until the store has
  // sent S3 a part, which a server that held the whole body before storing it never would
  const client = (t.services.files.store as unknown as { client: { send(command: object): Promise<unknown> } }).client;
  const send = jest.spyOn(client, 'send');
  const partsSent = () => send.mock.calls.filter(([command]) => command.constructor.name === 'UploadPartCommand').length;
  const MB = 1024 * 1024;
  let sent = 0;
  let partBeforeAllSent = false;
  async function* source() {
    for await (const chunk of generatedBytes(MAX_FILE_BYTES)()) {
      yield chunk;
      sent += chunk.length;
      if (sent >= 20 * MB && !partBeforeAllSent) {
        for (let waited = 0; waited < 15_000 && partsSent() === 0; waited += 20) await new Promise((r) => setTimeout(r, 20));
        partBeforeAllSent = partsSent() > 0;
      }
    }
  }
  const base = process.memoryUsage();
  let id: string;
  try {
    const res = await upload('Big', 'big.pdf', source);
    expect(res.status).toBe(201);
    id = res.body.data._id;
    expect(partBeforeAllSent).toBe(true);
    expect(partsSent()).toBe(Math.ceil(MAX_FILE_BYTES / (5 * MB)));
    const now = process.memoryUsage();
    console.log(
      `50 MB upload to S3: RSS ${((now.rss - base.rss) / MB).toFixed(1)} MB more after it (informative: memory targets live in bench/)`,
    );
  } finally {
    send.mockRestore();
  }

  // the stored object is the file: size and SHA-256 of the download match what was sent
  const expected = crypto.createHash('sha256');
  for await (const chunk of generatedBytes(MAX_FILE_BYTES)()) expected.update(chunk);
  const dl = await download(id);
  const got = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of dl.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    got.update(chunk);
  }
  expect([size, got.digest('hex')]).toEqual([MAX_FILE_BYTES, expected.digest('hex')]);
}, 30_000);
