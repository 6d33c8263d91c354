import Button from '@mui/material/Button';
import { Spinner } from '../../components/Spinner';
import { useRoleSwitcherControl } from '../../layout/useRoleSwitcher';
import { GradingQueue } from '../review/GradingQueue';
import { CardGrid, DashboardCard, EmptyText, LinkList, WelcomeBanner } from '../../components/DashboardParts';
import { useTeacherCourses } from './useDashboardData';
import { ROUTES, pathTo } from '@lms/routes';

interface DashboardProps {
  firstName: string;
}

export function SuperAdminDashboard({ firstName }: DashboardProps) {
  const { openSwitcher } = useRoleSwitcherControl();
  return (
    <>
      <WelcomeBanner firstName={firstName} subtitle="You are managing the whole platform." />
      <CardGrid>
        <DashboardCard
          title="System Overview"
          description="Schools, users and activity across the platform at a glance."
          action={{ label: 'Go to overview', to: ROUTES.dashboard }}
        />
        <DashboardCard
          title="Manage Schools"
          description="Add schools and change their settings."
          action={{ label: 'Open schools', to: ROUTES.schools }}
        />
        <DashboardCard
          title="Manage Users"
          description="Invite users, give them roles and remove accounts."
          action={{ label: 'Open user management', to: ROUTES.users }}
        />
        <DashboardCard
          title="Impersonate Role"
          description="See the application as another role, then switch back."
          actions={
            <Button size="small" variant="contained" onClick={openSwitcher}>
              Open Role Switcher
            </Button>
          }
        />
        <DashboardCard
          title="System Logs"
          description="Sign-ins, changes and errors recorded by the system."
          action={{ label: 'Open logs', to: ROUTES.logs }}
        />
      </CardGrid>
    </>
  );
}

export function AdminDashboard({ firstName }: DashboardProps) {
  return (
    <>
      <WelcomeBanner firstName={firstName} subtitle="Run your school's classes, teachers and calendar from here." />
      <CardGrid>
        <DashboardCard
          title="Class Management"
          description="Create classes for each academic year and keep them up to date."
          action={{ label: 'Manage classes', to: ROUTES.classManagement }}
        />
        <DashboardCard
          title="Assign Teachers"
          description="Choose which teachers teach which subject in which class."
          action={{ label: 'Assign teachers', to: ROUTES.teacherAssignment }}
        />
        <DashboardCard
          title="Reports"
          description="Attendance and results across classes."
          action={{ label: 'Open reports', to: ROUTES.reports }}
        />
        <DashboardCard
          title="School Calendar"
          description="Terms, holidays and school events."
          action={{ label: 'Open calendar', to: ROUTES.calendar }}
        />
        <DashboardCard
          title="School Messages"
          description="Messages from teachers and parents."
          action={{ label: 'Open messages', to: ROUTES.messages }}
        />
      </CardGrid>
    </>
  );
}

export function TeacherDashboard({ firstName }: DashboardProps) {
  const courses = useTeacherCourses();
  if (courses.loading) return <Spinner label="Loading dashboard..." />;

  return (
    <>
      <WelcomeBanner firstName={firstName} subtitle="Here is what is happening in your classes." />
      <CardGrid>
        <DashboardCard
          title="Your Courses"
          wide
          description="The courses you teach this year."
          action={{ label: 'View All Courses', to: ROUTES.courses }}
        >
          {courses.items.length === 0 ? (
            <EmptyText>You have no courses yet.</EmptyText>
          ) : (
            <LinkList
              label="Your courses"
              items={courses.items.map((course) => ({
                key: course.id,
                to: pathTo('course', { courseId: course.id }),
                label: course.title,
                detail: `${course.subjectName} · ${course.className}`,
              }))}
            />
          )}
        </DashboardCard>
        <DashboardCard
          title="Live Classes"
          description="Start or schedule an online lesson."
          action={{ label: 'Open live classes', to: ROUTES.liveClasses }}
        />
        <DashboardCard
          title="Class Attendance"
          description="Take and review attendance for your classes."
          action={{ label: 'Take attendance', to: ROUTES.attendance }}
        />
        <DashboardCard
          title="Assignments to Review"
          description="Submissions waiting for your grading."
          action={{ label: 'Review assignments', to: ROUTES.assignmentReview }}
        >
          <GradingQueue />
        </DashboardCard>
        <DashboardCard
          title="Student Diaries"
          description="Notes and homework for your students."
          action={{ label: 'Open student diaries', to: ROUTES.studentDiary }}
        />
        <DashboardCard
          title="Class Forums"
          description="Discussions with your classes."
          action={{ label: 'Open forums', to: ROUTES.forums }}
        />
      </CardGrid>
    </>
  );
}
