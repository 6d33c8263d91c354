// `pnpm cluster --throughput [--steps 1,2,4] [--seconds 10] [--concurrency 16]`: quiz submits and the grading
// dashboard through nginx at 1, 2 and 4 instances over one database, with the CPU each part of the machine
// spent meanwhile (PostgreSQL, the instances, nginx, this load generator, everything else), printed as a
// table. The load generator shares the cores with what it measures, as everything does on this machine.
//
// Setup, once: students in student@'s class (sessions stored directly: cluster-fixtures.mjs), a class-sized
// quiz (30 targeted students, all submitted, half graded by hand) whose dashboard is read. Each step: N
// instances and nginx come up, fresh quizzes give every submit a (student, quiz) pair not used before, then
// each scenario runs `concurrency` requests at a time for `seconds` after a warm-up, and the step goes down.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parse, print, visit } from 'graphql';
import { addStudents, createQuiz, idOf, openSessions, signIn, submitQuiz } from './cluster-fixtures.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** Students who submit: each step's quizzes x these are the pairs a step can submit. */
const STUDENTS = 400;
/** Quizzes made for each step: STUDENTS x this submits at most (a step stops early when they run out). */
const QUIZZES_PER_STEP = 8;
/** The dashboard's class: targeted students of its quiz, every one submitted. */
const CLASS_SIZE = 30;

/** A keep-alive client through nginx answering { status, body, instance }, like the smoke's `json`. */
function client(publicUrl) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const { hostname, port } = new URL(publicUrl);
  const json = (method, p, { token, body } = {}) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const headers = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': payload.length });
      const req = http.request({ host: hostname, port, method, path: p, headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed = text;
          if ((res.headers['content-type'] ?? '').includes('json')) parsed = JSON.parse(text);
          resolve({ status: res.statusCode, body: parsed, instance: res.headers['x-instance'] ?? '(none)' });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  return { json, close: () => agent.destroy() };
}

/** The web client's GradingDashboard operation (web/src/features/grading/grading.graphql) with its fragments. */
function dashboardOperation() {
  const doc = parse(fs.readFileSync(path.join(root, 'web', 'src', 'features', 'grading', 'grading.graphql'), 'utf8'));
  const op = doc.definitions.find((d) => d.kind === 'OperationDefinition' && d.name?.value === 'GradingDashboard');
  if (!op) throw new Error('no query GradingDashboard in web/src/features/grading/grading.graphql');
  const fragments = new Map(doc.definitions.filter((d) => d.kind === 'FragmentDefinition').map((d) => [d.name.value, d]));
  const used = new Set();
  const collect = (node) =>
    visit(node, {
      FragmentSpread(spread) {
        if (used.has(spread.name.value)) return;
        used.add(spread.name.value);
        collect(fragments.get(spread.name.value));
      },
    });
  collect(op);
  return [op, ...[...used].map((n) => fragments.get(n))].map(print).join('\n');
}

// ---------- CPU accounting (Linux /proc) ----------
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** utime + stime of a process in seconds; 0 once it is gone. */
function cpuOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS; // fields 14 and 15 of proc(5)
  } catch {
    return 0;
  }
}

/** The whole machine: [busy, total] seconds of CPU summed over cores since boot. */
function machine() {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const v = values.map(Number);
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  return [(total - v[3] - v[4]) / TICKS, total / TICKS]; // idle and iowait are not busy
}

/** nginx's worker processes: the children of its master. */
function childrenOf(ppid) {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === ppid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * PostgreSQL's processes working for this run: the backends of this database (the instances' pools,
 * autovacuum on it). The shared background processes (WAL writer, checkpointer) are left out: every other
 * database on the machine wakes them too, and a backend writes and flushes its own WAL at commit anyway.
 */
async function postgresPids(db) {
  const { rows } = await db.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  return rows.map((r) => r.pid);
}

async function cpuSample(db, set) {
  const pg = await postgresPids(db);
  const nginx = [set.nginx.child.pid, ...childrenOf(set.nginx.child.pid)];
  const app = set.map((n) => n.entry.child.pid);
  const own = process.cpuUsage();
  return {
    pg: new Map(pg.map((pid) => [pid, cpuOf(pid)])),
    app: app.reduce((a, pid) => a + cpuOf(pid), 0),
    nginx: nginx.reduce((a, pid) => a + cpuOf(pid), 0),
    load: (own.user + own.system) / 1e6,
    machine: machine(),
  };
}

/** Seconds of CPU each part spent between two samples; a backend born in between counts from zero. */
function cpuSpent(a, b) {
  let pg = 0;
  for (const [pid, end] of b.pg) pg += end - (a.pg.get(pid) ?? 0);
  return {
    pg,
    app: b.app - a.app,
    nginx: b.nginx - a.nginx,
    load: b.load - a.load,
    busy: b.machine[0] - a.machine[0],
    total: b.machine[1] - a.machine[1],
  };
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);
const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

/**
 * `concurrency` workers send `next(i)` (a promise of a response, or null when there is nothing left to send)
 * for `seconds` after `concurrency * 2` warm-up requests; `ok(response)` tells success. Answers the figures.
 */
async function measure({ db, set, seconds, concurrency, next, ok }) {
  let i = 0;
  const warm = concurrency * 2;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (i < warm) {
        const r = await next(i++);
        if (r && !ok(r)) throw new Error(`warm-up request failed: ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
      }
    }),
  );
  const latencies = [];
  const instances = new Map();
  let failed = 0;
  let firstFailure;
  let exhausted = false;
  const before = await cpuSample(db, set);
  const loadBefore = loadavg();
  const started = performance.now();
  const stopAt = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < stopAt) {
        const sent = performance.now();
        const r = await next(i++).catch((err) => ({ status: err.message, body: '' }));
        if (r === null) {
          exhausted = true;
          return;
        }
        if (ok(r)) latencies.push(performance.now() - sent);
        else {
          failed += 1;
          firstFailure ??= `${r.status} ${JSON.stringify(r.body).slice(0, 300)}`;
        }
        instances.set(r.instance, (instances.get(r.instance) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuSpent(before, await cpuSample(db, set));
  latencies.sort((a, b) => a - b);
  return {
    ok: latencies.length,
    failed,
    firstFailure,
    exhausted,
    elapsed,
    rate: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    instances,
    cpu,
    load: `${loadBefore}-${loadavg()}`,
  };
}

/** The whole-class quizzes of one step (due in an hour) and their (student, quiz) pairs, student-major per quiz. */
async function stepPairs(json, teacher, moduleId, tokens, step) {
  const quizzes = [];
  for (let q = 1; q <= QUIZZES_PER_STEP; q++) {
    quizzes.push(
      await createQuiz(json, teacher, {
        moduleId,
        title: `Throughput ${step} instance(s) quiz ${q}`,
        dueDate: new Date(Date.now() + 3600_000),
      }),
    );
  }
  return quizzes.flatMap((quiz) => tokens.map((token) => ({ quiz, token })));
}

/**
 * One row of the table. CPU shares are of the whole machine (every core) over the window; ms/req is the CPU an
 * instance or PostgreSQL spent per successful request, which other load on the machine slows down but does not
 * change, so capacities can be worked out from it (one core per instance: 1000 / app ms per request a second).
 */
function row(step, name, m) {
  const share = (s) => `${Math.max(0, (100 * s) / m.cpu.total).toFixed(0)}%`;
  const perRequest = (s) => (m.ok ? ((1000 * s) / m.ok).toFixed(1) : '-');
  const ours = m.cpu.pg + m.cpu.app + m.cpu.nginx + m.cpu.load;
  const other = Math.max(0, m.cpu.busy - ours);
  return [
    String(step),
    name,
    String(m.ok),
    String(m.failed),
    m.rate.toFixed(1),
    m.p50.toFixed(0),
    m.p95.toFixed(0),
    perRequest(m.cpu.app),
    perRequest(m.cpu.pg),
    share(m.cpu.pg),
    share(m.cpu.app),
    share(m.cpu.nginx),
    share(m.cpu.load),
    share(other),
    share(m.cpu.total - m.cpu.busy),
    m.load,
  ];
}

const HEADER = [
  'instances',
  'scenario',
  'ok',
  'failed',
  'req/s',
  'p50 ms',
  'p95 ms',
  'app ms/req',
  'PG ms/req',
  'PG CPU',
  'app CPU',
  'nginx',
  'load gen',
  'other',
  'idle',
  'load avg',
];

function table(rows) {
  const widths = HEADER.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  return [HEADER, ...rows]
    .map((r) => r.map((cell, c) => (c === 1 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '))
    .join('\n');
}

export async function runThroughput({ up, down, steps, publicUrl, databaseUrl, requireServer, seconds, concurrency, log }) {
  const { Client } = requireServer('pg');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const say = (m) => log(`throughput: ${m}`);
  const dashboard = dashboardOperation();
  const rows = [];
  try {
    let fixtures;
    for (const step of steps) {
      const set = await up(step);
      const { json, close } = client(publicUrl);
      try {
        if (!fixtures) {
          const teacher = await signIn(json, 'teacher@demo.school');
          const courses = await json('POST', '/graphql', { token: teacher, body: { query: '{ courses { id title modules { id } } }' } });
          const course = courses.body.data?.courses.find((c) => c.title === 'MATH-5A');
          if (!course?.modules.length) throw new Error(`no MATH-5A with modules: ${JSON.stringify(courses.body)}`);
          const moduleId = course.modules[0].id;
          const students = await addStudents(db, 'throughput', STUDENTS);
          const tokens = await openSessions(db, students);
          const classQuiz = await createQuiz(json, teacher, {
            moduleId,
            title: 'Throughput dashboard quiz',
            dueDate: new Date(Date.now() + 3600_000),
            targets: students.slice(0, CLASS_SIZE).map((s) => s.id),
          });
          const long = classQuiz.questions.find((q) => q.type === 'LongAnswer');
          for (let s = 0; s < CLASS_SIZE; s++) {
            const r = await submitQuiz(json, tokens[s], classQuiz, s);
            if (r.status !== 201) throw new Error(`submit for the dashboard: ${r.status} ${JSON.stringify(r.body)}`);
            if (s % 2) continue;
            const g = await json('PUT', '/api/quizsubmissions/grade', {
              token: teacher,
              body: { submissionId: idOf(r.body.data), questionId: long.id, score: 4, feedback: 'Fine' },
            });
            if (g.status !== 200) throw new Error(`grade for the dashboard: ${g.status} ${JSON.stringify(g.body)}`);
          }
          fixtures = { teacher, moduleId, tokens, classQuiz };
          say(`${STUDENTS} students with sessions; the dashboard's quiz has ${CLASS_SIZE} submissions, half graded by hand`);
        }
        const { teacher, moduleId, tokens, classQuiz } = fixtures;
        const pairs = await stepPairs(json, teacher, moduleId, tokens, step);
        const submits = await measure({
          db,
          set,
          seconds,
          concurrency,
          next: (i) => (i < pairs.length ? submitQuiz(json, pairs[i].token, pairs[i].quiz, i) : Promise.resolve(null)),
          ok: (r) => r.status === 201,
        });
        const views = await measure({
          db,
          set,
          seconds,
          concurrency,
          next: () => json('POST', '/graphql', { token: teacher, body: { query: dashboard, variables: { assessmentId: classQuiz.id } } }),
          ok: (r) => r.status === 200 && !r.body.errors && r.body.data?.gradingDashboard.submitted.length === CLASS_SIZE,
        });
        for (const [name, m] of [
          ['quiz submit', submits],
          ['grading dashboard', views],
        ]) {
          rows.push(row(step, name, m));
          if (m.failed)
            say(
              `nginx's error log: ${fs
                .readFileSync(set.nginxErrors, 'utf8')
                .split('\n')
                .filter((l) => l.includes('upstream'))
                .slice(-3)
                .join('\n')}`,
            );
          say(
            `${step} instance(s), ${name}: ${m.ok} ok in ${m.elapsed.toFixed(1)} s${m.exhausted ? ' (ran out of pairs)' : ''}, ` +
              `answered by ${[...m.instances].map(([k, v]) => `${k} ${v}`).join(', ')}${m.failed ? `; first failure: ${m.firstFailure}` : ''}`,
          );
        }
      } finally {
        close();
        await down(set);
      }
    }
    console.log(
      `\nthroughput through nginx, ${concurrency} requests at a time for ${seconds} s each; ms/req: CPU milliseconds per request` +
        ` of the instances and of PostgreSQL (this database's backends); CPU columns: shares of the whole machine (${os.cpus().length} cores), 'other' is every other process\n`,
    );
    console.log(table(rows));
    console.log();
  } finally {
    await db.end();
  }
}
