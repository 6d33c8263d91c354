import type { ApolloServerPlugin } from '@apollo/server';
import type { OperationDefinitionNode } from 'graphql';
import { ACCESS_TOKEN_PREFIX } from '../modules/integrations/access-tokens.service';
import { APP_TOKEN_PREFIX } from '../modules/integrations/applications.service';
import { bearerToken, type RequestContext } from './context';
import { requestStore } from './request-store';

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

/** The top-level fields of an operation by name, with the key each answers under (its alias, else its name). */
function topLevelKeys(operation: OperationDefinitionNode | undefined): Map<string, string> {
  const keys = new Map<string, string>();
  for (const selection of operation?.selectionSet.selections ?? []) {
    if (selection.kind === 'Field') keys.set(selection.name.value, selection.alias?.value ?? selection.name.value);
  }
  return keys;
}

/**
 * Sets and clears the page cookie from /graphql's answers: a successful `login` or `register` sets it to the new
 * session's token, a `switchRole` to the token the request came with (a session started before the cookie
 * existed gets one), a successful `logout` clears it, and so does any answer that found the request's session
 * ended (UNAUTHENTICATED for a rejected token).
 */
export function pageSessionPlugin(maxAgeSeconds: number): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart({ contextValue }) {
      return {
        async willSendResponse({ response, operation, request }) {
          if (response.body.kind !== 'single') return;
          const { data, errors } = response.body.singleResult;
          const secure = requestStore.getStore()?.secure ?? false;
          const set = (token: string | null) => {
            response.http.headers.set('set-cookie', pageSessionCookie(token, secure, maxAgeSeconds));
          };
          if (contextValue.tokenRejected && errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) return set(null);
          if (operation?.operation !== 'mutation' || !data) return;
          const keys = topLevelKeys(operation);
          for (const name of ['login', 'register']) {
            const token = (data[keys.get(name) ?? ''] as { token?: unknown } | null | undefined)?.token;
            if (typeof token === 'string') return set(token);
          }
          if (keys.has('logout') && data[keys.get('logout') as string] === true) return set(null);
          if (keys.has('switchRole') && data[keys.get('switchRole') as string]) {
            const token = pageSessionToken(`${PAGE_SESSION_COOKIE}=${encodeURIComponent(bearerToken(request.http?.headers.get('authorization')) ?? '')}`);
            if (token) set(token);
          }
        },
      };
    },
  };
}
