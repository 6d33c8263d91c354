import { Actor } from './actor';
import { Role } from '../modules/users/role';
import { ACADEMIC_MANAGERS, ASSIGNABLE_ROLES, SWITCHABLE_ROLES, USER_MANAGERS } from './roles';

const has = (actor: Actor, roles: Role[]) => roles.includes(actor.activeRole);

/**
 * Every rule of the system, by action. A rule sees the actor and the object acted on (never the role
 * alone where ownership matters). Domains add their rules here so the whole table reads in one place.
 */
export const rules = {
  /** list users (the user-management and placement pages) */
  'user.list': (a: Actor) => has(a, USER_MANAGERS),
  /** read one user: yourself, or any user for staff who manage users */
  'user.read': (a: Actor, target: { id: string }) => a.userId === target.id || has(a, USER_MANAGERS),
  /** create a user with the given role */
  'user.create': (a: Actor, target: { role: Role }) =>
    has(a, USER_MANAGERS) && ASSIGNABLE_ROLES[a.activeRole].includes(target.role),
  /** delete a user: never yourself, and only users of a role you could have created */
  'user.delete': (a: Actor, target: { id: string; role: Role }) =>
    has(a, USER_MANAGERS) && a.userId !== target.id && ASSIGNABLE_ROLES[a.activeRole].includes(target.role),
  /** view the app as another role; decided by the stored role, so an impersonating user can still move */
  'role.switch': (a: Actor, target: { role: Role }) => SWITCHABLE_ROLES[a.role].includes(target.role),
  /** change academic years, classes, subjects and teacher assignments */
  'academic.manage': (a: Actor) => has(a, ACADEMIC_MANAGERS),
} satisfies Record<string, (actor: Actor, object: never) => boolean>;

export type Action = keyof typeof rules;
export type ObjectOf<A extends Action> = Parameters<(typeof rules)[A]>[1];
