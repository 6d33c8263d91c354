import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useSession } from '../../lib/session';
import { Banner } from '../../components/Banner';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AgendaList } from './AgendaList';
import { FeedLinkPanel } from './FeedLinkPanel';
import { MonthGrid } from './MonthGrid';
import { dayKey, startOfDay, viewTitle, type CalendarView } from './calendarDates';
import { useCalendar } from './useCalendar';
import type { Role } from '../../gql/types';

/** What each role's calendar holds, said where the calendar is empty of it. */
const HOLDS: Partial<Record<Role, string>> = {
  STUDENT: 'The due dates of your assignments, exams and quizzes.',
  TEACHER: 'The due dates of the assignments, exams and quizzes of the courses you teach.',
  PARENT: "The due dates of your linked children's assignments, exams and quizzes.",
};

/** /dashboard/calendar (issue 17): due dates by month or week, each a link to its page, and the feed link. */
export function CalendarPage() {
  useDocumentTitle('Calendar');
  const { activeRole, isImpersonating } = useSession();
  const cal = useCalendar();
  const todayKey = dayKey(startOfDay(new Date()));
  const holds = activeRole ? HOLDS[activeRole] : undefined;
  const selected = cal.days.find((d) => dayKey(d) === dayKey(cal.selected));

  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        Calendar
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {holds ?? 'Your calendar holds the due dates of the courses you teach or take; this role has none.'}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <IconButton aria-label={cal.view === 'month' ? 'Previous month' : 'Previous week'} onClick={cal.previous}>
          <ChevronLeftIcon />
        </IconButton>
        <Button variant="outlined" size="small" onClick={cal.today}>
          Today
        </Button>
        <IconButton aria-label={cal.view === 'month' ? 'Next month' : 'Next week'} onClick={cal.next}>
          <ChevronRightIcon />
        </IconButton>
        <Typography component="h2" variant="h6" aria-live="polite" sx={{ flex: '1 1 auto', minWidth: 0 }}>
          {viewTitle(cal.view, cal.anchor)}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={cal.view}
          onChange={(_e, v: CalendarView | null) => v && cal.setView(v)}
          aria-label="Calendar view"
        >
          <ToggleButton value="month">Month</ToggleButton>
          <ToggleButton value="week">Week</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Banner severity="error" message={cal.error} />
      {cal.loading ? (
        <Spinner label="Loading the calendar..." />
      ) : cal.view === 'month' ? (
        <>
          <MonthGrid
            days={cal.days}
            month={cal.anchor.getMonth()}
            byDay={cal.byDay}
            todayKey={todayKey}
            selectedKey={dayKey(cal.selected)}
            onSelect={cal.select}
            compact={cal.phone}
          />
          {cal.phone && selected && (
            <Box sx={{ mt: 2 }}>
              <AgendaList days={[selected]} byDay={cal.byDay} todayKey={todayKey} />
            </Box>
          )}
        </>
      ) : (
        <AgendaList days={cal.days} byDay={cal.byDay} todayKey={todayKey} />
      )}
      {!cal.loading && !cal.error && cal.byDay.size === 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {`Nothing is due ${cal.view === 'month' ? 'in this month' : 'this week'}.`}
        </Alert>
      )}
      <FeedLinkPanel impersonating={isImpersonating} />
    </>
  );
}
