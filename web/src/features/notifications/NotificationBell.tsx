import { useState, type MouseEvent } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../courses/format';
import { useBell, type NotificationRow } from './useNotifications';

/**
 * The navbar's bell (issue 17 point 4): the unread count as a badge, and a panel of the latest notices, each a
 * link to its page (following one marks it read) with Mark read, and Mark all read. A panel (a dialog holding a
 * list of links and buttons) rather than a menu, whose items could hold no buttons. Fits a 375 px phone: never
 * wider than the screen, long titles wrap.
 */
export function NotificationBell() {
  const bell = useBell();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const close = () => setAnchor(null);
  const label = bell.unread ? `Notifications (${bell.unread} unread)` : 'Notifications';

  const openMenu = (event: MouseEvent<HTMLElement>) => {
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
      <Popover
        id="notifications-panel"
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': 'notifications-panel-title', sx: { width: 360, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography id="notifications-panel-title" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
            Notifications
          </Typography>
          <Button size="small" disabled={!bell.unread} onClick={() => void bell.markAllRead().catch(() => undefined)}>
            Mark all read
          </Button>
        </Box>
        <Divider />
        {bell.items.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
            {bell.loading ? 'Loading notifications...' : 'You have no notifications.'}
          </Typography>
        ) : (
          <List dense disablePadding aria-label="Latest notifications">
            {bell.items.map((n) => (
              <BellItem key={n.id} n={n} onFollow={follow} onMarkRead={(x) => void bell.markRead(x).catch(() => undefined)} />
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}

function BellItem({ n, onFollow, onMarkRead }: { n: NotificationRow; onFollow(n: NotificationRow): void; onMarkRead(n: NotificationRow): void }) {
  const unread = !n.readAt;
  return (
    <ListItem disablePadding sx={{ alignItems: 'flex-start' }}>
      <ListItemButton
        component={RouterLink}
        to={n.link}
        onClick={() => onFollow(n)}
        sx={{ flexGrow: 1, minWidth: 0, alignItems: 'flex-start', flexDirection: 'column', py: 1 }}
      >
        <Typography variant="body2" sx={{ fontWeight: unread ? 600 : 400, overflowWrap: 'anywhere' }}>
          {unread && <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Unread: </Box>}
          {n.title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(n.createdAt)}
        </Typography>
      </ListItemButton>
      {unread && (
        <Button size="small" onClick={() => onMarkRead(n)} aria-label={`Mark read: ${n.title}`} sx={{ mt: 0.5, mr: 1, flexShrink: 0 }}>
          Mark read
        </Button>
      )}
    </ListItem>
  );
}
