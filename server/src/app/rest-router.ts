import { newRouter } from './rest';
import { authRouter } from '../modules/auth/auth.rest';
import { usersRouter } from '../modules/users/users.rest';

/** Every REST adapter under /api; a new domain mounts its own router here. */
export function apiRouter() {
  const r = newRouter();
  r.use(authRouter());
  r.use(usersRouter());
  return r;
}
