/**
 * What is new (issue 17 point 4): a teacher posts an announcement in MATH-5A through the course page; the
 * student's bell shows it with the unread count, its panel leads to the course's announcements, and marking it
 * read lowers the count; the same on a 375 px phone, where the panel stays on the screen.
 */
import type { Page } from 'playwright-core';
import { DEMO, login } from './support/auth';
import { assert, exactLabel, expectNotVisible, expectPath, expectVisible, eventually } from './support/expect';
import { baseUrl } from './support/env';
import { e2e, waitForAppOnNavigation } from './support/fixture';
import { graphql } from './support/graphql';
import { apiToken, stamp } from './support/school';

async function mathCourseId(): Promise<string> {
  const answer = await graphql<{ courses: { nodes: Array<{ id: string; title: string }> } }>(
    '{ courses(first: 100) { nodes { id title } } }',
    {},
    await apiToken(DEMO.teacher.email),
  );
  const math = answer.data?.courses.nodes.find((c) => c.title === 'MATH-5A');
  assert(math, 'the demo course MATH-5A');
  return math.id;
}

/** The unread count the bell's name tells (its badge is the same number); read by CSS, as an open panel hides the navbar from roles. */
async function unreadOf(page: Page): Promise<number> {
  const name = (await page.locator('header button[aria-label^="Notifications"]').getAttribute('aria-label')) ?? '';
  return Number(/\((\d+) unread\)/.exec(name)?.[1] ?? 0);
}

/** What the server counts unread for student@ (the bell may not have answered yet right after sign-in). */
async function serverUnread(): Promise<number> {
  const answer = await graphql<{ unreadCount: number }>('{ unreadCount }', {}, await apiToken(DEMO.student.email));
  assert(answer.data, `unreadCount failed: ${JSON.stringify(answer.errors)}`);
  return answer.data.unreadCount;
}

async function postAnnouncement(page: Page, courseId: string, title: string): Promise<void> {
  await page.goto(`/dashboard/courses/${courseId}?tab=announcements`);
  await page.getByRole('button', { name: 'Create Announcement', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Announcement' });
  await dialog.getByLabel(exactLabel('Title')).fill(title);
  await dialog.getByLabel(exactLabel('Content')).fill('Bring a pencil.');
  await dialog.getByRole('button', { name: 'Create Announcement', exact: true }).click();
  await expectNotVisible(dialog);
}

async function teacherPosts(t: { page: Page }, courseId: string, title: string): Promise<void> {
  const browser = t.page.context().browser();
  assert(browser, 'the test context should belong to a browser');
  const context = await browser.newContext({ baseURL: baseUrl(), bypassCSP: true });
  try {
    const tp = await context.newPage();
    waitForAppOnNavigation(tp);
    await login(tp, DEMO.teacher.email);
    await postAnnouncement(tp, courseId, title);
  } finally {
    await context.close().catch(() => undefined);
  }
}

e2e('a teacher posts an announcement; the student sees it in the bell, follows it and marks it read', async ({ page, a11y }) => {
  const courseId = await mathCourseId();
  await login(page, DEMO.student.email);
  const before = await serverUnread();
  const title = `Notice ${stamp()}`;
  await teacherPosts({ page }, courseId, title);

  // the bell asks when its panel opens (and on its poll): the new notice is there, unread
  await page.reload();
  await eventually(
    () => unreadOf(page),
    (n) => n === before + 1,
    'the unread count after the announcement',
  );
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const menu = page.getByRole('dialog', { name: 'Notifications' });
  const item = menu.getByRole('link', { name: new RegExp(`New announcement: ${title}`) });
  await expectVisible(item, 'the announcement in the bell');
  await a11y('the bell panel');

  // Mark read on the item lowers the count; following it opens the course's announcements
  await menu.getByRole('button', { name: `Mark read: New announcement: ${title}` }).click();
  await eventually(
    () => unreadOf(page),
    (n) => n === before,
    'the unread count after marking read',
  );
  await item.click();
  await expectPath(page, `/dashboard/courses/${courseId}`);
  await expectVisible(page.getByRole('heading', { name: title }), 'the announcement on the course page');
  const left = await serverUnread();
  assert(left === before, `the server counts ${left} unread, before the announcement ${before}`);
});

e2e(
  "on a 375 px phone the bell's panel stays on the screen and Mark all read empties the badge",
  async ({ page }) => {
    const courseId = await mathCourseId();
    const title = `Phone notice ${stamp()}`;
    await login(page, DEMO.student.email);
    await expectVisible(page.getByRole('heading', { name: 'To Do' }), "the dashboard's To Do card");
    await teacherPosts({ page }, courseId, title);
    await page.reload();
    await eventually(
      () => unreadOf(page),
      (n) => n > 0,
      'an unread notice',
    );
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const menu = page.getByRole('dialog', { name: 'Notifications' });
    await expectVisible(menu.getByRole('link', { name: new RegExp(title) }));
    const box = await page.locator('#notifications-panel .MuiPaper-root').boundingBox();
    assert(box && box.x >= 0 && box.x + box.width <= 375, `the panel spans ${box?.x}..${(box?.x ?? 0) + (box?.width ?? 0)} of 375 px`);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert(wide <= 375, `the page scrolls sideways: ${wide} px`);
    await menu.getByRole('button', { name: 'Mark all read', exact: true }).click();
    await eventually(
      () => unreadOf(page),
      (n) => n === 0,
      'no unread notices after Mark all read',
    );
  },
  { viewport: { width: 375, height: 740 } },
);
