import { Suspense, useState, type MouseEvent } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { lazyPage } from '../../lib/lazyPage';
import { useBell, type NotificationRow } from './useNotifications';

/** The panel: its code (MUI's Popover, Modal, List) loads when first opened or when the browser is idle. */
export const BellPanel = lazyPage(() => import('./BellPanel'), 'BellPanel');

/**
 * The navbar's bell (issue 17 point 4): the unread count as a badge, and a panel of the latest notices, each a
 * link to its page (following one marks it read) with Mark read, and Mark all read. A panel (a dialog holding a
 * list of links and buttons) rather than a menu, whose items could hold no buttons. Fits a 375 px phone: never
 * wider than the screen, long titles wrap.
 */
export function NotificationBell() {
  const bell = useBell();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // mounted from the first opening on, so its closing transition and focus return work as before
  const [used, setUsed] = useState(false);
  const open = Boolean(anchor);
  const close = () => setAnchor(null);
  const label = bell.unread ? `Notifications (${bell.unread} unread)` : 'Notifications';

  const openMenu = (event: MouseEvent<HTMLElement>) => {
    setUsed(true);
    setAnchor(event.currentTarget);
    bell.refresh();
  };
  const follow = (n: NotificationRow) => {
    close();
    // a failed mark leaves it unread; the next poll shows the truth
    void bell.markRead(n).catch(() => undefined);
  };

  return (
    <>
      {/* the count sits beside the button, not in it: the button's name says it, and its visible text must be part of that name */}
      <Badge badgeContent={bell.unread} color="error" max={99} overlap="circular" slotProps={{ badge: { 'aria-hidden': true } }}>
        <Tooltip title="Notifications">
          <IconButton
            color="inherit"
            aria-label={label}
            aria-controls={open ? 'notifications-panel' : undefined}
            aria-haspopup="dialog"
            aria-expanded={open ? 'true' : undefined}
            onClick={openMenu}
          >
            <NotificationsIcon />
          </IconButton>
        </Tooltip>
      </Badge>
      {used && (
        <Suspense fallback={null}>
          <BellPanel bell={bell} anchor={anchor} onClose={close} onFollow={follow} />
        </Suspense>
      )}
    </>
  );
}
