import express, { NextFunction, Request, Response, Router } from 'express';
import type { RequestContext } from '../../core/context';
import { OneRosterError, sendError } from './oneroster.errors';
import { gradebookRouter } from './oneroster.gradebook.rest';
import { rosteringRouter } from './oneroster.rest';
import { GRADEBOOK_PATH, ROSTERING_PATH } from './oneroster.service';

const IMS = '/ims/oneroster';

/**
 * Everything under /ims/oneroster (outside /api: the specification's paths, bodies and error payloads). `withContext`
 * resolves the bearer token as on every transport; what goes wrong before a handler runs (a rate limit, a
 * body that is not JSON) still answers in the imsx shape.
 */
export function oneRosterRoutes(publicUrl: string, withContext: (req: Request, res: Response, next: NextFunction) => void): Router {
  const r = express.Router();
  r.use(IMS, express.json({ limit: '1mb' }), withContext);
  r.use(ROSTERING_PATH, rosteringRouter(publicUrl));
  r.use(GRADEBOOK_PATH, gradebookRouter(publicUrl));
  r.use(IMS, (req: Request, res: Response) => {
    const known = req.method === 'GET' ? null : `${req.method} is not offered at ${req.path}`;
    sendError(
      res,
      known
        ? new OneRosterError(405, 'invaliddata', known)
        : new OneRosterError(404, 'unknownobject', `No OneRoster endpoint at ${req.path}`),
      undefined,
    );
  });
  r.use(IMS, (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    sendError(res, err, (res.locals.ctx as RequestContext | undefined)?.requestId);
  });
  return r;
}
