import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { dayKey, longDay, WEEKDAYS } from './calendarDates';
import { EventLink } from './EventLink';
import type { CalendarEvent } from './useCalendar';

interface MonthGridProps {
  days: Date[];
  month: number;
  byDay: Map<string, CalendarEvent[]>;
  todayKey: string;
  selectedKey: string;
  onSelect(day: Date): void;
  /** On a phone a cell shows only how many are due; the chosen day's list follows the grid. */
  compact: boolean;
}

/** The month view: whole weeks, Monday first, today highlighted; each due date a link (wider screens). */
export function MonthGrid({ days, month, byDay, todayKey, selectedKey, onSelect, compact }: MonthGridProps) {
  return (
    <Box role="table" aria-label="Month" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      <Box role="row" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', bgcolor: 'action.hover' }}>
        {WEEKDAYS.map((w) => (
          <Typography key={w} role="columnheader" variant="caption" sx={{ textAlign: 'center', py: 0.5, fontWeight: 700 }}>
            {w}
          </Typography>
        ))}
      </Box>
      {Array.from({ length: days.length / 7 }, (_, week) => (
        <Box key={week} role="row" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' }}>
          {days.slice(week * 7, week * 7 + 7).map((d) => {
            const key = dayKey(d);
            const events = byDay.get(key) ?? [];
            const isToday = key === todayKey;
            const outside = d.getMonth() !== month;
            return (
              <Box
                key={key}
                role="cell"
                data-day={key}
                aria-current={isToday ? 'date' : undefined}
                sx={{
                  borderTop: 1,
                  borderLeft: 1,
                  borderColor: 'divider',
                  minWidth: 0,
                  minHeight: compact ? 48 : 104,
                  p: 0.5,
                  bgcolor: compact && key === selectedKey ? 'action.selected' : outside ? 'action.hover' : undefined,
                }}
              >
                <ButtonBase
                  onClick={() => onSelect(d)}
                  aria-label={`${longDay(d)}${isToday ? ', today' : ''}: ${events.length ? `${events.length} due` : 'nothing due'}`}
                  sx={{
                    width: 28,
                    height: 28,
                    borderRadius: '50%',
                    fontSize: '0.8125rem',
                    fontWeight: isToday ? 700 : 400,
                    color: isToday ? 'primary.contrastText' : outside ? 'text.secondary' : 'text.primary',
                    bgcolor: isToday ? 'primary.main' : undefined,
                  }}
                >
                  {d.getDate()}
                </ButtonBase>
                {compact ? (
                  events.length > 0 && (
                    <Box aria-hidden sx={{ display: 'flex', gap: '3px', justifyContent: 'center', mt: 0.25 }}>
                      {events.slice(0, 3).map((e) => (
                        <Box key={e.id} sx={{ width: 6, height: 6, borderRadius: '50%', bgcolor: 'secondary.main' }} />
                      ))}
                    </Box>
                  )
                ) : (
                  <Box sx={{ minWidth: 0 }}>
                    {events.map((e) => (
                      <EventLink key={e.id} event={e} compact />
                    ))}
                  </Box>
                )}
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
