import Alert from '@mui/material/Alert';
import { useSession } from '../../app/session';
import { AdminDashboard, SuperAdminDashboard, TeacherDashboard } from './StaffDashboards';
import { ParentDashboard } from './ParentDashboard';
import { StudentDashboard } from './StudentDashboard';
import { useDocumentTitle } from '../../layout/useDocumentTitle';

/** /dashboard: the dashboard of the active role. */
export function DashboardPage() {
  const { user, activeRole } = useSession();
  const firstName = user?.firstName ?? '';
  // the SuperAdmin's sidebar calls this page System Overview
  useDocumentTitle(activeRole === 'SuperAdmin' ? 'System Overview' : 'Dashboard');

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
