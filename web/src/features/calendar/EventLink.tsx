import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { timeOf } from './calendarDates';
import type { CalendarEvent } from './useCalendar';

const KIND_WORD = { ASSIGNMENT: 'Assignment', EXAM: 'Exam', QUIZ: 'Quiz' } as const;

/** One due date as a link to its page; `compact` for a month grid cell (title and time only). */
export function EventLink({ event, compact = false }: { event: CalendarEvent; compact?: boolean }) {
  // a parent may follow several children: whose due date it is leads
  const forParent = useSession().activeRole === 'PARENT';
  const label = `${forParent && event.studentName ? `${event.studentName}: ` : ''}${event.title}`;
  if (compact) {
    return (
      <Link
        component={RouterLink}
        to={event.path}
        underline="hover"
        title={`${KIND_WORD[event.kind]}: ${event.title} (${event.courseTitle}), due ${timeOf(event.dueDate)}`}
        sx={{ display: 'block', fontSize: '0.75rem', lineHeight: 1.3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {`${timeOf(event.dueDate)} ${label}`}
      </Link>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline', py: 1, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flex: '0 0 auto', width: '3.5rem' }}>
        {timeOf(event.dueDate)}
      </Typography>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Link component={RouterLink} to={event.path} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {label}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {`${KIND_WORD[event.kind]} · ${event.courseTitle}`}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {event.status && <Chip size="small" label={event.status} />}
          {event.isExtended && <Chip size="small" color="info" label="Extended" />}
          {!event.isVisible && <Chip size="small" variant="outlined" label="Hidden from students" />}
        </Box>
      </Box>
    </Box>
  );
}
