import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { Spinner } from '../../components/Spinner';
import { CardGrid, DashboardCard, EmptyText, WelcomeBanner } from '../../components/DashboardParts';
import { StatusChip } from '../submissions/StatusChip';
import { pointsText } from '../submissions/myItems';
import { TodoCard } from '../notifications/TodoCard';
import { STUDENT_DASHBOARD_ASSIGNMENTS, STUDENT_DASHBOARD_COURSES, useStudentDashboard } from './useDashboardData';
import { ROUTES, pathTo } from '@lms/routes';

export function StudentDashboard({ firstName }: { firstName: string }) {
  const { courses, assignments } = useStudentDashboard();
  if (courses.loading) return <Spinner label="Loading dashboard..." />;

  const firstCourses = courses.items.slice(0, STUDENT_DASHBOARD_COURSES);
  const recentAssignments = assignments.items.slice(0, STUDENT_DASHBOARD_ASSIGNMENTS);

  return (
    <>
      <WelcomeBanner firstName={firstName} subtitle="Here is your learning for today." />
      <Banner severity="error" message={courses.error} />
      <CardGrid>
        <TodoCard />
        <DashboardCard title="Your Classes" description="The subjects you are enrolled in." wide>
          {firstCourses.length === 0 ? (
            <EmptyText>You have no classes yet.</EmptyText>
          ) : (
            <List dense aria-label="Your classes">
              {firstCourses.map((course) => (
                <ListItem
                  key={course.id}
                  disableGutters
                  secondaryAction={
                    <Button
                      component={RouterLink}
                      to={pathTo('course', { courseId: course.id })}
                      size="small"
                      aria-label={`View Modules of ${course.subjectName}`}
                    >
                      View Modules
                    </Button>
                  }
                >
                  <ListItemText primary={course.subjectName} secondary={course.title} />
                </ListItem>
              ))}
            </List>
          )}
        </DashboardCard>
        <DashboardCard title="Recent Assignments" wide action={{ label: 'View all assignments', to: ROUTES.assignments }}>
          {recentAssignments.length === 0 ? (
            <EmptyText>You have no assignments yet.</EmptyText>
          ) : (
            <List dense aria-label="Recent assignments">
              {recentAssignments.map((a) => (
                <ListItem key={a.id} disableGutters secondaryAction={<StatusChip label={a.status} />} sx={{ pr: 24 }}>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={a.to}>
                        {a.title}
                      </Link>
                    }
                    secondary={`${a.subjectName} · ${pointsText(a.totalPoints)} · due ${new Date(a.dueDate).toLocaleDateString()}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </DashboardCard>
        <DashboardCard
          title="Live Sessions"
          description="No live sessions are scheduled."
          action={{ label: 'Open live sessions', to: ROUTES.liveSessions }}
        />
        <DashboardCard
          title="Your Grades"
          description="Your scores and feedback by course, with your average in each."
          action={{ label: 'Open grades', to: ROUTES.grades }}
        />
        <DashboardCard
          title="Your Transcript"
          description="Your results by year and subject."
          action={{ label: 'Open transcript', to: ROUTES.transcript }}
        />
        <DashboardCard
          title="Your Diary"
          description="Notes and homework from your teachers."
          action={{ label: 'Open diary', to: ROUTES.diary }}
        />
      </CardGrid>
    </>
  );
}
