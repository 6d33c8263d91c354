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
  const ds = createDataSource(config.databaseUrl ?? embedded!.url);
  await ds.initialize();
  const ran = await ds.runMigrations({ transaction: 'each' });
  if (ran.length) logger.info({ migrations: ran.map((m) => m.name) }, 'migrations applied');
  return {
    ds,
    embedded,
    async close() {
      await ds.destroy();
      await embedded?.stop();
    },
  };
}
