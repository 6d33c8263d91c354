import { presenter } from '../../app/rest';
import { Actor, can } from '../../policies';
import { User } from './user.entity';

/**
 * Users for REST. The rule is the one the GraphQL schema applies with `@FieldRule('user.read')` on
 * User.email and User.activated: a viewer who may not read a user (platform.md: "a student sees other
 * users' first name, last name and role only") gets neither field, whatever the answer names them in.
 */
const mayRead = (viewer: Actor, u: User) => can(viewer, 'user.read', u);

/** A user as the user pages show them: {_id, firstName, lastName, email, role, activated, createdAt}. */
export const presentUser = presenter((viewer: Actor, u: User) =>
  mayRead(viewer, u)
    ? { id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, role: u.role, activated: u.activated, createdAt: u.createdAt }
    : { id: u.id, firstName: u.firstName, lastName: u.lastName, role: u.role });

function person(viewer: Actor, u: User | null | undefined, withRole: boolean) {
  if (!u) return null;
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    ...(mayRead(viewer, u) ? { email: u.email } : {}),
    ...(withRole ? { role: u.role } : {}),
  };
}

/** A user named on something else (course teachers, authors): {_id, firstName, lastName, email, role}; null once the account is gone. */
export const presentPerson = (viewer: Actor, u: User | null | undefined) => person(viewer, u, true);

/** The same without the role, as allocations and attendance records name teachers and students: {_id, firstName, lastName, email}. */
export const presentPersonName = (viewer: Actor, u: User | null | undefined) => person(viewer, u, false);
