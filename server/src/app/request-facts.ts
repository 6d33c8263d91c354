import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config';
import { logger } from '../core/logger';
import { RequestStore, requestStore } from '../core/request-store';

/**
 * What recent requests asked of the database, by request id; tests read it to prove lists do not grow with data.
 * `lookups` counts a read that carried the session's check (auth/session-check.ts) as the two it is, so that a
 * request's count does not depend on which way it came (Apollo for a text's first request, the known path after);
 * `statements` are the statements sent.
 */
export const sqlCounts = new Map<string, { lookups: number; statements: number }>();

// reset links carry a secret in the path; keep it out of the logs
const redactPath = (p: string) => p.replace(/(reset-password\/)[^/?]+/, '$1[redacted]');

/**
 * Every request's id (a header, the logs, the request store), the instance that answered, its statements
 * counted, and one log line when it is answered.
 */
export function requestFacts(config: Pick<Config, 'instanceId' | 'nodeEnv'>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const requestId = crypto.randomUUID();
    const store: RequestStore = { requestId, sqlCount: 0, secure: req.secure };
    const started = process.hrtime.bigint();
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('X-Instance', config.instanceId);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (config.nodeEnv === 'test') {
        sqlCounts.set(requestId, { lookups: store.sqlCount + (store.checkedReads ?? 0), statements: store.sqlCount });
        if (sqlCounts.size > 2000) sqlCounts.delete(sqlCounts.keys().next().value!);
      }
      // `checkedReads`: statements that also checked the session (two lookups each); the bench counts both
      const checked = store.checkedReads ? { checkedReads: store.checkedReads } : {};
      logger.info(
        {
          requestId,
          method: req.method,
          path: redactPath(req.path),
          status: res.statusCode,
          ms: Math.round(ms),
          sql: store.sqlCount,
          ...checked,
        },
        'request',
      );
    });
    requestStore.run(store, () => next());
  };
}
