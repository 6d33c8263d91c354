import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { Spinner } from '../../components/Spinner';
import { useMyClasses } from './useMyClasses';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { pathTo } from '@lms/routes';

/** /dashboard/classes: the student's courses by academic year, then class. */
export function MyClassesPage() {
  useDocumentTitle('My Classes');
  const c = useMyClasses();

  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        My Classes
      </Typography>
      <Paper
        component="section"
        aria-label="Your placement"
        elevation={0}
        sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', p: { xs: 2, sm: 3 }, mb: 3 }}
      >
        <Typography>
          <strong>Academic Year:</strong> {c.yearLabel}
        </Typography>
        <Typography>
          <strong>Class:</strong> {c.classLabel}
        </Typography>
      </Paper>
      <Banner severity="error" message={c.error} />
      {c.loading ? (
        <Spinner />
      ) : c.empty ? (
        !c.error && (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            <Typography sx={{ mb: 1 }}>You are not enrolled in any subjects yet.</Typography>
            <Typography color="text.secondary">Please contact your school admin if this seems incorrect.</Typography>
          </Paper>
        )
      ) : (
        c.groups.map((year) => (
          <Box component="section" key={year.key} aria-labelledby={`year-${year.key}`} sx={{ mb: 4 }}>
            <Typography id={`year-${year.key}`} variant="h2" component="h2" sx={{ mb: 2 }}>
              {year.year}
              {year.isCurrent ? ' (Current)' : ''}
            </Typography>
            {year.classes.map((group) => {
              const headingId = `class-${year.key}-${group.key}`;
              return (
                <Paper component="section" variant="outlined" key={group.key} aria-labelledby={headingId} sx={{ mb: 2 }}>
                  <Typography id={headingId} variant="h3" component="h3" sx={{ p: 2, pb: 1 }}>
                    {group.className}
                  </Typography>
                  <ResponsiveTable columns={['Subject', 'Course Title', 'Action']} size="small" aria-labelledby={headingId}>
                    <TableHead>
                      <TableRow>
                        <TableCell>Subject</TableCell>
                        <TableCell>Course Title</TableCell>
                        <TableCell align="right">Action</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {group.courses.map((course) => (
                        <TableRow key={course.id} hover>
                          <TableCell>{course.subject.name}</TableCell>
                          <TableCell>{course.title}</TableCell>
                          <TableCell align="right">
                            <Button
                              component={RouterLink}
                              to={pathTo('course', { courseId: course.id })}
                              size="small"
                              variant="contained"
                              aria-label={`View Modules of ${course.title}`}
                            >
                              View Modules
                            </Button>
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </ResponsiveTable>
                </Paper>
              );
            })}
          </Box>
        ))
      )}
    </>
  );
}
