import { admin } from './pg-admin';

export default async function globalTeardown(): Promise<void> {
  const template = process.env.TEST_TEMPLATE_DB;
  await admin(async (c) => {
    const { rows } = await c.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`lms_%_${process.pid}%`]);
    for (const r of rows) await c.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    if (template) await c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  });
  const embedded = (globalThis as { __embedded?: { stop(): Promise<void> } }).__embedded;
  await embedded?.stop();
}
