/**
 * Viewing the app as another role (platform.md sections 2, 4 and 6; DESIGN.md "Sessions": the server
 * authorizes with the session's active role).
 */
import type { Page } from 'playwright-core';
import { DEMO, login, storedToken } from './support/auth';
import { assert, expectAbsentNow, expectNotVisible, expectPath, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { errorCodes, graphql } from './support/graphql';
import { expectSidebarFor, sidebar } from './support/layout';

const UNAUTHORIZED_USERS = "Unauthorized - You don't have permission to manage users";

function banner(page: Page, role: string, original: string) {
  return page.getByText(`You are currently viewing as ${role}. Your actual role is ${original}.`, { exact: true });
}

/** Opens the navbar's role switcher and returns its dialog. */
async function openSwitcher(page: Page) {
  await page
    .getByRole('button', { name: /switch role|role switcher/i })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expectVisible(dialog, 'the role switcher');
  return dialog;
}

async function switchTo(page: Page, role: string, offered: string[]) {
  const dialog = await openSwitcher(page);
  for (const r of offered) {
    await expectVisible(dialog.getByRole('button', { name: r, exact: true }), `'${r}' in the role switcher`);
  }
  await dialog.getByRole('button', { name: role, exact: true }).click();
  await expectNotVisible(dialog, 'the role switcher after choosing a role');
  await expectPath(page, '/dashboard');
}

describe('switching role', () => {
  e2e(
    'an Admin views as Teacher, then Student (refused users, in the page and on the server), and switches back',
    async ({ page, a11y }) => {
      await login(page, DEMO.admin.email);
      const token = await storedToken(page);
      assert(token, 'a token in local storage');

      // Admin may view as Teacher, Student, Parent; the active role is omitted
      const dialog = await openSwitcher(page);
      await expectAbsentNow(dialog.getByRole('button', { name: 'Admin', exact: true }), "'Admin' (the active role) in the switcher");
      await expectAbsentNow(dialog.getByRole('button', { name: 'SuperAdmin', exact: true }), "'SuperAdmin' in an Admin's switcher");
      await a11y('role switcher');
      await page.keyboard.press('Escape');
      await expectNotVisible(dialog);

      await switchTo(page, 'Teacher', ['Teacher', 'Student', 'Parent']);
      await expectVisible(banner(page, 'Teacher', 'Admin'));
      await expectVisible(page.getByRole('button', { name: 'Switch back to Admin', exact: true }));
      await expectSidebarFor(page, 'Teacher');
      await a11y('dashboard viewed as Teacher');

      // a Teacher may manage users
      await sidebar(page).getByRole('link', { name: 'Manage Users', exact: true }).click();
      await expectPath(page, '/dashboard/users');
      await expectVisible(page.getByRole('button', { name: 'Create User', exact: true }), 'the create-user form for a Teacher');
      await expectAbsentNow(page.getByText(UNAUTHORIZED_USERS), 'the unauthorized text for a Teacher');
      await a11y('users page viewed as Teacher');

      await switchTo(page, 'Student', ['Student', 'Parent']);
      await expectVisible(banner(page, 'Student', 'Admin'));
      await expectSidebarFor(page, 'Student');
      assert((await storedToken(page)) === token, 'switching roles keeps the same token (DESIGN.md, Sessions)');

      await page.goto('/dashboard/users');
      await expectVisible(page.getByText(UNAUTHORIZED_USERS, { exact: true }));
      await expectAbsentNow(page.getByRole('button', { name: 'Create User', exact: true }), 'the create-user form for a Student');
      await a11y('users page viewed as Student');

      // the server, too, answers as a Student
      const asStudent = await graphql('{ users { totalCount } }', {}, token);
      assert(errorCodes(asStudent).includes('FORBIDDEN'), `users as a Student should be FORBIDDEN, got ${JSON.stringify(asStudent)}`);

      // the active role survives a reload
      await page.reload();
      await expectVisible(banner(page, 'Student', 'Admin'), 'the impersonation banner after a reload');
      await expectVisible(page.getByText(UNAUTHORIZED_USERS, { exact: true }), 'the unauthorized text after a reload');
      await expectSidebarFor(page, 'Student');

      await page.getByRole('button', { name: 'Switch back to Admin', exact: true }).click();
      await expectPath(page, '/dashboard');
      await expectNotVisible(page.getByText(/You are currently viewing as/), 'the impersonation banner after switching back');
      await expectSidebarFor(page, 'Admin');
      await a11y('dashboard back as Admin');

      const asAdmin = await graphql<{ users: { totalCount: number } }>('{ users { totalCount } }', {}, token);
      assert(
        !asAdmin.errors && (asAdmin.data?.users.totalCount ?? 0) >= 7,
        `users as Admin again should answer, got ${JSON.stringify(asAdmin)}`,
      );
    },
  );

  e2e('Students and Parents have no role switcher', async ({ page }) => {
    for (const user of [DEMO.student, DEMO.parent]) {
      await login(page, user.email);
      await expectSidebarFor(page, user.role);
      await expectAbsentNow(page.getByRole('button', { name: /switch role|role switcher/i }), `a role switcher for a ${user.role}`);
      await page.getByRole('button', { name: 'Logout', exact: true }).click();
      await expectPath(page, '/login');
    }
  });
});
