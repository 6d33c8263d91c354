import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROLE_LABEL } from '../lib/roles';
import { useRoleSwitch, useRoleSwitcherControl } from './useRoleSwitcher';

export function RoleSwitcherDialog() {
  const { open, closeSwitcher } = useRoleSwitcherControl();
  const { canSwitch, roles, activeRole, isImpersonating, originalRole, pending, error, clearError, switchTo } = useRoleSwitch();

  if (!canSwitch) return null;

  const close = () => {
    clearError();
    closeSwitcher();
  };

  const choose = async (role: (typeof roles)[number]) => {
    if (await switchTo(role)) closeSwitcher();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="role-switcher-title" fullWidth maxWidth="xs">
      <DialogTitle id="role-switcher-title">Switch Role</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Impersonation is temporary and session-based: you see the app as the chosen role until you switch back or sign out. Your real role
          stays unchanged in the database.
        </DialogContentText>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Currently viewing as <strong>{activeRole && ROLE_LABEL[activeRole]}</strong>
          {isImpersonating && originalRole ? ` (your actual role is ${ROLE_LABEL[originalRole]})` : ''}.
        </Typography>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {roles.length === 0 ? (
          <Typography color="text.secondary">There are no other roles to view as.</Typography>
        ) : (
          <Stack spacing={1} role="group" aria-label="View as role">
            {roles.map((role) => (
              <Button key={role} variant="outlined" disabled={pending} onClick={() => void choose(role)}>
                {ROLE_LABEL[role]}
              </Button>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
