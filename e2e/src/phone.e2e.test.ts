/**
 * Phones (issue 14, point 1) and tab titles (point 7): every page a role can open fits a 375 px wide screen
 * with no horizontal scroll, each page names its tab, and the desktop layout keeps its tables.
 *
 * The routes are the sidebar's own (web/src/layout/sidebarItems.ts, imported) and the pages AppRoutes.tsx routes,
 * by the route table's names (routes/index.js), with the demo school's own course, module and assessments for the
 * detail pages. Sidebar links without a page are included too: typed by hand they show the 404 panel, which must
 * fit as well.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { DEMO, DemoUser, GQL_ROLE, Role, login } from './support/auth';
import { REPO_ROOT, databaseUrl } from './support/env';
import { assert } from './support/expect';
import { e2e } from './support/fixture';
import { ROUTES } from '../../routes/index.js';
import { SIDEBAR_ITEMS, isNavGroup } from '../../web/src/layout/sidebarItems';

const PHONE = { width: 375, height: 812 };
const LAPTOP = { width: 1366, height: 768 };
const TITLE_SUFFIX = ' - School LMS';

/** Ids of the demo school's items, read from the test database. */
interface DemoIds {
  mathCourse: string;
  fractionsModule: string;
  assessments: Record<string, string>;
}

async function demoIds(): Promise<DemoIds> {
  const db = new Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    const course = await db.query<{ id: string }>(`SELECT id FROM courses WHERE title = 'MATH-5A' ORDER BY created_at LIMIT 1`);
    assert(course.rows[0], 'the demo course MATH-5A is missing');
    const mod = await db.query<{ id: string }>(`SELECT id FROM course_modules WHERE course_id = $1 AND title = 'Fractions'`, [
      course.rows[0].id,
    ]);
    assert(mod.rows[0], "the demo module 'Fractions' is missing");
    const items = await db.query<{ id: string; kind: string; result_visibility: string }>(
      'SELECT id, kind, result_visibility FROM assessments WHERE course_id = $1',
      [course.rows[0].id],
    );
    const assessments: Record<string, string> = {};
    for (const i of items.rows) assessments[`${i.kind}:${i.result_visibility}`] = i.id;
    return { mathCourse: course.rows[0].id, fractionsModule: mod.rows[0].id, assessments };
  } finally {
    await db.end();
  }
}

/** The role's sidebar targets, from the sidebar's own list (web/src/layout/sidebarItems.ts), so that a new link is measured too. */
function sidebarPaths(role: Role): string[] {
  return SIDEBAR_ITEMS[GQL_ROLE[role] as keyof typeof SIDEBAR_ITEMS]
    .flatMap((item) => (isNavGroup(item) ? item.children : [item]))
    .map((l) => l.to);
}

/** Pages other work adds (the grading pages) are measured once AppRoutes routes them (by the route table's name). */
function routed(pattern: string): boolean {
  const name = Object.entries(ROUTES).find(([, p]) => p.endsWith(`/${pattern}`))?.[0];
  return !!name && fs.readFileSync(path.join(REPO_ROOT, 'web/src/app/AppRoutes.tsx'), 'utf8').includes(`path={ROUTES.${name}}`);
}

function assessment(ids: DemoIds, kind: string, visibility: string): string {
  const id = ids.assessments[`${kind}:${visibility}`];
  assert(id, `the demo ${kind} with ${visibility} results is missing`);
  return id;
}

/** Every route the role can open, beyond its sidebar. */
function routesFor(role: Role, ids: DemoIds): string[] {
  const account = ['/profile', '/settings', '/settings/access-tokens'];
  const course = `/dashboard/courses/${ids.mathCourse}`;
  const module = `/dashboard/modules/${ids.fractionsModule}`;
  const extra: Record<Role, string[]> = {
    SuperAdmin: ['/settings/integrations'],
    Admin: ['/settings/integrations'],
    Teacher: [
      ...['', '?tab=assignments', '?tab=exams', '?tab=announcements', '?tab=discussions'].map((t) => course + t),
      module,
      `${module}?tab=quizzes`,
      ...(routed('assignments/:assignmentId/submissions')
        ? [`/dashboard/assignments/${assessment(ids, 'ASSIGNMENT', 'immediate')}/submissions`]
        : []),
      ...(routed('quizzes/:quizId/quizsubmissions') ? [`/dashboard/quizzes/${assessment(ids, 'QUIZ', 'immediate')}/quizsubmissions`] : []),
      ...(routed('exams/:examId/examsubmissions') ? [`/dashboard/exams/${assessment(ids, 'EXAM', 'immediate')}/examsubmissions`] : []),
    ],
    Student: [
      // one course address for every role (the spec's student address redirects to it)
      ...['', '?tab=assignments', '?tab=exams', '?tab=announcements', '?tab=discussions'].map((t) => course + t),
      `/dashboard/student/course/${ids.mathCourse}/modules`,
      `/dashboard/assignments/${assessment(ids, 'ASSIGNMENT', 'manual')}/submit`,
      `/dashboard/assignments/${assessment(ids, 'ASSIGNMENT', 'immediate')}/view`,
      `/dashboard/quizzes/${assessment(ids, 'QUIZ', 'scoreOnly')}/submit`,
      `/dashboard/quizzes/${assessment(ids, 'QUIZ', 'immediate')}/view`,
      `/dashboard/exams/${assessment(ids, 'EXAM', 'scoreOnly')}/submit`,
      `/dashboard/exams/${assessment(ids, 'EXAM', 'immediate')}/view`,
    ],
    Parent: [],
  };
  return [...new Set([...sidebarPaths(role), ...extra[role], ...account])];
}

/** What a page shows only after a choice: the attendance sheet and its chart need a class and subject. */
const PREPARE: Record<string, (page: Page) => Promise<void>> = {
  '/dashboard/attendance': async (page) => {
    const allocation = page.locator('#attendance-allocation');
    await page.waitForFunction(
      () => ((document.querySelector('#attendance-allocation') as HTMLSelectElement | null)?.options.length ?? 0) > 1,
    );
    await allocation.selectOption({ index: 1 });
    await page.getByText('Attendance over the last weeks', { exact: true }).waitFor();
  },
};

/** Waits until the page's requests are done and no loading spinner shows. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // measuring a spinner would prove nothing: a page still loading fails the test
  await page
    .getByText('Loading...', { exact: true })
    .first()
    .waitFor({ state: 'hidden', timeout: 20_000 })
    .catch(() => {
      throw new Error(`${page.url()} was still loading after 20 s`);
    });
  // charts and tables lay out after their data: one more frame
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * What sticks out on a phone: the document's scroll width, the widest elements beyond the viewport (to name
 * the culprit), and actions inside a sideways-scrolling container that the user cannot see without scrolling.
 */
async function measure(page: Page): Promise<{ scrollWidth: number; wide: string[]; hiddenActions: string[] }> {
  return page.evaluate((width) => {
    const describe = (el: Element) => {
      const cls =
        typeof el.className === 'string'
          ? el.className
              .split(/\s+/)
              .filter((c) => c && !c.startsWith('css-'))
              .slice(0, 3)
              .join('.')
          : '';
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${cls ? ` .${cls}` : ''}> right=${Math.round(el.getBoundingClientRect().right)} "${text}"`;
    };
    const scrollsSideways = (el: Element) => {
      const s = getComputedStyle(el);
      return (s.overflowX === 'auto' || s.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
    };
    const insideScroller = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) if (scrollsSideways(p)) return p;
      return null;
    };
    const wide: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 0.5 || insideScroller(el)) continue;
      // report the outermost culprit only
      if (el.parentElement && el.parentElement.getBoundingClientRect().right > width + 0.5 && !scrollsSideways(el.parentElement)) continue;
      wide.push(describe(el));
    }
    const hiddenActions: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('button, a[href], [role="button"]'))) {
      if (el.closest('[role="tablist"]')) continue; // tab strips have their own scroll buttons
      const scroller = insideScroller(el);
      if (!scroller) continue;
      const r = el.getBoundingClientRect();
      const box = scroller.getBoundingClientRect();
      if (r.width > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5)) hiddenActions.push(describe(el));
    }
    return { scrollWidth: document.documentElement.scrollWidth, wide: wide.slice(0, 5), hiddenActions: hiddenActions.slice(0, 5) };
  }, PHONE.width);
}

const ROLES: DemoUser[] = [DEMO.superadmin, DEMO.admin, DEMO.teacher, DEMO.student, DEMO.parent];

describe('phones: every route fits 375 px as each role, and names its tab', () => {
  for (const user of ROLES) {
    e2e(
      `${user.role}: every page fits 375 px and has a page title`,
      async ({ page }) => {
        const ids = await demoIds();
        await login(page, user.email);
        const failures: string[] = [];
        for (const route of routesFor(user.role, ids)) {
          await page.goto(route);
          await settle(page);
          const prepare = PREPARE[route];
          if (prepare) {
            await prepare(page);
            await settle(page);
          }
          const { scrollWidth, wide, hiddenActions } = await measure(page);
          if (scrollWidth > PHONE.width) failures.push(`${route}: ${scrollWidth} px wide\n      ${wide.join('\n      ')}`);
          if (hiddenActions.length) failures.push(`${route}: actions scrolled out of sight\n      ${hiddenActions.join('\n      ')}`);
          // a page names its tab once it knows what it shows (a course's title comes with the course)
          const titled = await page
            .waitForFunction((suffix) => document.title.endsWith(suffix), TITLE_SUFFIX, { timeout: 5_000 })
            .then(
              () => true,
              () => false,
            );
          if (!titled) failures.push(`${route}: the tab is titled '${await page.title()}', not '<page> - School LMS'`);
        }
        if (failures.length) throw new Error(`${failures.length} problem(s) at 375x812:\n  ${failures.join('\n  ')}`);
      },
      { viewport: PHONE, timeout: 240_000 },
    );
  }
});

describe('tab titles', () => {
  e2e('representative pages name the tab after themselves', async ({ page }) => {
    const ids = await demoIds();
    const expectTitle = async (route: string, title: string) => {
      await page.goto(route);
      const wanted = `${title}${TITLE_SUFFIX}`;
      await page
        .waitForFunction((t) => document.title === t, wanted, { timeout: 10_000 })
        .catch(async () => {
          throw new Error(`${route}: expected the tab title '${wanted}', found '${await page.title()}'`);
        });
    };
    await login(page, DEMO.teacher.email);
    await expectTitle('/dashboard', 'Dashboard');
    await expectTitle(`/dashboard/courses/${ids.mathCourse}`, 'Course MATH-5A');
    await expectTitle('/dashboard/users', 'User Management');
    await expectTitle('/dashboard/attendance', 'Attendance Management');
    await expectTitle('/profile', 'Your Profile');
    await expectTitle('/dashboard/no-such-page', 'Page Not Found');
    await login(page, DEMO.student.email);
    await expectTitle('/dashboard/assignments', 'My Assignments');
    await expectTitle(`/dashboard/student/course/${ids.mathCourse}/modules`, 'Course MATH-5A');
  });
});

describe('laptops keep the wide layout', () => {
  e2e(
    'at 1366x768 the users and placement pages keep their tables, with nothing sideways',
    async ({ page }) => {
      await login(page, DEMO.teacher.email);
      for (const route of ['/dashboard/users', '/dashboard/student-assignment']) {
        await page.goto(route);
        await settle(page);
        const table = await page
          .locator('table')
          .first()
          .waitFor({ timeout: 15_000 })
          .then(
            () => true,
            () => false,
          );
        assert(table, `${route}: at 1366 px the list should still be a table`);
        const header = await page
          .locator('thead')
          .first()
          .evaluate((el) => el.getBoundingClientRect().height);
        assert(header > 1, `${route}: at 1366 px the table should keep its header row in sight`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert(width <= LAPTOP.width, `${route}: ${width} px wide at 1366 px`);
      }
    },
    { viewport: LAPTOP },
  );
});
