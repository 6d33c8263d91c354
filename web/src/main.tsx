import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createApolloClient } from './app/apollo';
import { App } from './app/App';
import { AppLayout, CoursePage, DashboardPage } from './app/pages';
import { serverRenderedRoute } from './app/serverRendered';
import { readServerState, type ServerState } from './lib/serverState';
import { getToken } from './lib/token';

/**
 * The code of the signed-in shell and of the landing page (preload.ts has already started downloading it
 * beside this file, and sent the session's query) as modules ready to render. The first render waits for it,
 * with index.html's 'Loading...' on screen meanwhile: rendering earlier would only show a spinner, suspend,
 * and keep the page behind React's fallback for longer. A failed download settles too: the page then shows its
 * error with a Reload button.
 */
function pageCode(): Promise<unknown> {
  const early = window.__lmsPreload;
  if (!early?.shell) return Promise.resolve();
  const pages = [AppLayout.preload()];
  if (early.route?.page === 'dashboard') pages.push(DashboardPage.preload());
  if (early.route?.page === 'course') pages.push(CoursePage.preload());
  return Promise.allSettled(pages);
}

/**
 * A page the server rendered (issue 31) is hydrated with the cache and session it was rendered with, once its
 * pages' code is here (the server's modulepreload links started it). Only when the browser's session is the one
 * the page shows: signed in with a stored token, or signed out without one; otherwise (a token stored but the
 * page rendered signed out, say) the client renders from scratch as it would from index.html.
 */
function hydratable(state: ServerState | null): state is ServerState {
  return state !== null && (state.me !== null) === (getToken() !== null);
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const state = readServerState();
const route = serverRenderedRoute(window.location.pathname);
if (hydratable(state) && route) {
  const client = createApolloClient(state.apollo);
  // as a transition: React then hydrates in slices of a few milliseconds, yielding to the browser between them,
  // instead of one long task that holds a phone's main thread (the page is already on screen and readable; a
  // click meanwhile hydrates its part first)
  void Promise.allSettled(route.pages.map((page) => page.preload())).then(() =>
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App client={client} initialSession={state.me} />
        </StrictMode>,
      );
    }),
  );
} else {
  void pageCode().then(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
