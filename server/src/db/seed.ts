import { DataSource, EntityManager } from 'typeorm';
import { hashPassword } from '../modules/auth/secrets';
import { User } from '../modules/users/user.entity';
import { Role } from '../modules/users/role';
import { academicSeeder } from '../modules/academic/academic.seed';
import { seedDemoAttendance } from '../modules/attendance/attendance.seed';
import { courseSeeder } from '../modules/courses/courses.seed';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS: Array<{ email: string; firstName: string; lastName: string; role: Role }> = [
  { email: 'superadmin@demo.school', firstName: 'Sam', lastName: 'Super', role: Role.SuperAdmin },
  { email: 'admin@demo.school', firstName: 'Ada', lastName: 'Admin', role: Role.Admin },
  { email: 'teacher@demo.school', firstName: 'Tara', lastName: 'Teacher', role: Role.Teacher },
  { email: 'teacher2@demo.school', firstName: 'Theo', lastName: 'Tutor', role: Role.Teacher },
  { email: 'student@demo.school', firstName: 'Stella', lastName: 'Student', role: Role.Student },
  { email: 'student2@demo.school', firstName: 'Sid', lastName: 'Scholar', role: Role.Student },
  { email: 'parent@demo.school', firstName: 'Pat', lastName: 'Parent', role: Role.Parent },
];

export interface DemoUsers {
  [email: string]: User;
}

/** Each domain adds the demo school's part of it; they run in order in one transaction. */
export type DemoSeeder = (m: EntityManager, users: DemoUsers) => Promise<void>;
export const demoSeeders: DemoSeeder[] = [];
demoSeeders.push(academicSeeder);
demoSeeders.push(courseSeeder); // after the academic seeder: reads its classes and subjects
demoSeeders.push((m, users) => seedDemoAttendance(m, users)); // after the academic seeder: reads its classes

/** Seeds the demo school into an empty database; returns false when there were users already. */
export async function seedDemoSchool(ds: DataSource): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return ds.transaction(async (m) => {
    // one seeder at a time even with several instances starting together
    await m.query('SELECT pg_advisory_xact_lock(7243001)');
    const [{ n }] = await m.query('SELECT count(*)::int AS n FROM users');
    if (n > 0) return false;
    const users: DemoUsers = {};
    for (const a of DEMO_ACCOUNTS) {
      users[a.email] = await m.save(m.create(User, { ...a, activated: true, passwordHash }));
    }
    for (const seed of demoSeeders) await seed(m, users);
    return true;
  });
}

export function demoBanner(url: string): string {
  const lines = DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(10)} ${a.email}`);
  return [`Demo school at ${url} - every account's password is ${DEMO_PASSWORD}:`, ...lines].join('\n');
}

/** A production install starts with one SuperAdmin from the environment; nothing happens once users exist. */
export async function seedInitialAdmin(ds: DataSource, admin: { email: string; password: string }): Promise<boolean> {
  const passwordHash = await hashPassword(admin.password);
  return ds.transaction(async (m) => {
    await m.query('SELECT pg_advisory_xact_lock(7243001)');
    const [{ n }] = await m.query('SELECT count(*)::int AS n FROM users');
    if (n > 0) return false;
    await m.save(m.create(User, {
      email: admin.email.trim().toLowerCase(), firstName: 'School', lastName: 'Administrator',
      role: Role.SuperAdmin, activated: true, passwordHash,
    }));
    return true;
  });
}
