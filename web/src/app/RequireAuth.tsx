import type { Role } from '../gql/types';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { ALL_ROLES } from '../lib/roles';
import { useSession } from '../lib/session';
import { ROUTES } from '@lms/routes';

interface RequireAuthProps {
  allowedRoles?: readonly Role[];
  children: ReactNode;
}

/** Guard: 'Loading...' while the session loads, /login without a user, /unauthorized for other roles. */
export function RequireAuth({ allowedRoles = ALL_ROLES, children }: RequireAuthProps) {
  const { user, activeRole, loading } = useSession();
  const location = useLocation();

  if (loading) return <Spinner label="Loading..." fullPage />;
  if (!user) return <Navigate to={ROUTES.login} replace state={{ from: location.pathname }} />;
  const role = activeRole ?? user.role;
  if (!allowedRoles.includes(role)) return <Navigate to={ROUTES.unauthorized} replace />;
  return <>{children}</>;
}
