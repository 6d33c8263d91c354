import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AddressInfo } from 'node:net';
import http, { Server } from 'node:http';
import { DataSource } from 'typeorm';
import { Config, loadConfig } from '../config';
import { createApp, sqlCounts } from '../app/app';
import { appDataSource } from '../app/database';
import { manifests } from '../app/manifests';
import type { AnyManifest } from '../core/manifest';
import { DEMO_PASSWORD } from '../app/seed';
import type { Services } from '../core/context';
import type { KnownQueries } from '../app/known-queries';
import { admin, adminUrl, withDatabase } from './pg-admin';

export interface GqlResult<T = any> {
  status: number;
  data: T;
  errors?: Array<{ message: string; extensions?: { code?: string; [detail: string]: unknown } }>;
  /** What the server asked of the database for this request: its statements, a read that carried the session's check counted as two (request-facts.ts). */
  sql: number;
  /** The statements themselves. */
  statements: number;
  headers: Headers;
}

export interface RestResult<T = any> {
  status: number;
  body: T;
  sql: number;
  statements: number;
  headers: Headers;
}

export interface TestServer {
  url: string;
  ds: DataSource;
  services: Services;
  /** The queries answered without Apollo (app/known-queries.ts). */
  known: KnownQueries;
  gql<T = any>(query: string, variables?: Record<string, unknown>, token?: string | null): Promise<GqlResult<T>>;
  rest<T = any>(method: string, p: string, opts?: { token?: string | null; body?: unknown; raw?: string }): Promise<RestResult<T>>;
  /** Signs in over REST and returns the bearer token. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

let fileCounter = 0;

/** A real server on a random port over its own fresh database, cloned from the migrated template. */
export async function startTestServer(env: Record<string, string> = {}, list: readonly AnyManifest[] = manifests): Promise<TestServer> {
  const name = `lms_t_${process.env.TEST_TEMPLATE_DB?.replace('lms_tpl_', '')}_${process.env.JEST_WORKER_ID ?? 0}_${process.pid}_${++fileCounter}`;
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name} TEMPLATE ${process.env.TEST_TEMPLATE_DB}`);
  });
  const url = withDatabase(adminUrl(), name);
  const fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-files-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: url,
    PUBLIC_URL: 'http://lms.test',
    FILE_DIR: fileDir,
    WEB_DIST: path.join(fileDir, 'no-web'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    ...env,
  });
  const ds = appDataSource(url, { poolSize: 5 }, list);
  await ds.initialize();
  // a domain the template does not have (app/add-a-domain.test.ts) gets its tables here
  if (list !== manifests) await ds.runMigrations({ transaction: 'each' });
  return serveApp(
    ds,
    config,
    async () => {
      await ds.destroy();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      fs.rmSync(fileDir, { recursive: true, force: true });
    },
    list,
  );
}

/** The app over a data source, listening on a random port; `close` stops it, then runs `cleanup`. */
export async function serveApp(
  ds: DataSource,
  config: Config,
  cleanup: () => Promise<void>,
  list: readonly AnyManifest[] = manifests,
): Promise<TestServer> {
  const { handler, apollo, services, known } = await createApp(ds, config, list);
  const server: Server = await new Promise((resolve) => {
    const s = http.createServer(handler).listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const countsOf = (res: Response) => {
    const counts = sqlCounts.get(res.headers.get('x-request-id') ?? '');
    return { sql: counts?.lookups ?? -1, statements: counts?.statements ?? -1 };
  };

  const t: TestServer = {
    url: base,
    ds,
    services,
    known,
    async gql(query, variables = {}, token) {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const json = (await res.json()) as { data: any; errors?: any };
      await new Promise((r) => setImmediate(r));
      return { status: res.status, data: json.data, errors: json.errors, ...countsOf(res), headers: res.headers };
    },
    async rest(method, p, opts = {}) {
      const headers: Record<string, string> = {};
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let body: string | undefined;
      if (opts.raw !== undefined) {
        headers['content-type'] = 'application/json';
        body = opts.raw;
      } else if (opts.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(opts.body);
      }
      const res = await fetch(`${base}/api${p}`, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* binary or text bodies stay as text */
      }
      await new Promise((r) => setImmediate(r));
      return { status: res.status, body: parsed as any, ...countsOf(res), headers: res.headers };
    },
    async login(email, password = DEMO_PASSWORD) {
      const res = await t.rest('POST', '/auth/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${JSON.stringify(res.body)}`);
      return res.body.token as string;
    },
    async close() {
      await new Promise((r) => server.close(r));
      await apollo.stop();
      await cleanup();
    },
  };
  return t;
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${crypto.randomBytes(4).toString('hex')}@test.school`;
