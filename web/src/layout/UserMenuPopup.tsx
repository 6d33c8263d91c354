import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { SessionUser } from '../lib/session';
import { ROUTES } from '@lms/routes';

/** UserMenu's menu (loaded on demand): the user's name and email, Your Profile, Settings and Sign out. */
export function UserMenuPopup({
  user,
  anchor,
  onClose,
  onSignOut,
}: {
  user: SessionUser;
  anchor: HTMLElement | null;
  onClose(): void;
  onSignOut(): void;
}) {
  const open = Boolean(anchor);
  return (
    <Menu
      id="user-menu"
      anchorEl={anchor}
      open={open}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Box sx={{ px: 2, py: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{`${user.firstName} ${user.lastName}`}</Typography>
        <Typography variant="body2" color="text.secondary">
          {user.email}
        </Typography>
      </Box>
      <Divider />
      <MenuItem component={RouterLink} to={ROUTES.profile} onClick={onClose}>
        Your Profile
      </MenuItem>
      <MenuItem component={RouterLink} to={ROUTES.settings} onClick={onClose}>
        Settings
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          onSignOut();
        }}
      >
        Sign out
      </MenuItem>
    </Menu>
  );
}
