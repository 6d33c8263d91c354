/**
 * The chores of running a school (issue 14 point 6): find users by search and role, edit one and resend an
 * invitation; place several students into one class at once; import users from a CSV file with a preview whose
 * invalid rows say why, then import only the valid rows.
 */
import type { Locator, Page } from 'playwright-core';
import { DEMO, GQL_ROLE, login, type Role } from './support/auth';
import { assert, exactLabel, expectAbsentNow, expectNotVisible, expectVisible, eventually } from './support/expect';
import { e2e } from './support/fixture';
import { chooseOption } from './support/forms';
import { graphql } from './support/graphql';
import { dbNow, readOutboxLink } from './support/mail';
import { apiToken, stamp } from './support/school';

const CREATE = 'mutation ($input: CreateUserInput!) { createUser(input: $input) { id email } }';

async function apiUser(token: string, firstName: string, lastName: string, role: Role): Promise<string> {
  const email = `${firstName}.${lastName}@e2e.school`.toLowerCase();
  const answer = await graphql<{ createUser: { email: string } }>(
    CREATE,
    { input: { firstName, lastName, email, role: GQL_ROLE[role] } },
    token,
  );
  assert(answer.data?.createUser.email, `createUser failed: ${JSON.stringify(answer.errors)}`);
  return answer.data.createUser.email;
}

/** The rows of a table body whose cells show `text` somewhere. */
const rowsWith = (table: Locator, text: string) => table.locator('tbody tr').filter({ hasText: text });

async function rowCount(table: Locator, text: string, want: number, what: string): Promise<void> {
  await eventually(
    () => rowsWith(table, text).count(),
    (n) => n === want,
    `${what}: ${want} rows showing ${text}`,
  );
}

async function usersPage(page: Page): Promise<Locator> {
  await page.goto('/dashboard/users');
  const table = page.getByRole('table', { name: 'Users', exact: true });
  await expectVisible(table, 'the users table');
  return table;
}

describe('school chores', () => {
  e2e('an Admin searches, filters by role, edits a user and resends an invitation', async ({ page, a11y }) => {
    const tag = `Srch${stamp()}`;
    const admin = await apiToken(DEMO.admin.email);
    const teacherEmail = await apiUser(admin, 'Tia', tag, 'Teacher');
    await apiUser(admin, 'Pat', tag, 'Parent');

    await login(page, DEMO.admin.email);
    const table = await usersPage(page);
    await page.getByLabel(exactLabel('Search users')).fill(tag.toLowerCase());
    await rowCount(table, tag, 2, 'the search (any case) finds the two users');
    await eventually(
      () => table.locator('tbody tr').count(),
      (n) => n === 2,
      'the search shows only matching users',
    );
    await chooseOption(page.getByLabel(exactLabel('Filter by role')), 'Parent');
    await rowCount(table, `Pat ${tag}`, 1, 'the role filter keeps the parent');
    await rowCount(table, `Tia ${tag}`, 0, 'the role filter drops the teacher');
    await chooseOption(page.getByLabel(exactLabel('Filter by role')), 'All roles');
    await rowCount(table, tag, 2, 'all roles again');
    await a11y('users page with a search');

    // edit the teacher: a new last name and the role Student
    await table.getByRole('button', { name: `Edit Tia ${tag}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Edit Tia ${tag}` });
    await expectVisible(dialog, 'the edit dialog');
    await dialog.getByLabel(exactLabel('Last Name')).fill(`${tag}x`);
    await chooseOption(dialog.getByLabel(exactLabel('Role')), 'Student');
    await a11y('edit user dialog');
    await dialog.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expectNotVisible(dialog, 'the edit dialog after saving');
    await expectVisible(page.getByText('User updated successfully'), 'the success banner');
    const edited = rowsWith(table, `Tia ${tag}x`);
    await expectVisible(edited, 'the edited row');
    await expectVisible(edited.getByText('Student', { exact: true }), 'the new role on the edited row');

    // an invalid email is refused with the create form's text, and the dialog stays open
    await edited.getByRole('button', { name: `Edit Tia ${tag}x`, exact: true }).click();
    const again = page.getByRole('dialog', { name: `Edit Tia ${tag}x` });
    await again.getByLabel(exactLabel('Email')).fill('not-an-email');
    await again.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await expectVisible(again.getByText('Please enter a valid email address'), 'the email error');
    await again.getByRole('button', { name: 'Cancel', exact: true }).click();

    // the own row: Edit offers no role change
    await page.getByLabel(exactLabel('Search users')).fill(DEMO.admin.email);
    await rowCount(table, tag, 0, 'the search for the own email');
    await rowsWith(table, DEMO.admin.email)
      .filter({ hasNotText: 'superadmin' })
      .getByRole('button', { name: /^Edit / })
      .click();
    const own = page.getByRole('dialog');
    assert(await own.getByLabel(exactLabel('Role')).isDisabled(), 'the own role should not be changeable');
    await own.getByRole('button', { name: 'Cancel', exact: true }).click();

    // resend the invitation of the (Pending) edited user
    await page.getByLabel(exactLabel('Search users')).fill(tag);
    const before = await dbNow();
    await rowsWith(table, `Tia ${tag}x`)
      .getByRole('button', { name: `Resend invitation to Tia ${tag}x`, exact: true })
      .click();
    await expectVisible(page.getByText(`A new invitation has been sent to ${teacherEmail}`), 'the resend banner');
    await readOutboxLink(teacherEmail, { after: before });
  });

  e2e('a Teacher places several students into one class at once', async ({ page, a11y }) => {
    const tag = `Bulk${stamp()}`;
    const teacher = await apiToken(DEMO.teacher.email);
    for (const first of ['Ada', 'Ben', 'Cy']) await apiUser(teacher, first, tag, 'Student');

    await login(page, DEMO.teacher.email);
    await page.goto('/dashboard/student-assignment');
    const table = page.getByRole('table', { name: 'Students', exact: true });
    await page.getByLabel(exactLabel('Search students')).fill(tag);
    await rowCount(table, tag, 3, 'the three new students');
    await eventually(
      () => table.locator('tbody tr').count(),
      (n) => n === 3,
      'only the new students',
    );

    await page.getByRole('checkbox', { name: 'Select all students on this page', exact: true }).check();
    await page.getByRole('checkbox', { name: `Select Cy ${tag}`, exact: true }).uncheck();
    const bar = page.getByRole('region', { name: 'Assign selected students' });
    await expectVisible(bar.getByText('2 students selected'), 'the selection count');
    await chooseOption(bar.getByLabel(exactLabel('Academic Year')), '2026');
    await chooseOption(bar.getByLabel(exactLabel('Class')), 'Class 5A');
    await a11y('student assignment with a selection');
    await bar.getByRole('button', { name: 'Assign Selected', exact: true }).click();
    await expectVisible(page.getByText('2 students assigned successfully'), 'the success banner');
    await expectNotVisible(bar, 'the selection bar after assigning');
    await expectVisible(rowsWith(table, `Ada ${tag}`).getByText('2026 - Class 5A'), 'Ada placed');
    await expectVisible(rowsWith(table, `Ben ${tag}`).getByText('2026 - Class 5A'), 'Ben placed');
    await expectVisible(rowsWith(table, `Cy ${tag}`).getByText('Not assigned'), 'Cy (unticked) not placed');
  });

  e2e('an Admin imports a CSV file with valid and invalid rows: a preview, then only the valid rows', async ({ page, a11y }) => {
    const tag = `Csv${stamp()}`;
    const lower = tag.toLowerCase();
    const csv = [
      'First Name,Last Name,Email,Role',
      `Una,${tag},una.${lower}@e2e.school,Student`,
      `Vic,${tag},not-an-email,Teacher`,
      `Wes,${tag},wes.${lower}@e2e.school,Parent`,
      `Xia,${tag},xia.${lower}@e2e.school,SuperAdmin`,
      `Yan,${tag},UNA.${lower}@e2e.school,Student`,
    ].join('\n');

    await login(page, DEMO.admin.email);
    const table = await usersPage(page);
    await page.getByRole('button', { name: 'Import CSV', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Users from CSV' });
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

    const preview = dialog.getByRole('table', { name: 'Import preview' });
    await expectVisible(preview, 'the preview');
    await expectVisible(dialog.getByText('2 valid rows, 3 invalid rows.', { exact: false }), 'the summary');
    await expectVisible(rowsWith(preview, 'Vic').getByText('Please enter a valid email address'), 'the email error of row 2');
    await expectVisible(rowsWith(preview, 'Xia').getByText('You cannot assign the SuperAdmin role'), 'the role error of row 4');
    await expectVisible(rowsWith(preview, 'Yan').getByText('This email is already used on row 1 of the file'), 'the duplicate of row 5');
    await expectVisible(rowsWith(preview, 'Una').getByText('Valid', { exact: true }), 'row 1 valid');
    assert(await dialog.getByRole('button', { name: 'Import All', exact: true }).isDisabled(), 'Import All waits for a valid file');
    await a11y('import preview');

    // nothing was written by the preview
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByLabel(exactLabel('Search users')).fill(tag);
    await rowCount(table, tag, 0, 'the preview wrote nothing');

    await page.getByRole('button', { name: 'Import CSV', exact: true }).click();
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expectVisible(dialog.getByText('2 valid rows, 3 invalid rows.', { exact: false }), 'the summary again');
    await dialog.getByRole('button', { name: 'Import 2 Valid Rows', exact: true }).click();
    await expectNotVisible(dialog, 'the dialog after importing');
    await expectVisible(page.getByText('2 users imported. Invitation emails have been sent.'), 'the success banner');
    await rowCount(table, tag, 2, 'the two imported users');
    await expectVisible(rowsWith(table, `Una ${tag}`).getByText('Pending', { exact: true }), 'an imported user is Pending');
    await expectAbsentNow(rowsWith(table, `Vic ${tag}`), 'an invalid row');
    await readOutboxLink(`wes.${lower}@e2e.school`);
  });
});
