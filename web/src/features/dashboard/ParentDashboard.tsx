import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CardGrid, WelcomeBanner } from './DashboardParts';
import { AttendanceCard, ChildOverview, DiaryCard, MessagesCard, PaymentsCard, TranscriptCard } from './ParentSections';
import { CHILDREN, MESSAGES, PAYMENTS, TRANSCRIPT, formatAmount } from './parentSampleData';

function SummaryTile({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }}>{value}</Typography>
    </Paper>
  );
}

export function ParentDashboard({ firstName }: { firstName: string }) {
  const pending = PAYMENTS.filter((p) => p.status === 'Pending');
  const unread = MESSAGES.filter((m) => !m.read).length;
  const averageAttendance = Math.round(CHILDREN.reduce((sum, c) => sum + c.attendance, 0) / CHILDREN.length);

  return (
    <>
      <WelcomeBanner firstName={firstName} subtitle="Here is how your child is doing at school." />
      <Box
        component="section"
        aria-label="Summary"
        sx={{ display: 'grid', gap: 2, mb: 3, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}
      >
        <SummaryTile label="Current GPA" value={TRANSCRIPT.currentGpa.toFixed(1)} />
        <SummaryTile label="Attendance Rate" value={`${averageAttendance}%`} />
        <SummaryTile label="Pending Payments" value={formatAmount(pending.reduce((sum, p) => sum + p.amount, 0))} />
        <SummaryTile label="Unread Messages" value={String(unread)} />
      </Box>
      <CardGrid>
        {CHILDREN.map((child) => (
          <ChildOverview key={child.name} child={child} />
        ))}
        <AttendanceCard />
        <TranscriptCard />
        <MessagesCard />
        <PaymentsCard />
        <DiaryCard />
      </CardGrid>
    </>
  );
}
