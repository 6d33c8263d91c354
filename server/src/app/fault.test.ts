import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { Config, loadConfig } from '../config';
import type { PoolOptions } from '../db/data-source';
import { EmbeddedDatabase, startEmbedded } from '../db/embedded';
import { appDataSource, openDatabase, OpenDatabase } from './database';
import { seedDemoSchool } from './seed';
import { UNAVAILABLE_TEXT } from '../errors/domain-error';
import { toHttp } from '../errors/mapping';
import { DEMO_EMAIL } from '../test/demo';
import { serveApp, TestServer } from '../test/test-server';

/**
 * Failure modes (issue 10, point 7) against a PostgreSQL of this file's own: the embedded engine in a
 * temporary folder on a free port, never the machine's shared server. It is stopped and started again
 * under a stream of writes; the app must answer 503 quickly while it is away, recover by itself, and keep
 * every acknowledged write and no half-written one. The timeouts are proved against the same engine.
 */
jest.setTimeout(90_000);

let dir = '';
let engine: EmbeddedDatabase | undefined;
let db: OpenDatabase | undefined;
let t: TestServer | undefined;
let port = 0;
const extraApps: TestServer[] = [];
const clients: Client[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timed<T>(work: Promise<T>): Promise<T & { ms: number }> {
  const started = Date.now();
  const result = await work;
  return Object.assign(result as object, { ms: Date.now() - started }) as T & { ms: number };
}

async function waitFor(what: string, check: () => Promise<boolean>, ms: number, every = 50): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(every);
  }
}

function configFor(url: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: url,
    FILE_DIR: path.join(dir, 'files'),
    WEB_DIST: path.join(dir, 'no-web'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    DB_ACQUIRE_TIMEOUT_MS: '2000',
    ...env,
  });
}

async function sql(): Promise<Client> {
  const c = new Client({ connectionString: engine!.url });
  c.on('error', () => undefined); // the engine stops under it
  await c.connect();
  clients.push(c);
  return c;
}

/** Another app over the same engine with its own pool and settings (closed in afterAll). */
async function appWith(pool: PoolOptions, env: Record<string, string>): Promise<TestServer> {
  const config = configFor(engine!.url, env);
  const ds = appDataSource(engine!.url, pool);
  await ds.initialize();
  const app = await serveApp(ds, config, () => ds.destroy());
  extraApps.push(app);
  return app;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-fault-'));
  fs.chmodSync(dir, 0o755); // as root the engine runs as the postgres user, who must reach its folder
  engine = await startEmbedded(dir, 'lms', 20000 + Math.floor(Math.random() * 30000));
  port = Number(new URL(engine.url).port);
  const config = configFor(engine.url);
  db = await openDatabase(config); // migrations, then the app's pool with the configured timeouts
  await seedDemoSchool(db.ds);
  t = await serveApp(db.ds, config, async () => undefined);
});

afterAll(async () => {
  const quietly = (p: Promise<unknown> | undefined) => p?.catch(() => undefined);
  for (const c of clients) await quietly(c.end());
  for (const app of extraApps) await quietly(app.close());
  await quietly(t?.close());
  await quietly(db?.ds.destroy());
  await quietly(engine?.stop());
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

type Outcome = { kind: 'announcement' | 'clone'; title: string; status: number; id?: string; at: number; ms: number };

describe('PostgreSQL goes away and comes back', () => {
  it('answers 503 quickly while it is down, recovers by itself, keeps every acknowledged write and no half-written one', async () => {
    const token = await t!.login(DEMO_EMAIL.Teacher);
    // a course of the teacher's with a module that has content, and another course to clone it into
    const courses = (await t!.rest('GET', '/courses', { token })).body.data as Array<{ _id: string }>;
    let source: { moduleId: string; courseId: string; contents: number } | undefined;
    for (const c of courses) {
      for (const m of (await t!.rest('GET', `/modules/course/${c._id}`, { token })).body.data as Array<{ _id: string }>) {
        const contents = ((await t!.rest('GET', `/content/module/${m._id}`, { token })).body.data as unknown[]).length;
        if (contents >= 2 && (!source || contents > source.contents)) source = { moduleId: m._id, courseId: c._id, contents };
      }
    }
    expect(source).toBeDefined();
    const target = courses.find((c) => c._id !== source!.courseId)?._id ?? source!.courseId;
    let check = await sql();
    const modulesBefore = (await check.query('SELECT count(*)::int AS n FROM course_modules WHERE course_id = $1', [target])).rows[0]
      .n as number;

    // writers: announcements (two at a time) and module clones (one module row + its content rows + a rename, in one transaction)
    const outcomes: Outcome[] = [];
    let writing = true;
    let n = 0;
    const writer = async (kind: Outcome['kind']) => {
      while (writing) {
        const title = `fault-${kind}-${++n}`;
        const started = Date.now();
        const res = await (
          kind === 'announcement'
            ? t!.rest('POST', '/announcements', { token, body: { course: target, title, content: 'Written while PostgreSQL may stop' } })
            : t!.rest('POST', `/modules/reuse/clone/${source!.moduleId}`, { token, body: { newCourseId: target, title } })
        ).catch(() => ({ status: 0, body: undefined })); // a dropped connection counts as a wrong answer
        outcomes.push({ kind, title, status: res.status, id: res.body?.data?._id, at: started, ms: Date.now() - started });
        if (res.status !== 201 && writing) await sleep(25);
      }
    };
    const acked = (kind: Outcome['kind'], since = 0) => outcomes.filter((o) => o.at >= since && o.kind === kind && o.status === 201).length;
    const writers = [writer('announcement'), writer('announcement'), writer('clone')];
    let stoppedAt = 0;
    let restartAt = 0;
    let backAt = 0;
    try {
      await waitFor('writes before the stop', async () => acked('announcement') >= 5 && acked('clone') >= 2, 15_000);
      await engine!.stop(); // fast shutdown: open connections are terminated, new ones refused
      stoppedAt = Date.now();

      // while it is down: quick 503s on every transport, and /healthz says so
      const health = await timed(fetch(`${t!.url}/healthz`).then(async (r) => ({ status: r.status, body: await r.json() })));
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'unavailable' });
      expect(health.ms).toBeLessThan(1500);
      const restRead = await timed(t!.rest('GET', '/courses', { token }));
      expect(restRead.status).toBe(503);
      expect(restRead.body).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_TEXT.unavailable });
      expect(restRead.ms).toBeLessThan(1000);
      const signedIn = await timed(t!.gql('{ me { id } }', {}, token)); // fails while building the context
      expect(signedIn.status).toBe(503);
      expect(signedIn.errors?.[0]).toEqual({ message: UNAVAILABLE_TEXT.unavailable, extensions: { code: 'SERVICE_UNAVAILABLE' } });
      expect(signedIn.ms).toBeLessThan(1000);
      const login = await timed(t!.gql('mutation { login(input: { email: "teacher@demo.school", password: "demo1234" }) { token } }'));
      expect(login.status).toBe(503); // fails in a resolver
      expect(login.errors?.[0].extensions?.code).toBe('SERVICE_UNAVAILABLE');
      expect(login.ms).toBeLessThan(1000);
      await sleep(500);

      // back on the same data folder and port: the app recovers with no restart
      restartAt = Date.now();
      engine = await startEmbedded(dir, 'lms', port);
      expect(Number(new URL(engine.url).port)).toBe(port);
      backAt = Date.now();
      const recoveryMs = await waitFor(
        'a successful request after the restart',
        async () => (await t!.rest('GET', '/courses', { token })).status === 200,
        5000,
        100,
      );
      expect(recoveryMs).toBeLessThan(5000);
      expect((await fetch(`${t!.url}/healthz`)).status).toBe(200);
      await waitFor('writes after the restart', async () => acked('announcement', backAt) >= 3 && acked('clone', backAt) >= 1, 10_000);
    } finally {
      writing = false;
      await Promise.all(writers);
    }

    // answers were 201 or 503, never a 500; the outage did reach the writers, and 503s came quickly
    expect(outcomes.filter((o) => o.status !== 201 && o.status !== 503)).toEqual([]);
    const down = outcomes.filter((o) => o.at >= stoppedAt && o.at + o.ms <= restartAt);
    expect(down.length).toBeGreaterThan(0);
    expect(down.filter((o) => o.status !== 503 || o.ms >= 1000)).toEqual([]);

    // every acknowledged write is there
    check = await sql(); // the first connection went down with the engine
    const announcements = outcomes.filter((o) => o.kind === 'announcement' && o.status === 201);
    const stored = await check.query('SELECT id, title FROM announcements WHERE id = ANY($1::uuid[])', [announcements.map((o) => o.id)]);
    expect(stored.rows.map((r) => r.title).sort()).toEqual(announcements.map((o) => o.title).sort());
    const clones = outcomes.filter((o) => o.kind === 'clone' && o.status === 201);
    const cloned = await check.query('SELECT id, title FROM course_modules WHERE id = ANY($1::uuid[])', [clones.map((o) => o.id)]);
    expect(cloned.rows.map((r) => r.title).sort()).toEqual(clones.map((o) => o.title).sort());

    // no half-written clone, acknowledged or not: every new module of the target course was renamed and has all its content
    const added = await check.query(
      `SELECT m.title, count(ct.id)::int AS contents FROM course_modules m LEFT JOIN contents ct ON ct.module_id = m.id
        WHERE m.course_id = $1 GROUP BY m.id, m.title`,
      [target],
    );
    const fresh = added.rows.filter((r) => r.title.startsWith('fault-clone-'));
    expect(added.rows.length - fresh.length).toBe(modulesBefore);
    expect(fresh.length).toBeGreaterThanOrEqual(clones.length);
    expect(fresh.filter((r) => r.contents !== source!.contents)).toEqual([]);
  });
});

describe('timeouts', () => {
  it('a slow statement, a request past its deadline and a pool with no free connection answer 503; abandoned work writes nothing', async () => {
    const token = await t!.login(DEMO_EMAIL.Teacher);
    const course = ((await t!.rest('GET', '/courses', { token })).body.data as Array<{ _id: string }>)[0]._id;
    const locker = await sql();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE announcements IN ACCESS EXCLUSIVE MODE'); // every announcement write now waits
    const post = (app: TestServer, title: string) =>
      timed(app.rest('POST', '/announcements', { token, body: { course, title, content: 'x' } }));
    const waiting = async (n: number) =>
      (await locker.query(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'announcements'::regclass`)).rows[0]
        .n >= n;

    // statement timeout: PostgreSQL cancels the waiting insert (57014)
    const statement = await appWith({ poolSize: 2, acquireTimeoutMs: 2000, statementTimeoutMs: 300 }, { REQUEST_TIMEOUT_MS: '10000' });
    const slow = await post(statement, 'abandoned-statement');
    expect(slow.status).toBe(503);
    expect(slow.body).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_TEXT.tooSlow });
    expect(slow.ms).toBeLessThan(2000);

    // request timeout on both transports, and the pool's acquire timeout while both hold its two connections
    const limited = await appWith({ poolSize: 2, acquireTimeoutMs: 300, statementTimeoutMs: 15_000 }, { REQUEST_TIMEOUT_MS: '1000' });
    const restPost = post(limited, 'abandoned-rest');
    const gqlPost = timed(
      limited.gql(
        'mutation($input: CreateAnnouncementInput!) { createAnnouncement(input: $input) { id } }',
        { input: { courseId: course, title: 'abandoned-graphql', content: 'x' } },
        token,
      ),
    );
    await waitFor('two inserts waiting for the lock', () => waiting(2), 5000);
    const starved = await timed(limited.rest('GET', '/courses', { token }));
    expect(starved.status).toBe(503);
    expect(starved.body).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_TEXT.unavailable });
    expect(starved.ms).toBeLessThan(1500);
    const [rest, gql] = await Promise.all([restPost, gqlPost]);
    expect(rest.status).toBe(503);
    expect(rest.body).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_TEXT.tooSlow });
    expect(rest.ms).toBeLessThan(2000);
    expect(gql.status).toBe(503);
    expect(gql.errors).toEqual([{ message: UNAVAILABLE_TEXT.tooSlow, extensions: { code: 'SERVICE_UNAVAILABLE' } }]);

    // the lock goes: the abandoned inserts run but their transactions roll back, and the pools serve again
    await locker.query('COMMIT');
    await waitFor(
      'the abandoned inserts to finish',
      async () =>
        !(await waiting(1)) &&
        (
          await locker.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE state <> 'idle' AND query ILIKE 'INSERT INTO "announcements"%'`,
          )
        ).rows[0].n === 0,
      5000,
    );
    await waitFor('the limited app to serve again', async () => (await limited.rest('GET', '/courses', { token })).status === 200, 5000);
    expect((await statement.rest('GET', '/courses', { token })).status).toBe(200);
    const left = await locker.query(`SELECT title FROM announcements WHERE title LIKE 'abandoned-%'`);
    expect(left.rows).toEqual([]);
    const fine = await post(limited, 'after-the-timeouts');
    expect(fine.status).toBe(201);
  });
});

describe('the mapping of database failures', () => {
  const pgError = (code: string) => Object.assign(new Error('pg'), { code });
  it.each([
    ['refused', pgError('ECONNREFUSED')],
    ['reset', pgError('ECONNRESET')],
    ['admin shutdown', pgError('57P01')],
    ['cannot connect now', pgError('57P03')],
    ['too many connections', pgError('53300')],
    ['connection failure (08006)', pgError('08006')],
    ['wrapped by TypeORM', Object.assign(new Error('q'), { driverError: pgError('08003') })],
    ['refused on every address', new AggregateError([pgError('ECONNREFUSED')])],
    ['pool acquire timeout', new Error('timeout exceeded when trying to connect')],
    ['connect timeout', new Error('Connection terminated due to connection timeout')],
    ['connection lost', new Error('Connection terminated unexpectedly')],
  ])('%s answers 503 with the unavailable message', (_name, err) => {
    expect(toHttp(err)).toMatchObject({
      status: 503,
      body: { success: false, message: UNAVAILABLE_TEXT.unavailable },
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('a statement timeout (57014) answers 503 with its own message', () => {
    expect(toHttp(pgError('57014'))).toMatchObject({ status: 503, body: { message: UNAVAILABLE_TEXT.tooSlow } });
  });
});
