import { registerEnumType } from 'type-graphql';
import { enumValueName } from './enum-values';

/** The five roles; values are the spec's own words (REST and the database); GraphQL spells them SUPER_ADMIN, ADMIN, .... */
export enum Role {
  SuperAdmin = 'SuperAdmin',
  Admin = 'Admin',
  Teacher = 'Teacher',
  Student = 'Student',
  Parent = 'Parent',
}

export const ALL_ROLES = Object.values(Role);

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ALL_ROLES as string[]).includes(value);
}

/** A role written as text: the spec's word (REST, CSV files) or GraphQL's (`TEACHER`); undefined when it is neither. */
export function roleNamed(text: string): Role | undefined {
  return ALL_ROLES.find((r) => r === text || enumValueName(r) === text);
}

registerEnumType(Role, {
  name: 'Role',
  description: "A user role. The server authorizes with the session's active role.",
  valuesConfig: {
    SuperAdmin: { description: 'Runs the whole system; may create any role and view the app as any other role.' },
    Admin: { description: 'Sets up years, classes, subjects and allocations (which teachers teach what); manages users.' },
    Teacher: { description: 'Teaches courses of their allocations, grades, marks attendance, places students.' },
    Student: { description: 'Learns in the courses of their class and year; sees only their own work.' },
    Parent: { description: 'Follows a child; has a dashboard.' },
  },
});
