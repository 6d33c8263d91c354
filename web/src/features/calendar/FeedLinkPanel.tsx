import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Banner } from '../../components/Banner';
import { confirmAction } from '../../components/confirm';
import { useActionMessages } from '../../components/useActionMessages';
import {
  CalendarFeedDocument,
  useCalendarFeedQuery,
  useCreateCalendarFeedLinkMutation,
  useDeleteCalendarFeedLinkMutation,
  type CreateCalendarFeedLinkMutation,
} from './calendar.generated';

type NewLink = CreateCalendarFeedLinkMutation['createCalendarFeedLink'];

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : null);

/**
 * 'Subscribe in your calendar app': the secret address of the user's ICS feed. The server keeps only its hash,
 * so the address is shown once, right after 'Create link' or 'Reset link' (which revokes the old one).
 */
export function FeedLinkPanel({ impersonating }: { impersonating: boolean }) {
  const status = useCalendarFeedQuery({ fetchPolicy: 'cache-and-network' });
  const refetch = { refetchQueries: [CalendarFeedDocument], awaitRefetchQueries: true };
  const [create, creating] = useCreateCalendarFeedLinkMutation(refetch);
  const [remove, removing] = useDeleteCalendarFeedLinkMutation(refetch);
  const [link, setLink] = useState<NewLink | null>(null);
  const messages = useActionMessages();
  const feed = status.data?.calendarFeed;
  const busy = creating.loading || removing.loading;

  const createLink = () => {
    if (feed?.enabled && !confirmAction('Reset the link? Calendars subscribed to the old address stop updating.')) return;
    void messages.act(
      async () => {
        const { data } = await create();
        setLink(data?.createCalendarFeedLink ?? null);
      },
      feed?.enabled ? 'Calendar link reset' : 'Calendar link created',
      'Failed to create the calendar link',
    );
  };
  const turnOff = () => {
    if (!confirmAction('Turn off the calendar link? Calendars subscribed to it stop updating.')) return;
    void messages.act(
      async () => {
        await remove();
        setLink(null);
      },
      'Calendar link turned off',
      'Failed to turn off the calendar link',
    );
  };
  const copy = () =>
    messages.act(() => navigator.clipboard.writeText(link!.url), 'Link copied', 'Copy failed: select the address and copy it');

  return (
    <Paper component="section" aria-labelledby="calendar-feed-title" variant="outlined" sx={{ p: 2, mt: 3 }}>
      <Typography id="calendar-feed-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        Subscribe in your calendar app
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Google Calendar (Other calendars, From URL) and Outlook (Add calendar, Subscribe from web) can follow these due dates through a
        private link. Anyone with the link sees your due dates: keep it to yourself, and reset it if it leaks.
      </Typography>
      <Banner severity="success" message={messages.success} onClose={messages.clearSuccess} />
      <Banner severity="error" message={messages.actionError} onClose={messages.clearError} />
      {link && (
        <Box sx={{ mb: 2 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
            <TextField
              label="Your calendar link"
              value={link.url}
              fullWidth
              size="small"
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'calendar-feed-url' } }}
              onFocus={(e) => e.target.select()}
            />
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy} sx={{ flex: '0 0 auto' }}>
              Copy
            </Button>
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Copy it now: it is shown only once.{' '}
            <Link href={link.webcalUrl} underline="always">
              Open in your calendar app
            </Link>
          </Typography>
        </Box>
      )}
      {!link && feed?.enabled && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          {`A link is on since ${when(feed.createdAt)}${feed.lastFetchedAt ? `; last read by a calendar app ${when(feed.lastFetchedAt)}` : '; no calendar app has read it yet'}. `}
          Lost it? Reset the link to get a new one.
        </Typography>
      )}
      {impersonating ? (
        <Typography variant="body2" color="text.secondary">
          Switch back to your own role to manage your calendar link.
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={createLink} disabled={busy || status.loading}>
            {feed?.enabled ? 'Reset link' : 'Create link'}
          </Button>
          {feed?.enabled && (
            <Button variant="outlined" color="error" onClick={turnOff} disabled={busy}>
              Turn off
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}
