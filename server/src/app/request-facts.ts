import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config';
import { logger } from './logger';
import { requestStore } from './request-store';

/** Statement counts of recent requests by request id; tests read them to prove lists do not grow with data. */
export const sqlCounts = new Map<string, number>();

// reset links carry a secret in the path; keep it out of the logs
const redactPath = (p: string) => p.replace(/(reset-password\/)[^/?]+/, '$1[redacted]');

/**
 * Every request's id (a header, the logs, the request store), the instance that answered, its statements
 * counted, and one log line when it is answered.
 */
export function requestFacts(config: Pick<Config, 'instanceId' | 'nodeEnv'>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const requestId = crypto.randomUUID();
    const store = { requestId, sqlCount: 0, secure: req.secure };
    const started = process.hrtime.bigint();
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('X-Instance', config.instanceId);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (config.nodeEnv === 'test') {
        sqlCounts.set(requestId, store.sqlCount);
        if (sqlCounts.size > 2000) sqlCounts.delete(sqlCounts.keys().next().value!);
      }
      logger.info({ requestId, method: req.method, path: redactPath(req.path), status: res.statusCode, ms: Math.round(ms), sql: store.sqlCount }, 'request');
    });
    requestStore.run(store, () => next());
  };
}
