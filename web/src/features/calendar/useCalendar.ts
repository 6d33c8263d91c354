import { useMemo, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { errorMessage } from '../../lib/errors';
import { useCalendarQuery, type CalendarEventFieldsFragment } from './calendar.generated';
import { addDays, dayKey, daysOf, startOfDay, step, type CalendarView } from './calendarDates';

export type CalendarEvent = CalendarEventFieldsFragment;

/**
 * The calendar page's state: the view (on phones the week agenda is the default, a month grid of seven
 * columns being too narrow to read), the shown period, and the due dates of its days grouped by local day.
 */
export function useCalendar() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [chosenView, setView] = useState<CalendarView | null>(null);
  const view: CalendarView = chosenView ?? (phone ? 'week' : 'month');
  const [anchor, setAnchor] = useState(() => startOfDay(new Date()));
  const [selected, setSelected] = useState(() => startOfDay(new Date()));

  const days = useMemo(() => daysOf(view, anchor), [view, anchor]);
  const from = days[0];
  const to = addDays(days[days.length - 1], 1);
  const query = useCalendarQuery({
    variables: { from: from.toISOString(), to: to.toISOString() },
    fetchPolicy: 'cache-and-network',
  });

  const byDay = useMemo(() => {
    const map = new Map<string, CalendarEvent[]>();
    for (const e of query.data?.calendar ?? []) {
      const key = dayKey(new Date(e.dueDate));
      map.set(key, [...(map.get(key) ?? []), e]);
    }
    return map;
  }, [query.data]);

  return {
    view,
    setView,
    anchor,
    days,
    byDay,
    selected,
    select: setSelected,
    phone,
    loading: query.loading && !query.data,
    error: query.error ? errorMessage(query.error, 'Failed to load the calendar') : null,
    previous: () => setAnchor((a) => step(view, a, -1)),
    next: () => setAnchor((a) => step(view, a, 1)),
    today: () => {
      const now = startOfDay(new Date());
      setAnchor(now);
      setSelected(now);
    },
  };
}
