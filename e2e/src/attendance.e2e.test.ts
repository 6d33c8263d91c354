/**
 * Attendance (assessments.md sections 2, 4, 5, 8 and 9): a teacher marks a day for a class and subject,
 * updates one student to Late, and that student sees it in My Attendance.
 */
import type { Page } from 'playwright-core';
import { DEMO, login } from './support/auth';
import { assert, eventually, exactLabel, expectPath, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { chooseOption, selectedText } from './support/forms';
import { sidebar } from './support/layout';

/** The browser's own today and the latest Saturday before it (the demo seeder marks weekdays only). */
async function days(page: Page): Promise<{ today: string; saturday: string }> {
  return page.evaluate(() => {
    const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const now = new Date();
    const sat = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 1) % 7 || 7));
    return { today: iso(now), saturday: iso(sat) };
  });
}

describe('attendance', () => {
  e2e('a teacher marks a day, changes one student to Late with Update Attendance, and the student sees it', async ({ page, a11y }) => {
    await login(page, DEMO.teacher.email);
    await sidebar(page).getByRole('link', { name: 'Attendance', exact: true }).click();
    await expectPath(page, '/dashboard/attendance');
    await expectVisible(page.getByRole('heading', { name: 'Attendance Management', level: 1 }));

    const allocation = page.getByLabel(exactLabel('Class and Subject'));
    await chooseOption(allocation, 'Class 5A - Mathematics (2026)'); // waits for the teacher's allocations to load
    const date = page.getByLabel(exactLabel('Date'));
    const { today, saturday } = await days(page);
    assert((await date.inputValue()) === today, `the date should default to today (${today}), shows ${await date.inputValue()}`);

    // a day the demo school has not marked: the form is in "mark" mode, everyone Present by default
    await date.fill(saturday);
    const stella = page.getByRole('radiogroup', { name: `${DEMO.student.firstName} ${DEMO.student.lastName}` });
    await expectVisible(stella, 'the demo student in the list');
    const present = page.getByRole('radio', { name: 'Present' });
    const states = await present.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).checked));
    assert(
      states.length > 0 && states.every(Boolean),
      `Present should be every student's default status (section 5): ${JSON.stringify(states)}`,
    );
    await expectVisible(page.getByRole('button', { name: 'Mark Attendance', exact: true }));
    await expectVisible(page.getByRole('heading', { name: 'Attendance over the last weeks' }), 'the weekly chart');
    await a11y('attendance management, mark mode');

    await page.getByRole('button', { name: 'Mark Attendance', exact: true }).click();
    await expectVisible(page.getByText('Attendance marked successfully!', { exact: true }));
    // the date now has records: the form switches to update mode (section 4)
    await expectVisible(page.getByRole('button', { name: 'Update Attendance', exact: true }));

    await stella.getByRole('radio', { name: 'Late' }).check();
    const notes = page.getByLabel(`Notes for ${DEMO.student.firstName} ${DEMO.student.lastName}`);
    assert((await notes.getAttribute('maxlength')) === '200', 'notes should take at most 200 characters (section 5)');
    await notes.fill('Missed the school bus');
    await page.getByRole('button', { name: 'Update Attendance', exact: true }).click();
    await expectVisible(page.getByText('Attendance updated successfully!', { exact: true }));

    // what is shown after saving comes from the server
    await page.reload();
    await chooseOption(page.getByLabel(exactLabel('Class and Subject')), 'Class 5A - Mathematics (2026)');
    await page.getByLabel(exactLabel('Date')).fill(saturday);
    await expectVisible(page.getByRole('button', { name: 'Update Attendance', exact: true }));
    assert(await stella.getByRole('radio', { name: 'Late' }).isChecked(), 'the saved status Late should load back');
    const after = await present.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).checked));
    assert(after.filter((c) => !c).length === 1, `only the changed student should have left Present: ${JSON.stringify(after)}`);

    // the student sees it in My Attendance
    await page.evaluate(() => window.localStorage.clear());
    await login(page, DEMO.student.email);
    await sidebar(page).getByRole('link', { name: 'Attendance', exact: true }).click();
    await expectPath(page, '/dashboard/student-attendance');
    await expectVisible(page.getByRole('heading', { name: 'My Attendance', level: 1 }));
    for (const tile of ['Attendance Rate', 'Present', 'Absent', 'Late']) {
      await expectVisible(page.getByRole('main').getByText(tile, { exact: true }).first(), `the ${tile} tile`);
    }
    const classFilter = page.getByLabel(exactLabel('Class'));
    await expectVisible(classFilter);
    await eventually(
      () => selectedText(classFilter),
      (v) => v === 'Class 5A (Grade 5)',
      "the class filter should default to the student's own class",
    );
    await chooseOption(page.getByLabel(exactLabel('Subject')), 'Mathematics');
    const row = page.getByRole('row').filter({ hasText: 'Missed the school bus' });
    await expectVisible(row, 'the updated record in My Attendance');
    for (const cell of ['Late', 'Mathematics', 'Class 5A (Grade 5)', `${DEMO.teacher.firstName} ${DEMO.teacher.lastName}`]) {
      await expectVisible(row.getByText(cell, { exact: true }), `${cell} on the updated record`);
    }
    await a11y('my attendance');
  });
});
