import { NextFunction, Request, Response, Router } from 'express';
import { getMetadataStorage } from 'type-graphql';
import { toHttp } from '../errors/mapping';
import { RequestContext, requireActor } from './context';
import { Actor } from '../policies';

export function ctxOf(res: Response): RequestContext {
  return res.locals.ctx as RequestContext;
}

type Handler = (req: Request, res: Response, ctx: RequestContext) => Promise<unknown>;
type AuthedHandler = (req: Request, res: Response, actor: Actor, ctx: RequestContext) => Promise<unknown>;

/** Runs a handler and answers errors through the one HTTP mapping. */
export function publicRoute(handler: Handler) {
  return async (req: Request, res: Response) => {
    const ctx = ctxOf(res);
    try {
      await handler(req, res, ctx);
    } catch (err) {
      const { status, body } = toHttp(err, ctx.requestId);
      res.status(status).json(body);
    }
  };
}

/** Same, for paths that need a signed-in user (401 otherwise, also for revoked tokens). */
export function route(handler: AuthedHandler) {
  return publicRoute((req, res, ctx) => handler(req, res, requireActor(ctx), ctx));
}

export function send(res: Response, data: unknown, extra: Record<string, unknown> = {}, status = 200): void {
  res.status(status).json({ success: true, data: toRest(data), ...extra });
}

const fieldCache = new Map<Function, Set<string>>();

/** The @Field names of a GraphQL object type: REST shows exactly what GraphQL shows, never more. */
function exposedFields(ctor: Function): Set<string> | undefined {
  if (fieldCache.has(ctor)) return fieldCache.get(ctor);
  const storage = getMetadataStorage();
  const isType = storage.objectTypes.some((t) => t.target === ctor);
  if (!isType) return undefined;
  const names = new Set<string>();
  for (let c: Function | null = ctor; c && c !== Object; c = Object.getPrototypeOf(c)) {
    storage.fields.filter((f) => f.target === c).forEach((f) => names.add(f.name));
  }
  fieldCache.set(ctor, names);
  return names;
}

/** Shapes a service result for REST: `id` becomes `_id`, dates become ISO text, hidden columns stay hidden. */
export function toRest(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toRest);
  if (typeof value !== 'object') return value;
  const allowed = exposedFields(value.constructor);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (allowed && !allowed.has(key)) continue;
    if (typeof v === 'function') continue;
    out[key === 'id' ? '_id' : key] = toRest(v);
  }
  return out;
}

/** Unknown /api paths answer in the same envelope. */
export function apiNotFound(_req: Request, res: Response): void {
  res.status(404).json({ success: false, message: 'Not found' });
}

/** Errors raised before a handler (malformed JSON, oversize bodies). */
export function apiErrorHandler(err: unknown, _req: Request, res: Response, _next: NextFunction): void {
  const { status, body } = toHttp(err, ctxOf(res)?.requestId);
  res.status(status).json(body);
}

export const newRouter = () => Router();

export type Body = Record<string, unknown>;

/** The JSON body as an object; anything else (no body, an array, a scalar) reads as empty. */
export function body(req: Request): Body {
  return req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
}

/** A path parameter as text (`id` unless named). */
export function param(req: Request, name = 'id'): string {
  return String(req.params[name]);
}

/** A success without data: `{ success: true, message }`. */
export function done(res: Response, message: string): void {
  res.json({ success: true, message });
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
