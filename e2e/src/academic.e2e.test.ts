/**
 * Academic structure (platform.md sections 2, 5, 6 and 8) and student class assignment (assessments.md
 * "Student class assignment"): the course-management tree, the year, class, subject and Teacher Assignment
 * pages, and a teacher placing a student.
 */
import type { Locator, Page } from 'playwright-core';
import { DEMO, login, storedToken } from './support/auth';
import { assert, exactLabel, expectPath, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { chooseOption, selectOptions, selectedText } from './support/forms';
import { graphql } from './support/graphql';
import { sidebar } from './support/layout';
import { countWhile, expectOne, signIn } from './support/requests';

const NO_PERMISSION = 'You do not have permission to access this page.';

/** The table row that has a cell with exactly `text`. */
function rowWith(scope: Locator | Page, text: string): Locator {
  const page = 'page' in scope ? scope.page() : scope;
  return scope.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

/** Opens a tree node (a toggle button with aria-expanded) unless it is open already. */
async function openNode(toggle: Locator): Promise<void> {
  await expectVisible(toggle);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  assert((await toggle.getAttribute('aria-expanded')) === 'true', 'the tree node should be open after a click');
}

describe('academic structure', () => {
  e2e(
    'an Admin creates a year, a class, a subject and an allocation (Assign Teachers) and sees them in the course-management tree',
    async ({ page, a11y }) => {
      const stamp = Date.now().toString(36);
      const year = `2031-${stamp}`;
      const className = `Class E2E ${stamp}`;
      const subjectName = `Subject E2E ${stamp}`;

      await login(page, DEMO.admin.email);
      await page.goto('/dashboard/course-management');
      await expectVisible(page.getByRole('heading', { name: 'Course Management', level: 1 }));
      for (const shortcut of ['Manage Academic Years', 'Manage Classes', 'Manage Subjects', 'Assign Teachers']) {
        await expectVisible(page.getByRole('link', { name: shortcut, exact: true }), `the '${shortcut}' shortcut`);
      }
      // the first year and its first class are open at load (section 2)
      await expectVisible(
        page.getByRole('button', { name: 'Academic Year 2026', exact: true, expanded: true }),
        'the first year open at load',
      );
      await expectVisible(page.getByRole('button', { name: 'Class 5A', exact: true, expanded: true }), 'its first class open at load');
      await a11y('course-management tree');

      // --- academic year: required field, then create
      await page.getByRole('link', { name: 'Manage Academic Years', exact: true }).click();
      await expectPath(page, '/dashboard/academic-year-management');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await expectVisible(page.getByText('Year is required', { exact: true }), 'the required-year message');
      await page.getByLabel(exactLabel('Year')).fill(year);
      // a new year starts inactive (issue 25): creating it hands nothing over, so nothing is asked
      let asked = '';
      page.once('dialog', (d) => {
        asked = d.message();
        void d.accept();
      });
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await expectVisible(page.getByText('Academic year created successfully', { exact: true }), 'the success banner');
      assert(asked === '', `no confirmation for an inactive year, got '${asked}'`);
      await expectVisible(rowWith(page, year).getByText('Inactive', { exact: true }), 'the new year as Inactive');
      await expectVisible(rowWith(page, year), `the year ${year} in the list`);
      await a11y('academic year page');

      // --- edit mode from the pencil action; a successful edit returns to the base route
      await rowWith(page, year)
        .getByRole('button', { name: `Edit academic year ${year}`, exact: true })
        .click();
      await expectPath(page, /^\/dashboard\/academic-year-management\?edit=/);
      await expectVisible(page.getByRole('heading', { name: 'Edit Academic Year' }));
      const active = page.getByRole('switch', { name: 'Active' });
      await expectVisible(active);
      assert(!(await active.isChecked()), 'a new year is inactive by default');
      await page.getByRole('button', { name: 'Update', exact: true }).click();
      await expectVisible(page.getByText('Academic year updated successfully', { exact: true }));
      await expectPath(page, /^\/dashboard\/academic-year-management$/);
      await expectVisible(rowWith(page, year).getByText('Inactive', { exact: true }), 'the year shown as Inactive after the edit');
      await expectVisible(page.getByRole('heading', { name: 'Create Academic Year' }), 'the form back in create mode');

      // --- class: from the tree's empty state (Add Class preselects the year)
      await page.goto('/dashboard/course-management');
      const yearNode = page.getByRole('region', { name: `Academic Year ${year}` });
      await openNode(yearNode.getByRole('button', { name: `Academic Year ${year}`, exact: true }));
      await expectVisible(yearNode.getByText('No classes in this academic year yet.'));
      await yearNode.getByRole('link', { name: 'Add Class', exact: true }).click();
      await expectPath(page, /^\/dashboard\/class-management\?year=/);
      const classYear = page.getByLabel(exactLabel('Academic Year'));
      await expectVisible(classYear);
      await page.waitForFunction(
        (y) => Array.from(document.querySelectorAll('#class-academic-year option')).some((o) => o.textContent === y),
        year,
      );
      assert((await selectedText(classYear)) === year, `Add Class should preselect ${year}, shows '${await selectedText(classYear)}'`);
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await expectVisible(page.getByText('Class name is required', { exact: true }));
      await expectVisible(page.getByText('Grade is required', { exact: true }));
      await page.getByLabel(exactLabel('Class Name')).fill(className);
      await page.getByLabel(exactLabel('Grade')).fill('7');
      await page.getByLabel(exactLabel('Description')).fill('Made by the browser test');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await expectVisible(page.getByText('Class created successfully', { exact: true }));
      await expectVisible(rowWith(page, className), `the class ${className} in the list`);
      await a11y('class page');

      // --- subject
      await page.goto('/dashboard/subject-management');
      await page.getByLabel(exactLabel('Subject Name')).fill(subjectName);
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await expectVisible(page.getByText('Subject created successfully', { exact: true }));
      await expectVisible(rowWith(page, subjectName), `the subject ${subjectName} in the list`);
      await a11y('subject page');

      // --- allocation (the Teacher Assignment page): the class waits for a year
      await page.goto('/dashboard/teacher-assignment');
      const classSelect = page.getByLabel(exactLabel('Class'));
      await expectVisible(classSelect);
      assert(await classSelect.isDisabled(), 'the class choice should be disabled until a year is chosen');
      await expectVisible(page.getByText('Please select an academic year first', { exact: true }));
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await expectVisible(page.getByText('Please select at least one teacher', { exact: true }), 'the at-least-one-teacher message');
      await a11y('Teacher Assignment page');

      // from the tree's empty state: Assign Teacher preselects the year and the class
      await page.goto('/dashboard/course-management');
      await openNode(yearNode.getByRole('button', { name: `Academic Year ${year}`, exact: true }));
      const classToggle = yearNode.getByRole('button', { name: className, exact: true });
      await openNode(classToggle);
      await yearNode.getByRole('link', { name: 'Assign Teacher', exact: true }).click();
      await expectPath(page, /^\/dashboard\/teacher-assignment\?class=.+&year=/);
      await page.waitForFunction(
        (c) => (document.querySelector('#allocation-class') as HTMLSelectElement | null)?.selectedOptions[0]?.textContent === c,
        className,
      );
      assert((await selectedText(page.getByLabel(exactLabel('Academic Year')))) === year, 'Assign Teacher should preselect the year');
      assert(!(await page.getByLabel(exactLabel('Class')).isDisabled()), 'the class choice is enabled once a year is chosen');
      await chooseOption(page.getByLabel(exactLabel('Subject')), subjectName);
      const teachers = page.getByRole('combobox', { name: /Teachers/ });
      await teachers.click();
      await teachers.fill('Tara');
      await page.getByRole('option', { name: /Tara Teacher/ }).click();
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await expectVisible(page.getByText('Teacher assignment created successfully', { exact: true }));
      await expectVisible(rowWith(page, subjectName), 'the new allocation in the list');
      await a11y('Teacher Assignment page with the new allocation');

      // --- all of it in the tree
      await page.goto('/dashboard/course-management');
      await openNode(yearNode.getByRole('button', { name: `Academic Year ${year}`, exact: true }));
      await openNode(yearNode.getByRole('button', { name: className, exact: true }));
      const table = yearNode.getByRole('table', { name: `Subjects and teachers of ${className} (${year})` });
      const row = rowWith(table, subjectName);
      await expectVisible(row, `the subject ${subjectName} under ${className} in the tree`);
      await expectVisible(row.getByRole('cell', { name: 'Tara Teacher', exact: true }), 'the assigned teacher in the tree');
      await expectVisible(row.getByRole('link', { name: `Edit teacher assignment ${subjectName} in ${className} (${year})` }));
      await a11y('course-management tree with the new structure');
    },
  );

  e2e('an Admin gives a year its dates, then a term inside them; a term outside the year is refused (issue 27)', async ({ page, a11y }) => {
    const year = `2032-${Date.now().toString(36)}`;
    await login(page, DEMO.admin.email);
    await page.goto('/dashboard/academic-year-management');
    await page.getByLabel(exactLabel('Year')).fill(year);
    await page.locator('#academic-year-start').fill('2032-09-01');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expectVisible(page.getByText('Give both a start and an end date, or neither', { exact: true }), 'the both-or-neither message');
    await page.locator('#academic-year-end').fill('2033-07-31');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expectVisible(rowWith(page, year).getByText('2032-09-01 to 2033-07-31', { exact: true }), 'the year with its dates');

    // editing the year shows its terms and grading periods
    await rowWith(page, year)
      .getByRole('button', { name: `Edit academic year ${year}`, exact: true })
      .click();
    const periods = page.getByRole('region', { name: `Terms and grading periods of ${year}` });
    await expectVisible(periods.getByText('No terms or grading periods.', { exact: true }));
    await page.locator('#academic-period-title').fill('Autumn');
    await page.locator('#academic-period-start').fill('2032-09-01');
    await page.locator('#academic-period-end').fill('2032-12-20');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expectVisible(rowWith(periods, 'Autumn').getByText('2032-12-20', { exact: true }), 'the new term in the list');
    await page.locator('#academic-period-title').fill('Summer');
    await page.locator('#academic-period-start').fill('2033-07-01');
    await page.locator('#academic-period-end').fill('2033-08-31');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expectVisible(page.getByText("Summer must lie inside the academic year's dates", { exact: true }), "the server's refusal");
    assert((await rowWith(periods, 'Summer').count()) === 0, 'the refused term is not listed');
    await a11y('academic year page with its terms');
  });

  e2e('a Teacher places a student into one of their own classes', async ({ page, a11y }) => {
    await login(page, DEMO.teacher.email);
    await sidebar(page).getByRole('link', { name: 'Assign Students', exact: true }).click();
    await expectPath(page, '/dashboard/student-assignment');
    await expectVisible(page.getByRole('heading', { name: 'Student Class Assignment', level: 1 }));
    await page.getByLabel('Search students').fill('student2@');
    const row = rowWith(page, DEMO.student2.email);
    await expectVisible(row, 'the row of student2');
    await expectVisible(row.getByRole('cell', { name: '2026 - Class 5A', exact: true }), "the current 'year - class'");
    const name = `${DEMO.student2.firstName} ${DEMO.student2.lastName}`;

    try {
      await row.getByRole('button', { name: `Edit class assignment for ${name}`, exact: true }).click();
      const yearSelect = row.getByLabel('Academic Year');
      const classSelect = row.getByLabel('Class', { exact: true });
      const save = row.getByRole('button', { name: `Save class assignment for ${name}`, exact: true });
      await expectVisible(yearSelect);
      assert(await classSelect.isDisabled(), 'the class choice is enabled only after a year is chosen');
      assert(await save.isDisabled(), 'save is disabled until year and class are chosen');
      await expectVisible(row.getByRole('button', { name: `Cancel editing class assignment for ${name}`, exact: true }));
      await page.waitForFunction(() => document.querySelectorAll('[id^="placement-year-"] option').length > 1);
      const years = await selectOptions(yearSelect);
      assert(
        years.includes('2026') && !years.includes('2025'),
        `the years should come from the teacher's own allocations (2026, not 2025); offered: ${years.join(', ')}`,
      );

      await chooseOption(yearSelect, '2026');
      assert(!(await classSelect.isDisabled()), 'the class choice is enabled once a year is chosen');
      const classes = await selectOptions(classSelect);
      assert(
        JSON.stringify(classes) === JSON.stringify(['Select class', 'Class 5A', 'Class 5B']),
        `only the teacher's own classes of 2026 (Class 5A, Class 5B) should be offered; offered: ${classes.join(', ')}`,
      );
      assert(await save.isDisabled(), 'save stays disabled until a class is chosen');
      await chooseOption(classSelect, 'Class 5B');
      assert(!(await save.isDisabled()), 'save is enabled once year and class are chosen');
      await a11y('student assignment in edit mode');
      await save.click();
      await expectVisible(page.getByText('Student assignment updated successfully', { exact: true }), 'the success text');
      await expectVisible(row.getByRole('cell', { name: '2026 - Class 5B', exact: true }), 'the new placement on the row');
      await a11y('student assignment after saving');
    } finally {
      // put student2 back into Class 5A 2026 (the demo school's placement) for the other tests
      const token = await storedToken(page);
      const ids = await graphql<{
        users: { nodes: Array<{ id: string }> };
        allocations: { nodes: Array<{ class: { id: string; name: string }; academicYear: { id: string; year: string } }> };
      }>(
        `
          query ($search: String) {
            users(role: STUDENT, search: $search) {
              nodes {
                id
              }
            }
            allocations(first: 500) {
              nodes {
                class {
                  id
                  name
                }
                academicYear {
                  id
                  year
                }
              }
            }
          }
        `,
        { search: DEMO.student2.email },
        token,
      );
      const home = ids.data?.allocations.nodes.find((a) => a.class.name === 'Class 5A' && a.academicYear.year === '2026');
      const userId = ids.data?.users.nodes[0]?.id;
      if (home && userId) {
        await graphql(
          'mutation($input: PlaceStudentInput!) { placeStudent(input: $input) { id } }',
          { input: { userId, classId: home.class.id, academicYearId: home.academicYear.id } },
          token,
        );
      }
    }
  });

  e2e('the class table asks the server for one page at a time, and for one year when the filter names it', async ({ page, a11y }) => {
    const requests = await signIn(page, DEMO.admin.email);
    const token = await storedToken(page);
    const year = `2041-${Date.now().toString(36)}`;
    const made = await graphql<{ createAcademicYear: { id: string } }>(
      'mutation($input: CreateAcademicYearInput!) { createAcademicYear(input: $input) { id } }',
      { input: { year } },
      token,
    );
    const academicYearId = made.data?.createAcademicYear.id;
    assert(academicYearId, `the year should be created: ${JSON.stringify(made)}`);
    // more classes than a page shows (25)
    for (let i = 1; i <= 30; i++) {
      await graphql(
        'mutation($input: CreateClassInput!) { createClass(input: $input) { id } }',
        { input: { name: `Paged ${String(i).padStart(2, '0')}`, grade: '5', academicYearId } },
        token,
      );
    }
    await page.goto('/dashboard/class-management');
    await expectVisible(page.getByRole('heading', { name: 'Class Management', level: 1 }));
    await requests.settled();

    const ofYear = await countWhile(
      requests,
      () => chooseOption(page.getByLabel(exactLabel('Show academic year')), year),
      () => expectVisible(page.getByText('1–25 of 30', { exact: true }), "the first page of the year's 30 classes"),
    );
    expectOne(ofYear, 'choosing a year');
    await expectVisible(rowWith(page, 'Paged 25'), 'the 25th class on the first page');
    assert((await rowWith(page, 'Paged 26').count()) === 0, 'the 26th class should wait for the next page');

    const next = await countWhile(
      requests,
      () => page.getByRole('button', { name: 'Go to next page', exact: true }).click(),
      () => expectVisible(page.getByText('26–30 of 30', { exact: true }), 'the second page'),
    );
    expectOne(next, 'the next page');
    await expectVisible(rowWith(page, 'Paged 30'), 'the last class on the second page');
    assert((await rowWith(page, 'Paged 01').count()) === 0, "the first page's rows should be gone");
    await a11y('class table, second page');
  });

  e2e('a Student opening the academic year page sees the permission text', async ({ page, a11y }) => {
    await login(page, DEMO.student.email);
    await page.goto('/dashboard/academic-year-management');
    await expectVisible(page.getByText(NO_PERMISSION, { exact: true }), 'the permission text');
    await a11y('academic year page as a student');
  });

  e2e(
    'a Teacher opening the teacher-assignment page sees the permission text (only SuperAdmin and Admin change allocations)',
    async ({ page }) => {
      await login(page, DEMO.teacher.email);
      await page.goto('/dashboard/teacher-assignment');
      await expectVisible(page.getByText(NO_PERMISSION, { exact: true }), 'the permission text');
    },
  );
});
