import Alert from '@mui/material/Alert';
import { useSession } from '../../lib/session';
import { AdminDashboard, SuperAdminDashboard, TeacherDashboard } from './StaffDashboards';
import { ParentDashboard } from './ParentDashboard';
import { StudentDashboard } from './StudentDashboard';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** /dashboard: the dashboard of the active role. */
export function DashboardPage() {
  const { user, activeRole } = useSession();
  const firstName = user?.firstName ?? '';
  // the SuperAdmin's sidebar calls this page System Overview
  useDocumentTitle(activeRole === 'SUPER_ADMIN' ? 'System Overview' : 'Dashboard');

  switch (activeRole) {
    case 'SUPER_ADMIN':
      return <SuperAdminDashboard firstName={firstName} />;
    case 'ADMIN':
      return <AdminDashboard firstName={firstName} />;
    case 'TEACHER':
      return <TeacherDashboard firstName={firstName} />;
    case 'STUDENT':
      return <StudentDashboard firstName={firstName} />;
    case 'PARENT':
      return <ParentDashboard firstName={firstName} />;
    default:
      return <Alert severity="error">Invalid role</Alert>;
  }
}
