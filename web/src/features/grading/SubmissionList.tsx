import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../lib/format';
import { points } from '../submissions/myItems';
import { statusBadge, studentName, type GradingSubmission, type OverdueEntry, type Student } from './dashboardMerge';
import type { VisibleLists } from './gradingQueue';
import { reopenText, type GradingKind } from './gradingKinds';

type Badge = ReturnType<typeof statusBadge> | 'Overdue';

// Graded green, Reopened purple, Pending Review blue, Overdue red (the student lists' colours, section 4);
// white text on each passes WCAG AA
const BADGE_COLOURS: Record<Badge, string> = {
  Graded: '#2e7d32',
  Reopened: '#6a1b9a',
  'Pending Review': '#1565c0',
  Overdue: '#c62828',
};

export function StatusBadge({ label }: { label: Badge }) {
  return <Chip size="small" label={label} sx={{ bgcolor: BADGE_COLOURS[label], color: '#fff', fontWeight: 600 }} />;
}

interface ListProps {
  kind: GradingKind;
  /** The lists as the teacher's sort, filter and search show them. */
  lists: VisibleLists;
  isPastDue: boolean;
  /** A filter or search is on: an empty result says so instead of 'No submissions'. */
  narrowed: boolean;
  selectedStudentId: string | null;
  /** A submission's card: it opens in the detail panel. */
  onSelect(submission: GradingSubmission): void;
  /** An overdue student's card: a submission is created for grading, then it opens. */
  onOpenOverdue(entry: OverdueEntry): void;
  /** 'Reopen Assignment' and 'Extend Again'. */
  onReopen(student: Student, submission: GradingSubmission | null): void;
}

/**
 * The left list (section 2): Submitted (n), Overdue (n) once the due date has passed, Reopened (n). Each card
 * is a button that opens the student's work, with its Reopen or Extend Again button beside it; the chosen card
 * is marked (aria-current).
 */
export function SubmissionList({ kind, lists, isPastDue, narrowed, selectedStudentId, onSelect, onOpenOverdue, onReopen }: ListProps) {
  const { submitted, overdue, reopened } = lists;
  const showOverdue = isPastDue && overdue.length > 0;
  if (submitted.length === 0 && reopened.length === 0 && !showOverdue) {
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">{narrowed ? 'No students match the filter or search' : kind.emptyListText}</Typography>
      </Paper>
    );
  }
  // Submitted and Reopened: cards of submissions, with 'Reopen Assignment' or 'Extend Again'
  const submissionSection = (id: string, title: string, list: readonly GradingSubmission[], actionLabel: string) =>
    list.length > 0 && (
      <Section id={id} title={`${title} (${list.length})`}>
        {list.map((s) => (
          <SubmissionCard
            key={s.id}
            submission={s}
            selected={s.student.id === selectedStudentId}
            onSelect={() => onSelect(s)}
            action={{ label: actionLabel, run: () => onReopen(s.student, s) }}
          />
        ))}
      </Section>
    );
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {submissionSection('submitted', 'Submitted', submitted, reopenText(kind))}
      {showOverdue && (
        <Section id="overdue" title={`Overdue (${overdue.length})`}>
          {overdue.map((o) => (
            <Card
              key={o.student.id}
              student={o.student}
              selected={o.student.id === selectedStudentId}
              onSelect={() => onOpenOverdue(o)}
              badge="Overdue"
              lines={[`Due: ${formatDateTime(o.dueDate)}`]}
              action={{ label: reopenText(kind), run: () => onReopen(o.student, null) }}
            />
          ))}
        </Section>
      )}
      {submissionSection('reopened', 'Reopened', reopened, 'Extend Again')}
    </Box>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`list-${id}`}>
      <Typography id={`list-${id}`} variant="h3" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box component="ul" aria-labelledby={`list-${id}`} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {children}
      </Box>
    </Box>
  );
}

interface CardAction {
  label: string;
  run(): void;
}

function SubmissionCard({
  submission: s,
  selected,
  onSelect,
  action,
}: {
  submission: GradingSubmission;
  selected: boolean;
  onSelect(): void;
  action: CardAction;
}) {
  const lines = [s.submittedAt ? `Submitted: ${formatDateTime(s.submittedAt)}` : 'Not submitted yet'];
  if (s.isAutoSubmitted) lines.push('Auto-submitted (Overdue)');
  if (s.status === 'GRADED') lines.push(`Score: ${points(s.totalScore ?? 0)}/${points(s.maxScore)}`);
  if (s.status === 'REOPENED' && s.customDueDate) lines.push(`New due date: ${formatDateTime(s.customDueDate)}`);
  return <Card student={s.student} selected={selected} onSelect={onSelect} badge={statusBadge(s)} lines={lines} action={action} />;
}

interface CardProps {
  student: Student;
  selected: boolean;
  onSelect(): void;
  badge: Badge;
  lines: string[];
  action: CardAction;
}

function Card({ student, selected, onSelect, badge, lines, action }: CardProps) {
  const name = studentName(student);
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{
        overflow: 'hidden',
        borderColor: selected ? 'primary.main' : undefined,
        borderWidth: selected ? 2 : 1,
        bgcolor: selected ? '#e8eaf6' : undefined,
      }}
    >
      <ButtonBase
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        data-student-id={student.id}
        sx={{
          display: 'block',
          width: '100%',
          textAlign: 'left',
          p: 1.5,
          '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
        }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
              {name}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {student.email}
            </Typography>
          </Box>
          <StatusBadge label={badge} />
        </Box>
        {lines.map((line) => (
          <Typography key={line} component="span" variant="body2" sx={{ display: 'block', mt: 0.5 }}>
            {line}
          </Typography>
        ))}
      </ButtonBase>
      <Box sx={{ px: 1.5, pb: 1.5 }}>
        <Button size="small" variant="outlined" onClick={action.run} aria-label={`${action.label} for ${name}`}>
          {action.label}
        </Button>
      </Box>
    </Paper>
  );
}
