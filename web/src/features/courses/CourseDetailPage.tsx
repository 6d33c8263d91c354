import { Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { BackLink, Loaded } from '../../components/DetailPage';
import { lazyPage } from '../../lib/lazyPage';
import { CourseTabs } from '../../components/CourseTabs';
import { ModulesTab } from './ModulesTab';
import { useCourseDetail } from './useCourseDetail';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ROUTES, pathTo } from '@lms/routes';

// what the first screen does not show comes on demand (CourseTabs loads the other tabs' code once it is up)
const CourseAssessmentsTab = lazyPage(() => import('../assessments/AssessmentTabs'), 'CourseAssessmentsTab');
const DiscussionsPanel = lazyPage(() => import('../discussions/DiscussionsPanel'), 'DiscussionsPanel');
const AnnouncementsTab = lazyPage(() => import('./AnnouncementsTab'), 'AnnouncementsTab');
const CourseFormDialog = lazyPage(() => import('./CourseDialogs'), 'CourseFormDialog');

/**
 * /dashboard/courses/{courseId}: the teacher's course with its Modules, Assignments, Exams, Announcements and
 * Discussions tabs. One
 * query loads the header and every tab (each reads its own fragment of it); what the viewer may change comes
 * from the server (`viewerCanManage`), so a student or an administrator sees no Edit, Add or Delete.
 */
export function CourseDetailPage() {
  const { courseId = '' } = useParams();
  const c = useCourseDetail(courseId);
  useDocumentTitle(c.course ? `Course ${c.course.title}` : c.notFound ? 'Course not found' : null);
  const [editing, setEditing] = useState(false);
  const canManage = Boolean(c.course?.viewerCanManage);
  useEffect(() => {
    if (canManage) void CourseFormDialog.preload().catch(() => undefined);
  }, [canManage]);

  return (
    <>
      <BackLink to={ROUTES.courses}>Back to My Courses</BackLink>
      <Loaded
        loading={c.loading}
        error={c.loadError}
        errorTitle="Error!"
        value={c.notFound ? null : c.course}
        notFoundText="Course not found."
      >
        {(course) => (
          <>
            <Banner severity="success" message={c.success} onClose={c.clearSuccess} />
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="h1" component="h1">
                    {course.title}
                  </Typography>
                  <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                    Subject: {course.subject.name} · Class: {course.class.name} · Academic Year: {course.academicYear.year}
                  </Typography>
                </Box>
                {course.viewerCanManage && (
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                    {/* the gradebook is for the course's teachers (and admins, by address) */}
                    <Button variant="outlined" component={RouterLink} to={pathTo('gradebook', { courseId: course.id })}>
                      Gradebook
                    </Button>
                    <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                      Edit Course
                    </Button>
                  </Box>
                )}
              </Box>
              {course.description && <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>{course.description}</Typography>}
            </Paper>
            <CourseTabs
              id="course"
              label="Course sections"
              tabs={[
                { key: 'modules', label: 'Modules', render: () => <ModulesTab course={course} /> },
                {
                  key: 'assignments',
                  label: 'Assignments',
                  render: () => <CourseAssessmentsTab course={course} kind="assignment" />,
                  preload: CourseAssessmentsTab.preload,
                },
                {
                  key: 'exams',
                  label: 'Exams',
                  render: () => <CourseAssessmentsTab course={course} kind="exam" />,
                  preload: CourseAssessmentsTab.preload,
                },
                {
                  key: 'announcements',
                  label: 'Announcements',
                  render: () => <AnnouncementsTab course={course} />,
                  preload: AnnouncementsTab.preload,
                },
                {
                  key: 'discussions',
                  label: 'Discussions',
                  render: () => <DiscussionsPanel course={course} audience="teacher" />,
                  preload: DiscussionsPanel.preload,
                },
              ]}
            />
            {editing && course.viewerCanManage && (
              // the dialog's code arrives on the first click; the page stays as it is meanwhile
              <Suspense fallback={null}>
                <CourseFormDialog
                  id="edit-course"
                  title="Edit Course"
                  submitLabel="Update Course"
                  initial={{ title: course.title, description: course.description }}
                  onClose={() => setEditing(false)}
                  onSave={c.updateCourse}
                />
              </Suspense>
            )}
          </>
        )}
      </Loaded>
    </>
  );
}
