import type { Role } from '../gql/types';

/**
 * The spec's word for each role (platform.md: SuperAdmin, Admin, Teacher, Student, Parent). The schema spells
 * its values ALL_CAPS (issue 26); the screens, the switcher's buttons and the impersonation banner keep the
 * spec's words, and so does switchRole, whose input is the role as text (the REST path's word).
 */
export const ROLE_LABEL: Record<Role, string> = {
  SUPER_ADMIN: 'SuperAdmin',
  ADMIN: 'Admin',
  TEACHER: 'Teacher',
  STUDENT: 'Student',
  PARENT: 'Parent',
};

/** Every role, in the spec's order (the role filter lists them so). */
export const ALL_ROLES = Object.keys(ROLE_LABEL) as readonly Role[];
