// The smoke `pnpm cluster --smoke` runs through nginx against the instances cluster.mjs started:
// 1. sign-in, the course page (GraphQL), REST lists, with answers from every instance (X-Instance header);
// 2. students submit a quiz and the teacher grades it (REST and GraphQL), on different instances;
// 3. an upload and its download served by different instances (the bytes are in the shared S3 store);
// 4. the unreferenced-files sweep: every instance runs it, each orphan is removed exactly once;
// 5. the overdue sweep: every instance runs it, each overdue student is auto-submitted exactly once;
// 6. one instance killed (SIGKILL) during a load of quiz submits: every acknowledged submit is in the database,
//    and nginx sends the rest of the load to the survivors.
// The quiz parts are in cluster-smoke-quiz.mjs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { checkOverdueSweep, killDuringSubmits, logEntries, quizSetup, submitAndGrade } from './cluster-smoke-quiz.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const MB = 1024 * 1024;

function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** `size` bytes that pass as a PDF, produced 1 MB at a time. */
async function* pdfBytes(size, seed) {
  const head = Buffer.from(`%PDF-1.4\n% ${seed}\n`);
  yield head;
  const block = Buffer.alloc(MB, 0x20);
  for (let left = size - head.length; left > 0; left -= MB) yield left >= MB ? block : block.subarray(0, left);
}

/** Students the smoke adds: the quiz parts and the kill test's load take first submits from them. */
const STUDENTS = 150;
/** How far ahead the overdue quiz is due at least (then the next whole minute): the upload and file-sweep parts run meanwhile. */
const OVERDUE_IN_MS = 20_000;

export async function runSmoke({
  publicUrl,
  nodes,
  s3Dir,
  databaseUrl,
  requireServer,
  cleanupSeconds,
  overdueSweepMs,
  seededAutoSubmitted,
  log,
}) {
  const { Client } = requireServer('pg');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const seen = new Map();
  const say = (m) => log(`smoke: ${m}`);

  async function call(method, p, { token, body, headers = {}, raw } = {}) {
    const h = { ...headers };
    if (token) h.authorization = `Bearer ${token}`;
    let payload = raw;
    if (body !== undefined) {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${publicUrl}${p}`, { method, headers: h, body: payload, ...(raw ? { duplex: 'half' } : {}) });
    const instance = res.headers.get('x-instance') ?? '(none)';
    seen.set(instance, (seen.get(instance) ?? 0) + 1);
    return { res, instance };
  }
  const json = async (method, p, opts) => {
    const { res, instance } = await call(method, p, opts);
    // nginx answers an HTML page when no instance could (502)
    const body = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text();
    return { status: res.status, body, instance };
  };

  try {
    // ---- 1. sign-in, course page, lists ----
    const login = async (email) => {
      const r = await json('POST', '/api/auth/login', { body: { email, password: 'demo1234' } });
      check(r.status === 200 && r.body.token, `sign-in of ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.token;
    };
    const teacher = await login('teacher@demo.school');
    const student = await login('student@demo.school');
    const gql = (query, variables, token) => json('POST', '/graphql', { token, body: { query, variables } });
    const courses = await gql('{ courses { id title } }', {}, teacher);
    const course = courses.body.data?.courses.find((c) => c.title === 'MATH-5A');
    check(course, `no MATH-5A in ${JSON.stringify(courses.body)}`);
    const page = await gql(
      'query($id: ID!) { course(id: $id) { id title modules { id title } announcements { id title } } }',
      { id: course.id },
      student,
    );
    check(!page.body.errors && page.body.data.course.modules.length > 0, `course page: ${JSON.stringify(page.body)}`);
    const moduleId = page.body.data.course.modules[0].id;
    for (let i = 0; i < 2 * nodes.length; i++) {
      const list = await json('GET', '/api/courses', { token: student });
      check(list.status === 200 && list.body.success && list.body.data.length > 0, `GET /api/courses: ${list.status}`);
    }
    const anns = await json('GET', `/api/announcements/course/${course.id}`, { token: student });
    check(anns.status === 200 && Array.isArray(anns.body.data), `GET announcements: ${anns.status}`);
    say(`sign-in, course page (GraphQL) and REST lists answered by ${[...seen.keys()].sort().join(', ')}`);
    check(
      nodes.every((n) => seen.has(n.id)),
      `not every instance answered: ${JSON.stringify([...seen])}`,
    );

    // ---- 2. submit a quiz, grade it (the overdue quiz's due date runs meanwhile) ----
    const quizzes = await quizSetup({ json, db, teacher, moduleId, count: STUDENTS, overdueInMs: OVERDUE_IN_MS, say });
    await submitAndGrade({ json, teacher, setup: quizzes, times: 2 * nodes.length, nodes, say });

    // ---- 3. upload on one instance, download from another ----
    const upload = async (size, title) => {
      const boundary = `----lms${crypto.randomBytes(8).toString('hex')}`;
      const hash = crypto.createHash('sha256');
      const seed = crypto.randomUUID();
      async function* body() {
        const field = (name, value) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
        yield field('module', moduleId);
        yield field('title', title);
        yield field('contentType', 'PDF');
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${title}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        );
        for await (const chunk of pdfBytes(size, seed)) {
          hash.update(chunk);
          yield chunk;
        }
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      }
      const { res, instance } = await call('POST', '/api/content', {
        token: teacher,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        raw: ReadableStream.from(body()),
      });
      const out = await res.json();
      check(res.status === 201, `upload ${title}: ${res.status} ${JSON.stringify(out)}`);
      return { id: out.data._id, sha256: hash.digest('hex'), size, instance };
    };
    const download = async (id) => {
      const { res, instance } = await call('GET', `/api/content/download/${id}`, { token: student });
      check(res.status === 200, `download ${id}: ${res.status}`);
      const hash = crypto.createHash('sha256');
      let size = 0;
      for await (const chunk of res.body) {
        hash.update(chunk);
        size += chunk.length;
      }
      return { sha256: hash.digest('hex'), size, instance };
    };
    let crossed = false;
    for (let i = 0; i < 4 && !crossed; i++) {
      const up = await upload(6 * MB, `cluster upload ${i + 1}`);
      const down = await download(up.id);
      check(down.sha256 === up.sha256 && down.size === up.size, `download of ${up.id} differs from the upload`);
      say(`6 MB upload through ${up.instance}, download byte for byte from ${down.instance}`);
      crossed = nodes.length < 2 || down.instance !== up.instance;
    }
    check(crossed, 'no download was served by another instance than its upload');

    // ---- 4. the file sweep: every instance runs it, each orphan goes exactly once ----
    // the instances log each sweep: removed files at info, nothing to do or skipped (the lock) at debug
    const sweeps = () => {
      const by = {};
      for (const n of nodes) {
        const s = (by[n.id] = { runs: 0, removed: 0, skipped: 0 });
        for (const entry of logEntries(n)) {
          if (entry.msg === 'could not delete stored file') throw new Error(`${n.id}: ${JSON.stringify(entry)}`);
          if (entry.msg === 'unreferenced files removed') s.removed += entry.files;
          if (entry.msg?.startsWith('file cleanup') && entry.skipped) s.skipped += 1;
          if (entry.msg === 'unreferenced files removed' || entry.msg?.startsWith('file cleanup')) s.runs += 1;
        }
      }
      return by;
    };
    const removedBy = () => Object.fromEntries(Object.entries(sweeps()).map(([k, v]) => [k, v.removed]));
    const objectExists = (key) => fs.existsSync(path.join(s3Dir, `${key}._S3rver_object`));
    const before = Object.values(removedBy()).reduce((a, b) => a + b, 0);
    let orphans = 0;
    const rounds = Math.max(3, nodes.length + 1);
    for (let round = 1; round <= rounds; round++) {
      const ups = [await upload(1000, `orphan ${round}a`), await upload(1000, `orphan ${round}b`)];
      await sleep(((round * 370) % 1000) * cleanupSeconds); // deletes at different points of the instances' ticks
      const { rows } = await db.query('SELECT f.storage_key FROM files f JOIN contents c ON c.file_id = f.id WHERE c.id = ANY($1)', [
        ups.map((u) => u.id),
      ]);
      check(rows.length === 2 && rows.every((r) => objectExists(r.storage_key)), 'uploaded objects are not in the store');
      for (const u of ups) {
        const del = await json('DELETE', `/api/content/${u.id}`, { token: teacher });
        check(del.status === 200, `delete ${u.id}: ${del.status}`);
      }
      orphans += 2;
      const deadline = Date.now() + (cleanupSeconds * 5 + 5) * 1000;
      while (rows.some((r) => objectExists(r.storage_key))) {
        check(Date.now() < deadline, `round ${round}: the sweep did not remove the deleted files' bytes`);
        await sleep(100);
      }
    }
    await sleep(cleanupSeconds * 2000 + 500); // a few more ticks of every instance: nothing removed twice
    const counts = removedBy();
    const total = Object.values(counts).reduce((a, b) => a + b, 0) - before;
    check(total === orphans, `the sweep removed ${total} files for ${orphans} orphans: ${JSON.stringify(counts)}`);
    const runs = sweeps();
    say(
      `sweep every ${cleanupSeconds}s in every instance: ${orphans} orphaned files removed exactly once in total; ${Object.entries(runs)
        .map(([k, v]) => `${k} ran ${v.runs} sweeps (removed ${v.removed}, skipped on the lock ${v.skipped})`)
        .join('; ')}`,
    );
    check(
      nodes.every((node) => runs[node.id].runs >= 2),
      'an instance did not run the sweep',
    );

    // ---- 5. the overdue sweep: each overdue student auto-submitted once ----
    await checkOverdueSweep({ db, setup: quizzes, nodes, intervalMs: overdueSweepMs, seededAutoSubmitted, say });

    // ---- 6. kill one instance during a load of quiz submits ----
    if (nodes.length < 2) say('one instance: kill test skipped');
    else await killDuringSubmits({ json, db, teacher, moduleId, setup: quizzes, nodes, say });
    return true;
  } finally {
    await db.end();
  }
}
