import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { dayKey, longDay } from './calendarDates';
import { EventLink } from './EventLink';
import type { CalendarEvent } from './useCalendar';

interface AgendaListProps {
  days: Date[];
  byDay: Map<string, CalendarEvent[]>;
  todayKey: string;
  /** Show days without due dates too (the week view); a single chosen day always shows. */
  showEmpty?: boolean;
}

/** The week view (and a month's chosen day): each day with its due dates as links, today marked. */
export function AgendaList({ days, byDay, todayKey, showEmpty = true }: AgendaListProps) {
  return (
    <Paper variant="outlined" component="section" aria-label="Due dates by day">
      {days.map((d, i) => {
        const key = dayKey(d);
        const events = byDay.get(key) ?? [];
        if (!showEmpty && !events.length) return null;
        const isToday = key === todayKey;
        return (
          <Box key={key} component="section" aria-label={longDay(d)} data-day={key} aria-current={isToday ? 'date' : undefined}>
            {i > 0 && <Divider />}
            <Box sx={{ px: 2, py: 1.5, bgcolor: isToday ? 'action.selected' : undefined }}>
              <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700, color: isToday ? 'primary.main' : undefined }}>
                {longDay(d)}
                {isToday ? ' · Today' : ''}
              </Typography>
              {events.length ? (
                events.map((e) => <EventLink key={e.id} event={e} />)
              ) : (
                <Typography variant="body2" color="text.secondary" sx={{ py: 0.5 }}>
                  Nothing due
                </Typography>
              )}
            </Box>
          </Box>
        );
      })}
    </Paper>
  );
}
