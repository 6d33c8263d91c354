import type { EntityManager } from 'typeorm';
import { Role } from '../core/role';

/** Every demo account's password. */
export const DEMO_PASSWORD = 'demo1234';

/** The demo school's accounts, one per role (two teachers, two students). */
export const DEMO_ACCOUNTS: Array<{ email: string; firstName: string; lastName: string; role: Role }> = [
  { email: 'superadmin@demo.school', firstName: 'Sam', lastName: 'Super', role: Role.SuperAdmin },
  { email: 'admin@demo.school', firstName: 'Ada', lastName: 'Admin', role: Role.Admin },
  { email: 'teacher@demo.school', firstName: 'Tara', lastName: 'Teacher', role: Role.Teacher },
  { email: 'teacher2@demo.school', firstName: 'Theo', lastName: 'Tutor', role: Role.Teacher },
  { email: 'student@demo.school', firstName: 'Stella', lastName: 'Student', role: Role.Student },
  { email: 'student2@demo.school', firstName: 'Sid', lastName: 'Scholar', role: Role.Student },
  { email: 'parent@demo.school', firstName: 'Pat', lastName: 'Parent', role: Role.Parent },
];

/** A demo account as saved: what the domains' seeders read of it (the users domain saves the row). */
export interface DemoUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** A student's class and year, once the academic seeder places them. */
  classId?: string | null;
  academicYearId?: string | null;
}

/** The demo accounts by email, as saved. */
export interface DemoUsers {
  [email: string]: DemoUser;
}

/** A domain's part of the demo school (its manifest's `seed`); seeders run in the app's list order in one transaction. */
export type DemoSeeder = (m: EntityManager, users: DemoUsers) => Promise<void>;
