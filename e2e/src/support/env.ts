import path from 'node:path';

/** Paths and settings shared by the global setup and the tests. */
export const E2E_ROOT = path.resolve(__dirname, '..', '..');
export const REPO_ROOT = path.resolve(E2E_ROOT, '..');
export const ARTIFACTS_DIR = path.join(E2E_ROOT, 'artifacts');
export const SERVER_MAIN = path.join(REPO_ROOT, 'server', 'dist', 'main.js');
export const WEB_INDEX = path.join(REPO_ROOT, 'web', 'dist', 'index.html');

export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Every demo account has this password (DESIGN.md, "Running it"). */
export const DEMO_PASSWORD = 'demo1234';

/** Written by the global setup for the tests (process.env reaches the test files). */
export const ENV_BASE_URL = 'E2E_BASE_URL';
export const ENV_DATABASE_URL = 'E2E_DATABASE_URL';
export const ENV_BROWSER_WS = 'E2E_BROWSER_WS';

export function baseUrl(): string {
  const url = process.env[ENV_BASE_URL];
  if (!url) throw new Error(`${ENV_BASE_URL} is not set: run the tests through jest (globalSetup starts the app)`);
  return url;
}

export function databaseUrl(): string {
  const url = process.env[ENV_DATABASE_URL];
  if (!url) throw new Error(`${ENV_DATABASE_URL} is not set: run the tests through jest (globalSetup creates the database)`);
  return url;
}

/** The admin URL with another database name. */
export function withDatabase(adminUrl: string, database: string): string {
  const u = new URL(adminUrl);
  u.pathname = '/' + database;
  return u.toString();
}
