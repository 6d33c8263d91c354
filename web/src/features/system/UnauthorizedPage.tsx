import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { CenteredCard } from '../../components/CenteredCard';
import { ROUTES } from '@lms/routes';

export function UnauthorizedPage() {
  return (
    <CenteredCard title="Access Denied">
      <Typography sx={{ textAlign: 'center', mb: 3 }}>You don't have permission to access this page.</Typography>
      <Button component={RouterLink} to={ROUTES.dashboard} variant="contained" fullWidth>
        Return to Dashboard
      </Button>
    </CenteredCard>
  );
}
