import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, InMemoryCache, ServerError } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { getToken, reportTokenRejected } from './token';

/** GraphQL lives on the same origin (vite dev proxies it to the server). */
export const GRAPHQL_URI = '/graphql';

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

const httpLink = new HttpLink({ uri: GRAPHQL_URI, credentials: 'same-origin' });

export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([authLink, sessionLink, httpLink]),
    cache: new InMemoryCache({
      // `me` (no id) is asked for by the session and by Your Profile: the answers merge, neither drops the other's fields
      typePolicies: { SessionInfo: { merge: true } },
    }),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-and-network' },
    },
  });
}
