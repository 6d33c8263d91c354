import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import SaveIcon from '@mui/icons-material/Save';
import { Banner } from '../../components/Banner';
import { ResponsiveTable, TablePager } from '../../components/ResponsiveTable';
import { NO_PERMISSION_TEXT } from './academicShared';
import { placementLabel, useStudentAssignment, type StudentRow } from './useStudentAssignment';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

type SA = ReturnType<typeof useStudentAssignment>;

/** /dashboard/student-assignment: assessments.md "Student class assignment". */
export function StudentAssignmentPage() {
  useDocumentTitle('Student Class Assignment');
  const sa = useStudentAssignment();

  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        Student Class Assignment
      </Typography>
      {!sa.canAssign ? (
        <Alert severity="error" role="alert">
          {NO_PERMISSION_TEXT}
        </Alert>
      ) : (
        <>
          <Banner severity="success" message={sa.banners.success} onClose={sa.banners.clearSuccess} />
          <Banner severity="error" message={sa.banners.error} onClose={sa.banners.clearError} />
          {sa.noOptions && (
            <Alert severity="info" sx={{ mb: 2 }}>
              You have no classes to assign students to: you can assign students only to classes and academic years you teach.
            </Alert>
          )}
          <Paper component="section" aria-labelledby="students-title" variant="outlined">
            <Box sx={{ p: 2, pb: 1, display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
              <Typography id="students-title" variant="h2" component="h2">
                Students
              </Typography>
              <TextField
                id="students-search"
                label="Search students"
                type="search"
                size="small"
                value={sa.search}
                onChange={(e) => sa.setSearch(e.target.value)}
              />
            </Box>
            {sa.selected.size > 0 && <BulkBar sa={sa} />}
            <ResponsiveTable columns={['', 'Name', 'Email', 'Current Class', 'Actions']} aria-labelledby="students-title">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    <Checkbox
                      slotProps={{ input: { 'aria-label': 'Select all students on this page' } }}
                      disabled={sa.noOptions || sa.students.length === 0}
                      checked={sa.students.length > 0 && sa.students.every((s) => sa.selected.has(s.id))}
                      indeterminate={sa.students.some((s) => sa.selected.has(s.id)) && !sa.students.every((s) => sa.selected.has(s.id))}
                      onChange={() => sa.toggleAll(sa.students.map((s) => s.id))}
                    />
                  </TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Email</TableCell>
                  <TableCell>Current Class</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {sa.students.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5}>{sa.studentsLoading ? 'Loading...' : 'No students found.'}</TableCell>
                  </TableRow>
                )}
                {sa.students.map((s) => (
                  <StudentRowView key={s.id} student={s} sa={sa} />
                ))}
              </TableBody>
            </ResponsiveTable>
            <TablePager
              count={sa.total}
              page={sa.page}
              pageSize={sa.pageSize}
              onPageChange={sa.setPage}
              onPageSizeChange={sa.setPageSize}
            />
          </Paper>
        </>
      )}
    </>
  );
}

interface YearClassSelectsProps {
  /** The ids of the year and the class field. */
  fieldIds: [string, string];
  sa: SA;
  academicYearId: string;
  classId: string;
  classOptions: Array<{ id: string; name: string }>;
  onYear(id: string): void;
  onClass(id: string): void;
}

/** The year, then the class of that year (disabled until a year is chosen): one row's edit and the bulk bar. */
function YearClassSelects({ fieldIds, sa, academicYearId, classId, classOptions, onYear, onClass }: YearClassSelectsProps) {
  const native = { select: { native: true }, inputLabel: { shrink: true } } as const;
  return (
    <>
      <TextField
        id={fieldIds[0]}
        label="Academic Year"
        select
        size="small"
        value={academicYearId}
        onChange={(e) => onYear(e.target.value)}
        slotProps={native}
        sx={{ minWidth: 150 }}
      >
        <option value="">{sa.optionsLoading ? 'Loading...' : 'Select year'}</option>
        {sa.yearOptions.map((y) => (
          <option key={y.id} value={y.id}>
            {y.year}
          </option>
        ))}
      </TextField>
      <TextField
        id={fieldIds[1]}
        label="Class"
        select
        size="small"
        disabled={!academicYearId}
        value={classId}
        onChange={(e) => onClass(e.target.value)}
        slotProps={native}
        sx={{ minWidth: 150 }}
      >
        <option value="">Select class</option>
        {classOptions.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </TextField>
    </>
  );
}

/** Several students at once: the ticked ones all go to one class of one year. */
function BulkBar({ sa }: { sa: SA }) {
  const n = sa.selected.size;
  return (
    <Box
      role="region"
      aria-label="Assign selected students"
      sx={{
        mx: 2,
        mb: 1,
        p: 1.5,
        display: 'flex',
        gap: 1.5,
        alignItems: 'center',
        flexWrap: 'wrap',
        bgcolor: 'action.hover',
        borderRadius: 1,
      }}
    >
      <Typography sx={{ fontWeight: 600 }}>
        {n} {n === 1 ? 'student' : 'students'} selected
      </Typography>
      <YearClassSelects
        fieldIds={['bulk-placement-year', 'bulk-placement-class']}
        sa={sa}
        academicYearId={sa.bulk.academicYearId}
        classId={sa.bulk.classId}
        classOptions={sa.bulkClassOptions}
        onYear={sa.setBulkYear}
        onClass={sa.setBulkClass}
      />
      <Button variant="contained" size="small" disabled={!sa.canPlaceSelected} onClick={() => void sa.placeSelected()}>
        Assign Selected
      </Button>
      <Button size="small" onClick={sa.clearSelection}>
        Clear Selection
      </Button>
    </Box>
  );
}

function StudentRowView({ student, sa }: { student: StudentRow; sa: SA }) {
  const name = `${student.firstName} ${student.lastName}`;
  const draft = sa.draft?.studentId === student.id ? sa.draft : null;
  return (
    <TableRow hover selected={sa.selected.has(student.id)}>
      <TableCell padding="checkbox">
        <Checkbox
          slotProps={{ input: { 'aria-label': `Select ${name}` } }}
          disabled={sa.noOptions}
          checked={sa.selected.has(student.id)}
          onChange={() => sa.toggle(student.id)}
        />
      </TableCell>
      <TableCell>{name}</TableCell>
      <TableCell>{student.email}</TableCell>
      <TableCell>{placementLabel(student)}</TableCell>
      <TableCell align="right">
        {!draft ? (
          <IconButton
            aria-label={`Edit class assignment for ${name}`}
            size="small"
            color="primary"
            onClick={() => sa.startEdit(student.id)}
            disabled={sa.noOptions}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        ) : (
          <Box sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <YearClassSelects
              fieldIds={[`placement-year-${student.id}`, `placement-class-${student.id}`]}
              sa={sa}
              academicYearId={draft.academicYearId}
              classId={draft.classId}
              classOptions={sa.classOptions}
              onYear={sa.setYear}
              onClass={sa.setClass}
            />
            <IconButton
              aria-label={`Save class assignment for ${name}`}
              size="small"
              color="primary"
              disabled={!sa.canSave}
              onClick={() => void sa.save()}
            >
              <SaveIcon fontSize="small" />
            </IconButton>
            <IconButton aria-label={`Cancel editing class assignment for ${name}`} size="small" onClick={sa.cancelEdit}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        )}
      </TableCell>
    </TableRow>
  );
}
