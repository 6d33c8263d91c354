import { presenter } from '../../core/rest';
import { Actor } from '../../policies';
import { visibleFields } from '../../policies/fields';
import { User } from './user.entity';

/**
 * Users for REST. The decision is the one the GraphQL schema reads with `@Visible('user', 'contact')` on
 * User.email and User.activated: a viewer who may not read a user (platform.md: "a student sees other
 * users' first name, last name and role only") gets neither field, whatever the answer names them in.
 */
const mayRead = (viewer: Actor, u: User) => visibleFields('user', viewer, u).contact;

/** A user as the user pages show them: {_id, firstName, lastName, email, role, activated, createdAt}. */
export const presentUser = presenter((viewer: Actor, u: User) =>
  mayRead(viewer, u)
    ? {
        id: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        role: u.role,
        activated: u.activated,
        createdAt: u.createdAt,
      }
    : { id: u.id, firstName: u.firstName, lastName: u.lastName, role: u.role },
);

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

/** How REST shows a user's placement (platform.md section 3: class {_id, name}, academicYear {_id, year}); the academic domain fills it. */
export interface PlacedUser extends User {
  class: { id: string; name: string } | null;
  academicYear: { id: string; year: string } | null;
}

/**
 * A user for REST with their placement (platform.md section 3: class {_id, name} and academicYear
 * {_id, year} for students, null otherwise).
 */
export const presentPlacedUser = presenter((viewer: Actor, u: PlacedUser) => ({
  ...presentUser(viewer, u),
  class: u.class ? { id: u.class.id, name: u.class.name } : null,
  academicYear: u.academicYear ? { id: u.academicYear.id, year: u.academicYear.year } : null,
}));
