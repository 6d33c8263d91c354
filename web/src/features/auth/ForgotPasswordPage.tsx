import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { CenteredCard } from '../../components/CenteredCard';
import { TextInput } from '../../components/TextInput';
import { FORGOT_SUCCESS_TEXT, useForgotPassword } from './usePasswordReset';
import { ROUTES } from '@lms/routes';

export function ForgotPasswordPage() {
  const { email, error, sent, loading, onEmailChange, onSubmit } = useForgotPassword();

  if (sent) {
    return (
      <CenteredCard title="Check your email">
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          {FORGOT_SUCCESS_TEXT}
        </Alert>
        <Typography sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to={ROUTES.login}>
            Return to login
          </Link>
        </Typography>
      </CenteredCard>
    );
  }

  return (
    <CenteredCard title="Forgot password" subtitle="Enter your email and we will send you a link to choose a new one.">
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <TextInput
          id="email"
          name="email"
          type="email"
          label="Email address"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(e) => onEmailChange(e.target.value)}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={loading} sx={{ mt: 2 }}>
          Send Reset Link
        </Button>
      </Box>
      <Typography sx={{ textAlign: 'center', mt: 3 }}>
        <Link component={RouterLink} to={ROUTES.login}>
          Back to login
        </Link>
      </Typography>
    </CenteredCard>
  );
}
