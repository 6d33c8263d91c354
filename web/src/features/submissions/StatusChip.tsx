import Chip from '@mui/material/Chip';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type { ReactElement } from 'react';

/** The student statuses of assessments.md section 4, as shown. */
export type StatusLabel = 'Overdue' | 'Pending' | 'Auto-submitted (Overdue)' | 'Completed' | 'Graded' | 'Submitted' | 'Reopened (Pending)';

interface Look {
  /** Background, and the text colour that reads on it (WCAG AA). */
  bg: string;
  fg: string;
  icon: ReactElement;
}

// Overdue red, Pending yellow, Auto-submitted orange, Submitted blue (section 4); Completed / Graded green and
// Reopened (Pending) purple where the spec names no colour.
const LOOKS: Record<StatusLabel, Look> = {
  Overdue: { bg: '#c62828', fg: '#fff', icon: <ErrorIcon /> },
  Pending: { bg: '#fdd835', fg: '#212121', icon: <AccessTimeIcon /> },
  'Auto-submitted (Overdue)': { bg: '#ef6c00', fg: '#000', icon: <HourglassBottomIcon /> },
  Completed: { bg: '#2e7d32', fg: '#fff', icon: <CheckCircleIcon /> },
  Graded: { bg: '#2e7d32', fg: '#fff', icon: <CheckCircleIcon /> },
  Submitted: { bg: '#1565c0', fg: '#fff', icon: <TaskAltIcon /> },
  'Reopened (Pending)': { bg: '#6a1b9a', fg: '#fff', icon: <AutorenewIcon /> },
};

/** A status badge with its icon and colour. */
export function StatusChip({ label }: { label: StatusLabel }) {
  const look = LOOKS[label] ?? LOOKS.Submitted;
  return (
    <Chip
      size="small"
      label={label}
      icon={look.icon}
      sx={{ bgcolor: look.bg, color: look.fg, fontWeight: 600, '& .MuiChip-icon': { color: look.fg } }}
    />
  );
}
