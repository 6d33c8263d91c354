import type { Locator, Page } from 'playwright-core';
import type { Role } from './auth';
import { expectVisible } from './expect';

export type SidebarEntry = string | { group: string; children: string[] };

/**
 * Sidebar by active role: platform.md section 6, verbatim and in order; Calendar and the parent's Grades are
 * issue 17's, the Audit Log and the teacher's Grade History issue 23's, the teacher's Question banks issue 30's,
 * beyond the spec.
 */
export const SIDEBAR: Record<Role, SidebarEntry[]> = {
  SuperAdmin: ['System Overview', 'Manage Schools', 'Manage Users', 'Impersonate Role', 'System Logs', 'Audit Log'],
  Admin: [
    'Dashboard',
    {
      group: 'Course Management',
      children: ['Course Management', 'Academic Years', 'Class Management', 'Subject Management', 'Teacher Assignment'],
    },
    'Manage Users',
    'View Reports',
    'Calendar',
    'Messages',
    'Audit Log',
  ],
  Teacher: [
    'Dashboard',
    'My Courses',
    'Live Classes',
    'Manage Users',
    'Assign Students',
    'Attendance',
    { group: 'Assessments Review', children: ['Assignment Review', 'Exam Review', 'Quiz Review'] },
    'Question banks',
    'Student Diary',
    'Forums',
    'Calendar',
    'Grade History',
  ],
  Student: [
    'Dashboard',
    'My Classes',
    { group: 'Assessments', children: ['Assignments', 'Exams', 'Quizzes'] },
    'Live Sessions',
    'Grades',
    'Attendance',
    'Transcript',
    'Diary',
    'Calendar',
  ],
  Parent: ['Dashboard', 'Child Overview', 'Attendance', 'Transcript', 'Payments', 'Messages', 'View Diary', 'Grades', 'Calendar'],
};

/** The sidebar: the page's navigation landmark. */
export function sidebar(page: Page): Locator {
  return page.getByRole('navigation');
}

/** Names of the sidebar's visible links and buttons, in page order. */
export async function sidebarNames(page: Page): Promise<string[]> {
  const nav = sidebar(page);
  return nav.locator('a, button, [role="button"], [role="link"]').evaluateAll((els) =>
    els
      .filter((el) => {
        const r = (el as HTMLElement).getBoundingClientRect();
        return r.width > 0 && r.height > 0;
      })
      // the entry's label only: an entry without a page also says 'Coming soon' below it (issue 14)
      .map((el) => ((el.querySelector('.MuiListItemText-primary') ?? el).textContent ?? '').replace(/\s+/g, ' ').trim())
      .filter(Boolean),
  );
}

/** The flat list of names expected once every group is open. */
export function expectedSidebarNames(role: Role): string[] {
  return SIDEBAR[role].flatMap((e) => (typeof e === 'string' ? [e] : [e.group, ...e.children]));
}

/** Opens every collapsed group of the role's sidebar (groups expand on click, spec section 2). */
export async function expandSidebarGroups(page: Page, role: Role): Promise<void> {
  const nav = sidebar(page);
  for (const entry of SIDEBAR[role]) {
    if (typeof entry === 'string') continue;
    const firstChild = nav.getByRole('link', { name: entry.children[0], exact: true });
    if (await firstChild.isVisible()) continue;
    const group = nav.getByRole('button', { name: entry.group, exact: true });
    if (!(await group.isVisible())) continue; // no such group: the comparison of all names reports it
    await group.click();
    await expectVisible(firstChild, `the '${entry.children[0]}' link after opening the '${entry.group}' sidebar group`);
  }
}

/** Waits for the sidebar to show the role's items (all groups opened) and returns what it shows. */
export async function expectSidebarFor(page: Page, role: Role): Promise<void> {
  const nav = sidebar(page);
  const first = SIDEBAR[role][0] as string;
  await expectVisible(nav.getByRole('link', { name: first, exact: true }), `the ${role} sidebar item '${first}'`);
  await expandSidebarGroups(page, role);
  const expected = expectedSidebarNames(role);
  const deadline = Date.now() + 5_000;
  let shown: string[];
  for (;;) {
    shown = await sidebarNames(page);
    if (JSON.stringify(shown) === JSON.stringify(expected)) return;
    if (Date.now() > deadline) break;
    await page.waitForTimeout(150);
  }
  throw new Error(`the ${role} sidebar should read (spec section 6):\n  ${expected.join(', ')}\nbut reads:\n  ${shown.join(', ')}`);
}

/** The welcome banner with the first name (spec section 1). */
export function welcomeBanner(page: Page, firstName: string): Locator {
  return page.getByText(new RegExp(`welcome.*\\b${firstName}\\b`, 'i'));
}
