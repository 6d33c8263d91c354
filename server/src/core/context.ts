import type { Actor } from '../policies';
import { unauthenticated } from '../errors/domain-error';
import type { Statements } from './request-store';

/* eslint-disable @typescript-eslint/no-empty-object-type -- both are filled in by each domain's manifest file */
/**
 * `ctx.services`: each domain adds its services under its manifest's name from its own manifest file
 * (`declare module '../../core/context' { interface Services { courses: CoursesService } }`), so the kernel
 * names no domain; app/services.ts checks at compile time that these are exactly the manifests' services.
 */
export interface Services {}

/** `ctx.loaders`: each domain adds its request loaders from its manifest file, as for Services (app/loaders.ts checks them). */
export interface Loaders {}
/* eslint-enable @typescript-eslint/no-empty-object-type */

/** What every resolver and REST handler gets: who asks, the services, per-request loaders. */
export interface RequestContext {
  requestId: string;
  ip: string;
  actor: Actor | null;
  /** A bearer token was sent but is revoked or expired: what the client is told then; null otherwise. */
  tokenRejected: string | null;
  services: Services;
  loaders: Loaders;
  /**
   * Set while `actor` is a guess (a GraphQL query's session viewer as last found: auth/session-check.ts): `check`
   * runs the request's statements, and settleViewer (build-context.ts) makes the context sure before anything
   * is answered or written.
   */
  unchecked?: UncheckedViewer;
}

/** A guessed viewer's check, and the context's viewer parts as the session's lookup makes them. */
export interface UncheckedViewer {
  /** `carried`: a read of the request carried the check (else `holds()` checks on its own). */
  check: Statements & { holds(): Promise<boolean>; readonly carried: boolean };
  lookUp(): Promise<Pick<RequestContext, 'actor' | 'tokenRejected' | 'loaders'>>;
}

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
/** An access token (a person's or an application's) that is unknown, expired, revoked or whose owner changed. */
export const TOKEN_REJECTED = 'This access token is unknown, expired or revoked (or its owner changed): make a new one';

export function requireActor(ctx: RequestContext): Actor {
  if (!ctx.actor) throw unauthenticated(ctx.tokenRejected ?? 'Please sign in');
  return ctx.actor;
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match ? match[1].trim() : null;
}
