/**
 * Teacher grading dashboards (assessments.md sections 2, 4, 5, 8 and 9; issue 13 point 6): a teacher grades a
 * long answer from the keyboard and the student then sees the feedback; a teacher reopens an overdue student's
 * work, the student resubmits and the open dashboard shows it without a reload; two teachers' windows grading
 * the same answer see the conflict; the exam dashboard at phone width, with a submission created for an overdue
 * student. Each dashboard loads with one request.
 *
 * Every run makes its own items in the demo course MATH-5A through the API as teacher@, for student@ only
 * (individual scope), so the tiles count one student. Items whose due date has passed are hidden from students
 * until the test needs them: the overdue sweep leaves hidden items alone, so the student stays in Overdue.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO, login } from './support/auth';
import { assert, eventually, expectPath, expectVisible } from './support/expect';
import { DESKTOP, e2e, type E2E, waitForAppOnNavigation } from './support/fixture';
import {
  DAY,
  LONG,
  MCQ,
  STELLA,
  TARA,
  card,
  detail,
  newItem,
  question,
  section,
  showToStudents,
  submitAsStudent,
  tile,
  type Item,
} from './support/grading';
import { graphql } from './support/graphql';
import { countWhile, expectOne, signIn } from './support/requests';

/** Another signed-in browser beside the test's page (own storage); the caller closes it. */
async function otherBrowser(t: E2E, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const browser = t.context.browser();
  assert(browser, 'the test context has no browser');
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: t.baseURL, bypassCSP: true });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  waitForAppOnNavigation(page);
  await login(page, email);
  return { context, page };
}

/** Goes to `path` the way a link inside the app does (no reload). */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describe('grading dashboards', () => {
  e2e('a teacher grades a long answer from the keyboard and the student then sees the feedback', async ({ page, a11y }) => {
    const item = await newItem('Compare fractions', 'ASSIGNMENT', 7 * DAY, [LONG, MCQ]);
    await submitAsStudent(item, 'I give both the same denominator, then compare the numerators.');

    // one request opens the dashboard
    const requests = await signIn(page, DEMO.teacher.email);
    const sent = await countWhile(
      requests,
      () => goInApp(page, item.path),
      () => expectVisible(page.getByRole('heading', { level: 1, name: 'Grading Dashboard' }), 'the dashboard'),
    );
    expectOne(sent, 'the assignment grading dashboard');
    assert((await page.title()) === `Grading: ${item.title} - School LMS`, `the tab title, found ${await page.title()}`);

    await expectVisible(page.getByText(item.title, { exact: true }), 'the item title');
    await expectVisible(page.getByRole('link', { name: 'Back to Course' }));
    for (const [label, value] of [
      ['Total Students', '1'],
      ['Submitted', '1'],
      ['Not Submitted', '0'],
      ['Graded', '0'],
      ['Reopened', '0'],
    ]) {
      await expectVisible(tile(page, label).getByText(value, { exact: true }), `the tile ${label}: ${value}`);
    }
    await expectVisible(page.getByText('Select a submission', { exact: true }));
    const submitted = section(page, 'Submitted (1)');
    await expectVisible(submitted.getByText('Pending Review', { exact: true }), "Stella's card as Pending Review");
    await expectVisible(submitted.getByRole('button', { name: `Reopen Assignment for ${STELLA}` }));

    // Alt+ArrowDown opens the first submission with the cursor in its first score
    await page.keyboard.press('Alt+ArrowDown');
    await expectVisible(detail(page).getByRole('heading', { level: 2, name: STELLA }));
    await expectVisible(detail(page).getByText(/^Total Score: 2\/7/), 'the automatic MCQ points in the total');
    await expectVisible(question(page, 1).getByText('I give both the same denominator, then compare the numerators.'), 'the long answer');
    await expectVisible(question(page, 1).getByText('Enter the score for this question', { exact: true }));
    await expectVisible(question(page, 2).getByText('Auto-graded (Partial)', { exact: true }));
    await expectVisible(question(page, 2).getByText('Override the auto-generated score if needed', { exact: true }));
    await expectVisible(question(page, 2).getByText('✓ Correct Answer').first());
    const score = question(page, 1).getByLabel('Score', { exact: true });
    assert(await score.evaluate((el) => el === document.activeElement), 'the first score has the focus');
    assert(
      (await score.getAttribute('step')) === '0.01' &&
        (await score.getAttribute('max')) === '5' &&
        (await score.getAttribute('placeholder')) === '0.00',
      'the score input: step 0.01, max 5, placeholder 0.00',
    );
    assert((await question(page, 1).getByLabel('Feedback', { exact: true }).getAttribute('rows')) === '3', 'the feedback has 3 rows');
    await a11y('grading dashboard with a submission open');

    // nothing typed: Save all (Ctrl+Enter) has nothing to save; then type, Tab to the feedback, Ctrl+Enter saves
    await page.keyboard.press('Control+Enter');
    await expectVisible(detail(page).getByText('Nothing to save: no score or feedback was changed'));
    await page.keyboard.type('4.5');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Clear method; add one example next time.');
    await page.keyboard.press('Control+Enter');
    await expectVisible(detail(page).getByText('Grade updated successfully!', { exact: true }));
    await expectVisible(detail(page).getByText(/^Total Score: 6\.5\/7 \(93%\)/), 'the new total with its rounded percentage');
    await expectVisible(submitted.getByText('Graded', { exact: true }), 'the card as Graded');
    await expectVisible(submitted.getByText('Score: 6.5/7', { exact: true }), 'the card score');
    await expectVisible(tile(page, 'Graded').getByText('1', { exact: true }), 'the Graded tile');
    await expectVisible(question(page, 1).getByText(`Last graded by ${TARA}`));

    // the student sees the score and the feedback
    await page.evaluate(() => window.localStorage.clear());
    await login(page, DEMO.student.email);
    await page.goto(`/dashboard/assignments/${item.id}/view`);
    await expectVisible(page.getByText('Score: 6.5/7 (93%)', { exact: true }), "the student's score");
    await expectVisible(page.getByText('Clear method; add one example next time.'), "the teacher's feedback");
  });

  e2e(
    "a teacher reopens an overdue student's work, the student resubmits and the open dashboard shows it",
    async (t) => {
      const { page, a11y } = t;
      const item = await newItem('Late essay', 'ASSIGNMENT', -2 * DAY, [LONG], true);
      await login(page, DEMO.teacher.email);
      await page.goto(item.path);
      await expectVisible(tile(page, 'Overdue').getByText('1', { exact: true }), "the tile 'Overdue' after the due date");
      const overdue = section(page, 'Overdue (1)');
      await expectVisible(overdue.getByText('Overdue', { exact: true }), 'the overdue card');
      await expectVisible(overdue.getByText(/^Due: /), 'its due date');

      await overdue.getByRole('button', { name: `Reopen Assignment for ${STELLA}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Reopen Assignment' });
      await expectVisible(dialog.getByText('Original Due:'));
      await expectVisible(dialog.getByText(item.title));
      const due = dialog.getByLabel('New Due Date & Time');
      const [value, min] = [await due.inputValue(), await due.getAttribute('min')];
      assert(min && value > min, `the new due date (${value}) defaults after now (${min})`);
      await a11y('reopen dialog');
      await dialog.getByRole('button', { name: 'Reopen Assignment', exact: true }).click();
      await expectVisible(page.getByText('Assignment reopened successfully for student', { exact: true }));
      const reopened = section(page, 'Reopened (1)');
      await expectVisible(reopened.getByText(/^New due date: /), "the card's new due date");
      await expectVisible(reopened.getByRole('button', { name: `Extend Again for ${STELLA}` }));
      await expectVisible(tile(page, 'Reopened').getByText('1', { exact: true }));
      await eventually(
        () => card(reopened, STELLA).evaluate((el) => el === document.activeElement),
        Boolean,
        'the focus on the card in its new list',
      );
      await card(reopened, STELLA).click();
      await expectVisible(detail(page).getByText('Not submitted yet', { exact: true }));

      // the student resubmits in another browser; the teacher's page receives it while open
      await showToStudents(item.id);
      const student = await otherBrowser(t, DEMO.student.email);
      try {
        await student.page.goto('/dashboard/assignments');
        const listed = student.page.getByRole('listitem', { name: item.title, exact: true });
        await expectVisible(listed.getByText('Reopened (Pending)', { exact: true }));
        await listed.getByRole('link', { name: item.title, exact: true }).click();
        await expectPath(student.page, `/dashboard/assignments/${item.id}/submit`);
        await student.page.getByLabel('Answer to question 1').fill('Late, but here is my comparison.');
        await student.page.getByRole('button', { name: 'Resubmit', exact: true }).click();
        await expectVisible(student.page.getByText('Assignment submitted successfully!', { exact: true }));
      } finally {
        await student.context.close();
      }
      await expectVisible(
        question(page, 1).getByText('Late, but here is my comparison.'),
        'the resubmitted answer, without a reload',
        15_000,
      );
      await expectVisible(detail(page).getByText(/^Submitted: /));
    },
    { timeout: 150_000 },
  );

  e2e(
    'two teachers grading the same answer: the second is told who changed it and sees the new value',
    async (t) => {
      const { page } = t;
      const item = await newItem('Two graders', 'QUIZ', 7 * DAY, [LONG]);
      await submitAsStudent(item, 'Both halves are the same size.');
      await login(page, DEMO.teacher.email);
      await page.goto(`${item.path}?student=${encodeURIComponent(await studentId(item))}`);
      await expectVisible(page.getByRole('link', { name: 'Back to Module' }), "a quiz's dashboard goes back to its module");
      const other = await otherBrowser(t, DEMO.teacher.email);
      try {
        await other.page.goto(page.url());
        await expectVisible(question(other.page, 1), 'the same submission in the second window', 30_000);
        // both forms start from no grade; the second teacher is typing when the first saves
        await question(other.page, 1).getByLabel('Score', { exact: true }).fill('2');
        await question(page, 1).getByLabel('Score', { exact: true }).fill('3');
        await question(page, 1).getByLabel('Feedback', { exact: true }).fill('First look');
        await question(page, 1).getByRole('button', { name: 'Save Grade & Feedback' }).click();
        await expectVisible(question(page, 1).getByText('Grade updated successfully!', { exact: true }));

        await question(other.page, 1).getByRole('button', { name: 'Save Grade & Feedback' }).click();
        await expectVisible(
          question(other.page, 1).getByText(`This grade was changed by ${TARA} a moment ago`, { exact: true }),
          'the conflict',
        );
        const score = question(other.page, 1).getByLabel('Score', { exact: true });
        assert((await score.inputValue()) === '3', `the other grade is in the form, found ${await score.inputValue()}`);
        assert(
          (await question(other.page, 1).getByLabel('Feedback', { exact: true }).inputValue()) === 'First look',
          'the other feedback is in the form',
        );
        // a deliberate second save goes through
        await score.fill('2.5');
        await question(other.page, 1).getByRole('button', { name: 'Save Grade & Feedback' }).click();
        await expectVisible(question(other.page, 1).getByText('Grade updated successfully!', { exact: true }));
      } finally {
        await other.context.close();
      }
      // the first window receives the newer grade (its form was not touched since its save)
      await expectVisible(detail(page).getByText(/^Total Score: 2\.5\/5/), 'the other save, without a reload', 15_000);
    },
    { timeout: 150_000 },
  );

  e2e(
    'the exam dashboard at phone width: the chosen submission alone, Back to list, an overdue student opened for manual grading',
    async ({ page, a11y }) => {
      const item = await newItem('Phone exam', 'EXAM', -DAY, [MCQ, LONG], true);
      await login(page, DEMO.teacher.email);
      await page.goto(item.path);
      const overdue = section(page, 'Overdue (1)');
      await card(overdue, STELLA).click();
      await expectVisible(page.getByText('Exam submission created for manual grading', { exact: true }));
      await expectVisible(detail(page).getByRole('heading', { level: 2, name: STELLA }));
      assert(!(await section(page, 'Students').isVisible()), 'the list steps aside for the chosen submission');
      const panel = await detail(page).boundingBox();
      assert(panel && panel.y < 800, `the panel starts on the first screen, at ${panel?.y}`);
      // nothing answered and nothing graded: no total yet, and one action grades the empty questions as 0
      await expectVisible(detail(page).getByText('Not graded yet · 7 points'));
      await detail(page).getByRole('button', { name: 'Grade unanswered as 0 (2)' }).click();
      await expectVisible(detail(page).getByText(/^Total Score: 0\/7/), 'the total once graded');
      await expectVisible(detail(page).getByText('Grade updated successfully!', { exact: true }));
      await detail(page).getByRole('button', { name: 'Back to list' }).click();
      await expectVisible(section(page, 'Submitted (1)').getByText('Graded', { exact: true }), 'the card as Graded');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert(overflow <= 0, `no sideways scrolling at 375 px, ${overflow} px too wide`);
      await a11y('exam dashboard at 375 px');
    },
    { viewport: { width: 375, height: 800 } },
  );
});

/** student@'s id, as the teacher's dashboard link names it. */
async function studentId(item: Item): Promise<string> {
  const me = await graphql<{ me: { user: { id: string } } }>('{ me { user { id } } }', {}, item.student);
  assert(me.data?.me.user.id, `me: ${JSON.stringify(me.errors)}`);
  return me.data.me.user.id;
}
