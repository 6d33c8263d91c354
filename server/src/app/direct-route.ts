import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Express, NextFunction, Request, RequestHandler, Response } from 'express';

type Handler = RequestHandler | ErrorRequestHandler;

/**
 * One route's handlers run in order as Express would run them (the same request and response objects, `next`
 * and `next(err)`, a rejected promise as an error), without walking the app's router: Express tries each of
 * its ~20 layers in turn on every request, which costs more than answering a small query (issue 28). Only for a
 * request that no other layer of the app would answer; the handlers must answer it (a chain that falls through
 * ends as Express's would: 404, or 500 after an error).
 */
export function directRoute(app: Express, handlers: Handler[]) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    // what Express's app.handle does before its router
    const req = Object.setPrototypeOf(request, app.request) as Request;
    const res = Object.setPrototypeOf(response, app.response) as Response;
    req.res = res;
    res.req = req;
    res.locals ??= Object.create(null);
    req.originalUrl = req.url;
    req.baseUrl = '';
    let i = 0;
    const next: NextFunction = (err?: unknown) => {
      while (i < handlers.length) {
        const handler = handlers[i++];
        const forErrors = handler.length === 4;
        if (Boolean(err) !== forErrors) continue;
        try {
          const ran = err ? (handler as ErrorRequestHandler)(err, req, res, next) : (handler as RequestHandler)(req, res, next);
          if (ran instanceof Promise) ran.catch(next);
        } catch (thrown) {
          next(thrown);
        }
        return;
      }
      if (!res.headersSent) res.status(err ? 500 : 404).end();
    };
    next();
  };
}
