import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { Link as RouterLink } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { Spinner } from '../../components/Spinner';
import { CreateCourseDialog, ReuseCourseDialog } from './CourseDialogs';
import { useMyCourses, type CourseTarget, type TeacherClass, type TeacherCourse, type TeacherYear } from './useMyCourses';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { pathTo } from '@lms/routes';

type Open = { kind: 'create' | 'reuse'; target: CourseTarget } | null;

/** /dashboard/courses: the teacher's assigned years, their classes, and per class a table of subjects and courses. */
export function MyCoursesPage() {
  useDocumentTitle('My Courses');
  const my = useMyCourses();
  const [open, setOpen] = useState<Open>(null);

  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        My Courses
      </Typography>
      <Banner severity="success" message={my.success} onClose={my.clearSuccess} />
      <Banner severity="error" message={my.error} onClose={my.clearError} />
      {my.loading ? (
        <Spinner />
      ) : my.years.length === 0 ? (
        <Typography color="text.secondary">You have no assigned classes and subjects yet.</Typography>
      ) : (
        my.years.map((y) => (
          <Box component="section" key={y.academicYear.id} aria-labelledby={`year-${y.academicYear.id}`} sx={{ mb: 4 }}>
            <Typography id={`year-${y.academicYear.id}`} variant="h2" component="h2" sx={{ mb: 2 }}>
              Academic Year {y.academicYear.year}
              {y.academicYear.isActive ? ' (Current)' : ''}
            </Typography>
            {y.classes.map((c) => (
              <ClassTable
                key={c.class.id}
                year={y}
                entry={c}
                onCreate={(target) => setOpen({ kind: 'create', target })}
                onReuse={(target) => setOpen({ kind: 'reuse', target })}
                onDelete={(course) => void my.deleteCourse(course)}
              />
            ))}
          </Box>
        ))
      )}
      {open?.kind === 'create' && <CreateCourseDialog target={open.target} onClose={() => setOpen(null)} onCreate={my.createCourse} />}
      {open?.kind === 'reuse' && <ReuseCourseDialog target={open.target} onClose={() => setOpen(null)} onReuse={my.reuseCourse} />}
    </>
  );
}

interface ClassTableProps {
  year: TeacherYear;
  entry: TeacherClass;
  onCreate(target: CourseTarget): void;
  onReuse(target: CourseTarget): void;
  onDelete(course: TeacherCourse): void;
}

/** One class: rows of subject, course and actions; a subject with several courses spans several rows. */
function ClassTable({ year, entry, onCreate, onReuse, onDelete }: ClassTableProps) {
  const headingId = `class-${year.academicYear.id}-${entry.class.id}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <Typography id={headingId} variant="h3" component="h3" sx={{ p: 2, pb: 1 }}>
        {entry.class.name}
      </Typography>
      {/* a subject's cell spans its courses' rows, so cells do not line up with columns: cards without labels */}
      <ResponsiveTable columns={['', '', '']} size="small" aria-labelledby={headingId}>
        <TableHead>
          <TableRow>
            <TableCell>Subject</TableCell>
            <TableCell>Course</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entry.subjects.map((s) => {
            const target: CourseTarget = {
              academicYearId: year.academicYear.id,
              year: year.academicYear.year,
              classId: entry.class.id,
              className: entry.class.name,
              subjectId: s.subject.id,
              subjectName: s.subject.name,
            };
            const span = Math.max(1, s.courses.length);
            const subjectCell = (
              <TableCell rowSpan={span} sx={{ verticalAlign: 'top' }}>
                <Typography sx={{ fontWeight: 600 }}>{s.subject.name}</Typography>
                {s.allocationId && (
                  <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
                    <Button
                      size="small"
                      variant="contained"
                      onClick={() => onCreate(target)}
                      aria-label={`Create Course for ${s.subject.name}`}
                    >
                      Create Course
                    </Button>
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => onReuse(target)}
                      aria-label={`Reuse Course for ${s.subject.name}`}
                    >
                      Reuse Course
                    </Button>
                  </Box>
                )}
              </TableCell>
            );
            if (s.courses.length === 0) {
              return (
                <TableRow key={s.subject.id}>
                  {subjectCell}
                  <TableCell>
                    <Typography color="text.secondary">No course yet</Typography>
                  </TableCell>
                  <TableCell />
                </TableRow>
              );
            }
            return s.courses.map((course, i) => (
              <TableRow key={course.id} hover>
                {i === 0 && subjectCell}
                <TableCell>{course.title}</TableCell>
                <TableCell align="right">
                  <Box sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                    <Button
                      component={RouterLink}
                      to={pathTo('course', { courseId: course.id })}
                      size="small"
                      variant="outlined"
                      aria-label={`View Course ${course.title}`}
                    >
                      View Course
                    </Button>
                    {course.viewerCanDelete && (
                      <IconButton size="small" color="error" aria-label={`Delete course ${course.title}`} onClick={() => onDelete(course)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    )}
                  </Box>
                </TableCell>
              </TableRow>
            ));
          })}
        </TableBody>
      </ResponsiveTable>
    </Paper>
  );
}
