/**
 * Keyed banners (issue 14, point 7): each message has its own 3-second timer, so a second message is never
 * cleared by the first one's timer, even with the same text (the web package has no unit-test runner, so
 * the check runs in the browser against the built app).
 */
import { DEMO, login } from './support/auth';
import { expectNotVisible, expectVisible } from './support/expect';
import { e2e } from './support/fixture';

const SAVED = 'Your profile has been updated';
const BANNER_MS = 3000;

describe('banners', () => {
  e2e('a second success banner keeps its own 3 seconds after the first one times out', async ({ page }) => {
    await login(page, DEMO.teacher.email);
    await page.goto('/profile');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    const banner = page.getByRole('status').filter({ hasText: SAVED });

    await save.click();
    await expectVisible(banner, 'the first success banner');
    // the first message's timer started before this moment
    const first = Date.now();

    await page.waitForTimeout(1000);
    // the second message (the same text) starts when the second save's answer is in
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('updateProfile')),
      save.click(),
    ]);
    const second = Date.now();

    // past the first message's 3 seconds and after the second arrived, well within the second's 3 seconds; on a
    // slow machine whose second answer came after the first timer, this still holds (it then proves less)
    const checkAt = Math.max(first + BANNER_MS, second) + 300;
    await page.waitForTimeout(Math.max(0, checkAt - Date.now()));
    // (a moment's grace: on a loaded machine the second answer may still be rendering)
    await expectVisible(banner, "the second 'profile updated' banner, not cleared by the first one's timer", 1000);

    // and it does clear on its own timer
    await expectNotVisible(banner, 'the second success banner after its 3 seconds', BANNER_MS + 5000);
  });
});
