import { DataSource } from 'typeorm';
import { Config } from '../config';
import { logger } from '../core/logger';
import { createDataSource, type DatabaseSchema, type PoolOptions } from '../db/data-source';
import { type AnyManifest, migrationsOf } from '../core/manifest';
import { manifests } from './manifests';
import { EmbeddedDatabase, startEmbedded } from '../db/embedded';

/** Every listed domain's entities, and every listed domain's migrations by timestamp. */
const schemaOf = (list: readonly AnyManifest[]): DatabaseSchema => ({
  entities: list.flatMap((m) => m.entities ?? []),
  migrations: migrationsOf(list),
});

const APP_SCHEMA = schemaOf(manifests);

/** The app's data source over a pg pool (db/data-source.ts), mapping and migrating every listed domain's tables. */
export function appDataSource(url: string, options: PoolOptions = {}, list: readonly AnyManifest[] = manifests): DataSource {
  return createDataSource(url, list === manifests ? APP_SCHEMA : schemaOf(list), options);
}

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
  const migrator = appDataSource(url, { poolSize: 1, acquireTimeoutMs: config.dbAcquireTimeoutMs, statementTimeoutMs: 0 });
  await migrator.initialize();
  try {
    const ran = await migrator.runMigrations({ transaction: 'each' });
    if (ran.length) logger.info({ migrations: ran.map((m) => m.name) }, 'migrations applied');
  } finally {
    await migrator.destroy();
  }
  const ds = appDataSource(url, { acquireTimeoutMs: config.dbAcquireTimeoutMs, statementTimeoutMs: config.dbStatementTimeoutMs });
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
