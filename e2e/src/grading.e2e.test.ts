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
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { Client } from 'pg';
import { DEMO, login } from './support/auth';
import { databaseUrl } from './support/env';
import { assert, eventually, expectPath, expectVisible } from './support/expect';
import { DESKTOP, e2e, type E2E } from './support/fixture';
import { graphql } from './support/graphql';
import { countWhile, expectOne, signIn } from './support/requests';
import { apiToken, stamp } from './support/school';

const DAY = 86_400_000;
const STELLA = `${DEMO.student.firstName} ${DEMO.student.lastName}`;
const TARA = `${DEMO.teacher.firstName} ${DEMO.teacher.lastName}`;

type Kind = 'ASSIGNMENT' | 'QUIZ' | 'EXAM';
const PATHS: Record<Kind, (id: string) => string> = {
  ASSIGNMENT: (id) => `/dashboard/assignments/${id}/submissions`,
  QUIZ: (id) => `/dashboard/quizzes/${id}/quizsubmissions`,
  EXAM: (id) => `/dashboard/exams/${id}/examsubmissions`,
};

const LONG = { type: 'LongAnswer', questionText: 'Explain how you compare two fractions.', points: 5 };
const MCQ = {
  type: 'MCQ',
  questionText: 'Which are equal to one half?',
  points: 2,
  options: [{ text: '2/4', isCorrect: true }, { text: '1/3', isCorrect: false }, { text: '3/6', isCorrect: true }],
  partialMarking: { enabled: true, penaltyPerWrong: 50 },
};

interface Item {
  id: string;
  title: string;
  path: string;
  questions: Array<{ id: string; type: string; options: Array<{ id: string; text: string }> }>;
  student: string;
}

/**
 * A new item of MATH-5A (a quiz in its first module) for student@ alone, due `dueInMs` from now; hidden from
 * students when `hidden`. Its questions' ids come back for submitting through the API.
 */
async function newItem(prefix: string, kind: Kind, dueInMs: number, questions: object[], hidden = false): Promise<Item> {
  const teacher = await apiToken(DEMO.teacher.email);
  const student = await apiToken(DEMO.student.email);
  const courses = await graphql<{ courses: Array<{ id: string; title: string; modules: Array<{ id: string; isVisible: boolean }> }> }>(
    '{ courses { id title modules { id isVisible } } }',
    {},
    teacher,
  );
  const math = courses.data?.courses.find((c) => c.title === 'MATH-5A');
  const module = math?.modules.find((m) => m.isVisible);
  assert(math && module, `the demo course MATH-5A with a visible module: ${JSON.stringify(courses)}`);
  const me = await graphql<{ me: { user: { id: string } } }>('{ me { user { id } } }', {}, student);
  const title = `${prefix} ${stamp()}`;
  const created = await graphql<{ createAssessment: { id: string; questions: Item['questions'] } }>(
    'mutation ($input: CreateAssessmentInput!) { createAssessment(input: $input) { id questions { id type options { id text } } } }',
    {
      input: {
        kind,
        ...(kind === 'QUIZ' ? { moduleId: module.id } : { courseId: math.id }),
        title,
        description: `Made by the grading browser tests (${title})`,
        dueDate: new Date(Date.now() + dueInMs).toISOString(),
        resultVisibility: 'immediate',
        isVisible: !hidden,
        scope: 'individual_students',
        targetStudentIds: [me.data?.me.user.id],
        questions,
      },
    },
    teacher,
  );
  assert(created.data?.createAssessment.id, `createAssessment failed: ${JSON.stringify(created.errors)}`);
  const { id } = created.data.createAssessment;
  return { id, title, path: PATHS[kind](id), questions: created.data.createAssessment.questions, student };
}

/** student@ submits through the API: `text` for text questions, the correct options of an MCQ. */
async function submitAsStudent(item: Item, text: string): Promise<void> {
  const answers = item.questions.map((q) =>
    q.type === 'MCQ' ? { questionId: q.id, selectedOptionIds: q.options.filter((o) => o.text !== '1/3').map((o) => o.id) } : { questionId: q.id, answer: text },
  );
  const sent = await graphql('mutation ($input: SubmitAssessmentInput!) { submitAssessment(input: $input) { id } }', { input: { assessmentId: item.id, answers } }, item.student);
  assert(!sent.errors, `submitAssessment failed: ${JSON.stringify(sent.errors)}`);
}

/** Shows a hidden item to students (as the teacher's Visible switch does). */
async function showToStudents(itemId: string): Promise<void> {
  const db = new Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    await db.query('UPDATE assessments SET is_visible = true WHERE id = $1', [itemId]);
  } finally {
    await db.end();
  }
}

/** Another signed-in browser beside the test's page (own storage); the caller closes it. */
async function otherBrowser(t: E2E, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const browser = t.context.browser();
  assert(browser, 'the test context has no browser');
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: t.baseURL, bypassCSP: true });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
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

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (scope: Locator, name: string) => scope.getByRole('button', { name: new RegExp(`^${name}`) });
const detail = (page: Page) => page.getByRole('region', { name: 'Submission', exact: true });
const question = (page: Page, n: number) => detail(page).getByRole('listitem', { name: `Question ${n}`, exact: true });
const tile = (page: Page, label: string) => page.getByRole('list', { name: 'Summary' }).getByRole('listitem').filter({ hasText: label });

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
    for (const [label, value] of [['Total Students', '1'], ['Submitted', '1'], ['Not Submitted', '0'], ['Graded', '0'], ['Reopened', '0']]) {
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
    assert((await score.getAttribute('step')) === '0.01' && (await score.getAttribute('max')) === '5' && (await score.getAttribute('placeholder')) === '0.00', 'the score input: step 0.01, max 5, placeholder 0.00');
    assert((await question(page, 1).getByLabel('Feedback', { exact: true }).getAttribute('rows')) === '3', 'the feedback has 3 rows');
    await a11y('grading dashboard with a submission open');

    // an empty score is not saved; then type, Tab to the feedback, Ctrl+Enter saves
    await page.keyboard.press('Control+Enter');
    await expectVisible(question(page, 1).getByText('Enter a score to save this grade'));
    await page.keyboard.type('4.5');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Clear method; add one example next time.');
    await page.keyboard.press('Control+Enter');
    await expectVisible(question(page, 1).getByText('Grade updated successfully!', { exact: true }));
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

  e2e("a teacher reopens an overdue student's work, the student resubmits and the open dashboard shows it", async (t) => {
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
    await eventually(() => card(reopened, STELLA).evaluate((el) => el === document.activeElement), Boolean, 'the focus on the card in its new list');
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
    await expectVisible(question(page, 1).getByText('Late, but here is my comparison.'), 'the resubmitted answer, without a reload', 15_000);
    await expectVisible(detail(page).getByText(/^Submitted: /));
  }, { timeout: 150_000 });

  e2e('two teachers grading the same answer: the second is told who changed it and sees the new value', async (t) => {
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
      await expectVisible(question(other.page, 1).getByText(`This grade was changed by ${TARA} a moment ago`, { exact: true }), 'the conflict');
      const score = question(other.page, 1).getByLabel('Score', { exact: true });
      assert((await score.inputValue()) === '3', `the other grade is in the form, found ${await score.inputValue()}`);
      assert((await question(other.page, 1).getByLabel('Feedback', { exact: true }).inputValue()) === 'First look', 'the other feedback is in the form');
      // a deliberate second save goes through
      await score.fill('2.5');
      await question(other.page, 1).getByRole('button', { name: 'Save Grade & Feedback' }).click();
      await expectVisible(question(other.page, 1).getByText('Grade updated successfully!', { exact: true }));
    } finally {
      await other.context.close();
    }
    // the first window receives the newer grade (its form was not touched since its save)
    await expectVisible(detail(page).getByText(/^Total Score: 2\.5\/5/), 'the other save, without a reload', 15_000);
  }, { timeout: 150_000 });

  e2e('the exam dashboard at phone width: list above the panel, an overdue student opened for manual grading', async ({ page, a11y }) => {
    const item = await newItem('Phone exam', 'EXAM', -DAY, [MCQ, LONG], true);
    await login(page, DEMO.teacher.email);
    await page.goto(item.path);
    await expectVisible(page.getByText('Select an exam submission', { exact: true }));
    const overdue = section(page, 'Overdue (1)');
    await card(overdue, STELLA).click();
    await expectVisible(page.getByText('Exam submission created for manual grading', { exact: true }));
    await expectVisible(section(page, 'Submitted (1)'), 'the new submission in Submitted');
    await expectVisible(detail(page).getByRole('heading', { level: 2, name: STELLA }));
    const list = await section(page, 'Submitted (1)').boundingBox();
    const panel = await detail(page).boundingBox();
    assert(list && panel && list.y + list.height <= panel.y, 'the list is above the panel');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert(overflow <= 0, `no sideways scrolling at 375 px, ${overflow} px too wide`);
    await a11y('exam dashboard at 375 px');
  }, { viewport: { width: 375, height: 800 } });
});

/** student@'s id, as the teacher's dashboard link names it. */
async function studentId(item: Item): Promise<string> {
  const me = await graphql<{ me: { user: { id: string } } }>('{ me { user { id } } }', {}, item.student);
  assert(me.data?.me.user.id, `me: ${JSON.stringify(me.errors)}`);
  return me.data.me.user.id;
}
