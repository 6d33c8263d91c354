import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PublicShell } from '../../layout/AppLayout';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ROUTES } from '@lms/routes';

/** The 404 text and link; inside the signed-in layout for unknown /dashboard paths. */
export function NotFoundPanel() {
  useDocumentTitle('Page Not Found');
  return (
    <Box sx={{ py: 8, px: 2, maxWidth: 560, mx: 'auto', textAlign: 'center' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        404 - Page Not Found
      </Typography>
      <Typography sx={{ mb: 3 }}>The page you are looking for does not exist.</Typography>
      <Button component={RouterLink} to={ROUTES.home} variant="contained">
        Return to Home
      </Button>
    </Box>
  );
}

/** Any other path: the 404 page under the navbar (which shows a Login link to a visitor). */
export function NotFoundPage() {
  return (
    <PublicShell>
      <Box component="main">
        <NotFoundPanel />
      </Box>
    </PublicShell>
  );
}
