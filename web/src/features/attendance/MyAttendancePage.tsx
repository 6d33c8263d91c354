import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Banner } from '../../components/Banner';
import { MyAttendanceTable } from './MyAttendanceTable';
import { classLabel } from './attendanceFormat';
import { ALL, useMyAttendance } from './useMyAttendance';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="p" sx={{ fontSize: '1.75rem', fontWeight: 700 }}>
        {value}
      </Typography>
    </Paper>
  );
}

/** /dashboard/student-attendance: the student's own record (assessments.md section 2). */
export function MyAttendancePage() {
  useDocumentTitle('My Attendance');
  const my = useMyAttendance();
  const s = my.summary;

  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        My Attendance
      </Typography>
      {!my.canView ? (
        <Alert severity="info">Only students have an attendance record.</Alert>
      ) : (
        <>
          <Banner severity="error" message={my.error} onClose={my.clearError} />
          <Box
            component="section"
            aria-label="Summary"
            sx={{
              display: 'grid',
              gap: 2,
              mb: 3,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
            }}
          >
            <Tile label="Attendance Rate" value={s ? `${s.rate}%` : '-'} />
            <Tile label="Present" value={s ? String(s.present) : '-'} />
            <Tile label="Absent" value={s ? String(s.absent) : '-'} />
            <Tile label="Late" value={s ? String(s.late) : '-'} />
          </Box>
          <Paper component="section" aria-label="Filters" variant="outlined" sx={{ p: 2, mb: 3 }}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
              <TextField
                id="my-attendance-class"
                label="Class"
                select
                value={my.classId}
                onChange={(e) => my.setClassId(e.target.value)}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value={ALL}>All Classes</option>
                {my.classes.map((c) => (
                  <option key={c.id} value={c.id}>
                    {classLabel(c)}
                  </option>
                ))}
              </TextField>
              <TextField
                id="my-attendance-subject"
                label="Subject"
                select
                value={my.subjectId}
                onChange={(e) => my.setSubjectId(e.target.value)}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value={ALL}>All Subjects</option>
                {my.subjects.map((sub) => (
                  <option key={sub.id} value={sub.id}>
                    {sub.name}
                  </option>
                ))}
              </TextField>
            </Box>
          </Paper>
          <MyAttendanceTable
            records={my.records}
            total={my.total}
            loading={my.loading}
            page={my.page}
            pageSize={my.pageSize}
            onPageChange={my.setPage}
            onPageSizeChange={my.setPageSize}
          />
        </>
      )}
    </>
  );
}
