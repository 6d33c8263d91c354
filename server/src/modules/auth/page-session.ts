import type { ApolloServerPlugin } from '@apollo/server';
import type { RequestHandler, Response } from 'express';
import type { OperationDefinitionNode } from 'graphql';
import { ACCESS_TOKEN_PREFIX, APP_TOKEN_PREFIX } from './secrets';
import { bearerToken, type RequestContext } from '../../core/context';
import { requestStore } from '../../core/request-store';

/**
 * The session's cookie for page loads (issue 31). The bearer token stays in localStorage (spec section 9) and is
 * what /graphql and /api accept; a page navigation carries no header, so the server could not render a signed-in
 * page without this. It carries the same session token, httpOnly (no script reads it), SameSite=Lax (a
 * cross-site form post does not carry it), Secure over https, and only the page renderer (page-render.ts) reads it:
 * /graphql and /api never look at cookies, so it opens no CSRF surface. Set when a session starts (login,
 * register) and on a role switch, cleared at logout and when a request finds the session ended. Its lifetime is
 * the longest a session may last; the session's own expiry in the database decides (an ended one renders signed
 * out and the cookie is cleared).
 */
export const PAGE_SESSION_COOKIE = 'lms_page_session';

/** A `Set-Cookie` value that sets the cookie (`token`) or clears it (null). */
export function pageSessionCookie(token: string | null, secure: boolean, maxAgeSeconds: number): string {
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  if (token === null) return [`${PAGE_SESSION_COOKIE}=`, 'Max-Age=0', ...attributes].join('; ');
  return [`${PAGE_SESSION_COOKIE}=${encodeURIComponent(token)}`, `Max-Age=${Math.round(maxAgeSeconds)}`, ...attributes].join('; ');
}

/** The session token of a page request's cookie; null without one, or when it is not a web session's token. */
export function pageSessionToken(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== PAGE_SESSION_COOKIE) continue;
    let token: string;
    try {
      token = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    const personal = token.startsWith(ACCESS_TOKEN_PREFIX) || token.startsWith(APP_TOKEN_PREFIX);
    return token && token.length <= 200 && !personal ? token : null;
  }
  return null;
}

/**
 * What a session event does to the page cookie: the one rule /graphql's answers (pageSessionPlugin) and /api's
 * (pageSessionRest, setPageSession) follow. A new session (login, register) sets it to the session's token, a role
 * switch to the token the request came with (a session started before the cookie existed gets one; an access
 * token gets none), and a session that ended (logout, or a request that found it ended) clears it.
 */
export type PageSessionEvent = { started: string } | { switched: string | null } | 'ended';

/** The `Set-Cookie` value an event calls for, or null when it changes nothing. */
export function pageSessionChange(event: PageSessionEvent, secure: boolean, maxAgeSeconds: number): string | null {
  if (event === 'ended') return pageSessionCookie(null, secure, maxAgeSeconds);
  if ('started' in event) return pageSessionCookie(event.started, secure, maxAgeSeconds);
  const token = pageSessionToken(`${PAGE_SESSION_COOKIE}=${encodeURIComponent(event.switched ?? '')}`);
  return token ? pageSessionCookie(token, secure, maxAgeSeconds) : null;
}

/**
 * The mutations whose answers move the page cookie (pageSessionPlugin): the session starts, ends or changes role.
 * Known mutations (known-queries.ts) leave every operation with one of these to Apollo, whose plugin sets the cookie.
 */
export const PAGE_SESSION_MUTATIONS: ReadonlySet<string> = new Set(['login', 'register', 'logout', 'switchRole']);

/** The top-level fields of an operation by name, with the key each answers under (its alias, else its name). */
function topLevelKeys(operation: OperationDefinitionNode | undefined): Map<string, string> {
  const keys = new Map<string, string>();
  for (const selection of operation?.selectionSet.selections ?? []) {
    if (selection.kind === 'Field') keys.set(selection.name.value, selection.alias?.value ?? selection.name.value);
  }
  return keys;
}

/**
 * The page cookie from /graphql's answers (pageSessionChange's events): a successful `login` or `register`, a
 * `switchRole`, a successful `logout`, and any answer that found the request's session ended (UNAUTHENTICATED for
 * a rejected token).
 */
export function pageSessionPlugin(maxAgeSeconds: number): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart({ contextValue }) {
      return {
        async willSendResponse({ response, operation, request }) {
          if (response.body.kind !== 'single') return;
          const { data, errors } = response.body.singleResult;
          const secure = requestStore.getStore()?.secure ?? false;
          const apply = (event: PageSessionEvent) => {
            const cookie = pageSessionChange(event, secure, maxAgeSeconds);
            if (cookie) response.http.headers.set('set-cookie', cookie);
          };
          if (contextValue.tokenRejected && errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) return apply('ended');
          if (operation?.operation !== 'mutation' || !data) return;
          const keys = topLevelKeys(operation);
          // only the mutations of that one list move the cookie, so the known path (which leaves them here) cannot miss one
          if (![...keys.keys()].some((name) => PAGE_SESSION_MUTATIONS.has(name))) return;
          for (const name of ['login', 'register']) {
            const token = (data[keys.get(name) ?? ''] as { token?: unknown } | null | undefined)?.token;
            if (typeof token === 'string') return apply({ started: token });
          }
          if (keys.has('logout') && data[keys.get('logout') as string] === true) return apply('ended');
          if (keys.has('switchRole') && data[keys.get('switchRole') as string]) {
            apply({ switched: bearerToken(request.http?.headers.get('authorization')) });
          }
        },
      };
    },
  };
}

/**
 * The page cookie from /api's answers: the auth handlers call setPageSession (login, register, switch-role,
 * logout), and an answer to a request whose token was rejected clears it, as /graphql's do.
 */
export function pageSessionRest(maxAgeSeconds: number): RequestHandler {
  return (_req, res, next) => {
    res.locals.pageSessionMaxAge = maxAgeSeconds;
    if ((res.locals.ctx as RequestContext | undefined)?.tokenRejected) setPageSession(res, 'ended');
    next();
  };
}

/** Applies a session event to a REST answer's page cookie (a no-op outside pageSessionRest, e.g. in unit tests). */
export function setPageSession(res: Response, event: PageSessionEvent): void {
  const maxAge = res.locals.pageSessionMaxAge as number | undefined;
  if (maxAge === undefined) return;
  const cookie = pageSessionChange(event, requestStore.getStore()?.secure ?? false, maxAge);
  if (cookie) res.setHeader('Set-Cookie', cookie);
}
