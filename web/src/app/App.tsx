import { useEffect, useState, type ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { BrowserRouter } from 'react-router-dom';
import { createApolloClient, endHydration } from './apollo';
import { AppRoutes } from './AppRoutes';
import { SessionProvider, type InitialSession } from './session';
import { theme } from './theme';

/**
 * The app inside a router: the browser's (App) or the server's (src/ssr/entry-server.tsx), so both render the
 * same tree and the browser can hydrate what the server sent.
 */
export function AppTree({ client, initialSession, router }: {
  client: ApolloClient;
  /** The session as the server rendered it (hydrating, or on the server); undefined: loaded from the stored token. */
  initialSession?: InitialSession;
  router: (children: ReactNode) => ReactNode;
}) {
  return (
    <ApolloProvider client={client}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {router(
          <SessionProvider initial={initialSession}>
            <AppRoutes />
          </SessionProvider>,
        )}
      </ThemeProvider>
    </ApolloProvider>
  );
}

/** A performance mark at the app's first commit in the browser (bench/src/pages.mjs reads it). */
export const APP_READY_MARK = 'lms-app-ready';

const browserRouter = (children: ReactNode) => <BrowserRouter>{children}</BrowserRouter>;

export function App({ client: given, initialSession }: { client?: ApolloClient; initialSession?: InitialSession }) {
  const [client] = useState(() => given ?? createApolloClient());
  // the first commit (hydrated, or rendered): the bench reads it as the moment the page answers input; the
  // rendered queries have read the server's cache by now, and ask the server again from here on (apollo.ts)
  useEffect(() => {
    performance.mark(APP_READY_MARK);
    endHydration(client);
  }, [client]);
  return <AppTree client={client} initialSession={initialSession} router={browserRouter} />;
}
