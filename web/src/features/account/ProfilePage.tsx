import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Banner } from '../../components/Banner';
import { Loaded } from '../../components/DetailPage';
import { useDialogForm } from '../../components/useDialogForm';
import type { RequestEmailChangeInput, UpdateProfileInput } from '../../gql/types';
import { ROLE_LABEL } from '../../lib/roles';
import type { SessionUser } from '../../lib/session';
import { FormSection } from './FormSection';
import { useProfile } from './useProfile';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** /profile, every role: first and last name (editable), email and role (read-only), and a request for a new email. */
export function ProfilePage() {
  useDocumentTitle('Your Profile');
  const profile = useProfile();
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        Your Profile
      </Typography>
      <Banner severity="success" message={profile.success} onClose={profile.clearSuccess} />
      <Loaded loading={profile.loading} error={profile.loadError} value={profile.user} notFoundText="Profile not found.">
        {(user) => (
          <>
            <ProfileForm key={user.id} user={user} onSave={profile.save} />
            <EmailForm key={`email-${user.id}`} pendingEmail={user.pendingEmail ?? null} onSave={profile.changeEmail} />
          </>
        )}
      </Loaded>
    </>
  );
}

interface ProfileFormProps {
  user: SessionUser;
  onSave(input: UpdateProfileInput): Promise<string | null>;
}

function ProfileForm({ user, onSave }: ProfileFormProps) {
  // a page form, not a dialog: nothing closes after a save, the fields keep the saved name
  const form = useDialogForm<UpdateProfileInput>({ firstName: user.firstName, lastName: user.lastName }, () => undefined);
  const submit = form.submitWith(
    () => ({}), // the server checks the names and says what is wrong
    (values) => {
      form.setError(null);
      return onSave({ firstName: values.firstName, lastName: values.lastName });
    },
  );

  return (
    <FormSection
      id="profile-details"
      title="Personal Details"
      submitLabel="Save"
      onSubmit={submit}
      submitting={form.dialog.submitting}
      error={form.dialog.error}
      sx={{ gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <TextField id="profile-first-name" label="First Name" name="firstName" autoComplete="given-name" {...form.text('firstName')} />
      <TextField id="profile-last-name" label="Last Name" name="lastName" autoComplete="family-name" {...form.text('lastName')} />
      <ReadOnlyField label="Email" value={user.email ?? ''} />
      <ReadOnlyField label="Role" value={ROLE_LABEL[user.role]} />
    </FormSection>
  );
}

/** Your own sign-in email: the new address gets a link, and the email changes when it is opened. */
function EmailForm({
  pendingEmail,
  onSave,
}: {
  pendingEmail: string | null;
  onSave(input: RequestEmailChangeInput): Promise<string | null>;
}) {
  const form = useDialogForm<RequestEmailChangeInput>({ newEmail: '', currentPassword: '' }, () => undefined);
  const submit = form.submitWith(
    () => ({}),
    async (values) => {
      form.setError(null);
      const failed = await onSave({ newEmail: values.newEmail.trim(), currentPassword: values.currentPassword });
      if (!failed) form.replace({ newEmail: '', currentPassword: '' });
      return failed;
    },
  );
  return (
    <FormSection
      id="profile-email"
      title="Change Email"
      submitLabel="Send confirmation link"
      onSubmit={submit}
      submitting={form.dialog.submitting}
      error={form.dialog.error}
      sx={{ mt: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <TextField
        id="profile-new-email"
        label="New Email"
        type="email"
        autoComplete="email"
        {...form.text('newEmail')}
        helperText={
          pendingEmail
            ? `Waiting for confirmation at ${pendingEmail}`
            : 'You keep signing in with your current email until the link sent to the new one is opened'
        }
      />
      <TextField
        id="profile-email-password"
        label="Current Password"
        type="password"
        autoComplete="current-password"
        {...form.text('currentPassword')}
      />
    </FormSection>
  );
}

/** A value the user cannot change here, labelled like the fields beside it. */
function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}
