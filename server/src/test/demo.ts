import { Role } from '../core/role';
import { TestServer } from './test-server';

/** One demo account per role (the demo school has two teachers and two students; these are the first). */
export const DEMO_EMAIL: Record<Role, string> = {
  SuperAdmin: 'superadmin@demo.school',
  Admin: 'admin@demo.school',
  Teacher: 'teacher@demo.school',
  Student: 'student@demo.school',
  Parent: 'parent@demo.school',
};

export const ROLES = Object.values(Role);

/** Signs in the demo account of every role; tests of the role tables start from these tokens. */
export async function signInEachRole(t: TestServer): Promise<Record<Role, string>> {
  const tokens = {} as Record<Role, string>;
  for (const r of ROLES) tokens[r] = await t.login(DEMO_EMAIL[r]);
  return tokens;
}
