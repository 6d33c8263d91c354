import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Banner } from '../../components/Banner';
import { Loaded } from '../../components/DetailPage';
import { useDialogForm } from '../../components/useDialogForm';
import type { UpdateProfileInput } from '../../gql/types';
import type { SessionUser } from '../../app/session';
import { FormSection } from './FormSection';
import { useProfile } from './useProfile';
import { useDocumentTitle } from '../../layout/useDocumentTitle';

/** /profile, every role: first and last name (editable), email and role (read-only). */
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
        {(user) => <ProfileForm key={user.id} user={user} onSave={profile.save} />}
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
      <ReadOnlyField label="Role" value={user.role} />
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
