import { DataSource } from 'typeorm';
import { Config } from '../config';
import { logger } from '../app/logger';
import { createDataSource } from './data-source';
import { EmbeddedDatabase, startEmbedded } from './embedded';

export interface OpenDatabase {
  ds: DataSource;
  embedded?: EmbeddedDatabase;
  close(): Promise<void>;
}

/** DATABASE_URL when set, else the embedded engine; migrations run before anything else uses it. */
export async function openDatabase(config: Config): Promise<OpenDatabase> {
  const embedded = config.databaseUrl ? undefined : await startEmbedded(config.dataDir);
  const url = config.databaseUrl ?? embedded!.url;
  // migrations may rewrite large tables: they run without the statement timeout that requests get
  const migrator = createDataSource(url, { poolSize: 1, acquireTimeoutMs: config.dbAcquireTimeoutMs, statementTimeoutMs: 0 });
  await migrator.initialize();
  try {
    const ran = await migrator.runMigrations({ transaction: 'each' });
    if (ran.length) logger.info({ migrations: ran.map((m) => m.name) }, 'migrations applied');
  } finally {
    await migrator.destroy();
  }
  const ds = createDataSource(url, { acquireTimeoutMs: config.dbAcquireTimeoutMs, statementTimeoutMs: config.dbStatementTimeoutMs });
  await ds.initialize();
  return {
    ds,
    embedded,
    async close() {
      await ds.destroy();
      await embedded?.stop();
    },
  };
}
