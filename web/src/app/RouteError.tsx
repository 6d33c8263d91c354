import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRouteError } from 'react-router-dom';

/**
 * A page's code could not be loaded: after a deploy the old chunk names answer 404, or the network dropped.
 * Browsers word it differently (Chromium, Firefox, Safari, Vite's preload helper).
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported/i.test(message);
}

/**
 * The routes' error element: a page whose code failed to load or that failed to render shows this instead of a
 * blank screen, with a Reload button (a reload fetches the current build's files). Under /dashboard it shows in
 * the main area, so the navbar and sidebar stay; elsewhere (`fullPage`) it fills the window.
 */
export function RouteError({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useEffect(() => console.error(chunk ? 'Failed to load a page of the app' : 'A page failed', error), [chunk, error]);

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
