/**
 * The built client runs under the server's Content-Security-Policy with no violation: every page of every
 * role is opened with the policy enforced, and the browser's own securitypolicyviolation events are
 * collected (a blocked script, style, image, font, frame or connection would be one).
 */
import type { Page } from 'playwright-core';
import { DEMO, login, storedToken } from './support/auth';
import { assert } from './support/expect';
import { e2e } from './support/fixture';
import { graphql } from './support/graphql';

async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp ?? [])), ...refused];
}

async function visit(page: Page, paths: string[]): Promise<string[]> {
  const seen: string[] = [];
  for (const p of paths) {
    await page.goto(p);
    await page.waitForLoadState('networkidle');
    seen.push(...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp ?? [])).map((v) => `${p}: ${v}`));
  }
  return seen;
}

describe('Content-Security-Policy', () => {
  e2e(
    'a teacher opens the course, module, attendance and management pages with no violation',
    async ({ page }) => {
      const violations = await watchViolations(page);
      await login(page, DEMO.teacher.email);
      const token = await storedToken(page);
      const courses = await graphql<{ courses: { nodes: Array<{ id: string; modules: Array<{ id: string }> }> } }>(
        '{ courses(first: 100) { nodes { id modules { id } } } }',
        {},
        token,
      );
      const course = courses.data?.courses.nodes.find((c) => c.modules.length);
      assert(course, 'a course with modules for the teacher');
      const seen = await visit(page, [
        '/dashboard',
        '/dashboard/courses',
        `/dashboard/courses/${course.id}`,
        `/dashboard/modules/${course.modules[0].id}`,
        '/dashboard/attendance',
        '/dashboard/users',
        '/dashboard/student-assignment',
      ]);
      expect([...seen, ...(await violations())]).toEqual([]);
    },
    { enforceCsp: true },
  );

  e2e(
    'an admin and a student open their pages with no violation',
    async ({ page }) => {
      const violations = await watchViolations(page);
      await login(page, DEMO.admin.email);
      const seen = await visit(page, [
        '/dashboard',
        '/dashboard/course-management',
        '/dashboard/academic-year-management',
        '/dashboard/class-management',
        '/dashboard/subject-management',
        '/dashboard/teacher-assignment',
      ]);
      await page.evaluate(() => window.localStorage.clear());
      await login(page, DEMO.student.email);
      seen.push(...(await visit(page, ['/dashboard', '/dashboard/classes', '/dashboard/student-attendance'])));
      expect([...seen, ...(await violations())]).toEqual([]);
    },
    { enforceCsp: true },
  );
});
