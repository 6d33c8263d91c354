import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Banner } from '../../components/Banner';
import { AttendanceSheet } from './AttendanceSheet';
import { AttendanceTrendChart } from './AttendanceTrendChart';
import { allocationLabel } from './attendanceFormat';
import { useAttendanceManagement } from './useAttendanceManagement';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** /dashboard/attendance: a teacher marks a class and subject for a date (assessments.md section 2). */
export function AttendancePage() {
  useDocumentTitle('Attendance Management');
  const a = useAttendanceManagement();

  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        Attendance Management
      </Typography>
      {!a.canMark ? (
        <Alert severity="error" role="alert">
          Only teachers and administrators can mark attendance.
        </Alert>
      ) : (
        <>
          <Banner severity="error" message={a.error} onClose={a.clearError} />
          <Paper component="section" aria-label="Class, subject and date" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
              <TextField
                id="attendance-allocation"
                label="Class and Subject"
                select
                value={a.allocationId}
                onChange={(e) => a.selectAllocation(e.target.value)}
                disabled={a.allocationsLoading}
                helperText={
                  !a.allocationsLoading && a.allocations.length === 0 ? 'You have no class and subject assignments yet.' : undefined
                }
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">{a.allocationsLoading ? 'Loading...' : 'Select a class and subject'}</option>
                {a.allocations.map((al) => (
                  <option key={al.id} value={al.id}>
                    {allocationLabel(al)}
                  </option>
                ))}
              </TextField>
              <TextField
                id="attendance-date"
                label="Date"
                type="date"
                value={a.date}
                onChange={(e) => a.setDate(e.target.value)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: a.maxDate } }}
              />
            </Box>
          </Paper>
          {a.hasSelection && (
            <>
              <AttendanceSheet
                title={a.selectedLabel}
                date={a.date}
                rows={a.rows}
                loading={a.sheetLoading}
                isUpdate={a.isUpdate}
                saving={a.saving}
                onStatus={a.setStatus}
                onNotes={a.setNotes}
                onSubmit={() => void a.submit()}
                onAllPresent={a.allPresent}
                counts={a.counts}
                confirmation={a.success}
                onConfirmationClose={a.clearSuccess}
              />
              <AttendanceTrendChart title={a.selectedLabel} weeks={a.trend} loading={a.trendLoading} />
            </>
          )}
        </>
      )}
    </>
  );
}
