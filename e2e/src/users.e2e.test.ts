/**
 * User management (platform.md sections 2, 4, 5 and 6).
 */
import type { Locator } from 'playwright-core';
import { DEMO, login } from './support/auth';
import { assert, exactLabel, expectAbsentNow, expectNotVisible, expectPath, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { chooseOption, selectOptions, selectedText } from './support/forms';
import { sidebar } from './support/layout';
import { readOutboxLink } from './support/mail';

/** The table row whose Email cell is exactly `email` (admin@ is inside superadmin@). */
function rowFor(table: Locator, email: string): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('cell', { name: email, exact: true }) });
}

describe('user management', () => {
  e2e('an Admin creates a user (Pending, invited) and deletes it after confirming; the own row has no Delete', async ({ page, a11y }) => {
    await login(page, DEMO.admin.email);
    await sidebar(page).getByRole('link', { name: 'Manage Users', exact: true }).click();
    await expectPath(page, '/dashboard/users');

    const table = page.getByRole('table');
    const ownRow = rowFor(table, DEMO.admin.email);
    await expectVisible(ownRow, 'the own row in the users table');
    await expectVisible(rowFor(table, DEMO.teacher.email).getByRole('button', { name: /Delete/ }), "a Delete button on another user's row");
    await expectAbsentNow(ownRow.getByRole('button', { name: /Delete/ }), 'a Delete button on the own row');
    await a11y('users page');

    const role = page.getByLabel(exactLabel('Role'));
    assert((await selectedText(role)) === 'Student', `the role should default to Student, shows '${await selectedText(role)}'`);
    const offered = await selectOptions(role);
    assert(
      JSON.stringify(offered) === JSON.stringify(['Admin', 'Teacher', 'Student', 'Parent']),
      `an Admin may assign Admin, Teacher, Student, Parent (section 6); the form offers ${offered.join(', ')}`,
    );

    const stamp = Date.now().toString(36);
    const email = `e2e-${stamp}@demo.school`;
    await page.getByLabel(exactLabel('First Name')).fill('Evie');
    await page.getByLabel(exactLabel('Last Name')).fill(`Endtoend${stamp}`);
    await page.getByLabel(exactLabel('Email')).fill(email);
    await chooseOption(role, 'Teacher');
    await page.getByRole('button', { name: 'Create User', exact: true }).click();

    const row = rowFor(table, email);
    await expectVisible(row, `the new user ${email} in the table`);
    await expectVisible(row.getByText('Pending', { exact: true }), 'the status Pending on the new row');
    await expectVisible(row.getByText('Teacher', { exact: true }), 'the role Teacher on the new row');
    await expectVisible(row.getByText(`Evie Endtoend${stamp}`), 'the name on the new row');
    await readOutboxLink(email); // creating a user sends an invitation (section 4)
    await a11y('users page with the new user');

    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    await row.getByRole('button', { name: /Delete/ }).click();
    await expectNotVisible(row, "the deleted user's row");
    assert(
      dialogs.includes('confirm'),
      `deleting should ask for a browser confirmation first (section 4); dialogs seen: ${dialogs.join(', ') || 'none'}`,
    );
    await page.reload();
    await expectVisible(ownRow, 'the users table after a reload');
    await expectAbsentNow(row, 'the deleted user after a reload');
  });

  e2e('dismissing the confirmation keeps the user', async ({ page }) => {
    await login(page, DEMO.admin.email);
    await page.goto('/dashboard/users');
    const row = rowFor(page.getByRole('table'), DEMO.parent.email);
    await expectVisible(row);
    page.once('dialog', (d) => void d.dismiss());
    await row.getByRole('button', { name: /Delete/ }).click();
    await page.waitForTimeout(1_000);
    await expectVisible(row, 'the user after dismissing the confirmation');
  });
});
