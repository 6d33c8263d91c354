import { DataSource } from 'typeorm';
import { Actor } from '../policies';
import { unauthenticated } from '../errors/domain-error';
import { Loaders, createLoaders } from './loaders';
import { Services } from './services';

/** What every resolver and REST handler gets: who asks, the services, per-request loaders. */
export interface RequestContext {
  requestId: string;
  ip: string;
  actor: Actor | null;
  /** A bearer token was sent but is revoked or expired. */
  tokenRejected: boolean;
  services: Services;
  loaders: Loaders;
}

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

export function requireActor(ctx: RequestContext): Actor {
  if (!ctx.actor) throw unauthenticated(ctx.tokenRejected ? SESSION_EXPIRED : 'Please sign in');
  return ctx.actor;
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match ? match[1].trim() : null;
}

export async function buildContext(
  ds: DataSource,
  services: Services,
  req: { headers: Record<string, unknown>; ip?: string },
  requestId: string,
): Promise<RequestContext> {
  const token = bearerToken(req.headers.authorization as string | undefined);
  const actor = token ? await services.auth.resolveSession(token) : null;
  return {
    requestId,
    ip: req.ip ?? 'unknown',
    actor,
    tokenRejected: Boolean(token) && !actor,
    services,
    loaders: createLoaders(ds),
  };
}
