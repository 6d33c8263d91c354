import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

/**
 * The code of the page being opened starts loading now, beside the session's answer (preload.ts sent it before
 * this code arrived), instead of after it: the signed-in shell waits for `me` and the page renders only inside
 * the shell, which would make three trips in turn. The same imports as AppRoutes.tsx, so React.lazy finds them
 * loaded.
 */
function preloadPageCode(): void {
  const early = window.__lmsPreload;
  if (!early?.shell) return;
  // a failure is reported where the page renders (AppRoutes' error boundary offers Reload)
  const quiet = () => undefined;
  import('./layout/AppLayout').catch(quiet);
  if (early.route?.page === 'dashboard') import('./features/dashboard/DashboardPage').catch(quiet);
  if (early.route?.page === 'course') import('./features/courses/CoursePage').catch(quiet);
}

preloadPageCode();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
