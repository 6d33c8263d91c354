import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ROLE_LABEL } from '../../lib/roles';
import { FormDialog } from '../../components/FormDialog';
import { useDialogForm } from '../../components/useDialogForm';
import type { Role, UpdateUserInput } from '../../gql/types';
import { validateNewUser } from './useCreateUserForm';
import type { UserRow } from './useUsers';

interface EditUserDialogProps {
  user: UserRow;
  /** The roles the viewer may assign (platform.md section 6). */
  assignableRoles: readonly Role[];
  /** Your own role is never changed: the role field is then fixed. */
  isSelf: boolean;
  /** SuperAdmin and Admin may change the email of others; a Teacher may not (the field is then fixed). */
  canChangeEmail: boolean;
  onClose(): void;
  onSave(input: UpdateUserInput): Promise<string | null>;
}

/**
 * Edit a user's name, email and role (the checks of Create User; the server decides the same again). A new
 * email waits for the link mailed to it; for a user who never signed in an administrator may mark it verified.
 */
export function EditUserDialog({ user, assignableRoles, isSelf, canChangeEmail, onClose, onSave }: EditUserDialogProps) {
  const form = useDialogForm(
    { firstName: user.firstName, lastName: user.lastName, email: user.email ?? '', role: user.role as string },
    onClose,
  );
  const [verified, setVerified] = useState(false);
  const roles = isSelf ? [user.role] : assignableRoles;
  const emailChanged = form.values.email.trim().toLowerCase() !== (user.email ?? '').toLowerCase();
  const emailHelp = !canChangeEmail
    ? 'Only SuperAdmin and Admin can change the email'
    : user.pendingEmail
      ? `Waiting for confirmation at ${user.pendingEmail}`
      : 'A new email takes effect when the link sent to it is opened';
  return (
    <FormDialog
      id="edit-user"
      title={`Edit ${user.firstName} ${user.lastName}`}
      submitLabel="Save Changes"
      onSubmit={form.submitWith(validateNewUser, (v) =>
        onSave({
          id: user.id,
          firstName: v.firstName.trim(),
          lastName: v.lastName.trim(),
          email: canChangeEmail ? v.email.trim() : undefined,
          role: isSelf ? undefined : (v.role as Role),
          emailVerified: emailChanged && verified ? true : undefined,
        }),
      )}
      {...form.dialog}
    >
      <TextField id="edit-user-first-name" label="First Name" autoComplete="off" {...form.text('firstName')} />
      <TextField id="edit-user-last-name" label="Last Name" autoComplete="off" {...form.text('lastName')} />
      <TextField
        id="edit-user-email"
        label="Email"
        type="email"
        autoComplete="off"
        disabled={!canChangeEmail}
        {...form.text('email')}
        helperText={form.errors.email ?? emailHelp}
      />
      {canChangeEmail && !user.activated && emailChanged && (
        <FormControlLabel
          control={<Checkbox id="edit-user-email-verified" checked={verified} onChange={(e) => setVerified(e.target.checked)} />}
          label="The new email is right: send the invitation there now (the user has not signed in yet)"
        />
      )}
      <TextField
        id="edit-user-role"
        label="Role"
        select
        disabled={isSelf}
        {...form.text('role')}
        helperText={isSelf ? 'You cannot change your own role' : form.errors.role}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABEL[role]}
          </option>
        ))}
      </TextField>
    </FormDialog>
  );
}
