import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../lib/errors';
import { Banner } from '../../components/Banner';
import { FormDialog } from '../../components/FormDialog';
import { useActionMessages } from '../../components/useActionMessages';
import { fromLocalInput, toLocalInput } from '../../lib/format';
import { formatDateTime } from '../../lib/format';
import type { Dashboard } from './dashboardMerge';
import { ReleaseResults } from '../results/ReleaseResults';
import { useMarkAllMissingMutation, useSetLateJoinerDueDateMutation } from '../results/results.generated';

const students = (n: number) => `${n} student${n === 1 ? '' : 's'}`;
/** The dashboard's own query, asked again once a teacher's action here moved students between its lists. */
const REFRESH = { refetchQueries: ['GradingDashboard'], awaitRefetchQueries: true };

/**
 * The grading dashboard's results and late work (issue 24), beside the tiles: "Release results" of a Manual
 * item, "Mark all missing as 0" once students are overdue (the clock never does it), and "Joined late (n)":
 * students placed in the class after the due date, not overdue, with the one due date the teacher sets for
 * them. The actions are the course's teachers' (the server decides; others see the state only).
 */
export function DashboardResultsBar({ dashboard: d }: { dashboard: Dashboard }) {
  const item = d.assessment;
  const msgs = useActionMessages();
  const canAct = item.viewerCanManage;
  const showMissing = canAct && d.isPastDue && d.overdueCount > 0;
  if (item.resultVisibility !== 'MANUAL' && !showMissing && d.joinedLateCount === 0) return null;
  return (
    <Box sx={{ mb: 3, display: 'grid', gap: 1.5 }}>
      <Banner severity="success" message={msgs.success} onClose={msgs.clearSuccess} />
      <Banner severity="error" message={msgs.actionError} onClose={msgs.clearError} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <ReleaseResults item={item} title={item.title} gradedCount={d.gradedCount} />
        {showMissing && <MarkAllMissing assessmentId={item.id} overdue={d.overdueCount} onDone={msgs.setSuccess} />}
      </Box>
      {d.joinedLateCount > 0 && <JoinedLate dashboard={d} canAct={canAct} onDone={msgs.setSuccess} />}
    </Box>
  );
}

function MarkAllMissing({ assessmentId, overdue, onDone }: { assessmentId: string; overdue: number; onDone(message: string): void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mark, marking] = useMarkAllMissingMutation(REFRESH);
  const submit = async () => {
    setError(null);
    try {
      const { data } = await mark({ variables: { assessmentId } });
      setOpen(false);
      onDone(`${students(data?.autoSubmitOverdue.autoSubmittedCount ?? 0)} marked as 0`);
    } catch (e) {
      setError(errorMessage(e, 'Failed to mark missing work'));
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" color="warning" onClick={() => setOpen(true)}>
        Mark all missing as 0
      </Button>
      {open && (
        <FormDialog
          id="mark-missing"
          title="Mark all missing as 0"
          submitLabel="Mark all missing as 0"
          onClose={() => setOpen(false)}
          onSubmit={() => void submit()}
          submitting={marking.loading}
          error={error}
          maxWidth="xs"
        >
          <Typography>
            {`${students(overdue)} with nothing handed in get an empty submission: automatic questions score 0 and the others wait for your grade. You can still reopen or grade each one afterwards.`}
          </Typography>
        </FormDialog>
      )}
    </>
  );
}

function JoinedLate({ dashboard: d, canAct, onDone }: { dashboard: Dashboard; canAct: boolean; onDone(message: string): void }) {
  const first = d.joinedLate[0]?.customDueDate ?? d.assessment.lateDueDate;
  const [due, setDue] = useState(toLocalInput(d.assessment.lateDueDate ?? first));
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useSetLateJoinerDueDateMutation(REFRESH);
  const submit = async () => {
    setError(null);
    if (!due) {
      setError('Choose the due date for students who joined late');
      return;
    }
    try {
      await save({ variables: { assessmentId: d.assessment.id, dueDate: fromLocalInput(due) } });
      onDone('Due date of late joiners saved');
    } catch (e) {
      setError(errorMessage(e, 'Failed to save the due date of late joiners'));
    }
  };
  return (
    <Paper component="section" variant="outlined" aria-labelledby="list-joined-late" sx={{ p: 2 }}>
      <Typography id="list-joined-late" variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {`Joined late (${d.joinedLateCount})`}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Placed in the class after the due date: not overdue, the work stays open for them until their own due date.
      </Typography>
      <List dense disablePadding>
        {d.joinedLate.map((s) => (
          <ListItem key={s.id} disableGutters sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="span" sx={{ fontWeight: 600 }}>{`${s.student.firstName} ${s.student.lastName}`}</Typography>
            <Typography component="span" color="text.secondary">
              {s.customDueDate ? `Due: ${formatDateTime(s.customDueDate)}` : ''}
            </Typography>
          </ListItem>
        ))}
      </List>
      {canAct && (
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}
        >
          <TextField
            label="Due date for late joiners"
            type="datetime-local"
            size="small"
            value={due}
            onChange={(e) => setDue(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: toLocalInput(new Date().toISOString()) } }}
          />
          <Button type="submit" variant="outlined" size="small" disabled={saving.loading}>
            Save due date
          </Button>
        </Box>
      )}
    </Paper>
  );
}
