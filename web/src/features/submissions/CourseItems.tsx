import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { CardList, EmptyCard } from '../../components/ListTab';
import { formatDateTime } from '../../lib/format';
import { openPath, pointsText, statusLabel } from './myItems';
import { StatusChip } from './StatusChip';
import { STUDENT_KINDS, type StudentKind } from './studentKinds';
import type { StudentCourseItemFragment } from './submissions.generated';

const KIND_OF = { ASSIGNMENT: STUDENT_KINDS.assignment, EXAM: STUDENT_KINDS.exam, QUIZ: STUDENT_KINDS.quiz } as const;

interface Props {
  /** The list's accessible name. */
  label: string;
  items: readonly StudentCourseItemFragment[];
  emptyText: string;
  /** Quizzes of a module show their points too. */
  showPoints?: boolean;
  /** The empty text as a plain line (inside a module) rather than a card (a tab). */
  compact?: boolean;
}

/**
 * The student course page's items (platform.md section 2, assessments.md section 4): title, due date and time,
 * the course page's status badge (Graded, not Completed); a click opens the submit page, or the view page when
 * there is any submission (the server's courseOpensOn).
 */
export function CourseItems({ label, items, emptyText, showPoints = false, compact = false }: Props) {
  if (items.length === 0) {
    return compact ? <Typography color="text.secondary">{emptyText}</Typography> : <EmptyCard text={emptyText} />;
  }
  return (
    <CardList label={label}>
      {items.map((item) => {
        const kind: StudentKind = KIND_OF[item.kind];
        return (
          <Paper
            component="li"
            variant="outlined"
            key={item.id}
            sx={{ p: 1.5, display: 'flex', gap: 2, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Link component={RouterLink} to={openPath(kind, item.id, item.myStatus, 'course')} sx={{ fontWeight: 600 }}>
                {item.title}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {`Due: ${formatDateTime(item.myStatus?.dueDate ?? item.dueDate)}`}
                {showPoints ? ` · ${pointsText(item.totalPoints)}` : ''}
              </Typography>
            </Box>
            <StatusChip label={statusLabel(item.myStatus, 'course')} />
          </Paper>
        );
      })}
    </CardList>
  );
}
