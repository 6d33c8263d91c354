import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { CenteredCard } from '../../components/CenteredCard';
import { TextInput } from '../../components/TextInput';
import { RESET_SUCCESS_TEXT, useResetPassword } from './usePasswordReset';
import { ROUTES } from '@lms/routes';

export function ResetPasswordPage() {
  const { token = '' } = useParams<{ token: string }>();
  const form = useResetPassword(token);

  if (form.done) {
    return (
      <CenteredCard title="Password updated">
        <Alert severity="success" role="status">
          {RESET_SUCCESS_TEXT}
        </Alert>
      </CenteredCard>
    );
  }

  return (
    <CenteredCard title="Choose a new password">
      {form.error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {form.error}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={form.onSubmit}>
        <TextInput
          id="new-password"
          name="password"
          type="password"
          label="New Password"
          autoComplete="new-password"
          autoFocus
          value={form.password}
          onChange={(e) => form.onPasswordChange(e.target.value)}
        />
        <TextInput
          id="confirm-password"
          name="confirmPassword"
          type="password"
          label="Confirm New Password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(e) => form.onConfirmChange(e.target.value)}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={form.loading} sx={{ mt: 2 }}>
          Reset Password
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
