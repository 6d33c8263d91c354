import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ResponsiveTable, TablePager } from '../../components/ResponsiveTable';
import { ATTENDANCE_STATUS_LABEL, STATUS_COLOURS, classLabel, formatDay, personName } from './attendanceFormat';
import type { MyRecord } from './useMyAttendance';

interface MyAttendanceTableProps {
  records: MyRecord[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange(page: number): void;
  onPageSizeChange(size: number): void;
}

export function MyAttendanceTable({ records, total, loading, page, pageSize, onPageChange, onPageSizeChange }: MyAttendanceTableProps) {
  return (
    <Paper component="section" aria-labelledby="my-attendance-records" variant="outlined">
      <Typography id="my-attendance-records" variant="h2" component="h2" sx={{ p: 2, pb: 1 }}>
        Attendance Records
      </Typography>
      <ResponsiveTable columns={['Date', 'Class', 'Subject', 'Status', 'Notes', 'Teacher']} aria-labelledby="my-attendance-records">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Class</TableCell>
            <TableCell>Subject</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Notes</TableCell>
            <TableCell>Teacher</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>{loading ? 'Loading attendance...' : 'No attendance records found.'}</TableCell>
            </TableRow>
          )}
          {records.map((r) => (
            <TableRow key={r.id} hover>
              <TableCell>{formatDay(r.date)}</TableCell>
              <TableCell>{classLabel(r.class)}</TableCell>
              <TableCell>{r.subject.name}</TableCell>
              <TableCell>
                <Chip size="small" label={ATTENDANCE_STATUS_LABEL[r.status]} color={STATUS_COLOURS[r.status]} />
              </TableCell>
              <TableCell>{r.notes || '-'}</TableCell>
              <TableCell>{personName(r.teacher)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ResponsiveTable>
      <TablePager count={total} page={page} pageSize={pageSize} onPageChange={onPageChange} onPageSizeChange={onPageSizeChange} />
    </Paper>
  );
}
