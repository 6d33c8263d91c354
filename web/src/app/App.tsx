import { useEffect, useState, type ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { BrowserRouter } from 'react-router-dom';
import { createApolloClient, endHydration } from './apollo';
import { AppRoutes } from './AppRoutes';
import { SessionProvider, type InitialSession } from '../lib/session';
import { theme } from '../lib/theme';

/**
 * The app inside a router: the browser's (App) or the server's (src/ssr/entry-server.tsx), so both render the
 * same tree and the browser can hydrate what the server sent.
 */
export function AppTree({
  client,
  initialSession,
  router,
}: {
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

/**
 * How long after the first commit the rendered queries still read the server's cache instead of asking again
 * (they start a little after it); the first click or key press ends it at once, so what a person does next
 * (Mark all read, then its refetch) always asks the server.
 */
const HYDRATED_AFTER_MS = 2_000;

/** A performance mark at the app's first commit in the browser (bench/src/pages.mjs reads it). */
export const APP_READY_MARK = 'lms-app-ready';

const browserRouter = (children: ReactNode) => <BrowserRouter>{children}</BrowserRouter>;

export function App({ client: given, initialSession }: { client?: ApolloClient; initialSession?: InitialSession }) {
  const [client] = useState(() => given ?? createApolloClient());
  // the first commit (hydrated, or rendered): the bench reads it as the moment the page answers input; the
  // rendered queries keep to the server's cache for a moment (apollo.ts), or until the person acts
  useEffect(() => {
    performance.mark(APP_READY_MARK);
    const end = () => endHydration(client);
    const timer = window.setTimeout(end, HYDRATED_AFTER_MS);
    const input = ['pointerdown', 'keydown'] as const;
    for (const type of input) window.addEventListener(type, end, { capture: true, once: true });
    return () => {
      window.clearTimeout(timer);
      for (const type of input) window.removeEventListener(type, end, { capture: true });
    };
  }, [client]);
  return <AppTree client={client} initialSession={initialSession} router={browserRouter} />;
}
