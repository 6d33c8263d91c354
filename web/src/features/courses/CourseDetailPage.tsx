import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { Spinner } from '../../components/Spinner';
import { DiscussionsPanel } from '../discussions/DiscussionsPanel';
import { AnnouncementsTab } from './AnnouncementsTab';
import { CourseFormDialog } from './CourseDialogs';
import { CourseTabs } from './CourseTabs';
import { ModulesTab } from './ModulesTab';
import { useCourseDetail } from './useCourseDetail';

/** /dashboard/courses/{courseId}: the teacher's course with its Modules, Announcements and Discussions tabs. */
export function CourseDetailPage() {
  const { courseId = '' } = useParams();
  const c = useCourseDetail(courseId);
  const [editing, setEditing] = useState(false);

  return (
    <>
      <Link component={RouterLink} to="/dashboard/courses" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        Back to My Courses
      </Link>
      {c.loading ? (
        <Spinner />
      ) : c.loadError ? (
        <Alert severity="error" role="alert">
          <AlertTitle>Error!</AlertTitle>
          {c.loadError}
        </Alert>
      ) : c.notFound || !c.course ? (
        <Typography variant="h1" component="h1">
          Course not found.
        </Typography>
      ) : (
        <>
          <Banner severity="success" message={c.success} onClose={c.clearSuccess} />
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h1" component="h1">
                  {c.course.title}
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                  Subject: {c.course.subject.name} · Class: {c.course.class.name} · Academic Year: {c.course.academicYear.year}
                </Typography>
              </Box>
              <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                Edit Course
              </Button>
            </Box>
            {c.course.description && <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>{c.course.description}</Typography>}
          </Paper>
          <CourseTabs
            id="course"
            label="Course sections"
            tabs={[
              { key: 'modules', label: 'Modules', render: () => <ModulesTab courseId={courseId} /> },
              { key: 'announcements', label: 'Announcements', render: () => <AnnouncementsTab courseId={courseId} /> },
              { key: 'discussions', label: 'Discussions', render: () => <DiscussionsPanel courseId={courseId} audience="teacher" /> },
            ]}
          />
          {editing && (
            <CourseFormDialog
              id="edit-course"
              title="Edit Course"
              submitLabel="Update Course"
              initial={{ title: c.course.title, description: c.course.description }}
              onClose={() => setEditing(false)}
              onSave={c.updateCourse}
            />
          )}
        </>
      )}
    </>
  );
}
