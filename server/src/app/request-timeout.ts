import { NextFunction, Request, Response } from 'express';
import { UNAVAILABLE_TEXT } from '../errors/domain-error';
import { logger } from '../core/logger';
import { requestStore } from '../core/request-store';

/** A 503 in the transport's shape: GraphQL's error list on /graphql, the REST envelope elsewhere. */
function timeoutBody(path: string): object {
  const message = UNAVAILABLE_TEXT.tooSlow;
  return path === '/graphql' || path.startsWith('/graphql/')
    ? { errors: [{ message, extensions: { code: 'SERVICE_UNAVAILABLE' } }] }
    : { success: false, code: 'SERVICE_UNAVAILABLE', message };
}

/** After the 503 the abandoned handler may still try to answer: what it sends is dropped, not thrown. */
function muzzle(res: Response): void {
  const callbackOf = (args: unknown[]) => args.find((a): a is () => void => typeof a === 'function');
  Object.assign(res, {
    status: () => res,
    setHeader: () => res,
    appendHeader: () => res,
    removeHeader: () => undefined,
    writeHead: () => res,
    flushHeaders: () => undefined,
    write: (...args: unknown[]) => {
      const cb = callbackOf(args);
      if (cb) process.nextTick(cb);
      return true;
    },
    end: (...args: unknown[]) => {
      const cb = callbackOf(args);
      if (cb) process.nextTick(cb);
      return res;
    },
  });
}

/**
 * A request that has not answered within `ms` (0: never) gets a 503 with a message, and its work is
 * abandoned: its further SQL statements are refused, so a transaction under way rolls back, and whatever
 * it tries to send later is dropped. An answer already being sent (headers out, e.g. a download) finishes.
 * For uploads the clock starts once the body has arrived: a slow connection is not slow work (Node's own
 * requestTimeout bounds the upload). Mounted inside the request store (it marks the request there).
 */
export function requestTimeout(ms: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!(ms > 0)) return next();
    const store = requestStore.getStore();
    const path = req.path; // taken now: routers mounted on a path rewrite req.url while they run
    let timer: NodeJS.Timeout | undefined;
    let over = false;
    const expire = () => {
      if (res.headersSent) return;
      if (store) store.abandoned = true;
      logger.warn({ requestId: store?.requestId, method: req.method, path, ms }, 'request timed out');
      res.status(503).json(timeoutBody(path));
      muzzle(res);
    };
    const start = () => {
      if (over || timer) return;
      timer = setTimeout(expire, ms);
      timer.unref();
    };
    const clear = () => {
      over = true;
      clearTimeout(timer);
    };
    res.once('finish', clear);
    res.once('close', clear);
    if (req.is('multipart/form-data')) req.once('end', start);
    else start();
    next();
  };
}
