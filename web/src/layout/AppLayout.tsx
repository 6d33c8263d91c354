import { Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Outlet, useLocation } from 'react-router-dom';
import { RouteErrorBoundary } from '../components/RouteError';
import { arrivedRendered } from '../lib/serverState';
import { useSession } from '../lib/session';
import { SIDEBAR_BREAKPOINT } from '../lib/theme';
import { Spinner } from '../components/Spinner';
import { ImpersonationBanner } from './ImpersonationBanner';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';
import { RoleSwitcherContext, useRoleSwitcherState } from './useRoleSwitcher';
import { lazyPage } from '../lib/lazyPage';
import { BellPanel } from '../features/notifications/NotificationBell';
import { UserMenuPopup } from './UserMenu';

/**
 * What the shell shows only on demand (the role switcher, the bell's panel, the user menu) is not in the shell's
 * first file (issue 31): each loads when first opened, or once the page is idle after it has rendered.
 */
const RoleSwitcherDialog = lazyPage(() => import('./RoleSwitcherDialog'), 'RoleSwitcherDialog');

function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 5_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 2_000);
  return () => window.clearTimeout(id);
}

function useOnDemandParts(): void {
  useEffect(
    () =>
      whenIdle(() => void Promise.all([RoleSwitcherDialog.preload(), BellPanel.preload(), UserMenuPopup.preload()]).catch(() => undefined)),
    [],
  );
}

/** The role switcher's dialog, mounted from its first opening on (its closing transition and focus return then work). */
function RoleSwitcherOnDemand({ used }: { used: boolean }) {
  return used ? (
    <Suspense fallback={null}>
      <RoleSwitcherDialog />
    </Suspense>
  ) : null;
}

/** Signed-in shell: top navbar, sidebar for the active role, main area. */
export function AppLayout() {
  const { activeRole, user } = useSession();
  const switcher = useRoleSwitcherState();
  useOnDemandParts();
  // a page the server rendered (narrow: it cannot know the width) hydrates narrow too, then widens if it should
  const wide = useMediaQuery(`(min-width:${SIDEBAR_BREAKPOINT}px)`, { noSsr: !arrivedRendered });
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();

  // The overlay closes when the window grows to the permanent-sidebar width (adjusted while rendering, not in
  // an effect: React renders again at once, before the screen shows the stale state).
  if (wide && mobileOpen) setMobileOpen(false);

  const role = activeRole ?? user?.role ?? null;

  return (
    <RoleSwitcherContext.Provider value={switcher}>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <Navbar onMenuClick={() => setMobileOpen((open) => !open)} />
        {role && <Sidebar role={role} permanent={wide} mobileOpen={mobileOpen} onClose={() => setMobileOpen(false)} />}
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
          <Toolbar />
          <ImpersonationBanner />
          {/* a page that fails to load or to render says so here, inside the shell */}
          <RouteErrorBoundary resetKey={pathname}>
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </Box>
      </Box>
      <RoleSwitcherOnDemand used={switcher.used} />
    </RoleSwitcherContext.Provider>
  );
}

/** Pages outside the signed-in area that still show the navbar (404 for a visitor). */
export function PublicShell({ children }: { children: React.ReactNode }) {
  const switcher = useRoleSwitcherState();
  return (
    <RoleSwitcherContext.Provider value={switcher}>
      <Navbar />
      <Toolbar />
      {children}
      <RoleSwitcherOnDemand used={switcher.used} />
    </RoleSwitcherContext.Provider>
  );
}
