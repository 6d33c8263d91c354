import fs from 'node:fs';
import { Client } from 'pg';
import { getState } from './state';

function waitForExit(child: import('node:child_process').ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export default async function globalTeardown(): Promise<void> {
  const held = getState();
  if (!held) return;
  const { state, child, browser } = held;

  await browser?.close().catch(() => undefined);

  child.kill('SIGTERM');
  if (!(await waitForExit(child, 10_000))) {
    child.kill('SIGKILL');
    await waitForExit(child, 5_000);
  }

  const admin = new Client({ connectionString: state.adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${state.dbName} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  await state.stopEmbedded?.();
  fs.rmSync(state.dataDir, { recursive: true, force: true });
}
