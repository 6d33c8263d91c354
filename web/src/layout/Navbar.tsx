import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import LogoutIcon from '@mui/icons-material/Logout';
import MailIcon from '@mui/icons-material/Mail';
import MenuIcon from '@mui/icons-material/Menu';
import SchoolIcon from '@mui/icons-material/School';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useIsRouted } from '../lib/knownRoutes';
import { useSession } from '../lib/session';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { UserMenu } from './UserMenu';
import { SWITCHER_ROLES, useRoleSwitcherControl } from './useRoleSwitcher';
import { ROUTES } from '@lms/routes';

interface NavbarProps {
  /** Toggles the sidebar overlay on narrow screens; no menu button without it. */
  onMenuClick?: () => void;
}

/** The spec's Messages page (sidebar of Admin and Parent); the mail icon leads there once it exists. */
const MESSAGES_PATH = ROUTES.messages;

/** An icon of the spec that does nothing yet: shown disabled, its tooltip says so (a span, as a disabled button gets no hover). */
function ComingSoonIcon({ label, icon }: { label: string; icon: ReactNode }) {
  return (
    <Tooltip title={`${label}: coming soon`}>
      <span>
        <IconButton
          color="inherit"
          disabled
          aria-label={`${label} (coming soon)`}
          sx={{ '&.Mui-disabled': { color: 'inherit', opacity: 0.5 } }}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function Navbar({ onMenuClick }: NavbarProps) {
  const { user, originalRole, logout } = useSession();
  const { openSwitcher } = useRoleSwitcherControl();
  const canSwitch = originalRole !== null && SWITCHER_ROLES.includes(originalRole);
  const isRouted = useIsRouted();

  // A failed logout keeps the session; the navbar shows nothing (the session logs it).
  const signOut = () => void logout();

  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        {onMenuClick && user && (
          <IconButton color="inherit" edge="start" aria-label="Open navigation menu" onClick={onMenuClick} sx={{ display: { md: 'none' } }}>
            <MenuIcon />
          </IconButton>
        )}
        <Link
          component={RouterLink}
          to={user ? ROUTES.dashboard : ROUTES.home}
          color="inherit"
          underline="none"
          aria-label="School LMS home"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 700, fontSize: '1.15rem' }}
        >
          <SchoolIcon aria-hidden="true" />
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            School LMS
          </Box>
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        {user ? (
          <>
            {canSwitch && (
              <Button
                color="inherit"
                variant="outlined"
                size="small"
                startIcon={<SwapHorizIcon aria-hidden="true" />}
                onClick={openSwitcher}
                sx={{ mr: 1 }}
              >
                Switch Role
              </Button>
            )}
            <NotificationBell />
            {isRouted(MESSAGES_PATH) ? (
              <Tooltip title="Messages">
                <IconButton component={RouterLink} to={MESSAGES_PATH} color="inherit" aria-label="View messages">
                  <MailIcon />
                </IconButton>
              </Tooltip>
            ) : (
              <ComingSoonIcon label="Messages" icon={<MailIcon />} />
            )}
            <Tooltip title="Logout">
              <IconButton color="inherit" aria-label="Logout" onClick={signOut}>
                <LogoutIcon />
              </IconButton>
            </Tooltip>
            <UserMenu user={user} onSignOut={signOut} />
          </>
        ) : (
          <Button component={RouterLink} to={ROUTES.login} color="inherit">
            Login
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
