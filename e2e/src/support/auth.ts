import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from './env';
import { exactLabel, expectPath } from './expect';

export type Role = 'SuperAdmin' | 'Admin' | 'Teacher' | 'Student' | 'Parent';

/**
 * The schema's value of each role: public enum values are ALL_CAPS (issue 26), while the screens, the REST paths
 * and switchRole's text input keep the spec's words above. For GraphQL inputs typed Role (createUser, users).
 */
export const GQL_ROLE: Record<Role, string> = {
  SuperAdmin: 'SUPER_ADMIN',
  Admin: 'ADMIN',
  Teacher: 'TEACHER',
  Student: 'STUDENT',
  Parent: 'PARENT',
};

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
}

/** The demo school's accounts (DESIGN.md), all with the password demo1234. */
export const DEMO = {
  superadmin: { email: 'superadmin@demo.school', firstName: 'Sam', lastName: 'Super', role: 'SuperAdmin' },
  admin: { email: 'admin@demo.school', firstName: 'Ada', lastName: 'Admin', role: 'Admin' },
  teacher: { email: 'teacher@demo.school', firstName: 'Tara', lastName: 'Teacher', role: 'Teacher' },
  teacher2: { email: 'teacher2@demo.school', firstName: 'Theo', lastName: 'Tutor', role: 'Teacher' },
  student: { email: 'student@demo.school', firstName: 'Stella', lastName: 'Student', role: 'Student' },
  // the password-reset test changes this one's password (and sets it back): other tests should not use it
  student2: { email: 'student2@demo.school', firstName: 'Sid', lastName: 'Scholar', role: 'Student' },
  parent: { email: 'parent@demo.school', firstName: 'Pat', lastName: 'Parent', role: 'Parent' },
} satisfies Record<string, DemoUser>;

/** web/src/app/App.tsx APP_READY_MARK: the app's first commit (a server-rendered page has hydrated). */
const APP_READY_MARK = 'lms-app-ready';

/** Waits until the page's app has rendered or hydrated (a server-rendered page shows its form before it works). */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, APP_READY_MARK, { timeout: 15_000 });
}

/**
 * Signs in through the real /login form and waits for /dashboard. A page session cookie of an earlier sign-in is
 * dropped first: with it, the server answers /login with the dashboard of whoever signed in before (issue 31).
 */
export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/login');
  await appReady(page);
  await page.getByLabel(exactLabel('Email address')).fill(email);
  await page.getByLabel(exactLabel('Password')).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectPath(page, '/dashboard', 15_000);
}

/** The bearer token the client keeps (spec section 9: local storage, key token). */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
}
