import type { CreateUserInput, Role } from '../../gql/types';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ROLE_LABEL } from '../../lib/roles';
import { useCreateUserForm } from './useCreateUserForm';

interface CreateUserFormProps {
  assignableRoles: readonly Role[];
  creating: boolean;
  onCreate(input: CreateUserInput): Promise<boolean>;
}

export function CreateUserForm({ assignableRoles, creating, onCreate }: CreateUserFormProps) {
  const { values, errors, setField, onSubmit } = useCreateUserForm(onCreate);

  return (
    <Paper component="section" aria-labelledby="create-user-title" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id="create-user-title" variant="h2" component="h2" sx={{ mb: 2 }}>
        Create New User
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <TextField
          id="new-user-first-name"
          label="First Name"
          name="firstName"
          autoComplete="off"
          value={values.firstName}
          onChange={(e) => setField('firstName', e.target.value)}
          error={Boolean(errors.firstName)}
          helperText={errors.firstName}
        />
        <TextField
          id="new-user-last-name"
          label="Last Name"
          name="lastName"
          autoComplete="off"
          value={values.lastName}
          onChange={(e) => setField('lastName', e.target.value)}
          error={Boolean(errors.lastName)}
          helperText={errors.lastName}
        />
        <TextField
          id="new-user-email"
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          value={values.email}
          onChange={(e) => setField('email', e.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email}
        />
        <TextField
          id="new-user-role"
          label="Role"
          name="role"
          select
          value={values.role}
          onChange={(e) => setField('role', e.target.value)}
          error={Boolean(errors.role)}
          helperText={errors.role}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {assignableRoles.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABEL[role]}
            </option>
          ))}
        </TextField>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" disabled={creating}>
            Create User
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
