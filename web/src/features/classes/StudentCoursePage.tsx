import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useParams } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { BackLink, Loaded } from '../../components/DetailPage';
import { CardList, EmptyCard } from '../../components/ListTab';
import { canPreview, PreviewButton } from '../content/ContentPreview';
import { ContentTypeChip } from '../content/ContentTable';
import { CourseTabs } from '../../components/CourseTabs';
import { formatDateTime, formatKb, fullName, moduleLabel } from '../../lib/format';
import { CourseItems } from '../submissions/CourseItems';
import type { StudentAnnouncementsTabFragment } from './classes.generated';
import { useStudentCourse, type StudentContent, type StudentModule } from './useStudentCourse';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { lazyPage } from '../../lib/lazyPage';
import { ROUTES } from '@lms/routes';

// the Discussions tab's code comes on demand (CourseTabs loads it once the page is up)
const DiscussionsPanel = lazyPage(() => import('../discussions/DiscussionsPanel'), 'DiscussionsPanel');

/** The student's view of a course, at /dashboard/courses/{courseId} (CoursePage picks it for students). */
export function StudentCoursePage() {
  const { courseId = '' } = useParams();
  const s = useStudentCourse(courseId);
  useDocumentTitle(s.course ? `Course ${s.course.title}` : null);

  return (
    <>
      <BackLink to={ROUTES.classes}>Back to My Classes</BackLink>
      <Loaded loading={s.loading} error={s.error} value={s.course} notFoundText="Course not found.">
        {(course) => (
          <>
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
              <Typography variant="h1" component="h1">
                {course.subject.name}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                {course.title}
              </Typography>
            </Paper>
            <CourseTabs
              id="student-course"
              label="Course sections"
              tabs={[
                {
                  key: 'modules',
                  label: 'Modules & Quizzes',
                  render: () => (
                    <>
                      <Banner severity="error" message={s.downloadError} onClose={s.clearDownloadError} />
                      <ModuleList modules={course.modules} onDownload={(c) => void s.download(c)} />
                    </>
                  ),
                },
                {
                  key: 'assignments',
                  label: 'Assignments',
                  render: () => (
                    <CourseItems
                      label="Assignments"
                      items={course.assignments.filter((a) => !a.module)}
                      emptyText="No assignments available"
                    />
                  ),
                },
                { key: 'announcements', label: 'Announcements', render: () => <StudentAnnouncements course={course} /> },
                {
                  key: 'discussions',
                  label: 'Discussions',
                  render: () => <DiscussionsPanel course={course} audience="student" />,
                  preload: DiscussionsPanel.preload,
                },
                {
                  key: 'exams',
                  label: 'Exams',
                  render: () => <CourseItems label="Exams" items={course.exams.filter((e) => !e.module)} emptyText="No exams available" />,
                },
              ]}
            />
          </>
        )}
      </Loaded>
    </>
  );
}

function ModuleList({ modules, onDownload }: { modules: StudentModule[]; onDownload(c: StudentContent): void }) {
  if (modules.length === 0) {
    return <EmptyCard text="No modules available for this course yet. Check back later." />;
  }
  return (
    <Box>
      {modules.map((m) => (
        <Accordion key={m.id} disableGutters variant="outlined" sx={{ mb: 1 }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`module-${m.id}-content`} id={`module-${m.id}-header`}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" color="primary" variant="outlined" label={moduleLabel(m)} />
              <Typography sx={{ fontWeight: 600 }}>{m.title}</Typography>
            </Box>
          </AccordionSummary>
          <AccordionDetails id={`module-${m.id}-content`}>
            <Typography color="text.secondary" sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>
              {m.description || 'No description provided'}
            </Typography>
            <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
              Content
            </Typography>
            {m.contents.length === 0 ? (
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                No content available for this module
              </Typography>
            ) : (
              <List dense aria-label={`Content of ${m.title}`} sx={{ mb: 2 }}>
                {m.contents.map((c) => (
                  <ListItem
                    key={c.id}
                    divider
                    secondaryAction={
                      <Box sx={{ display: 'inline-flex', gap: 1, flexDirection: { xs: 'column', sm: 'row' } }}>
                        <PreviewButton content={c} />
                        <Button
                          size="small"
                          variant="outlined"
                          startIcon={<DownloadIcon />}
                          onClick={() => onDownload(c)}
                          aria-label={`Download ${c.title}`}
                        >
                          Download
                        </Button>
                      </Box>
                    }
                    sx={{ pr: { xs: 16, sm: canPreview(c.mimeType) ? 28 : 16 } }}
                  >
                    <ListItemText
                      primary={
                        <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                          {c.title}
                          <ContentTypeChip type={c.contentType} />
                        </Box>
                      }
                      secondary={`${c.fileName} · ${formatKb(c.fileSize)}${c.description ? ` · ${c.description}` : ''}`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
            <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
              Quizzes
            </Typography>
            <CourseItems
              label={`Quizzes of ${m.title}`}
              items={m.quizzes}
              emptyText="No quizzes available for this module"
              showPoints
              compact
            />
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

function StudentAnnouncements({ course }: { course: StudentAnnouncementsTabFragment }) {
  if (course.announcements.length === 0) return <EmptyCard text="No announcements available for this course yet. Check back later." />;
  return (
    <CardList label="Announcements">
      {course.announcements.map((item) => (
        <Paper component="li" variant="outlined" key={item.id} sx={{ p: 2 }}>
          <Typography variant="h3" component="h3">
            {item.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {fullName(item.author)} · {formatDateTime(item.createdAt)}
          </Typography>
          <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{item.content}</Typography>
        </Paper>
      ))}
    </CardList>
  );
}
