import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { chromium } from 'playwright-core';
import {
  ADMIN_DATABASE_URL,
  ARTIFACTS_DIR,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  ENV_BASE_URL,
  ENV_BROWSER_WS,
  ENV_DATABASE_URL,
  REPO_ROOT,
  SERVER_MAIN,
  WEB_INDEX,
  withDatabase,
} from './env';
import globalTeardown from './global-teardown';
import { E2EState, setState } from './state';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  while (Date.now() < deadline) {
    if (exited !== null) {
      throw new Error(`the server exited (code ${exited}) before ${url}/healthz answered. Server log (${logFile}):\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url}/healthz did not answer within ${timeoutMs / 1000}s. Server log (${logFile}):\n${tail(logFile)}`);
}

/** The machine's PostgreSQL when it answers; otherwise the server's embedded engine, so only Node is needed. */
async function findPostgres(): Promise<{ adminUrl: string; stopEmbedded?: () => Promise<void> }> {
  const probe = new Client({ connectionString: ADMIN_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
    await probe.end();
    return { adminUrl: ADMIN_DATABASE_URL };
  } catch {
    // the compiled server is found by path at run time, so it cannot be a static import
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startEmbedded } = require(path.join(REPO_ROOT, 'server/dist/db/embedded.js')) as {
      startEmbedded(dir: string, database: string, port: number): Promise<{ url: string; stop(): Promise<void> }>;
    };
    const embedded = await startEmbedded(path.join(os.tmpdir(), 'lms-e2e-pg'), 'postgres', 54349);
    console.log(`\n[e2e] no PostgreSQL at ${ADMIN_DATABASE_URL}; using an embedded one`);
    return { adminUrl: embedded.url, stopEmbedded: embedded.stop };
  }
}

export default async function globalSetup(): Promise<void> {
  const missing = [SERVER_MAIN, WEB_INDEX].filter((f) => !fs.existsSync(f));
  if (missing.length) {
    throw new Error(
      `The browser tests run the built app, and ${missing.map((f) => path.relative(REPO_ROOT, f)).join(' and ')} ` +
        `${missing.length > 1 ? 'are' : 'is'} missing: run \`pnpm build\` first (or \`pnpm build && pnpm test:e2e\`).`,
    );
  }
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No chromium at ${CHROMIUM_PATH}: install Debian's (\`apt-get install -y chromium\`) or set CHROMIUM_PATH. ` +
        'The tests never download a browser.',
    );
  }

  // fresh artifacts: a screenshot from an earlier run must not pass for this run's
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  for (const f of fs.readdirSync(ARTIFACTS_DIR)) {
    if (f.endsWith('.png') || f === 'server.log') fs.rmSync(path.join(ARTIFACTS_DIR, f), { force: true });
  }

  const started = Date.now();
  const dbName = `lms_e2e_${process.pid}`;
  const { adminUrl, stopEmbedded } = await findPostgres();
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${dbName}`);
  } finally {
    await admin.end();
  }
  const dbUrl = withDatabase(adminUrl, dbName);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lms-e2e-'));
  // serve a copy of the built client, so that a rebuild of web/dist during the run cannot break pages
  const webDist = path.join(dataDir, 'web-dist');
  fs.cpSync(path.dirname(WEB_INDEX), webDist, { recursive: true });
  // and the server's rendering bundle, which the server looks for beside the client (<WEB_DIST>-ssr)
  const ssrDist = path.join(path.dirname(WEB_INDEX), '..', 'dist-ssr');
  if (fs.existsSync(ssrDist)) fs.cpSync(ssrDist, `${webDist}-ssr`, { recursive: true });
  const logFile = path.join(ARTIFACTS_DIR, 'server.log');
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      NODE_ENV: 'test',
      DEMO_SEED: 'true',
      PUBLIC_URL: url,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      SMTP_URL: '', // mail goes to the outbox table, where readOutboxLink finds it
      // no overdue sweep: the tests make items past their due date and expect their students still overdue
      OVERDUE_SWEEP_INTERVAL_MS: '0',
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);

  const state: E2EState = { serverPid: child.pid!, dbName, dataDir, browserWs: '', adminUrl, stopEmbedded };
  setState(state, child);
  try {
    await waitForHealth(url, child, logFile, 60_000);
    // one chromium for the whole run; each test file connects to it, each test gets its own context
    const browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    state.browserWs = browser.wsEndpoint();
    setState(state, child, browser);
  } catch (err) {
    // jest skips globalTeardown when globalSetup fails: clean up here
    await globalTeardown().catch(() => undefined);
    throw err;
  }

  process.env[ENV_BASE_URL] = url;
  process.env[ENV_DATABASE_URL] = dbUrl;
  process.env[ENV_BROWSER_WS] = state.browserWs;
  console.log(`\n[e2e] app at ${url} (database ${dbName}), chromium ready in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}
