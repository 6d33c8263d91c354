import 'reflect-metadata';
import type { Pool, PoolClient, QueryResult } from 'pg';
import { DataSource, Logger, QueryFailedError, QueryRunner } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { Class, MigrationClass } from '../core/manifest';
import { countStatement, refuseIfAbandoned } from '../core/request-store';
import { logger } from '../core/logger';
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

/** What a data source maps and migrates: the app's is every domain's (app/database.ts `appDataSource`). */
export interface DatabaseSchema {
  entities: readonly Class[];
  /** Oldest first (the database records which ran). */
  migrations: readonly MigrationClass[];
}

/**
 * The data source over a pg pool. When PostgreSQL goes away the pool drops the broken connections (TypeORM
 * releases a failed connection with its error and listens for pool errors) and opens new ones on demand,
 * so the same data source serves again once PostgreSQL is back; nothing waits longer than the timeouts.
 */
export function createDataSource(url: string, schema: DatabaseSchema, options: PoolOptions = {}): DataSource {
  const env = loadConfig();
  return straightToPool(
    new DataSource({
      type: 'postgres',
      url,
      entities: [...schema.entities],
      migrations: [...schema.migrations],
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
    }),
  );
}

type Rows = Record<string, unknown>[];

/**
 * `work` on a pooled connection, released after it: kept for the next statement after a statement's own error (a
 * refused input, a timeout), as TypeORM's runner keeps it, and dropped by the pool when the connection itself
 * broke. Not pool.query: it calls the client with a callback, which bypasses the prepared statements and the
 * request's statements (db/prepared.ts), and it drops the connection after any error.
 */
async function onConnection<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // an error on the connection while it is out is this statement's (as TypeORM's runner and pool.query listen)
  const onError = (err: Error) => (broken ??= err);
  client.once('error', onError);
  try {
    return await work(client);
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}

/**
 * `ds.query(text, values)` outside a transaction (a page's one statement) sent through the pool as pg does it, with
 * what TypeORM's own path does around it: the logger (the request's statement count, the abandoned request's
 * refusal, failures and slow statements), QueryFailedError, and TypeORM's answer (the rows; an UPDATE's or DELETE's
 * rows and count). TypeORM's path built a query runner for each such statement, with its connection listeners, its
 * before- and after-query broadcasts and their promises: 3-4% of a small page's Node time (issue 28). A statement
 * with no values (one or several texts in one) and anything in a transaction (a query runner given) go TypeORM's way.
 */
function straightToPool(ds: DataSource): DataSource {
  const viaTypeorm = ds.query.bind(ds);
  ds.query = async <T = unknown>(query: string, parameters?: unknown[], queryRunner?: QueryRunner): Promise<T> => {
    if (queryRunner || !parameters?.length) return viaTypeorm(query, parameters, queryRunner);
    const pool = (ds.driver as PostgresDriver).master as Pool | undefined;
    if (!pool) return viaTypeorm(query, parameters);
    ds.logger.logQuery(query, parameters);
    const started = Date.now();
    let raw: QueryResult;
    try {
      raw = await onConnection(pool, (client) => client.query(query, parameters));
    } catch (err) {
      ds.logger.logQueryError(err as Error, query, parameters);
      throw new QueryFailedError(query, parameters, err as Error);
    }
    const took = Date.now() - started;
    const slow = ds.options.maxQueryExecutionTime;
    if (slow && took > slow) ds.logger.logQuerySlow(took, query, parameters);
    return (raw.command === 'UPDATE' || raw.command === 'DELETE' ? [raw.rows as Rows, raw.rowCount] : raw.rows) as T;
  };
  return ds;
}
