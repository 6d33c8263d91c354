import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { DashboardCard } from './DashboardParts';
import {
  ATTENDANCE,
  DIARY,
  MESSAGES,
  PAYMENTS,
  TRANSCRIPT,
  formatAmount,
  formatDate,
  type ChildSummary,
} from './parentSampleData';

// Sample content (spec section 1): its buttons do nothing yet, so they are shown disabled, with the hint in their title
// (issue 14: no control that pretends to work).
const COMING_SOON = { disabled: true, title: 'Coming soon' } as const;

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontSize: '1.25rem' }}>{value}</Typography>
    </Box>
  );
}

export function ChildOverview({ child }: { child: ChildSummary }) {
  const barId = `attendance-${child.name.replace(/\s+/g, '-')}`;
  return (
    <DashboardCard
      title="Child Overview"
      wide
      actions={
        <>
          <Button size="small" variant="contained" {...COMING_SOON}>
            View Details
          </Button>
          <Button size="small" variant="outlined" {...COMING_SOON}>
            Contact Teachers
          </Button>
        </>
      }
    >
      <Typography variant="h3" component="h3">
        {child.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {`${child.grade} · ${child.school}`}
      </Typography>
      <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', mb: 2 }}>
        <Figure label="GPA" value={child.gpa.toFixed(1)} />
        <Figure label="Attendance" value={`${child.attendance}%`} />
      </Box>
      <Typography id={barId} variant="body2" sx={{ mb: 0.5 }}>
        Attendance rate
      </Typography>
      <LinearProgress variant="determinate" value={child.attendance} aria-labelledby={barId} sx={{ height: 8, borderRadius: 4, mb: 2 }} />
      <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
        Recent Grades
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}>
        {child.recentGrades.map((g) => (
          <Box component="li" key={g.subject} sx={{ display: 'flex', justifyContent: 'space-between', p: 1, bgcolor: 'action.hover', borderRadius: 1 }}>
            <span>{g.subject}</span>
            <strong>{g.grade}</strong>
          </Box>
        ))}
      </Box>
    </DashboardCard>
  );
}

export function AttendanceCard() {
  return (
    <DashboardCard title="Attendance" description="This term">
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <Figure label="Present" value={`${ATTENDANCE.present} days`} />
        <Figure label="Absent" value={`${ATTENDANCE.absent} days`} />
        <Figure label="Late" value={`${ATTENDANCE.late} days`} />
      </Box>
    </DashboardCard>
  );
}

export function TranscriptCard() {
  return (
    <DashboardCard
      title="Transcript"
      actions={
        <Button size="small" variant="outlined" {...COMING_SOON}>
          Download Transcript
        </Button>
      }
    >
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <Figure label="Current GPA" value={TRANSCRIPT.currentGpa.toFixed(1)} />
        <Figure label="Cumulative GPA" value={TRANSCRIPT.cumulativeGpa.toFixed(1)} />
        <Figure label="Credits Earned" value={`${TRANSCRIPT.creditsEarned}/${TRANSCRIPT.creditsRequired}`} />
      </Box>
    </DashboardCard>
  );
}

export function PaymentsCard() {
  return (
    <DashboardCard
      title="Payments"
      wide
      actions={
        <Button size="small" variant="outlined" {...COMING_SOON}>
          View Payment History
        </Button>
      }
    >
      <ResponsiveTable columns={['Description', 'Due Date', 'Amount', 'Status', 'Action']} size="small" aria-label="Payments">
          <TableHead>
            <TableRow>
              <TableCell>Description</TableCell>
              <TableCell>Due Date</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  Action
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {PAYMENTS.map((p) => (
              <TableRow key={p.description}>
                <TableCell>{p.description}</TableCell>
                <TableCell>{formatDate(p.dueDate)}</TableCell>
                <TableCell align="right">{formatAmount(p.amount)}</TableCell>
                <TableCell>
                  <Chip size="small" label={p.status} color={p.status === 'Paid' ? 'success' : 'warning'} />
                </TableCell>
                <TableCell>
                  {p.status === 'Pending' && (
                    <Button size="small" variant="contained" {...COMING_SOON}>
                      Pay Now
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
      </ResponsiveTable>
    </DashboardCard>
  );
}

export function MessagesCard() {
  return (
    <DashboardCard
      title="Messages"
      actions={
        <>
          <Button size="small" variant="contained" {...COMING_SOON}>
            New Message
          </Button>
          <Button size="small" variant="outlined" {...COMING_SOON}>
            View All
          </Button>
        </>
      }
    >
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {MESSAGES.map((m) => (
          <Box component="li" key={m.subject} sx={{ display: 'flex', gap: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Box
              aria-hidden="true"
              sx={{ mt: 0.9, width: 8, height: 8, flexShrink: 0, borderRadius: '50%', bgcolor: m.read ? 'transparent' : 'primary.main' }}
            />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: m.read ? 400 : 700 }}>
                {m.subject}
                {!m.read && <Box component="span" sx={visuallyHidden}> (unread)</Box>}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {`${m.from} · ${formatDate(m.date)}`}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </DashboardCard>
  );
}

export function DiaryCard() {
  return (
    <DashboardCard title="View Diary">
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {DIARY.map((d) => (
          <Box component="li" key={`${d.subject}-${d.date}`} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {`${d.subject} · ${formatDate(d.date)}`}
            </Typography>
            <Typography variant="body2">{d.entry}</Typography>
          </Box>
        ))}
      </Box>
    </DashboardCard>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
