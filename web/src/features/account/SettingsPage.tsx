import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Banner } from '../../components/Banner';
import { Loaded } from '../../components/DetailPage';
import { formatDateTime } from '../../lib/format';
import { FormSection } from './FormSection';
import { useAccountSessions, useChangePassword, type AccountSessionRow } from './useAccountSettings';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { DigestSettingSection } from './DigestSettingSection';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { ROUTES } from '@lms/routes';

/** /settings, every role: change your password, see where you are signed in and sign a session out. */
export function SettingsPage() {
  useDocumentTitle('Settings');
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        Settings
      </Typography>
      <ChangePasswordSection />
      <DigestSettingSection />
      <ActiveSessionsSection />
      <ApiAccessSection />
    </>
  );
}

/** Links to the API's credentials: your access tokens; applications for SuperAdmin and Admin. */
function ApiAccessSection() {
  const { abilities } = useSession();
  return (
    <Paper component="section" aria-labelledby="api-title" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography id="api-title" variant="h2" component="h2" sx={{ mb: 1 }}>
        API access
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        For scripts and other systems that use the school&apos;s API.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={ROUTES.accessTokens} variant="outlined">
          Access tokens
        </Button>
        {abilities?.manageApplications && (
          <Button component={RouterLink} to={ROUTES.integrations} variant="outlined">
            Integrations
          </Button>
        )}
      </Box>
    </Paper>
  );
}

function ChangePasswordSection() {
  const { form, submit, done, clearDone } = useChangePassword();
  const field = (key: 'currentPassword' | 'newPassword' | 'confirmPassword', id: string, label: string, autoComplete: string) => (
    <TextField id={id} label={label} name={key} type="password" autoComplete={autoComplete} {...form.text(key)} />
  );

  return (
    <>
      <Banner severity="success" message={done} onClose={clearDone} />
      <FormSection
        id="change-password"
        title="Change Password"
        submitLabel="Change Password"
        onSubmit={submit}
        submitting={form.dialog.submitting}
        error={form.dialog.error}
        sx={{ maxWidth: 480 }}
      >
        {field('currentPassword', 'current-password', 'Current password', 'current-password')}
        {field('newPassword', 'new-password', 'New password', 'new-password')}
        {field('confirmPassword', 'confirm-new-password', 'Confirm new password', 'new-password')}
      </FormSection>
    </>
  );
}

function ActiveSessionsSection() {
  const sessions = useAccountSessions();
  return (
    <Paper component="section" aria-labelledby="sessions-title" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="sessions-title" variant="h2" component="h2" sx={{ mb: 1 }}>
        Active Sessions
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Where your account is signed in. Signing out a session ends it on its next request.
      </Typography>
      <Banner severity="success" message={sessions.success} onClose={sessions.clearSuccess} />
      <Banner severity="error" message={sessions.error} onClose={sessions.clearError} />
      <Loaded loading={sessions.loading} error={sessions.loadError} value={sessions.sessions} notFoundText="No sessions.">
        {(rows) => (
          <List aria-labelledby="sessions-title" disablePadding>
            {rows.map((s) => (
              <SessionItem key={s.id} session={s} onSignOut={() => void sessions.signOut(s)} />
            ))}
          </List>
        )}
      </Loaded>
    </Paper>
  );
}

function SessionItem({ session, onSignOut }: { session: AccountSessionRow; onSignOut(): void }) {
  const signedIn = formatDateTime(session.createdAt);
  return (
    <ListItem divider sx={{ px: 0, gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Typography>Signed in {signedIn}</Typography>
        <Typography variant="body2" color="text.secondary">
          Last used {formatDateTime(session.lastUsedAt)} · Ends {formatDateTime(session.expiresAt)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {session.current && <Chip size="small" color="primary" label="This session" />}
        {session.impersonating && <Chip size="small" color="warning" variant="outlined" label="Viewing as another role" />}
        {!session.current && (
          <Button
            size="small"
            color="error"
            variant="outlined"
            aria-label={`Sign out the session signed in ${signedIn}`}
            onClick={onSignOut}
          >
            Sign out
          </Button>
        )}
      </Box>
    </ListItem>
  );
}
