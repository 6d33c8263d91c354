import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { AppLayout, CoursePage, DashboardPage } from './app/pages';

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

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

void pageCode().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
