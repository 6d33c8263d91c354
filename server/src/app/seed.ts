import { DataSource } from 'typeorm';
import { hashPassword } from '../modules/auth';
import { User } from '../modules/users';
import { Role } from '../core/role';
import { manifests } from './manifests';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DemoSeeder, DemoUsers } from '../db/demo-types';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/demo-types';

/** Each domain's part of the demo school (its manifest's `seed`), in the app's list order. */
export const demoSeeders: DemoSeeder[] = manifests.flatMap((m) => (m.seed ? [m.seed] : []));

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
    await m.save(
      m.create(User, {
        email: admin.email.trim().toLowerCase(),
        firstName: 'School',
        lastName: 'Administrator',
        role: Role.SuperAdmin,
        activated: true,
        passwordHash,
      }),
    );
    return true;
  });
}
