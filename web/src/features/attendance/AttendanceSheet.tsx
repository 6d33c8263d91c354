import type { AttendanceStatus } from '../../gql/types';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ATTENDANCE_STATUSES, NOTES_MAX, formatDay } from './attendanceFormat';
import type { SheetRow } from './useAttendanceManagement';

interface AttendanceSheetProps {
  title: string;
  date: string;
  rows: SheetRow[];
  loading: boolean;
  isUpdate: boolean;
  saving: boolean;
  onStatus(studentId: string, status: AttendanceStatus): void;
  onNotes(studentId: string, notes: string): void;
  onSubmit(): void;
}

/** One line per student: Present/Absent/Late and an optional note; the button marks or updates the date. */
export function AttendanceSheet({ title, date, rows, loading, isUpdate, saving, onStatus, onNotes, onSubmit }: AttendanceSheetProps) {
  return (
    <Paper component="section" aria-labelledby="attendance-sheet-title" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id="attendance-sheet-title" variant="h2" component="h2" sx={{ mb: 0.5 }}>
        Students
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {`${title} · ${formatDay(date, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' })}`}
        {isUpdate && ' · already marked'}
      </Typography>
      {loading ? (
        <Typography role="status">Loading students...</Typography>
      ) : rows.length === 0 ? (
        <Typography>No students are placed in this class for this academic year.</Typography>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Students to mark">
            {rows.map((row) => {
              const notesId = `attendance-notes-${row.studentId}`;
              return (
                <Box
                  component="li"
                  key={row.studentId}
                  sx={{
                    display: 'grid',
                    gap: 1.5,
                    alignItems: 'center',
                    gridTemplateColumns: { xs: '1fr', md: 'minmax(160px, 1fr) auto minmax(200px, 1.4fr)' },
                    py: 1.5,
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Box>
                    <Typography sx={{ fontWeight: 600 }} id={`attendance-student-${row.studentId}`}>
                      {row.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {row.email}
                    </Typography>
                  </Box>
                  <RadioGroup
                    row
                    aria-labelledby={`attendance-student-${row.studentId}`}
                    name={`status-${row.studentId}`}
                    value={row.status}
                    onChange={(e) => onStatus(row.studentId, e.target.value as AttendanceStatus)}
                  >
                    {ATTENDANCE_STATUSES.map((s) => (
                      <FormControlLabel key={s} value={s} control={<Radio size="small" />} label={s} />
                    ))}
                  </RadioGroup>
                  <TextField
                    id={notesId}
                    label={`Notes for ${row.name}`}
                    size="small"
                    placeholder="Optional"
                    value={row.notes}
                    onChange={(e) => onNotes(row.studentId, e.target.value)}
                    slotProps={{ htmlInput: { maxLength: NOTES_MAX } }}
                    helperText={row.notes.length > NOTES_MAX - 40 ? `${row.notes.length}/${NOTES_MAX}` : undefined}
                  />
                </Box>
              );
            })}
          </Box>
          <Button type="submit" variant="contained" disabled={saving} sx={{ mt: 2 }}>
            {isUpdate ? 'Update Attendance' : 'Mark Attendance'}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
