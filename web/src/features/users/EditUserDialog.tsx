import TextField from '@mui/material/TextField';
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
  onClose(): void;
  onSave(input: UpdateUserInput): Promise<string | null>;
}

/** Edit a user's name, email and role (the checks of Create User; the server decides the same again). */
export function EditUserDialog({ user, assignableRoles, isSelf, onClose, onSave }: EditUserDialogProps) {
  const form = useDialogForm({ firstName: user.firstName, lastName: user.lastName, email: user.email ?? '', role: user.role as string }, onClose);
  const roles = isSelf ? [user.role] : assignableRoles;
  return (
    <FormDialog
      id="edit-user"
      title={`Edit ${user.firstName} ${user.lastName}`}
      submitLabel="Save Changes"
      onSubmit={form.submitWith(validateNewUser, (v) =>
        onSave({ id: user.id, firstName: v.firstName.trim(), lastName: v.lastName.trim(), email: v.email.trim(), role: isSelf ? undefined : (v.role as Role) }),
      )}
      {...form.dialog}
    >
      <TextField id="edit-user-first-name" label="First Name" autoComplete="off" {...form.text('firstName')} />
      <TextField id="edit-user-last-name" label="Last Name" autoComplete="off" {...form.text('lastName')} />
      <TextField id="edit-user-email" label="Email" type="email" autoComplete="off" {...form.text('email')} />
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
            {role}
          </option>
        ))}
      </TextField>
    </FormDialog>
  );
}
