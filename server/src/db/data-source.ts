import 'reflect-metadata';
import { DataSource, Logger } from 'typeorm';
import { migrationsOf } from '../app/module';
import { modules } from '../app/modules';
import { countStatement, refuseIfAbandoned } from '../app/request-store';
import { logger } from '../app/logger';
import { loadConfig } from '../config';
import { PreparingClient } from './prepared';

/** Counts each statement against the current request (tests assert the counts), stops abandoned requests, logs failures. */
class CountingLogger implements Logger {
  logQuery(query: string): void {
    countStatement();
    refuseIfAbandoned(query); // TypeORM calls this before each statement, outside its own error handling
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

/** How long a pooled connection may stay idle before it is closed (its prepared statements and plans with it). */
export const IDLE_CONNECTION_MS = 10 * 60_000;

export interface PoolOptions {
  poolSize?: number;
  /** Wait for a pooled connection or a new one (pg's connectionTimeoutMillis); default DB_ACQUIRE_TIMEOUT_MS. */
  acquireTimeoutMs?: number;
  /** PostgreSQL's statement_timeout for every connection (0: none); default DB_STATEMENT_TIMEOUT_MS. */
  statementTimeoutMs?: number;
}

/**
 * The data source over a pg pool. When PostgreSQL goes away the pool drops the broken connections (TypeORM
 * releases a failed connection with its error and listens for pool errors) and opens new ones on demand,
 * so the same data source serves again once PostgreSQL is back; nothing waits longer than the timeouts.
 */
export function createDataSource(url: string, options: PoolOptions = {}): DataSource {
  const env = loadConfig();
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
    connectTimeoutMS: options.acquireTimeoutMs ?? env.dbAcquireTimeoutMs,
    extra: {
      max: options.poolSize ?? 10,
      statement_timeout: options.statementTimeoutMs ?? env.dbStatementTimeoutMs,
      // no JIT compilation: on a large school a page's statement can be estimated above jit_above_cost, and compiling
      // it took ~1.1 s of a statement that runs in 7 ms (the grading queue's first form); none of ours repays it
      options: '-c jit=off',
      // a peer that vanished without closing the connection is noticed instead of waited for
      keepAlive: true,
      // each statement text is parsed and planned once per connection (db/prepared.ts)
      Client: PreparingClient,
      // and a connection keeps those plans only while it is open: pg closes an idle one after 10 s by default, so on
      // a quiet evening each page met a new connection and planned its statement again, five times over (PostgreSQL
      // plans a prepared statement afresh for its first five runs): 5-9 ms a plan for a student's view page against
      // 1 ms to run it. Idle connections cost PostgreSQL little; a pool's ten are kept for ten minutes.
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      // an idle connection does not keep a process alive (a script that forgets to close its pool would wait that long)
      allowExitOnIdle: true,
    },
  });
}
