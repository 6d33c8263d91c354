import { registerEnumType } from 'type-graphql';

/** The five roles; values are the spec's own words so GraphQL and REST speak alike. */
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

registerEnumType(Role, { name: 'Role', description: 'A user role. The server authorizes with the session\'s active role.' });
