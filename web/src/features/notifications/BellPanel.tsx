import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../lib/format';
import type { NotificationRow, useBell } from './useNotifications';

/** NotificationBell's panel (loaded on demand): the latest notices, Mark read, Mark all read. */
export function BellPanel({
  bell,
  anchor,
  onClose,
  onFollow,
}: {
  bell: ReturnType<typeof useBell>;
  anchor: HTMLElement | null;
  onClose(): void;
  onFollow(n: NotificationRow): void;
}) {
  const open = Boolean(anchor);
  return (
    <Popover
      id="notifications-panel"
      anchorEl={anchor}
      open={open}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: { role: 'dialog', 'aria-labelledby': 'notifications-panel-title', sx: { width: 360, maxWidth: 'calc(100vw - 16px)' } },
      }}
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
            <BellItem key={n.id} n={n} onFollow={onFollow} onMarkRead={(x) => void bell.markRead(x).catch(() => undefined)} />
          ))}
        </List>
      )}
    </Popover>
  );
}

function BellItem({
  n,
  onFollow,
  onMarkRead,
}: {
  n: NotificationRow;
  onFollow(n: NotificationRow): void;
  onMarkRead(n: NotificationRow): void;
}) {
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
          {unread && (
            <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              Unread:{' '}
            </Box>
          )}
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
