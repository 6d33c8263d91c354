#!/usr/bin/env node
// Load benchmark of the BUILT server (run `pnpm build` first) on a generated large school.
//
// Creates a fresh database lms_bench_<pid> on the machine's PostgreSQL, starts `node server/dist/main.js` on a
// free loopback port against it (NODE_ENV=production, DEMO_SEED=true, LOG_LEVEL=warn), waits for /healthz,
// fills the database with src/generate.mjs, then sends each scenario a bounded number of requests (default 200,
// 8 at a time, at most 60 s a scenario) to 127.0.0.1 only. Prints p50/p95/p99 latency, requests per second and
// the server's RSS; then opens pages of the built web client in a throttled browser (src/pages.mjs: slow 4G, 4x
// slower CPU) and prints how long each took to be usable. Checks ../targets.json, stops the server and drops the
// database. Exit code 1 when a target is missed or the run failed.
//
// Environment: BENCH_DATABASE_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_REQUESTS (200), BENCH_CONCURRENCY (8), BENCH_CAP_SECONDS (60), BENCH_SCENARIOS (comma-separated names
// to run only those; `pages` for every page scenario), BENCH_PAGE_RUNS (cold loads per page, targets.json's
// pages.runs), CHROMIUM_PATH (/usr/bin/chromium), BENCH_KEEP_DB=1 (keep the database afterwards, to EXPLAIN things), BENCH_JSON (write the
// results to this file), BENCH_SQL=1 (run the server with LOG_LEVEL=info instead of warn and read its request log
// for the number of SQL statements per request of each scenario; the logging costs a little time).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { generate } from './generate.mjs';
import { checkPages, measurePages, pageScenarios, pagesTable } from './pages.mjs';
import { ACADEMIC_TREE, ATTENDANCE_SHEET, COURSE_PAGE, ME, MY_ATTENDANCE, MY_COURSES, STUDENT_COURSES, USERS } from './operations.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const benchDir = path.resolve(here, '..');
const repoRoot = path.resolve(benchDir, '..');
const serverMain = path.join(repoRoot, 'server', 'dist', 'main.js');

const HOST = '127.0.0.1'; // the only address this script sends requests to
const env = process.env;
const REQUESTS = positiveInt(env.BENCH_REQUESTS, 200);
const CONCURRENCY = positiveInt(env.BENCH_CONCURRENCY, 8);
const CAP_MS = positiveInt(env.BENCH_CAP_SECONDS, 60) * 1000;
const WARMUP = Math.min(16, REQUESTS);
const REQUEST_TIMEOUT_MS = 30_000;
const HEALTH_TIMEOUT_MS = 120_000;
const ADMIN_URL = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = env.BENCH_SCENARIOS ? new Set(env.BENCH_SCENARIOS.split(',').map((s) => s.trim()).filter(Boolean)) : null;
const DEMO_PASSWORD = 'demo1234';
const SQL_COUNTS = env.BENCH_SQL === '1';

function positiveInt(value, fallback) {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const log = (...args) => console.log(...args);

// ---------------------------------------------------------------- HTTP client (keep-alive, loopback only)

let agent;
let port;

function send({ method = 'POST', path: p, body, token }) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers = { accept: 'application/json' };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    if (token) headers.authorization = `Bearer ${token}`;
    const started = process.hrtime.bigint();
    const req = http.request({ host: HOST, port, method, path: p, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const text = Buffer.concat(chunks).toString('utf8');
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode, ms, bytes: text.length, json, text });
      });
      res.on('error', (err) => resolve({ status: 0, ms: 0, bytes: 0, error: err.message }));
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', (err) => resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6, bytes: 0, error: err.message }));
    if (payload) req.write(payload);
    req.end();
  });
}

const gql = (query, variables, token) => ({ path: '/graphql', body: { query, variables }, token });

/** Why a response is not a success (undefined when it is). */
function failure(r, kind) {
  if (r.error) return r.error;
  if (r.status !== 200) return `HTTP ${r.status}: ${r.text?.slice(0, 200)}`;
  if (!r.json) return `not JSON: ${r.text?.slice(0, 200)}`;
  if (kind === 'graphql') {
    if (r.json.errors?.length) return `GraphQL error: ${r.json.errors.map((e) => `${e.extensions?.code ?? ''} ${e.message}`).join('; ').slice(0, 300)}`;
    if (!r.json.data) return 'no data';
  } else if (r.json.success !== true) {
    return `success is not true: ${r.text.slice(0, 200)}`;
  }
  return undefined;
}

// ---------------------------------------------------------------- measuring

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** `count` requests, `CONCURRENCY` at a time, stopping at `count` or at the time cap, whichever comes first. */
async function load(scenario, count, capMs) {
  const latencies = [];
  const errors = [];
  let next = 0;
  let bytes = 0;
  const deadline = Date.now() + capMs;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (next < count && Date.now() < deadline) {
      const i = next++;
      const r = await send(scenario.request(i));
      const why = failure(r, scenario.kind);
      if (why) errors.push(why);
      else latencies.push(r.ms);
      bytes = Math.max(bytes, r.bytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count) }, worker));
  const wallS = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  return {
    requested: count,
    completed: latencies.length + errors.length,
    ok: latencies.length,
    errors: errors.length,
    firstError: errors[0],
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    rps: (latencies.length + errors.length) / wallS,
    wallS,
    responseBytes: bytes,
  };
}

/** Median and largest number of SQL statements per request in the server's request log lines after `from`. */
function sqlPerRequest(logFile, from) {
  const fd = fs.openSync(logFile, 'r');
  const size = fs.fstatSync(fd).size;
  const buf = Buffer.alloc(size - from);
  fs.readSync(fd, buf, 0, buf.length, from);
  fs.closeSync(fd);
  const counts = buf.toString('utf8').split('\n')
    .filter((l) => l.includes('"msg":"request"'))
    .map((l) => Number(l.match(/"sql":(\d+)/)?.[1]))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  return counts.length ? `${percentile(counts, 50)}/${counts[counts.length - 1]}` : '-';
}

function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

// ---------------------------------------------------------------- setup helpers

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, HOST, () => {
      const { port: p } = s.address();
      s.close(() => resolve(p));
    });
  });
}

function isLoopback(host) {
  const h = host.replace(/^\[|\]$/g, '');
  return h === '' || h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h) || h.startsWith('/');
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForHealth(child, exited) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited.code !== undefined) throw new Error(`the server exited during start-up (code ${exited.code})`);
    const r = await send({ method: 'GET', path: '/healthz' });
    if (r.status === 200 && r.json?.status === 'ok') return;
    await sleep(250);
  }
  throw new Error(`the server did not answer /healthz within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

async function login(email) {
  const r = await send({ path: '/api/auth/login', body: { email, password: DEMO_PASSWORD } });
  const why = failure(r, 'rest');
  if (why) throw new Error(`login as ${email} failed: ${why}`);
  return r.json.token;
}

/** What the scenarios ask for, read from the generated database. */
async function fixtures(db) {
  const one = async (sql, params) => (await db.query(sql, params)).rows;
  const [teacher] = await one(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
  const [student] = await one(`SELECT id, class_id FROM users WHERE email = 'student@demo.school'`);
  if (!teacher || !student) throw new Error('the demo accounts are missing: was the server started with DEMO_SEED=true?');
  // the demo teacher's courses with the generated content (modules, announcements, discussions)
  const courses = await one(
    `SELECT c.id, c.title FROM courses c JOIN course_teachers ct ON ct.course_id = c.id
      WHERE ct.teacher_id = $1 AND EXISTS (SELECT 1 FROM discussions d WHERE d.course_id = c.id AND d.parent_id IS NOT NULL)
      ORDER BY c.title`, [teacher.id]);
  // the demo teacher's class-and-subject allocations with their latest marked day
  const sheets = await one(
    `SELECT al.class_id, al.subject_id, al.academic_year_id,
            (SELECT max(r.date)::text FROM attendance_records r WHERE r.class_id = al.class_id AND r.subject_id = al.subject_id) AS date
       FROM allocations al JOIN allocation_teachers alt ON alt.allocation_id = al.id
      WHERE alt.teacher_id = $1
      ORDER BY al.class_id, al.subject_id`, [teacher.id]);
  const [{ n: users }] = await one(`SELECT count(*)::int AS n FROM users`);
  // the year the course-management page opens at load: the first of academicYears (year DESC, id ASC)
  const [firstYear] = await one(
    `SELECT y.id, y.year, (SELECT count(*)::int FROM allocations a WHERE a.academic_year_id = y.id) AS allocations
       FROM academic_years y ORDER BY y.year DESC, y.id ASC LIMIT 1`);
  const accounts = (await one(
    `SELECT email FROM users WHERE email LIKE '%@bench.school' ORDER BY email LIMIT 40`)).map((r) => r.email);
  const [{ n: studentCourses }] = await one(
    `SELECT count(*)::int AS n FROM courses c JOIN users u ON u.class_id = c.class_id AND u.academic_year_id = c.academic_year_id WHERE u.id = $1`,
    [student.id]);
  const [{ n: studentRecords }] = await one(`SELECT count(*)::int AS n FROM attendance_records WHERE student_id = $1`, [student.id]);
  const [{ n: roster }] = await one(`SELECT count(*)::int AS n FROM users WHERE class_id = $1`, [sheets[0]?.class_id ?? student.class_id]);
  if (!courses.length || !sheets.length) throw new Error('the demo teacher teaches no generated course or class');
  return {
    courseIds: courses.map((c) => c.id), course: courses[0], sheets: sheets.filter((s) => s.date), users, accounts, firstYear,
    facts: { teacherCourses: courses.length, teacherSheets: sheets.length, studentCourses, studentRecords, rosterOfFirstSheet: roster },
  };
}

function scenarios(tokens, fx) {
  const loginAccounts = ['admin@demo.school', 'teacher@demo.school', 'student@demo.school', ...fx.accounts];
  const pages = Math.max(1, Math.floor(fx.users / 50));
  return [
    {
      name: 'rest-login', kind: 'rest', what: 'POST /api/auth/login (argon2id verify + new session), 43 accounts in turn',
      request: (i) => ({ path: '/api/auth/login', body: { email: loginAccounts[i % loginAccounts.length], password: DEMO_PASSWORD } }),
    },
    { name: 'gql-me', kind: 'graphql', what: 'me (teacher)', request: () => gql(ME, {}, tokens.teacher) },
    {
      name: 'gql-users-admin', kind: 'graphql', what: `users(limit: 50, offset: page*50), pages 1..${Math.min(pages, 10)}, as admin`,
      request: (i) => gql(USERS, { limit: 50, offset: (i % Math.min(pages, 10)) * 50 }, tokens.admin),
    },
    {
      name: 'gql-academic-tree-admin', kind: 'graphql',
      what: `academicTree(academicYearId) of the year open at load (${fx.firstYear.year}, ${fx.firstYear.allocations} allocations; course management page), as admin`,
      request: () => gql(ACADEMIC_TREE, { academicYearId: fx.firstYear.id }, tokens.admin),
    },
    { name: 'gql-my-courses-teacher', kind: 'graphql', what: 'myCourses, as teacher@demo.school', request: () => gql(MY_COURSES, {}, tokens.teacher) },
    {
      name: 'gql-course-page-teacher', kind: 'graphql',
      what: `course(id) with modules+contents, announcements, discussions+replies; teacher@'s ${fx.courseIds.length} courses in turn`,
      request: (i) => gql(COURSE_PAGE, { id: fx.courseIds[i % fx.courseIds.length] }, tokens.teacher),
    },
    { name: 'gql-student-courses', kind: 'graphql', what: 'studentCourses, as student@demo.school', request: () => gql(STUDENT_COURSES, {}, tokens.student) },
    {
      name: 'gql-attendance-sheet-teacher', kind: 'graphql',
      what: `attendanceRoster + attendanceForDate (latest marked day), teacher@'s ${fx.sheets.length} classes/subjects in turn`,
      request: (i) => {
        const s = fx.sheets[i % fx.sheets.length];
        return gql(ATTENDANCE_SHEET, { classId: s.class_id, subjectId: s.subject_id, academicYearId: s.academic_year_id, date: s.date }, tokens.teacher);
      },
    },
    {
      name: 'gql-my-attendance-student', kind: 'graphql', what: 'myAttendance(limit: 50), pages 1..4, as student@demo.school',
      request: (i) => gql(MY_ATTENDANCE, { limit: 50, offset: (i % 4) * 50 }, tokens.student),
    },
  ];
}

// ---------------------------------------------------------------- targets

function loadTargets() {
  return JSON.parse(fs.readFileSync(path.join(benchDir, 'targets.json'), 'utf8'));
}

function check(results, rss, targets, notes) {
  const misses = [];
  for (const r of results) {
    const t = { ...targets.defaults, ...(targets.scenarios?.[r.name] ?? {}) };
    r.targetP95 = t.p95Ms;
    if (r.errors > (t.maxErrors ?? 0)) misses.push(`${r.name}: ${r.errors} failed requests (first: ${r.firstError})`);
    if (r.completed < r.requested) misses.push(`${r.name}: only ${r.completed} of ${r.requested} requests within ${CAP_MS / 1000} s`);
    if (!(r.p95 <= t.p95Ms)) misses.push(`${r.name}: p95 ${fmt(r.p95)} ms > ${t.p95Ms} ms`);
    else if (t.goalP95Ms && !(r.p95 <= t.goalP95Ms)) notes.push(`${r.name}: p95 ${fmt(r.p95)} ms is within its interim target ${t.p95Ms} ms but above the goal ${t.goalP95Ms} ms: ${t.known ?? ''}`);
  }
  if (!(rss.after <= targets.rssMb)) misses.push(`server RSS after the run ${fmt(rss.after)} MB > ${targets.rssMb} MB`);
  if (targets.peakRssMb && !(rss.peak <= targets.peakRssMb)) misses.push(`server peak RSS ${fmt(rss.peak)} MB > ${targets.peakRssMb} MB`);
  return misses;
}

const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');

function table(results) {
  const head = ['scenario', 'ok', 'err', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'req/s', 'KB', 'RSS MB', 'p95 target'];
  if (SQL_COUNTS) head.push('SQL/req (median/max)');
  const rows = results.map((r) => [r.name, r.ok, r.errors, fmt(r.p50), fmt(r.p95), fmt(r.p99), fmt(r.max), fmt(r.rps), fmt(r.responseBytes / 1024), fmt(r.rssAfter), `${r.targetP95}`,
    ...(SQL_COUNTS ? [r.sqlPerRequest] : [])]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

// ---------------------------------------------------------------- main

async function main() {
  if (!fs.existsSync(serverMain)) throw new Error(`${path.relative(repoRoot, serverMain)} is missing: run \`pnpm build\` first`);
  const targets = loadTargets();
  const adminUrl = new URL(ADMIN_URL);
  if (!isLoopback(adminUrl.hostname)) throw new Error(`BENCH_DATABASE_URL must point at this machine (loopback), not ${adminUrl.hostname}`);
  const dbName = `lms_bench_${process.pid}`;
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;

  const cleanup = [];
  let cleaned = false;
  const runCleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    for (const fn of cleanup.reverse()) await fn().catch((err) => console.error(`cleanup: ${err.message}`));
  };
  const onSignal = (sig) => {
    console.error(`\n${sig}: stopping the server and dropping the database`);
    runCleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    admin.on('error', (err) => console.error(`admin connection: ${err.message}`));
    await admin.connect();
    const version = (await admin.query('SHOW server_version')).rows[0].server_version;
    await admin.query(`CREATE DATABASE "${dbName}"`);
    cleanup.push(async () => {
      if (env.BENCH_KEEP_DB === '1') {
        log(`kept the database: ${dbUrl.href}  (drop it with: DROP DATABASE "${dbName}")`);
      } else {
        await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      }
      await admin.end();
    });

    log(`machine: ${os.cpus()[0]?.model ?? 'cpu'} x ${os.cpus().length}, ${fmt(os.totalmem() / 2 ** 30)} GiB; node ${process.version}; PostgreSQL ${version}`);
    const busy = os.loadavg()[0];
    log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}${busy > 0.5 ? '  (the machine is busy, maybe with an earlier run: expect slower figures than on a quiet one)' : ''}`);
    log(`database: ${dbName}; ${REQUESTS} requests per scenario, ${CONCURRENCY} at a time, at most ${CAP_MS / 1000} s each (+${WARMUP} warm-up)`);

    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-'));
    cleanup.push(async () => fs.rmSync(tmp, { recursive: true, force: true }));
    const logFile = path.join(tmp, 'server.log');
    const out = fs.openSync(logFile, 'a');

    port = await freePort();
    agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const child = spawn(process.execPath, [serverMain], {
      cwd: repoRoot,
      env: {
        ...env,
        PORT: String(port),
        DATABASE_URL: dbUrl.href,
        NODE_ENV: 'production',
        DEMO_SEED: 'true',
        LOG_LEVEL: SQL_COUNTS ? 'info' : 'warn',
        DATA_DIR: path.join(tmp, 'data'),
        FILE_DIR: path.join(tmp, 'files'),
        PUBLIC_URL: `http://${HOST}:${port}`,
      },
      stdio: ['ignore', out, out],
    });
    const exited = {};
    const exitPromise = new Promise((resolve) => child.on('exit', (code, signal) => {
      exited.code = code ?? signal;
      resolve();
    }));
    cleanup.push(async () => {
      // the server's warnings (slow statements over 1 s, errors) are part of the result
      const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
      const slow = text.split('\n').filter((l) => l.includes('slow query'));
      const other = text.split('\n').filter((l) => l.trim() && !l.includes('slow query') && /"level":(40|50|60)/.test(l));
      if (slow.length) {
        log(`\nslow statements logged by the server (over 1 s): ${slow.length}`);
        for (const l of slow.slice(0, 10)) {
          // pino's own "time" (epoch ms) and the statement's "time" (ms) share a key: the smaller is the duration
          const ms = Math.min(...[...l.matchAll(/"time":(\d+)/g)].map((m) => Number(m[1])));
          const query = l.match(/"query":"((?:[^"\\]|\\.)*)"/)?.[1] ?? l;
          log(`  ${ms} ms: ${query.replace(/\\n|\s+/g, ' ').slice(0, 400)}`);
        }
      }
      if (other.length) {
        log(`\nserver warnings and errors: ${other.length}`);
        for (const l of other.slice(0, 10)) log(`  ${l.slice(0, 400)}`);
      }
    });

    cleanup.push(async () => {
      agent.destroy();
      if (exited.code === undefined) {
        const t = Date.now();
        child.kill('SIGTERM');
        const stopped = await Promise.race([exitPromise.then(() => true), sleep(15_000).then(() => false)]);
        if (!stopped) {
          child.kill('SIGKILL');
          await exitPromise;
        }
        log(`server stopped ${stopped ? `in ${fmt((Date.now() - t) / 1000)} s after SIGTERM (exit code ${exited.code})` : 'by SIGKILL: no exit within 15 s of SIGTERM'}`);
      }
    });
    const t0 = Date.now();
    try {
      await waitForHealth(child, exited);
    } catch (err) {
      const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
      throw new Error(`${err.message}\n--- server output (last lines) ---\n${text.split('\n').slice(-30).join('\n')}`, { cause: err });
    }
    log(`server: pid ${child.pid}, http://${HOST}:${port}, migrated and demo-seeded in ${fmt((Date.now() - t0) / 1000)} s, RSS ${fmt(rssMb(child.pid).rss)} MB`);

    const gen = await generate(dbUrl.href);
    log(`generated in ${fmt(gen.ms / 1000)} s: ${Object.entries(gen.counts).map(([k, v]) => `${k} ${v}`).join(', ')}`);

    const db = new pg.Client({ connectionString: dbUrl.href });
    db.on('error', () => undefined);
    await db.connect();
    let fx;
    try {
      fx = await fixtures(db);
    } finally {
      await db.end();
    }
    log(`the demo accounts in it: teacher@ teaches ${fx.facts.teacherCourses} generated courses and ${fx.facts.teacherSheets} class/subject allocations `
      + `(first roster ${fx.facts.rosterOfFirstSheet} students); student@'s class has ${fx.facts.studentCourses} courses; student@ has ${fx.facts.studentRecords} attendance records`);

    const tokens = {
      admin: await login('admin@demo.school'),
      teacher: await login('teacher@demo.school'),
      student: await login('student@demo.school'),
    };

    const rssBefore = rssMb(child.pid).rss;
    log(`server RSS before the scenarios: ${fmt(rssBefore)} MB\n`);
    const results = [];
    for (const s of scenarios(tokens, fx)) {
      if (ONLY && !ONLY.has(s.name)) continue;
      if (exited.code !== undefined) throw new Error(`the server exited (code ${exited.code})`);
      await load(s, WARMUP, CAP_MS); // JIT, statement plans, connection pool
      const logFrom = fs.statSync(logFile).size;
      const r = await load(s, REQUESTS, CAP_MS);
      if (SQL_COUNTS) r.sqlPerRequest = sqlPerRequest(logFile, logFrom);
      r.name = s.name;
      r.what = s.what;
      r.rssAfter = rssMb(child.pid).rss;
      results.push(r);
      log(`${s.name.padEnd(30)} p50 ${fmt(r.p50).padStart(7)}  p95 ${fmt(r.p95).padStart(7)}  p99 ${fmt(r.p99).padStart(7)} ms  ${fmt(r.rps).padStart(6)} req/s  ${r.errors ? `${r.errors} ERRORS (${r.firstError})` : ''}`);
    }
    // the browser's first loads, after the request scenarios (a server that has been running a while)
    const pages = pageScenarios(fx).filter((s) => !ONLY || ONLY.has(s.name) || ONLY.has('pages'));
    const pageResults = pages.length
      ? await measurePages({ baseUrl: `http://${HOST}:${port}`, tokens, scenarios: pages, conditions: targets.pages, runs: positiveInt(env.BENCH_PAGE_RUNS, targets.pages.runs), log })
      : [];
    const mem = rssMb(child.pid);
    const rss = { before: rssBefore, after: mem.rss, peak: mem.peak };
    const notes = [];
    const misses = [...check(results, rss, targets, notes), ...checkPages(pageResults, targets.pages)];

    if (results.length) log(`\n${table(results)}\n`);
    for (const r of results) log(`  ${r.name}: ${r.what}`);
    if (pageResults.length) log(`\n${pagesTable(pageResults, targets.pages)}\n`);
    for (const r of pageResults) log(`  ${r.name}: ${r.what}`);
    log(`\nload average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    log(`server RSS: ${fmt(rss.before)} MB before the scenarios, ${fmt(rss.after)} MB after (target ${targets.rssMb} MB), peak ${fmt(rss.peak)} MB`);
    if (env.BENCH_JSON) {
      fs.writeFileSync(env.BENCH_JSON, JSON.stringify({ at: new Date().toISOString(), loadavg: os.loadavg(), requests: REQUESTS, concurrency: CONCURRENCY, counts: gen.counts, facts: fx.facts, results, pages: pageResults, rss, misses, notes }, null, 2));
    }
    for (const n of notes) log(`\nnote: ${n}`);
    if (misses.length) {
      log(`\nTARGETS MISSED (${misses.length}):`);
      for (const m of misses) log(`  - ${m}`);
      process.exitCode = 1;
    } else {
      log(`\nall targets met (${results.length + pageResults.length} scenarios, targets.json)`);
    }
  } finally {
    await runCleanup();
  }
}

main().catch((err) => {
  console.error(`bench failed: ${err.stack ?? err.message}`);
  process.exitCode = 1;
});
