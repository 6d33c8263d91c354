import 'reflect-metadata';
import { DataSource, Logger } from 'typeorm';
import { migrationsOf } from '../app/module';
import { modules } from '../app/modules';
import { countStatement } from '../app/request-store';
import { logger } from '../app/logger';

/** Counts each statement against the current request (tests assert the counts) and logs failures. */
class CountingLogger implements Logger {
  logQuery(): void {
    countStatement();
  }
  logQueryError(error: string | Error, query: string): void {
    logger.debug({ err: error, query }, 'query failed');
  }
  logQuerySlow(time: number, query: string): void {
    logger.warn({ time, query: query.slice(0, 500) }, 'slow query');
  }
  logSchemaBuild(): void {}
  logMigration(message: string): void {
    logger.info(message);
  }
  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') logger.warn({ message }, 'typeorm');
  }
}

export function createDataSource(url: string, options: { poolSize?: number } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: modules.flatMap((m) => m.entities ?? []),
    // every domain's migrations, by timestamp (the database records which ran)
    migrations: migrationsOf(modules),
    migrationsTransactionMode: 'each',
    synchronize: false,
    logger: new CountingLogger(),
    maxQueryExecutionTime: 1000,
    extra: { max: options.poolSize ?? 10 },
  });
}
