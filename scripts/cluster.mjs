#!/usr/bin/env node
// `pnpm cluster [--instances N] [--port P] [--smoke | --throughput]`: N instances of the built server (default 2)
// on loopback ports over one PostgreSQL database, an S3-protocol store (s3rver) for their files, and Debian's
// nginx in front with round-robin balancing. Everything listens on 127.0.0.1; Ctrl-C (or any child dying
// unexpectedly) stops what the script started. `--smoke` runs the smoke through nginx (sign-in, course page,
// REST list, a quiz submitted and graded, upload and download on both instances, the file sweep and the
// overdue sweep once per piece of work, killing an instance under quiz submits) and exits 0 only when it all
// passed. `--throughput` measures quiz submits and the grading dashboard at 1, 2 and 4 instances (or
// `--steps 1,2`) with each process's CPU share, prints the table and stops (cluster-throughput.mjs).
//
// Database: DATABASE_URL when set (used as it is), else a fresh database created on the machine's PostgreSQL at
// 127.0.0.1:5432 (CLUSTER_PG_URL to point elsewhere) and dropped at the end. nginx: the system's (NGINX=path to
// choose one). The script installs nothing: without nginx it says how to get it and exits non-zero.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const serverDir = path.join(root, 'server');
const requireServer = createRequire(path.join(serverDir, 'package.json'));

// ---------- arguments ----------
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const instances = Number(option('--instances', '2'));
const smoke = args.includes('--smoke');
const throughput = args.includes('--throughput');
const cleanupSeconds = Number(option('--cleanup-seconds', smoke ? '1' : '300'));
// the smoke waits for the overdue sweep: every second there, the server's default (a minute) otherwise
const overdueSweepMs = Number(option('--overdue-sweep-ms', smoke ? '1000' : (process.env.OVERDUE_SWEEP_INTERVAL_MS ?? '60000')));
if (!Number.isInteger(instances) || instances < 1) fail('--instances wants a whole number of at least 1');
if (smoke && throughput) fail('--smoke or --throughput, not both');
const quiet = smoke || throughput; // instance logs are kept for the checks, printed only with CLUSTER_VERBOSE

function fail(message) {
  console.error(`cluster: ${message}`);
  process.exit(1);
}
const log = (message) => console.log(`[cluster] ${message}`);

// ---------- what must be there before anything starts ----------
const nginxBin = process.env.NGINX
  ? fs.existsSync(process.env.NGINX)
    ? process.env.NGINX
    : undefined
  : (['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) ??
    (spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim() || undefined));
if (!nginxBin) {
  fail('nginx is not installed. On Debian or Ubuntu: apt-get install -y nginx (this script installs nothing itself)');
}
const mainJs = path.join(serverDir, 'dist', 'main.js');
if (!fs.existsSync(mainJs)) fail('the server is not built: run `pnpm --filter ./server build` (pnpm cluster does it first)');

// ---------- what we start, and stopping it ----------
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-cluster-'));
/** @type {Array<{ name: string, child: import('node:child_process').ChildProcess, expectedExit?: boolean }>} */
const children = [];
let dropDatabase;
let stopping = false;

/** SIGTERM, and SIGKILL after 8 s; resolves once the child is gone. Its exit stops nothing else. */
function stopChild(c) {
  c.expectedExit = true;
  if (c.child.exitCode !== null || c.child.signalCode !== null) return undefined;
  return new Promise((resolve) => {
    const force = setTimeout(() => c.child.kill('SIGKILL'), 8000);
    c.child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    c.child.kill('SIGTERM');
  });
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all([...children].reverse().map(stopChild));
  if (dropDatabase) await dropDatabase().catch((err) => console.error(`cluster: could not drop the database: ${err.message}`));
  fs.rmSync(tmp, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => {
  log('stopping');
  stopAll(quiet ? 1 : 0);
});
process.on('SIGTERM', () => stopAll(1));

function start(name, command, argv, opts = {}) {
  const child = spawn(command, argv, { stdio: ['pipe', 'pipe', 'pipe'], ...opts });
  const entry = { name, child, lines: [] };
  children.push(entry);
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      entry.lines.push(line);
      if (process.env.CLUSTER_VERBOSE || !quiet) console.log(`[${name}] ${line}`);
    });
  }
  child.on('exit', (code, signal) => {
    if (entry.expectedExit || stopping) return;
    if (signal === 'SIGINT') return stopAll(quiet ? 1 : 0); // Ctrl-C reached the whole terminal group
    console.error(`cluster: ${name} exited (${signal ?? code}); stopping everything`);
    for (const line of entry.lines.slice(-20)) console.error(`  [${name}] ${line}`);
    stopAll(1);
  });
  return entry;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitHealthy(url, ms = 30_000) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(200)) {
    if (stopping) return;
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
  }
  throw new Error(`${url} did not become healthy`);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------- the pieces ----------
async function database() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const { Client } = requireServer('pg');
  const adminUrl = process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `lms_cluster_${process.pid}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect().catch((err) => fail(`no PostgreSQL at ${adminUrl} (${err.message}); set DATABASE_URL or CLUSTER_PG_URL`));
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const c = new Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function objectStore() {
  const dir = path.join(tmp, 's3');
  fs.mkdirSync(dir);
  const entry = start('s3', process.execPath, [path.join(serverDir, 'src', 'test', 's3-server.cjs'), dir, 'lms-files']);
  const line = await new Promise((resolve, reject) => {
    const rl = readline.createInterface({ input: entry.child.stdout });
    rl.once('line', resolve);
    entry.child.once('exit', () => reject(new Error('s3rver did not start')));
  });
  const { port } = JSON.parse(line);
  return {
    dir,
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'lms-files',
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  };
}

/**
 * docker/nginx.conf (the same balancing as docker-compose.yml) for this machine: loopback ports for the
 * upstreams and the listener, and pid, logs and temp folders in the temp folder.
 */
function nginxConfig(listen, upstreams) {
  for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(path.join(tmp, 'nginx', d), { recursive: true, mode: 0o777 });
  fs.chmodSync(tmp, 0o755); // workers run as an unprivileged user when nginx starts as root
  const shared = fs.readFileSync(path.join(root, 'docker', 'nginx.conf'), 'utf8');
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((d) => `  ${d}_temp_path ${tmp}/nginx/${d};`).join('\n');
  const config = shared
    .replace(/^events /m, `worker_processes 1;\npid ${tmp}/nginx/nginx.pid;\nerror_log ${tmp}/nginx/error.log warn;\nevents `)
    .replace(/^http \{\n/m, `http {\n${temps}\n`)
    .replace(/(?:^ {4}server app-\d+:4000 [^\n]*\n)+/m, `${servers}\n`)
    .replace(/^ {4}listen 80;/m, `    listen 127.0.0.1:${listen};`);
  if (!config.includes(`listen 127.0.0.1:${listen};`) || !config.includes(servers))
    throw new Error('docker/nginx.conf changed shape: update nginxConfig');
  return config;
}

// ---------- bring it up ----------
const databaseUrl = await database();
const s3 = await objectStore();
const nginxPort = Number(option('--port', '0')) || (await freePort());
const publicUrl = `http://127.0.0.1:${nginxPort}`;
const baseEnv = {
  ...process.env,
  NODE_ENV: 'production',
  DEMO_SEED: process.env.DEMO_SEED ?? 'true',
  DATABASE_URL: databaseUrl,
  HOST: '127.0.0.1',
  PUBLIC_URL: publicUrl,
  FILE_CLEANUP_SECONDS: String(cleanupSeconds),
  OVERDUE_SWEEP_INTERVAL_MS: String(overdueSweepMs),
  // the smoke reads each sweep from the instances' logs (nothing to do and skipped are debug lines); the
  // throughput run logs what a production instance would have to (as bench/ does)
  LOG_LEVEL: process.env.LOG_LEVEL ?? (smoke ? 'debug' : throughput ? 'warn' : 'info'),
  ...s3.env,
};

// migrations and the demo school once, before the instances start (they would take turns anyway)
log('migrating and seeding');
const seeded = spawnSync(process.execPath, [path.join(serverDir, 'dist', 'app', 'seed-cli.js')], { env: baseEnv, encoding: 'utf8' });
if (seeded.status !== 0) {
  console.error(seeded.stdout, seeded.stderr);
  await stopAll(1);
}

/** Auto-submitted submissions in the database: before any instance runs, the demo school's own. */
async function autoSubmittedRows() {
  const { Client } = requireServer('pg');
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query('SELECT count(*)::int AS n FROM submissions WHERE is_auto_submitted')).rows[0].n;
  } finally {
    await c.end();
  }
}
// the smoke tells the overdue sweep's work from the seed's
const seededAutoSubmitted = smoke ? await autoSubmittedRows() : 0;

/**
 * `count` instances on free loopback ports and nginx in front of them at `publicUrl`, once all are healthy.
 * Answers the instances; `down` stops them and that nginx (the database and the store stay).
 */
async function up(count) {
  const set = [];
  for (let i = 1; i <= count; i++) {
    const port = await freePort();
    const id = `app-${i}`;
    set.push({
      id,
      port,
      entry: start(id, process.execPath, [mainJs], { env: { ...baseEnv, PORT: String(port), INSTANCE_ID: id }, cwd: root }),
    });
  }
  // start-up (loading the built server) takes seconds of CPU each: generous on a busy 2-core machine
  await Promise.all(set.map((n) => waitHealthy(`http://127.0.0.1:${n.port}/healthz`, 120_000)));
  fs.mkdirSync(path.join(tmp, 'nginx'), { recursive: true });
  fs.writeFileSync(
    path.join(tmp, 'nginx.conf'),
    nginxConfig(
      nginxPort,
      set.map((n) => n.port),
    ),
  );
  set.nginxErrors = path.join(tmp, 'nginx', 'error.log');
  set.nginx = start('nginx', nginxBin, [
    '-p',
    tmp,
    '-e',
    path.join(tmp, 'nginx', 'error.log'),
    '-c',
    path.join(tmp, 'nginx.conf'),
    '-g',
    'daemon off;',
  ]);
  await waitHealthy(`${publicUrl}/healthz`, 10_000);
  return set;
}
const down = (set) => Promise.all([set.nginx, ...set.map((n) => n.entry)].map(stopChild));

if (throughput) {
  const { runThroughput } = await import('./cluster-throughput.mjs');
  const steps = option('--steps', '1,2,4').split(',').map(Number);
  if (!steps.every((n) => Number.isInteger(n) && n >= 1)) fail('--steps wants whole numbers such as 1,2,4');
  const ok = await runThroughput({
    up,
    down,
    steps,
    publicUrl,
    databaseUrl,
    requireServer,
    log,
    seconds: Number(option('--seconds', '10')),
    concurrency: Number(option('--concurrency', '16')),
  }).then(
    () => true,
    (err) => {
      console.error(`[throughput] FAILED: ${err.stack ?? err}`);
      return false;
    },
  );
  await stopAll(ok ? 0 : 1);
} else {
  const nodes = await up(instances);
  log(
    `${instances} instance(s) (${nodes.map((n) => `${n.id} on ${n.port}`).join(', ')}), s3rver at ${s3.env.S3_ENDPOINT}, nginx at ${publicUrl}`,
  );
  if (!smoke) {
    log(`open ${publicUrl} (demo accounts, password demo1234); Ctrl-C stops everything`);
  } else {
    const { runSmoke } = await import('./cluster-smoke.mjs');
    const ok = await runSmoke({
      publicUrl,
      nodes,
      s3Dir: path.join(s3.dir, 'lms-files'),
      databaseUrl,
      requireServer,
      cleanupSeconds,
      overdueSweepMs,
      seededAutoSubmitted,
      log,
    }).catch((err) => {
      console.error(`[smoke] FAILED: ${err.stack ?? err}`);
      return false;
    });
    if (!ok)
      for (const n of nodes)
        for (const line of n.entry.lines.filter((l) => /"level":(40|50|60)/.test(l)).slice(-10)) console.error(`  [${n.id}] ${line}`);
    log(ok ? 'smoke passed' : 'smoke FAILED');
    await stopAll(ok ? 0 : 1);
  }
}
