/**
 * The calendar (issue 17, point 3): a student finds the demo assignment's due date in /dashboard/calendar and
 * opens it from there; then creates a feed link, reads it as a calendar app would (text/calendar), resets
 * it, and the old address answers 404. On a phone the week agenda is what the page opens on.
 */
import type { Page } from 'playwright-core';
import { DEMO, login } from './support/auth';
import { assert, expectPath, expectVisible } from './support/expect';
import { e2e } from './support/fixture';

/** The demo seed's assignment with immediate results, due in four days. */
const DEMO_ASSIGNMENT = 'Fractions homework (results at once)';

/** Its link in the calendar, moving one period on if the due date falls in the next one. */
async function findEvent(page: Page, nextLabel: string) {
  const link = page.getByRole('link', { name: new RegExp(DEMO_ASSIGNMENT.replace(/[()]/g, '\\$&')) }).first();
  await expectVisible(page.getByRole('heading', { name: 'Calendar', level: 1 }));
  await page
    .getByText('Loading the calendar...')
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
  if (!(await link.isVisible().catch(() => false))) await page.getByRole('button', { name: nextLabel }).click();
  await expectVisible(link, `the demo assignment '${DEMO_ASSIGNMENT}' in the calendar`);
  return link;
}

async function fetchFeed(page: Page, url: string) {
  // the page's own origin: PUBLIC_URL may name another host in the test setup
  const res = await page.request.get(new URL(url).pathname);
  return { status: res.status(), type: res.headers()['content-type'] ?? '', text: await res.text() };
}

describe('calendar', () => {
  e2e("a student sees the demo assignment's due date, opens it, and subscribes with a feed link that resets", async ({ page, a11y }) => {
    await login(page, DEMO.student.email);
    await page.goto('/dashboard/calendar');
    const month = page.getByRole('table', { name: 'Month' });
    await expectVisible(month, 'the month grid on a laptop');
    await expectVisible(month.locator('[aria-current="date"]'), 'today highlighted');
    const link = await findEvent(page, 'Next month');
    await a11y('calendar, month');

    await page.getByRole('button', { name: 'Week' }).click();
    await expectVisible(page.getByRole('region', { name: /Due dates by day/ }), 'the week agenda');
    await page.getByRole('button', { name: 'Month' }).click();
    await link.click();
    await expectPath(page, /^\/dashboard\/assignments\/[0-9a-f-]+\/(submit|view)$/);
    await expectVisible(page.getByText(DEMO_ASSIGNMENT).first(), 'the assignment page');

    await page.goto('/dashboard/calendar');
    await page.getByRole('button', { name: 'Create link' }).click();
    const field = page.getByTestId('calendar-feed-url');
    await expectVisible(field, 'the new feed address');
    const first = await field.inputValue();
    assert(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/.test(first), `a secret .ics address: ${first}`);
    const feed = await fetchFeed(page, first);
    assert(feed.status === 200, `the feed answers 200, got ${feed.status}`);
    assert(feed.type.startsWith('text/calendar'), `the feed is text/calendar, got ${feed.type}`);
    assert(feed.text.startsWith('BEGIN:VCALENDAR\r\n'), 'the feed is an iCalendar with CRLF lines');
    assert(feed.text.replace(/\r\n /g, '').includes(`Due: ${DEMO_ASSIGNMENT}`), 'the feed holds the demo assignment');
    await a11y('calendar, feed link shown');

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Reset link' }).click();
    await expectVisible(page.getByText('Calendar link reset', { exact: true }));
    const second = await field.inputValue();
    assert(second !== first, 'reset gives a new address');
    assert((await fetchFeed(page, first)).status === 404, 'the old address answers 404 after a reset');
    assert((await fetchFeed(page, second)).status === 200, 'the new address answers');

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Turn off' }).click();
    await expectVisible(page.getByRole('button', { name: 'Create link' }));
    assert((await fetchFeed(page, second)).status === 404, 'a turned-off link answers 404');
  });

  e2e(
    'on a phone the calendar opens on the week agenda, and a month shows the chosen day below the grid',
    async ({ page, a11y }) => {
      await login(page, DEMO.student.email);
      await page.goto('/dashboard/calendar');
      await expectVisible(page.getByRole('region', { name: /Due dates by day/ }), 'the week agenda by default on a phone');
      await expectVisible(page.locator('[aria-current="date"]').first(), 'today marked');
      const link = await findEvent(page, 'Next week');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert(overflow <= 0, `the page fits 375 px (overflows by ${overflow} px)`);
      await a11y('calendar, phone week');
      await page.getByRole('button', { name: 'Month' }).click();
      await expectVisible(page.getByRole('table', { name: 'Month' }));
      await link.waitFor({ state: 'detached' }).catch(() => undefined);
      const overflowMonth = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert(overflowMonth <= 0, `the month grid fits 375 px (overflows by ${overflowMonth} px)`);
    },
    { viewport: { width: 375, height: 812 } },
  );
});
