import express, { NextFunction, Request, Response, Router } from 'express';
import { toHttp } from '../../errors/mapping';
import type { Services } from '../../core/context';
import { OAuthError } from './oauth.service';

/** Token answers must never be cached (RFC 6749 section 5.1). */
function noStore(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
}

/** RFC 6749 section 5.2: `{ error, error_description }`; invalid_client is a 401 that names the Basic scheme. */
function sendOAuthError(res: Response, err: OAuthError): void {
  noStore(res);
  if (err.status === 401) res.setHeader('WWW-Authenticate', 'Basic realm="School LMS", charset="UTF-8"');
  // the limit is per minute: the next one starts this many seconds from now
  if (err.status === 429) res.setHeader('Retry-After', String(60 - new Date().getUTCSeconds()));
  res.status(err.status).json({ error: err.error, error_description: err.description });
}

/**
 * POST /oauth/token (RFC 6749 section 4.4.2): a form body, small. Anything else that goes wrong (a body that
 * is not a form, a database error) answers through the one HTTP mapping, never with the token.
 */
export function oauthRouter(services: () => Services): Router {
  const r = express.Router();
  r.post('/oauth/token', express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 }), async (req: Request, res: Response) => {
    try {
      const body =
        req.is('application/x-www-form-urlencoded') && req.body && typeof req.body === 'object'
          ? (req.body as Record<string, unknown>)
          : {};
      const answer = await services().integrations.oauth.issueToken({ authorization: req.headers.authorization, body, ip: req.ip ?? '' });
      noStore(res);
      res.json(answer);
    } catch (err) {
      if (err instanceof OAuthError) return sendOAuthError(res, err);
      const { status, body } = toHttp(err, res.getHeader('X-Request-Id') as string | undefined);
      noStore(res);
      res.status(status).json({ error: status < 500 ? 'invalid_request' : 'server_error', error_description: body.message });
    }
  });
  r.all('/oauth/token', (_req: Request, res: Response) => {
    noStore(res);
    res.setHeader('Allow', 'POST');
    res.status(405).json({ error: 'invalid_request', error_description: 'Use POST with a form body' });
  });
  r.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const { status, body } = toHttp(err, res.getHeader('X-Request-Id') as string | undefined);
    noStore(res);
    res.status(status).json({ error: 'invalid_request', error_description: body.message });
  });
  return r;
}
