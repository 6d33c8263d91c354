import { Component, type ErrorInfo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/**
 * A page's code could not be loaded: after a deploy the old chunk names answer 404, or the network dropped.
 * Browsers word it differently (Chromium, Firefox, Safari, Vite's preload helper).
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported/i.test(
    message,
  );
}

/** The message with a Reload button (a reload fetches the current build's files). */
export function RouteError({ error, fullPage = false }: { error: unknown; fullPage?: boolean }) {
  const chunk = isChunkLoadError(error);
  return (
    <Box component={fullPage ? 'main' : 'div'} sx={{ py: fullPage ? 8 : 2, px: 2, maxWidth: 640, mx: 'auto' }}>
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" variant="outlined" size="small" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        <AlertTitle>{chunk ? 'This page could not be loaded' : 'Something went wrong'}</AlertTitle>
        {chunk
          ? 'The app may have been updated since you opened it, or the connection dropped. Reload to get the current version.'
          : 'This page ran into an error. Reload to try again.'}
      </Alert>
    </Box>
  );
}

interface RouteErrorBoundaryProps {
  /** The page's path: going to another page clears the error. */
  resetKey: string;
  /** Fill the window (outside the signed-in layout) rather than the layout's main area. */
  fullPage?: boolean;
  children: ReactNode;
}

/**
 * The routes' error boundary: a page whose lazy chunk fails to load (e.g. after a deploy) or that throws while
 * rendering shows RouteError instead of a blank screen. AppLayout puts one around its <Outlet />, so the navbar
 * and sidebar stay; AppRoutes puts one around everything else. A plain React boundary rather than React
 * Router's errorElement, which needs the data router: that router alone would put /login over its 200 KB budget.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(isChunkLoadError(error) ? 'Failed to load a page of the app' : 'A page failed', error, info.componentStack);
  }

  render() {
    if (this.state.error !== null) return <RouteError error={this.state.error} fullPage={this.props.fullPage} />;
    return this.props.children;
  }
}
