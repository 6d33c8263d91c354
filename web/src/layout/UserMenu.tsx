import { Suspense, useState, type MouseEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import PersonIcon from '@mui/icons-material/Person';
import { lazyPage } from '../lib/lazyPage';
import type { SessionUser } from '../lib/session';

/** The menu itself: its code (MUI's Menu, Popover, Modal) loads when first opened or when the browser is idle. */
export const UserMenuPopup = lazyPage(() => import('./UserMenuPopup'), 'UserMenuPopup');

interface UserMenuProps {
  user: SessionUser;
  onSignOut(): void;
}

/** Avatar button with the user's name and email, Your Profile, Settings and Sign out. */
export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // mounted from the first opening on, so its closing transition and focus return work as before
  const [used, setUsed] = useState(false);
  const open = Boolean(anchor);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        aria-label="Open user menu"
        aria-controls={open ? 'user-menu' : undefined}
        aria-haspopup="true"
        aria-expanded={open ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ p: 0.5 }}
      >
        {/* An icon, not initials: visible text would have to be part of the button's name. */}
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main' }}>
          <PersonIcon aria-hidden="true" />
        </Avatar>
      </IconButton>
      {used && (
        <Suspense fallback={null}>
          <UserMenuPopup user={user} anchor={anchor} onClose={close} onSignOut={onSignOut} />
        </Suspense>
      )}
    </>
  );
}
