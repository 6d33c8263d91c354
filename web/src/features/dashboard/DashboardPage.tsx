import Alert from '@mui/material/Alert';
import { useSession } from '../../app/session';
import { AdminDashboard, SuperAdminDashboard, TeacherDashboard } from './StaffDashboards';
import { ParentDashboard } from './ParentDashboard';
import { StudentDashboard } from './StudentDashboard';

/** /dashboard: the dashboard of the active role. */
export function DashboardPage() {
  const { user, activeRole } = useSession();
  const firstName = user?.firstName ?? '';

  switch (activeRole) {
    case 'SuperAdmin':
      return <SuperAdminDashboard firstName={firstName} />;
    case 'Admin':
      return <AdminDashboard firstName={firstName} />;
    case 'Teacher':
      return <TeacherDashboard firstName={firstName} />;
    case 'Student':
      return <StudentDashboard firstName={firstName} />;
    case 'Parent':
      return <ParentDashboard firstName={firstName} />;
    default:
      return <Alert severity="error">Invalid role</Alert>;
  }
}
