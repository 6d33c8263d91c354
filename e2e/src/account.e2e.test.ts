/**
 * Your Profile and Settings for every role (issue 14, point 4): the user menu's pages inside the app shell, each
 * loading with one GraphQL request; a name change that the user menu shows at once; a password change that needs
 * the current password and ends the account's other sessions; the active sessions with sign-out of another one.
 *
 * The password and session tests use a fresh account each (made by the admin through the API, its password set
 * through the invitation link from the mail outbox), so that no demo account changes and the sessions listed are
 * only the ones the test opened.
 */
import type { Locator, Page } from 'playwright-core';
import { DEMO, GQL_ROLE, login, type DemoUser } from './support/auth';
import { assert, exactLabel, expectNotVisible, expectPath, expectVisible, eventually } from './support/expect';
import { DESKTOP, e2e, type E2E, waitForAppOnNavigation } from './support/fixture';
import { errorCodes, graphql } from './support/graphql';
import { sidebar } from './support/layout';
import { readOutboxLink } from './support/mail';
import { countWhile, expectOne, signIn } from './support/requests';
import { apiToken, stamp } from './support/school';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const PASSWORD_CHANGED = 'Your password has been changed. Your other sessions were signed out.';

interface FreshUser extends DemoUser {
  password: string;
}

/** A new Student made by admin@ and activated through its invitation link (new users are Pending until then). */
async function freshUser(): Promise<FreshUser> {
  const id = stamp().toLowerCase();
  const user: FreshUser = {
    email: `account-${id}@demo.school`,
    firstName: 'Fay',
    lastName: `Fresh${id}`,
    role: 'Student',
    password: `start-${id}`,
  };
  const created = await graphql(
    'mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }',
    { input: { email: user.email, firstName: user.firstName, lastName: user.lastName, role: GQL_ROLE[user.role] } },
    await apiToken(DEMO.admin.email),
  );
  assert(!created.errors, `createUser failed: ${JSON.stringify(created.errors)}`);
  const { token } = await readOutboxLink(user.email);
  const reset = await graphql('mutation ($input: ResetPasswordInput!) { resetPassword(input: $input) { message } }', {
    input: { token, password: user.password },
  });
  assert(!reset.errors, `resetPassword of the invitation failed: ${JSON.stringify(reset.errors)}`);
  return user;
}

/** Whether `password` signs `email` in (through the API, not the browser). */
async function signsIn(email: string, password: string): Promise<boolean> {
  const answer = await graphql<{ login: { token: string } }>('mutation ($input: LoginInput!) { login(input: $input) { token } }', {
    input: { email, password },
  });
  return Boolean(answer.data?.login.token) && errorCodes(answer).length === 0;
}

/** Opens the navbar's user menu and follows one of its items. */
async function fromUserMenu(page: Page, item: 'Your Profile' | 'Settings'): Promise<void> {
  await page.getByRole('button', { name: 'Open user menu', exact: true }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
}

interface TwoBrowsers {
  user: FreshUser;
  /** The other browser, signed in as the same user, on its dashboard. */
  other: Page;
}

/**
 * A fresh user signed in twice: in another browser (own storage) and then in the test's page, which opens
 * Settings and sees both sessions. The other browser is closed at the end, whatever happens.
 */
async function signedInTwice({ page, context, baseURL }: E2E, run: (two: TwoBrowsers) => Promise<void>): Promise<void> {
  const user = await freshUser();
  const browser = context.browser();
  assert(browser, 'the test context should belong to a browser');
  const otherContext = await browser.newContext({ viewport: DESKTOP, baseURL, bypassCSP: true });
  try {
    const other = await otherContext.newPage();
    waitForAppOnNavigation(other);
    await login(other, user.email, user.password);
    await login(page, user.email, user.password);
    await fromUserMenu(page, 'Settings');
    await expectSessionCount(page, 2, 'signed in from two browsers');
    await run({ user, other });
  } finally {
    await otherContext.close().catch(() => undefined);
  }
}

/** The Active Sessions list and its rows. */
function sessionsList(page: Page): Locator {
  return page.getByRole('list', { name: 'Active Sessions' });
}

async function expectSessionCount(page: Page, count: number, why: string): Promise<void> {
  await eventually(
    () => sessionsList(page).getByRole('listitem').count(),
    (n) => n === count,
    `Active Sessions should list ${count} (${why})`,
  );
}

/** The other browser's next request finds its session ended: the app sends it to /login and says why. */
async function expectSentToLogin(page: Page, why: string): Promise<void> {
  await fromUserMenu(page, 'Your Profile');
  await expectPath(page, '/login');
  await expectVisible(page.getByRole('alert').filter({ hasText: SESSION_ENDED }), `why the other browser is back at /login (${why})`);
}

describe('Your Profile and Settings', () => {
  e2e(
    'every role opens Your Profile and Settings from the user menu, inside the app shell, each with one request',
    async ({ page, a11y }) => {
      for (const user of [DEMO.superadmin, DEMO.admin, DEMO.teacher, DEMO.student, DEMO.parent]) {
        const requests = await signIn(page, user.email);
        const profile = await countWhile(
          requests,
          () => fromUserMenu(page, 'Your Profile'),
          async () => {
            await expectVisible(page.getByRole('heading', { level: 1, name: 'Your Profile' }));
            await expectVisible(page.getByRole('main').getByText(user.email, { exact: true }), `${user.role}: the email on Your Profile`);
          },
        );
        expectOne(profile, `${user.role}: Your Profile`);
        await expectPath(page, '/profile');
        assert(
          (await page.getByLabel(exactLabel('First Name')).inputValue()) === user.firstName,
          `${user.role}: First Name should read ${user.firstName}`,
        );
        await expectVisible(sidebar(page), `${user.role}: the sidebar on Your Profile (the app shell)`);
        await a11y(`${user.role} Your Profile`);

        const settings = await countWhile(
          requests,
          () => fromUserMenu(page, 'Settings'),
          async () => {
            await expectVisible(page.getByRole('heading', { level: 1, name: 'Settings' }));
            await expectVisible(
              sessionsList(page).getByText('This session', { exact: true }),
              `${user.role}: this session in Active Sessions`,
            );
          },
        );
        expectOne(settings, `${user.role}: Settings`);
        await expectPath(page, '/settings');
        await expectVisible(page.getByLabel(exactLabel('Current password')));
        await a11y(`${user.role} Settings`);

        await page.getByRole('button', { name: 'Open user menu', exact: true }).click();
        await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out', exact: true }).click();
        await expectPath(page, '/login');
      }
    },
    { timeout: 110_000 },
  );

  e2e('a user changes their name and the user menu shows the new one', async ({ page, a11y }) => {
    const user = await freshUser();
    await login(page, user.email, user.password);
    await fromUserMenu(page, 'Your Profile');
    const first = page.getByLabel(exactLabel('First Name'));
    const last = page.getByLabel(exactLabel('Last Name'));
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expectVisible(first);
    await expectVisible(page.getByRole('main').getByText('Student', { exact: true }), 'the role, read-only');

    // the server's validation text
    await first.fill('   ');
    await save.click();
    await expectVisible(page.getByRole('alert').filter({ hasText: 'First name is required' }), "the server's 'First name is required'");
    await a11y('Your Profile with an error');

    await first.fill('Renata');
    await last.fill(`Renamed ${user.lastName}`);
    await save.click();
    const saved = page.getByRole('status').filter({ hasText: 'Your profile has been updated' });
    await expectVisible(saved, 'the success text');
    await expectNotVisible(page.getByRole('alert').filter({ hasText: 'First name is required' }), 'the earlier error after a good save');

    await page.getByRole('button', { name: 'Open user menu', exact: true }).click();
    await expectVisible(
      page.getByRole('menu').getByText(`Renata Renamed ${user.lastName}`, { exact: true }),
      'the new name in the user menu',
    );
    await page.keyboard.press('Escape');
    await expectNotVisible(saved, 'the success text after 3 seconds', 6_000);

    // the server keeps it: a fresh load shows it too
    await page.reload();
    await expectVisible(first);
    await eventually(
      () => first.inputValue(),
      (v) => v === 'Renata',
      'First Name after a reload',
    );
    assert((await last.inputValue()) === `Renamed ${user.lastName}`, 'Last Name after a reload');
  });

  e2e('changing the password needs the current one, then signs the other browser out', (t) =>
    signedInTwice(t, async ({ user, other }) => {
      const { page, a11y } = t;
      const current = page.getByLabel(exactLabel('Current password'));
      const fresh = page.getByLabel(exactLabel('New password'));
      const confirm = page.getByLabel(exactLabel('Confirm new password'));
      const change = page.getByRole('button', { name: 'Change Password', exact: true });
      const NEW_PASSWORD = `changed-${stamp().toLowerCase()}`;

      await current.fill('not-my-password');
      await fresh.fill(NEW_PASSWORD);
      await confirm.fill(NEW_PASSWORD);
      await change.click();
      await expectVisible(
        page.getByRole('alert').filter({ hasText: 'Your current password is not correct' }),
        'the wrong current password refused',
      );
      await a11y('Settings with a wrong current password');

      await current.fill(user.password);
      await confirm.fill(`${NEW_PASSWORD}x`);
      await change.click();
      await expectVisible(page.getByText('Passwords do not match', { exact: true }), 'the confirmation checked');

      await confirm.fill(NEW_PASSWORD);
      await change.click();
      await expectVisible(page.getByRole('status').filter({ hasText: PASSWORD_CHANGED }), "the server's message");
      for (const field of [current, fresh, confirm]) assert((await field.inputValue()) === '', 'the password fields should be cleared');
      await expectSessionCount(page, 1, 'the other session was signed out by the server');
      await a11y('Settings after a password change');

      await expectSentToLogin(other, 'the password changed');
      assert(!(await signsIn(user.email, user.password)), 'the old password should no longer sign in');
      assert(await signsIn(user.email, NEW_PASSWORD), 'the new password should sign in');

      // this browser stays signed in
      await fromUserMenu(page, 'Your Profile');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Your Profile' }));
    }),
  );

  e2e("Settings lists both sessions of a user signed in twice, and 'Sign out' ends the other", (t) =>
    signedInTwice(t, async ({ other }) => {
      const { page, a11y } = t;
      const items = sessionsList(page).getByRole('listitem');
      const mine = items.filter({ hasText: 'This session' });
      const theirs = items.filter({ hasNotText: 'This session' });
      assert((await mine.count()) === 1, "one session should be marked 'This session'");
      assert((await mine.getByRole('button', { name: /^Sign out/ }).count()) === 0, 'this session has no Sign out button');
      await expectVisible(theirs.getByText(/^Signed in /), 'when the other session signed in');
      await expectVisible(theirs.getByText(/^Last used /), 'when the other session was last used');
      await a11y('Settings with two sessions');

      await theirs.getByRole('button', { name: /^Sign out/ }).click();
      await expectVisible(page.getByRole('status').filter({ hasText: 'The session was signed out' }));
      await expectSessionCount(page, 1, 'after signing out the other');

      await expectSentToLogin(other, 'its session was signed out');
      // and the server agrees: a fresh load lists only this session
      await page.reload();
      await expectVisible(sessionsList(page).getByText('This session', { exact: true }));
      await expectSessionCount(page, 1, 'after a reload');
    }),
  );

  e2e(
    'on a phone (375 px) Your Profile and Settings fit the width',
    async ({ page, a11y }) => {
      await login(page, DEMO.teacher.email);
      for (const [path, heading] of [
        ['/profile', 'Your Profile'],
        ['/settings', 'Settings'],
      ]) {
        await page.goto(path);
        await expectVisible(page.getByRole('heading', { level: 1, name: heading }));
        await expectVisible(page.getByRole('button', { name: heading === 'Settings' ? 'Change Password' : 'Save', exact: true }));
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert(width <= 375, `${path} should fit 375 px, it is ${width} px wide`);
        await a11y(`${heading} at 375 px`);
      }
    },
    { viewport: { width: 375, height: 812 } },
  );
});
