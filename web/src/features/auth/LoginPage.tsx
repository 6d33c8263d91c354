import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { CenteredCard } from '../../components/CenteredCard';
import { TextInput } from '../../components/TextInput';
import { useLoginForm } from './useLoginForm';
import { ROUTES } from '@lms/routes';

export function LoginPage() {
  const { fields, fieldErrors, submitting, error, onTextChange, onRememberChange, onSubmit } = useLoginForm();

  return (
    <CenteredCard title="School LMS" subtitle="Welcome back. Please enter your details.">
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          <AlertTitle>Error</AlertTitle>
          {error}
        </Alert>
      )}
      {/* POST: sent before the page has hydrated (it arrives rendered), the form's fields never reach an address or
          a log; the server answers with /login again (web-client.ts) */}
      <Box component="form" method="post" noValidate onSubmit={onSubmit} aria-label="Sign in">
        <TextInput
          id="email"
          name="email"
          type="email"
          label="Email address"
          autoComplete="email"
          autoFocus
          value={fields.email}
          onChange={onTextChange('email')}
          error={fieldErrors.email}
        />
        <TextInput
          id="password"
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          value={fields.password}
          onChange={onTextChange('password')}
          error={fieldErrors.password}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', my: 1 }}>
          <FormControlLabel
            control={<Checkbox name="rememberMe" checked={fields.rememberMe} onChange={onRememberChange} />}
            label="Remember me"
          />
          <Link component={RouterLink} to={ROUTES.forgotPassword}>
            Forgot your password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting} sx={{ mt: 1 }}>
          Sign in
        </Button>
      </Box>
    </CenteredCard>
  );
}
