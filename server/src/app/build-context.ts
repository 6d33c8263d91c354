import { SESSION_EXPIRED, TOKEN_REJECTED, bearerToken, type Loaders, type RequestContext, type Services } from '../core/context';
import type { RequestLoaders } from './loaders';
import type { Actor } from '../policies';
import type { User } from '../modules/users';
import { ACCESS_TOKEN_PREFIX, APP_TOKEN_PREFIX } from '../modules/auth';

/**
 * A bearer token by its prefix: a personal access token, an application's access token, else a web session;
 * one indexed lookup each. An application's token may be refused outright (over its rate, a refused address).
 */
const isAccessToken = (token: string) => token.startsWith(ACCESS_TOKEN_PREFIX) || token.startsWith(APP_TOKEN_PREFIX);

function resolveBearer(services: Services, token: string, ip: string): Promise<{ actor: Actor; user?: User } | null> {
  if (token.startsWith(ACCESS_TOKEN_PREFIX)) return services.integrations.tokens.resolve(token);
  if (token.startsWith(APP_TOKEN_PREFIX)) return services.integrations.applications.resolve(token, ip);
  return services.auth.resolveViewer(token);
}

/**
 * The context of one request: its session's actor and user row (one indexed lookup), the services, fresh loaders.
 * `guess`: a session's viewer may be the one its last lookup found, unchecked until the request's first read
 * checks it (auth/session-check.ts; GraphQL queries only: settleViewer before anything else runs).
 */
export async function buildContext(
  newLoaders: RequestLoaders,
  services: Services,
  req: { headers: Record<string, unknown>; ip?: string },
  requestId: string,
  options: { guess?: boolean } = {},
): Promise<RequestContext> {
  const token = bearerToken(req.headers.authorization as string | undefined);
  const base = { requestId, ip: req.ip ?? 'unknown', services };
  const guessed = options.guess && token && !isAccessToken(token) ? services.auth.guessViewer(token) : null;
  if (guessed) {
    return {
      ...base,
      ...viewerParts(newLoaders, token!, guessed),
      unchecked: { check: guessed.check, lookUp: async () => viewerParts(newLoaders, token!, await services.auth.resolveViewer(token!)) },
    };
  }
  const viewer = token ? await resolveBearer(services, token, req.ip ?? '') : null;
  return { ...base, ...viewerParts(newLoaders, token, viewer) };
}

function viewerParts(newLoaders: RequestLoaders, token: string | null, viewer: { actor: Actor; user?: User } | null) {
  const actor = viewer?.actor ?? null;
  // the viewer's own row, for `me` and their own name: into userById when the users' loaders are built
  const loaders = newLoaders(
    actor,
    viewer?.user ? { loader: 'userById' satisfies keyof Loaders, key: viewer.user.id, value: viewer.user } : undefined,
  );
  return {
    actor,
    tokenRejected: token && !actor ? (isAccessToken(token) ? TOKEN_REJECTED : SESSION_EXPIRED) : null,
    loaders,
  };
}

/**
 * Makes a guessed viewer sure: true when the guess was wrong, and the context then holds what the session's lookup
 * found (new loaders: whatever ran on the guess is thrown away). A context with no guess is left as it is.
 */
export async function settleViewer(ctx: RequestContext): Promise<boolean> {
  const unchecked = ctx.unchecked;
  if (!unchecked) return false;
  try {
    const holds = await unchecked.check.holds();
    if (!holds) Object.assign(ctx, await unchecked.lookUp());
    return !holds;
  } catch (err) {
    ctx.actor = null; // the request fails, and never on the guess
    throw err;
  } finally {
    ctx.unchecked = undefined;
  }
}
