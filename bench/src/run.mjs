#!/usr/bin/env node
// Load benchmark of the BUILT server (run `pnpm build` first) on a generated school, with the floor beside
// every read (issue 15; bench/README.md).
//
// 1. Creates a fresh database lms_bench_<pid>, starts `node server/dist/main.js` on a free loopback port against
//    it (NODE_ENV=production, DEMO_SEED=true, LOG_LEVEL=warn), fills it with src/generate.mjs (preset large, or
//    small), and starts the floor (src/floor/server.mjs: one SQL statement per answer behind bare node:http).
// 2. Each read scenario (src/scenarios.mjs): one answer from the app and one from its floor must be the same
//    JSON; then warm-up and REQUESTS requests, CONCURRENCY at a time, to the app and then to the floor. Quiz
//    submit runs sustained (SUBMIT_CONCURRENCY at a time, up to SUBMITS pairs or 10 s) on the app (GraphQL and
//    REST) and on its floor, each with its own (student, quiz) pairs.
// 3. Throttled first loads (src/pages.mjs) and the web's sizes and Lighthouse scores (src/web.mjs).
// 4. Statement counts: the server again at LOG_LEVEL=info on the same database, and on a small-preset database,
//    a few requests a scenario; the counts read from its request log must be equal at both sizes.
// 5. Checks ../targets.json, stops everything, drops the databases. Exit code 1 when a target is missed.
//
// BENCH_PRESET=small (or --preset small): the whole run on the small preset with few requests, as CI's smoke:
// no errors, floors equal to the app, equal statement counts; no speed targets, no browser.
//
// Environment: BENCH_DATABASE_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_REQUESTS (200; smoke 10), BENCH_CONCURRENCY (8), BENCH_CAP_SECONDS (60), BENCH_SUBMITS (pairs per side,
// 3000; smoke 20), BENCH_SUBMIT_CONCURRENCY (16), BENCH_SCENARIOS (comma-separated names to run only those; `pages`,
// `web`), BENCH_PAGE_RUNS, CHROMIUM_PATH, BENCH_KEEP_DB=1 (keep the databases), BENCH_REUSE_DB=<name> (run on a kept
// database as it is, without generating), BENCH_JSON (write the results here).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { generate } from './generate.mjs';
import { cpuMs, gcSince, lastHeapAfter, rssMb, serverWarnings, sqlCounts } from './server-log.mjs';
import { firstDifference, without } from './compare.mjs';
import { freePort, isLoopback } from './net.mjs';
import { report } from './report.mjs';
import { measurePages, pageScenarios } from './pages.mjs';
import { fixtures, quizSubmitFixtures } from './fixtures.mjs';
import { DEMO_PASSWORD, fmt, scenarios, submitScenarios } from './scenarios.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const benchDir = path.resolve(here, '..');
const repoRoot = path.resolve(benchDir, '..');
const serverMain = path.join(repoRoot, 'server', 'dist', 'main.js');

const HOST = '127.0.0.1'; // the only address this script sends requests to
const env = process.env;
const argPreset = process.argv.indexOf('--preset');
const PRESET = (argPreset > 0 ? process.argv[argPreset + 1] : env.BENCH_PRESET) || 'large';
if (!['large', 'small'].includes(PRESET)) throw new Error(`unknown preset ${PRESET} (large or small)`);
const SMOKE = PRESET === 'small';
const REQUESTS = positiveInt(env.BENCH_REQUESTS, SMOKE ? 10 : 200);
const CONCURRENCY = positiveInt(env.BENCH_CONCURRENCY, 8);
const CAP_MS = positiveInt(env.BENCH_CAP_SECONDS, 60) * 1000;
const SUBMITS = positiveInt(env.BENCH_SUBMITS, SMOKE ? 20 : 3000);
const SUBMIT_CONCURRENCY = positiveInt(env.BENCH_SUBMIT_CONCURRENCY, 16);
const SUBMIT_CAP_MS = 10_000;
const WARMUP = Math.min(16, REQUESTS);
const WRITE_WARMUP = Math.min(16, Math.ceil(SUBMITS / 10)); // each warm-up submit uses up a prepared pair
const COUNT_REQUESTS = 4; // per scenario and size in the statement-count pass (after one warm-up)
const REQUEST_TIMEOUT_MS = 30_000;
const HEALTH_TIMEOUT_MS = 120_000;
const ADMIN_URL = env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = env.BENCH_SCENARIOS
  ? new Set(
      env.BENCH_SCENARIOS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
  : null;
const wanted = (name) => !ONLY || ONLY.has(name);

function positiveInt(value, fallback) {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const log = (...args) => console.log(...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- HTTP client (keep-alive, loopback only)

/** One request to a target ({ port, agent }). */
function send(target, { method = 'POST', path: p, body, token }) {
  return new Promise((resolve) => {
    const payload = body === undefined || method === 'GET' ? undefined : Buffer.from(JSON.stringify(body));
    const headers = { accept: 'application/json' };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    if (token) headers.authorization = `Bearer ${token}`;
    const started = process.hrtime.bigint();
    const req = http.request({ host: HOST, port: target.port, method, path: p, headers, agent: target.agent }, (res) => {
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

/** Why a response is not a success (undefined when it is); `floor` answers are the document itself. */
function failure(r, kind) {
  if (r.error) return r.error;
  if (r.status !== 200 && r.status !== 201) return `HTTP ${r.status}: ${r.text?.slice(0, 200)}`;
  if (!r.json) return `not JSON: ${r.text?.slice(0, 200)}`;
  if (kind === 'graphql') {
    if (r.json.errors?.length)
      return `GraphQL error: ${r.json.errors
        .map((e) => `${e.extensions?.code ?? ''} ${e.message}`)
        .join('; ')
        .slice(0, 300)}`;
    if (!r.json.data) return 'no data';
  } else if (kind === 'rest' && r.json.success !== true) {
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

/** `count` requests, `concurrency` at a time, until `count`, the time cap, or (writes) no pair left. */
async function load(target, request, kind, count, capMs, concurrency = CONCURRENCY) {
  const latencies = [];
  const errors = [];
  let next = 0;
  let bytes = 0;
  const deadline = Date.now() + capMs;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (next < count && Date.now() < deadline) {
      const req = request(next++);
      if (!req) return;
      const r = await send(target, req);
      const why = failure(r, kind);
      if (why) errors.push(why);
      else latencies.push(r.ms);
      bytes = Math.max(bytes, r.bytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
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

// ---------------------------------------------------------------- processes and databases

/** The app's pool size (server/src/db/data-source.ts), so the floor gets as many connections. */
function appPoolSize() {
  const src = fs.readFileSync(path.join(repoRoot, 'server', 'src', 'db', 'data-source.ts'), 'utf8');
  return Number(src.match(/max:\s*options\.poolSize\s*\?\?\s*(\d+)/)?.[1]) || 10;
}

/** A child process on a free port, up once `health` answers; stop() ends it (SIGTERM, then SIGKILL after 15 s). */
async function startProcess({ label, script, args = [], env: extra, logFile }) {
  const port = await freePort(HOST);
  const target = { port, agent: new http.Agent({ keepAlive: true, maxSockets: Math.max(CONCURRENCY, SUBMIT_CONCURRENCY) }) };
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...args, script], { cwd: repoRoot, env: { ...env, ...extra(port) }, stdio: ['ignore', out, out] });
  const exited = {};
  const exitPromise = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      exited.code = code ?? signal;
      resolve();
    }),
  );
  const stop = async () => {
    target.agent.destroy();
    if (exited.code !== undefined) return;
    child.kill('SIGTERM');
    if (!(await Promise.race([exitPromise.then(() => true), sleep(15_000).then(() => false)]))) {
      child.kill('SIGKILL');
      await exitPromise;
      log(`${label} stopped by SIGKILL: no exit within 15 s of SIGTERM`);
    }
  };
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (exited.code !== undefined || Date.now() > deadline) {
      await stop();
      const text = fs.readFileSync(logFile, 'utf8');
      throw new Error(
        `${label} ${exited.code !== undefined ? `exited during start-up (code ${exited.code})` : 'did not start in time'}\n` +
          `--- its output (last lines) ---\n${text.split('\n').slice(-30).join('\n')}`,
      );
    }
    const r = await send(target, { method: 'GET', path: '/healthz' });
    if (r.status === 200 && r.json?.status === 'ok') return { target, child, exited, stop, logFile, health: r.json };
    await sleep(250);
  }
}

/** BENCH_SERVER_ARGS: more node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where a scenario's time goes. */
const serverArgs = () => (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);

function startApp(dbUrl, logLevel, tmp, name) {
  return startProcess({
    // --trace-gc: each collection's heap before and after, in the log, for the allocation per request (gcSince)
    label: `server (${name})`,
    script: serverMain,
    args: ['--trace-gc', ...serverArgs()],
    logFile: path.join(tmp, `server-${name}.log`),
    env: (port) => ({
      PORT: String(port),
      HOST,
      DATABASE_URL: dbUrl,
      NODE_ENV: 'production',
      DEMO_SEED: 'true',
      LOG_LEVEL: logLevel,
      DATA_DIR: path.join(tmp, 'data'),
      FILE_DIR: path.join(tmp, 'files'),
      PUBLIC_URL: `http://${HOST}:${port}`,
    }),
  });
}

function startFloor(dbUrl, tmp) {
  return startProcess({
    label: 'floor',
    script: path.join(here, 'floor', 'server.mjs'),
    logFile: path.join(tmp, 'floor.log'),
    env: (port) => ({ PORT: String(port), DATABASE_URL: dbUrl, FLOOR_POOL_MAX: String(appPoolSize()) }),
  });
}

async function login(target, email) {
  const r = await send(target, { path: '/api/auth/login', body: { email, password: DEMO_PASSWORD } });
  const why = failure(r, 'rest');
  if (why) throw new Error(`login as ${email} failed: ${why}`);
  return r.json.token;
}

async function logins(target) {
  const tokens = {};
  for (const role of ['admin', 'teacher', 'student']) tokens[role] = await login(target, `${role}@demo.school`);
  tokens.parent = await login(target, 'parent@demo.school').catch(() => undefined);
  return tokens;
}

/** src/fixtures.mjs (the data helper's): what the scenarios ask for, and prepared quiz-submit pairs. */
async function readFixtures(dbUrl, pairCount) {
  const db = new pg.Client({ connectionString: dbUrl });
  db.on('error', () => undefined);
  await db.connect();
  try {
    const fx = await fixtures(db);
    const pairs = pairCount ? await quizSubmitFixtures(db, pairCount) : [];
    return { fx, pairs };
  } finally {
    await db.end();
  }
}

/** A database filled at a preset (or `reuse`d as it is: a kept one), with the app running on it (migrated, demo-seeded). */
async function prepareDatabase(admin, name, preset, tmp, logLevel, cleanup, reuse = false) {
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${name}`;
  if (!reuse) {
    await admin.query(`CREATE DATABASE "${name}"`);
    cleanup.push(async () => {
      if (env.BENCH_KEEP_DB === '1')
        log(`kept the database: ${dbUrl.href}  (drop it with: DROP DATABASE "${name}"; run on it again with BENCH_REUSE_DB=${name})`);
      else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
  }
  const t0 = Date.now();
  const app = await startApp(dbUrl.href, logLevel, tmp, `${preset}-${logLevel}`);
  cleanup.push(app.stop);
  log(
    `server (${preset}): pid ${app.child.pid}, http://${HOST}:${app.target.port}, migrated and demo-seeded in ${fmt((Date.now() - t0) / 1000)} s, RSS ${fmt(rssMb(app.child.pid).rss)} MB`,
  );
  const gen = reuse ? { ms: 0, counts: {} } : await generate(dbUrl.href, { preset });
  log(
    reuse
      ? `reused the database ${name} as it is (no generation; quiz-submit pairs exclude what earlier runs submitted)`
      : `generated (${preset}) in ${fmt(gen.ms / 1000)} s: ${Object.entries(gen.counts)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
  );
  return { dbUrl: dbUrl.href, app, gen };
}

// ---------------------------------------------------------------- the passes

/** Each read scenario on the app and on its floor; quiz submit on the app (GraphQL, REST) and on its floor. */
async function measurePass({ app, floor, floorNames, list, writes }) {
  const results = [];
  for (const s of [...list, ...writes]) {
    if (!wanted(s.name)) continue;
    if (app.exited.code !== undefined) throw new Error(`the server exited (code ${app.exited.code})`);
    const hasFloor = !s.write && floorNames.has(s.name);
    const floorRequest =
      s.floorRequest ??
      (hasFloor
        ? (i) => {
            const r = s.request(i);
            return { method: 'GET', path: `/${s.name}?${new URLSearchParams(r.body?.variables ?? {})}`, token: r.token };
          }
        : undefined);
    let floorMismatch;
    if (hasFloor) {
      const [a, f] = await Promise.all([send(app.target, s.request(0)), send(floor.target, floorRequest(0))]);
      const why = failure(a, s.kind) ?? (failure(f, 'floor') && `floor: ${failure(f, 'floor')}`);
      floorMismatch = why ?? firstDifference(without(a.json, s.volatile), without(f.json, s.volatile));
    }
    const count = s.write ? SUBMITS : REQUESTS;
    const cap = s.write ? SUBMIT_CAP_MS : CAP_MS;
    const concurrency = s.write ? SUBMIT_CONCURRENCY : CONCURRENCY;
    const warmup = s.write ? WRITE_WARMUP : WARMUP;
    await load(app.target, s.request, s.kind, warmup, CAP_MS, concurrency); // JIT, statement plans, connection pool
    await sleep(50); // the warm-up's collections are in the log
    const gcFrom = fs.statSync(app.logFile).size;
    const heapAtStart = lastHeapAfter(app.logFile, gcFrom);
    const cpuFrom = cpuMs(app.child.pid);
    const r = {
      name: s.name,
      what: s.what,
      write: s.write,
      twinOf: s.twinOf,
      floorMismatch,
      ...(await load(app.target, s.request, s.kind, count, cap, concurrency)),
    };
    r.cpuMsPerRequest = (cpuMs(app.child.pid) - cpuFrom) / Math.max(1, r.completed);
    await sleep(50);
    const gc = gcSince(app.logFile, gcFrom, heapAtStart);
    // no collection in the window (a smoke's few requests): nothing to tell, printed as '-'
    const perRequest = (x) => (gc.count ? x / Math.max(1, r.completed) : NaN);
    r.gc = { allocatedKbPerRequest: perRequest(gc.allocatedMb * 1024), collections: gc.count, pauseMsPerRequest: perRequest(gc.pauseMs) };
    r.rssAfter = rssMb(app.child.pid).rss;
    if (floorRequest) {
      await load(floor.target, floorRequest, 'floor', warmup, CAP_MS, concurrency);
      const floorCpuFrom = cpuMs(floor.child.pid);
      r.floor = await load(floor.target, floorRequest, 'floor', count, cap, concurrency);
      r.floor.cpuMsPerRequest = (cpuMs(floor.child.pid) - floorCpuFrom) / Math.max(1, r.floor.completed);
    }
    results.push(r);
    const f = r.floor;
    log(
      `${s.name.padEnd(34)} p50 ${fmt(r.p50).padStart(7)} ms ${fmt(r.rps).padStart(7)} req/s` +
        (f ? `  | floor p50 ${fmt(f.p50).padStart(6)} ms ${fmt(f.rps).padStart(7)} req/s` : '') +
        `  | CPU ${fmt(r.cpuMsPerRequest, 2)}${f ? ` (floor ${fmt(f.cpuMsPerRequest, 2)})` : ''} ms/req` +
        `  | heap ${fmt(r.gc.allocatedKbPerRequest, 0).padStart(6)} KB/req, GC ${fmt(r.gc.pauseMsPerRequest, 2)} ms/req` +
        (r.errors ? `  ${r.errors} ERRORS (${r.firstError})` : '') +
        (f?.errors ? `  floor: ${f.errors} ERRORS (${f.firstError})` : '') +
        (floorMismatch ? `  FLOOR DIFFERS: ${floorMismatch}` : ''),
    );
  }
  return results;
}

/** A few requests of every scenario, one at a time, to a server at LOG_LEVEL=info: statements per request. */
async function countPass(app, list, writes) {
  const out = new Map();
  for (const s of [...list, ...writes]) {
    if (!wanted(s.name)) continue;
    await load(app.target, s.request, s.kind, 1, CAP_MS, 1);
    await sleep(100); // the request log line of the warm-up is written
    const from = fs.statSync(app.logFile).size;
    await load(app.target, s.request, s.kind, COUNT_REQUESTS, CAP_MS, 1);
    await sleep(200);
    out.set(s.name, sqlCounts(app.logFile, from));
  }
  return out;
}

/** Quiz-submit pairs split between the sides that use them: measure (GraphQL, REST, floor) and counts (GraphQL, REST). */
function splitPairs(pairs, perSide, countPairs) {
  const take = (n) => pairs.splice(0, n);
  const side = perSide ? perSide + WRITE_WARMUP : 0;
  const measure = { graphql: take(side), rest: take(side), floor: take(side) };
  const counts = { graphql: take(countPairs), rest: take(countPairs), floor: [] };
  return { measure, counts };
}

// ---------------------------------------------------------------- main

async function main() {
  if (!fs.existsSync(serverMain)) throw new Error(`${path.relative(repoRoot, serverMain)} is missing: run \`pnpm build\` first`);
  const targets = JSON.parse(fs.readFileSync(path.join(benchDir, 'targets.json'), 'utf8'));
  if (!isLoopback(new URL(ADMIN_URL).hostname))
    throw new Error(`BENCH_DATABASE_URL must point at this machine (loopback), not ${new URL(ADMIN_URL).hostname}`);

  const cleanup = [];
  let cleaned = false;
  const runCleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    for (const fn of cleanup.reverse()) await fn().catch((err) => console.error(`cleanup: ${err.message}`));
  };
  const onSignal = (sig) => {
    console.error(`\n${sig}: stopping the servers and dropping the databases`);
    runCleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    admin.on('error', (err) => console.error(`admin connection: ${err.message}`));
    await admin.connect();
    cleanup.push(() => admin.end());
    const version = (await admin.query('SHOW server_version')).rows[0].server_version;
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-bench-'));
    cleanup.push(async () => fs.rmSync(tmp, { recursive: true, force: true }));

    log(
      `machine: ${os.cpus()[0]?.model ?? 'cpu'} x ${os.cpus().length}, ${fmt(os.totalmem() / 2 ** 30)} GiB; node ${process.version}; PostgreSQL ${version}`,
    );
    const busy = os.loadavg()[0];
    log(
      `load average before: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}${busy > 0.5 ? '  (the machine is busy: expect slower figures than on a quiet one)' : ''}`,
    );
    log(
      `preset ${PRESET}${SMOKE ? ' (smoke: no speed targets)' : ''}; ${REQUESTS} requests per read scenario, ${CONCURRENCY} at a time, at most ${CAP_MS / 1000} s each (+${WARMUP} warm-up); ` +
        `quiz submit up to ${SUBMITS} per side, ${SUBMIT_CONCURRENCY} at a time, at most ${SUBMIT_CAP_MS / 1000} s`,
    );

    // the main pass
    const dbName = env.BENCH_REUSE_DB || `lms_bench_${process.pid}`;
    const main = await prepareDatabase(admin, dbName, PRESET, tmp, 'warn', cleanup, Boolean(env.BENCH_REUSE_DB));
    cleanup.push(async () => serverWarnings(main.app.logFile));
    const countPairs = COUNT_REQUESTS + 1;
    const { fx, pairs } = await readFixtures(main.dbUrl, 3 * (SUBMITS + WRITE_WARMUP) + 2 * countPairs);
    const split = splitPairs(pairs, SUBMITS, countPairs);
    log(
      `the demo accounts in it: teacher@ teaches ${fx.facts.teacherCourses} generated courses and ${fx.facts.teacherSheets} class/subject allocations; ` +
        `student@'s class has ${fx.facts.studentCourses} courses; ${pairs.length + Object.values(split.measure).flat().length + Object.values(split.counts).flat().length} quiz-submit pairs prepared`,
    );
    const tokens = await logins(main.app.target);
    const floor = await startFloor(main.dbUrl, tmp);
    cleanup.push(floor.stop);
    const floorNames = new Set(floor.health.floors);
    log(`floor: pid ${floor.child.pid}, http://${HOST}:${floor.target.port}, ${floorNames.size} floors, pool ${appPoolSize()}`);
    const rssBefore = rssMb(main.app.child.pid).rss;
    log(`server RSS before the scenarios: ${fmt(rssBefore)} MB\n`);

    const list = scenarios(tokens, fx);
    const results = await measurePass({ app: main.app, floor, floorNames, list, writes: submitScenarios(split.measure) });
    for (const s of list) if (wanted(s.name) && !floorNames.has(s.name) && s.kind === 'graphql') log(`  (no floor for ${s.name} yet)`);

    let pageResults = [];
    let web;
    if (!SMOKE) {
      const pages = pageScenarios(fx).filter((s) => wanted(s.name) || ONLY?.has('pages'));
      if (pages.length) {
        pageResults = await measurePages({
          baseUrl: `http://${HOST}:${main.app.target.port}`,
          tokens,
          scenarios: pages,
          conditions: targets.pages,
          runs: positiveInt(env.BENCH_PAGE_RUNS, targets.pages.runs),
          log,
        });
      }
      if (fs.existsSync(path.join(here, 'web.mjs')) && wanted('web')) {
        const { measureWeb } = await import('./web.mjs');
        web = await measureWeb({ baseUrl: `http://${HOST}:${main.app.target.port}`, tokens, log });
      }
    }
    const mem = rssMb(main.app.child.pid);
    const rss = { before: rssBefore, after: mem.rss, peak: mem.peak };
    await floor.stop();
    await main.app.stop();

    // statement counts: the same database at LOG_LEVEL=info, then (full run) a small-preset one
    log('\nstatement counts: the server at LOG_LEVEL=info, a few requests a scenario');
    const counted = await startApp(main.dbUrl, 'info', tmp, `${PRESET}-info`);
    cleanup.push(counted.stop);
    const countsMain = await countPass(counted, list, submitScenarios(split.counts));
    await counted.stop();
    let countsSmall;
    if (!SMOKE) {
      const small = await prepareDatabase(admin, `lms_bench_${process.pid}_small`, 'small', tmp, 'info', cleanup);
      const sfx = await readFixtures(small.dbUrl, 2 * countPairs);
      const sSplit = splitPairs(sfx.pairs, 0, countPairs);
      const sList = scenarios(await logins(small.app.target), sfx.fx);
      countsSmall = await countPass(small.app, sList, submitScenarios(sSplit.counts));
      await small.app.stop();
    }
    const counts = [...countsMain.keys()].map((name) => ({
      name,
      large: SMOKE ? undefined : { label: 'large', ...countsMain.get(name) },
      small: SMOKE ? { label: 'small', ...countsMain.get(name) } : countsSmall.get(name) && { label: 'small', ...countsSmall.get(name) },
    }));

    // the report
    const missed = await report({
      results,
      counts,
      rss,
      pageResults,
      web,
      targets,
      facts: fx.facts,
      generated: main.gen.counts,
      run: { smoke: SMOKE, capS: CAP_MS / 1000, preset: PRESET, requests: REQUESTS, concurrency: CONCURRENCY, json: env.BENCH_JSON },
    });
    if (missed) process.exitCode = 1;
  } finally {
    await runCleanup();
  }
}

main().catch((err) => {
  console.error(`bench failed: ${err.stack ?? err.message}`);
  process.exitCode = 1;
});
