import {
  ApolloClient,
  ApolloLink,
  CombinedGraphQLErrors,
  HttpLink,
  InMemoryCache,
  ServerError,
  type NormalizedCacheObject,
} from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { print } from '@apollo/client/utilities';
import { from, mergeMap, of } from 'rxjs';
import { GRAPHQL_URI } from '../lib/endpoint';
import { getToken, reportTokenRejected } from '../lib/token';

const authLink = new SetContextLink((prevContext) => {
  const token = getToken();
  return {
    // the token this request goes out with, for sessionLink
    sessionToken: token,
    headers: {
      ...prevContext.headers,
      // Keeps Apollo Server's CSRF prevention satisfied, also for multipart uploads.
      'Apollo-Require-Preflight': 'true',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  };
});

/**
 * A request sent with a session token that the server answers as not signed in (extensions.code
 * UNAUTHENTICATED, or HTTP 401) means the session ended mid-way (expired, revoked, signed out elsewhere): the
 * session hears of it (token.ts), clears the token and the cache and goes to /login. Requests sent without a
 * token (sign-in, password reset, the public pages) are left alone, so the login page cannot loop.
 */
const sessionLink = new ErrorLink(({ error, operation }) => {
  const token = operation.getContext().sessionToken;
  if (typeof token !== 'string') return;
  const unauthenticated =
    (CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) ||
    (ServerError.is(error) && error.statusCode === 401);
  if (unauthenticated) reportTokenRejected(token);
});

/**
 * An operation that preload.ts already sent before the app's code arrived (the session's `me`, a landing page's
 * query) gets that answer, once, instead of a second request; with no answer to hand over (another token, a
 * failed request) it goes to the server as usual. After sessionLink, so a preloaded UNAUTHENTICATED ends the
 * session like any other.
 */
const preloadedLink = new ApolloLink((operation, forward) => {
  const { operationName = '', query, variables } = operation;
  const answer = window.__lmsPreload?.take(operationName, print(query), variables, operation.getContext().sessionToken);
  if (!answer) return forward(operation);
  return from(answer).pipe(mergeMap((result) => (result ? of(result as ApolloLink.Result) : forward(operation))));
});

const httpLink = new HttpLink({ uri: GRAPHQL_URI, credentials: 'same-origin' });

/** The cache of the browser's client and of the server's rendering client (the same policies, so the same shape). */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    // `me` (no id) is asked for by the session and by Your Profile: the answers merge, neither drops the other's fields
    typePolicies: { SessionInfo: { merge: true } },
  });
}

/**
 * `restored`: the cache a server-rendered page came with. Until a moment after the app's first commit (App.tsx,
 * the end of hydration), or the person's first click or key press, the queries that render with it take their
 * data from the cache instead of asking again (cache-and-network would); from then on every policy works as
 * usual, so a refetch (after Mark all read, say) goes to the server.
 */
export function createApolloClient(restored?: NormalizedCacheObject): ApolloClient {
  const cache = createCache();
  if (restored) cache.restore(restored);
  const client = new ApolloClient({
    link: ApolloLink.from([authLink, sessionLink, preloadedLink, httpLink]),
    cache,
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-and-network' },
    },
  });
  if (restored) client.prioritizeCacheValues = true;
  return client;
}

/** The page has hydrated: the client's policies work as usual from now on (see createApolloClient). */
export function endHydration(client: ApolloClient): void {
  client.prioritizeCacheValues = false;
}
