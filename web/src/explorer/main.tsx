/**
 * The GraphQL explorer the server shows on GET /graphql in a browser (issue 26): GraphiQL bundled from its npm
 * package by our own build (vite.explorer.config.ts), so it loads with no internet, sends nothing anywhere but
 * /graphql, and runs inside the server's Content-Security-Policy (its editor's workers are files of the build).
 */
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { getToken } from '../lib/token';

/** What an integrator sees first: the schema's own words are in the Docs pane. */
const FIRST_QUERY = `# Signed in as the web app's current user (sign in at / first).
# The Docs pane (the book icon) describes every type, field and argument.
query Me {
  me { activeRole user { id firstName lastName email } }
}
`;

// the web app's session: the same bearer token, read at each request so a sign-in in another tab counts
const fetcher = createGraphiQLFetcher({
  url: '/graphql',
  fetch: (input, init) => {
    const token = getToken();
    const headers = new Headers(init?.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers });
  },
});

createRoot(document.getElementById('explorer') as HTMLElement).render(
  <GraphiQL fetcher={fetcher} defaultQuery={FIRST_QUERY} shouldPersistHeaders={false} />,
);
