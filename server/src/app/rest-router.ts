import { newRouter } from './rest';
import { authRouter } from '../modules/auth/auth.rest';
import { usersRouter } from '../modules/users/users.rest';
import { academicRouter } from '../modules/academic/academic.rest';
import { courseRouters } from '../modules/courses/courses.routers';
import { attendanceRouter } from '../modules/attendance/attendance.rest';

/** Every REST adapter under /api; a new domain mounts its own router here. */
export function apiRouter() {
  const r = newRouter();
  r.use(authRouter());
  r.use(usersRouter());
  r.use(academicRouter());
  r.use(courseRouters());
  r.use(attendanceRouter());
  return r;
}
