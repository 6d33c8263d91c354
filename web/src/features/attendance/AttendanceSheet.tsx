import { useState } from 'react';
import type { AttendanceStatus } from '../../gql/types';
import { Banner, type BannerMessage } from '../../components/Banner';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ATTENDANCE_STATUSES, ATTENDANCE_STATUS_LABEL, NOTES_MAX, formatDay } from './attendanceFormat';
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
  onAllPresent(): void;
  /** Students per status as the sheet shows them now. */
  counts: Partial<Record<AttendanceStatus, number>>;
  /** The save's confirmation, shown in the save bar where the teacher's thumb is. */
  confirmation: BannerMessage;
  onConfirmationClose(id?: number): void;
}

/**
 * One line per student: Present/Absent/Late and an optional note. A save bar stays at the bottom of the screen
 * (issue 25 point 5): the live counts, 'All present' and Mark / Update Attendance, with the confirmation in
 * it; on phones a note opens with 'Add note', so 40 students fit in a few screens.
 */
export function AttendanceSheet(p: AttendanceSheetProps) {
  const { title, date, rows, loading, isUpdate, onStatus, onNotes, onSubmit } = p;
  const [noting, setNoting] = useState<ReadonlySet<string>>(new Set());
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
              const noteShown = Boolean(row.notes) || noting.has(row.studentId);
              return (
                <Box
                  component="li"
                  key={row.studentId}
                  sx={{
                    display: 'grid',
                    gap: 1.5,
                    alignItems: 'center',
                    gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', md: 'minmax(160px, 1fr) auto minmax(200px, 1.4fr)' },
                    columnGap: 1,
                    rowGap: { xs: 0.5, md: 1.5 },
                    py: { xs: 1, md: 1.5 },
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }} id={`attendance-student-${row.studentId}`}>
                      {row.name}
                    </Typography>
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ display: { xs: 'none', md: 'block' }, overflowWrap: 'anywhere' }}
                    >
                      {row.email}
                    </Typography>
                  </Box>
                  <Button
                    size="small"
                    onClick={() => setNoting((prev) => new Set(prev).add(row.studentId))}
                    sx={{ display: { xs: noteShown ? 'none' : 'inline-flex', md: 'none' }, justifySelf: 'end' }}
                    aria-label={`Add note for ${row.name}`}
                  >
                    Add note
                  </Button>
                  <RadioGroup
                    row
                    sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
                    aria-labelledby={`attendance-student-${row.studentId}`}
                    name={`status-${row.studentId}`}
                    value={row.status}
                    onChange={(e) => onStatus(row.studentId, e.target.value as AttendanceStatus)}
                  >
                    {ATTENDANCE_STATUSES.map((s) => (
                      <FormControlLabel key={s} value={s} control={<Radio size="small" />} label={ATTENDANCE_STATUS_LABEL[s]} />
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
                    sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, display: { xs: noteShown ? 'flex' : 'none', md: 'flex' } }}
                  />
                </Box>
              );
            })}
          </Box>
          <SaveBar {...p} />
        </Box>
      )}
    </Paper>
  );
}

/** The sticky bar: counts read live, All present, the save button and its confirmation, always in reach. */
function SaveBar({ isUpdate, saving, counts, onAllPresent, confirmation, onConfirmationClose }: AttendanceSheetProps) {
  return (
    <Box
      role="region"
      aria-label="Save attendance"
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        mx: { xs: -2, sm: -3 },
        px: { xs: 2, sm: 3 },
        py: 1.5,
        mt: 1,
      }}
    >
      <Banner severity="success" message={confirmation} onClose={onConfirmationClose} />
      <Typography aria-live="polite" data-testid="attendance-counts" sx={{ fontWeight: 600, mb: 1 }}>
        {ATTENDANCE_STATUSES.map((s) => `${ATTENDANCE_STATUS_LABEL[s]} ${counts[s] ?? 0}`).join(' · ')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={onAllPresent} disabled={saving}>
          All present
        </Button>
        <Button type="submit" variant="contained" disabled={saving} sx={{ flex: { xs: 1, sm: 'none' } }}>
          {isUpdate ? 'Update Attendance' : 'Mark Attendance'}
        </Button>
      </Box>
    </Box>
  );
}
