import os from 'node:os';
import path from 'node:path';
import 'reflect-metadata';
import { adminUrl, admin, reachable, withDatabase } from './pg-admin';
import { startEmbedded } from '../db/embedded';
import { appDataSource } from '../app/database';

/**
 * Finds a real PostgreSQL (or starts the embedded one) and builds a migrated template database that each
 * test file clones: every file gets a fresh database in milliseconds, and workers never share one.
 */
export default async function globalSetup(): Promise<void> {
  process.env.NODE_ENV = 'test';
  let url = adminUrl();
  if (!(await reachable(url))) {
    const embedded = await startEmbedded(path.join(os.tmpdir(), 'lms-test-pg'), 'postgres', 54339);
    url = embedded.url;
    (globalThis as { __embedded?: unknown }).__embedded = embedded;
  }
  process.env.TEST_PG_ADMIN_URL = url;
  const template = `lms_tpl_${process.pid}`;
  process.env.TEST_TEMPLATE_DB = template;
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${template}`);
  });
  const ds = appDataSource(withDatabase(url, template), { poolSize: 1 });
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  await ds.destroy();
}
