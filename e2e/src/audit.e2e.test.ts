/**
 * Issue 23: accounts cannot be taken over, and every change to a person's account or grade is on record. An
 * Admin changes a user's email on the users page; it waits for the link mailed to the new address, which the
 * user opens in the browser. The SuperAdmin views the app as an Admin and renames a user under that role. A
 * teacher changes a grade. The Admin's audit log then shows each of them with who and when; the teacher's Grade
 * History shows the grade change of their course and none of the account changes.
 */
import { Client } from 'pg';
import type { Locator, Page } from 'playwright-core';
import { DEMO, login } from './support/auth';
import { databaseUrl } from './support/env';
import { assert, eventually, exactLabel, expectNotVisible, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { graphql } from './support/graphql';
import { readOutboxLink } from './support/mail';
import { apiToken, stamp } from './support/school';

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A new Parent made by admin@ (no one's demo account changes). */
async function apiUser(admin: string, firstName: string, lastName: string): Promise<{ id: string; email: string }> {
  const email = `audit-${stamp().toLowerCase()}@demo.school`;
  const made = await graphql<{ createUser: { id: string } }>(
    'mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }',
    { input: { firstName, lastName, email, role: 'PARENT' } },
    admin,
  );
  assert(made.data?.createUser.id, `createUser failed: ${JSON.stringify(made.errors)}`);
  return { id: made.data.createUser.id, email };
}

const row = (table: Locator, ...texts: string[]) => texts.reduce((rows, text) => rows.filter({ hasText: text }), table.locator('tbody tr'));

async function auditTable(page: Page, name: string): Promise<Locator> {
  await page.goto('/dashboard/audit');
  const table = page.getByRole('table', { name, exact: true });
  await expectVisible(table, `the ${name} table`);
  return table;
}

describe('audit log', () => {
  e2e(
    'an email change, a role switch with a change made under it, and a grade change are on record with who and when',
    async ({ page, a11y }) => {
      const tag = stamp();
      const admin = await apiToken(DEMO.admin.email);
      const moving = await apiUser(admin, 'Mona', `Move${tag}`);
      const renamed = await apiUser(admin, 'Rena', `Name${tag}`);

      // 1. the Admin changes Mona's email on the users page: it waits for the new address
      await login(page, DEMO.admin.email);
      await page.goto('/dashboard/users');
      const users = page.getByRole('table', { name: 'Users', exact: true });
      await page.getByLabel(exactLabel('Search users')).fill(`Move${tag}`);
      await users.getByRole('button', { name: `Edit Mona Move${tag}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Edit Mona Move${tag}` });
      const newEmail = `moved-${tag.toLowerCase()}@demo.school`;
      await dialog.getByLabel(exactLabel('Email')).fill(newEmail);
      await dialog.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await expectNotVisible(dialog, 'the edit dialog after saving');
      await expectVisible(
        page.getByText(`A confirmation link was sent to ${newEmail}. The email changes when it is opened.`),
        'where the link went',
      );
      assert(
        (await sql<{ email: string }>('SELECT email FROM users WHERE id = $1', [moving.id]))[0].email === moving.email,
        'the email waits for confirmation',
      );

      // the new address opens its link: one click confirms
      const link = await readOutboxLink(newEmail, { kind: 'confirm-email' });
      await page.goto(link.path);
      await page.getByRole('button', { name: 'Confirm new email', exact: true }).click();
      await expectVisible(page.getByText('Your email address has been changed. Sign in with your new address.'), 'the confirmation');
      assert(
        (await sql<{ email: string }>('SELECT email FROM users WHERE id = $1', [moving.id]))[0].email === newEmail,
        'the email changed',
      );

      // 2. the SuperAdmin views the app as an Admin and renames a user there (through the API: the page is the same)
      const superAdmin = await apiToken(DEMO.superadmin.email);
      await graphql('mutation { switchRole(input: { role: "Admin" }) { role } }', {}, superAdmin);
      const rename = await graphql(
        'mutation ($input: UpdateUserInput!) { updateUser(input: $input) { id } }',
        { input: { id: renamed.id, firstName: 'Renata' } },
        superAdmin,
      );
      assert(!rename.errors, `rename failed: ${JSON.stringify(rename.errors)}`);
      await graphql('mutation { switchRole(input: { role: "original" }) { role } }', {}, superAdmin);

      // 3. teacher@ changes a grade of student@ in MATH-5A
      const [answer] = await sql<{ submission_id: string; question_id: string; version: number | null; points: number }>(
        `SELECT s.id AS submission_id, q.id AS question_id, g.version, q.points FROM submissions s JOIN assessments a ON a.id = s.assessment_id
         JOIN courses c ON c.id = a.course_id JOIN questions q ON q.assessment_id = a.id JOIN users u ON u.id = s.student_id
         LEFT JOIN grades g ON g.submission_id = s.id AND g.question_id = q.id
        WHERE c.title = 'MATH-5A' AND u.email = 'student@demo.school' AND q.type = 'LongAnswer' ORDER BY s.id LIMIT 1`,
      );
      assert(answer, 'the demo school has a long answer of student@ in MATH-5A');
      const teacher = await apiToken(DEMO.teacher.email);
      const graded = await graphql(
        'mutation ($input: GradeAnswerInput!) { gradeAnswer(input: $input) { id } }',
        {
          input: {
            submissionId: answer.submission_id,
            questionId: answer.question_id,
            score: 1.5,
            feedback: `Audit ${tag}`,
            expectedVersion: answer.version ?? 0,
          },
        },
        teacher,
      );
      assert(!graded.errors, `gradeAnswer failed: ${JSON.stringify(graded.errors)}`);

      // the Admin's audit log: each change with who did it and when
      const log = await auditTable(page, 'Audit Log');
      const emailRow = row(log, 'Email changed', `Mona Move${tag}`);
      await expectVisible(emailRow, 'the email change');
      await expectVisible(emailRow.getByText(`${moving.email} → ${newEmail}`), 'its old and new address');
      await expectVisible(emailRow.getByText('Ada Admin (Admin)'), 'who asked for it');
      await expectVisible(row(log, 'Email change requested', `Mona Move${tag}`), 'the request before it');
      const switched = row(log, 'Role switched', 'Sam Super (SuperAdmin)', 'SuperAdmin → Admin');
      await expectVisible(switched.first(), 'the role switch');
      const under = row(log, 'Name changed', 'Renata', 'viewing as Admin');
      await expectVisible(under, 'the change made while viewing as an Admin');
      await expectVisible(under.getByText('Sam Super (SuperAdmin, viewing as Admin)'), 'who made it, and as what');
      await expectVisible(
        row(log, 'Change made while viewing as another role', 'updateUser').first(),
        'the operation made under the switched role',
      );
      const grade = row(log, 'Grade changed', 'Stella Student', 'Tara Teacher (Teacher)');
      await expectVisible(grade.first(), 'the grade change');
      await expectVisible(grade.first().getByText(/→ 1\.5/), 'its new score');
      // "when": every row says its time, today
      const when = await grade.first().locator('td').first().innerText();
      assert(/\d/.test(when), `the grade change says when it happened (got "${when}")`);
      await a11y('audit log');

      // the filters: by kind and by person
      await page.getByLabel(exactLabel('Kind')).selectOption('GRADE_CHANGED');
      await eventually(
        () => log.locator('tbody tr').filter({ hasNotText: 'Grade changed' }).count(),
        (n) => n === 0,
        'only grade changes',
      );
      await page.getByLabel(exactLabel('Kind')).selectOption('');
      await page.getByLabel(exactLabel('Person')).fill(`Move${tag}`);
      await eventually(
        () => log.locator('tbody tr').count(),
        (n) => n === 3,
        'the three rows of Mona (created, email change requested, email changed)',
      );

      // the teacher's Grade History: the grade change of their course, none of the account changes
      await page.context().clearCookies();
      await page.evaluate(() => window.localStorage.clear());
      await login(page, DEMO.teacher.email);
      const history = await auditTable(page, 'Grade History');
      await expectVisible(row(history, 'Grade changed', 'Stella Student').first(), "the grade change in the teacher's history");
      await eventually(
        () => history.locator('tbody tr').filter({ hasNotText: 'Grade changed' }).count(),
        (n) => n === 0,
        'no account changes for a teacher',
      );
      await a11y('grade history');
    },
  );
});
