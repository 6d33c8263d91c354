import { presenter } from '../../core/rest';
import { Actor, abilitiesOf } from '../../policies';
import { Role } from '../../core/role';
import { User, presentUser } from '../users';

/** POST /auth/login: token, user, activeRole and isImpersonating at the top level (platform.md section 7). */
export const presentSignIn = presenter((viewer: Actor, out: { token: string; user: User; activeRole: Role }) => ({
  token: out.token,
  user: presentUser(viewer, out.user),
  activeRole: out.activeRole,
  isImpersonating: false,
}));

/** POST /auth/register: token and user. */
export const presentRegistration = presenter((viewer: Actor, out: { token: string; user: User }) => ({
  token: out.token,
  user: presentUser(viewer, out.user),
}));

/** GET /auth/me: the user (with role), the session's active role and what the client may show. */
export const presentSession = presenter(
  (viewer: Actor, me: { user: User; activeRole: Role; isImpersonating: boolean; abilities: ReturnType<typeof abilitiesOf> }) => ({
    user: presentUser(viewer, me.user),
    activeRole: me.activeRole,
    isImpersonating: me.isImpersonating,
    abilities: me.abilities,
  }),
);
