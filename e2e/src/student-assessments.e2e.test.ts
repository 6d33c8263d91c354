/**
 * Assessments, the student's side (assessments.md sections 2, 4, 8 and 9; issue 12): a student takes a quiz and
 * sees the score at once (immediate visibility); submits an assignment with a file; an overdue assignment shows
 * the banner with submit disabled; a reload in the middle of typing keeps the draft (autosave). The list, submit
 * and view pages each load with one request.
 *
 * Every run makes its own items in the demo course MATH-5A through the API as teacher@ (titles carry a stamp).
 */
import type { Page } from 'playwright-core';
import { Client } from 'pg';
import { DEMO, login } from './support/auth';
import { databaseUrl } from './support/env';
import { assert, expectPath, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { graphql } from './support/graphql';
import { sidebar } from './support/layout';
import { countWhile, expectOne, signIn } from './support/requests';
import { apiCourse, apiModule, apiToken, placementOf, stamp } from './support/school';

const DAY = 86_400_000;

interface MathCourse {
  id: string;
  /** Its first visible module (quizzes live in modules). */
  moduleId: string;
}

/** The demo course MATH-5A (teacher@'s, in student@'s class) and its first visible module. */
async function mathCourse(token: string): Promise<MathCourse> {
  const answer = await graphql<{
    courses: { nodes: Array<{ id: string; title: string; modules: Array<{ id: string; isVisible: boolean }> }> };
  }>('{ courses(first: 100) { nodes { id title modules { id isVisible } } } }', {}, token);
  const course = answer.data?.courses.nodes.find((c) => c.title === 'MATH-5A');
  const module = course?.modules.find((m) => m.isVisible);
  assert(course && module, `the demo course MATH-5A with a visible module: ${JSON.stringify(answer)}`);
  return { id: course.id, moduleId: module.id };
}

type QuestionInput = Record<string, unknown>;

/** An item made through the API as teacher@, visible to the whole class; its id. */
async function apiItem(
  token: string,
  where: { courseId: string } | { moduleId: string },
  kind: 'ASSIGNMENT' | 'QUIZ' | 'EXAM',
  title: string,
  dueInMs: number,
  questions: QuestionInput[],
  resultVisibility = 'IMMEDIATE',
): Promise<string> {
  const answer = await graphql<{ createAssessment: { id: string } }>(
    'mutation ($input: CreateAssessmentInput!) { createAssessment(input: $input) { id } }',
    {
      input: {
        kind,
        ...where,
        title,
        description: `Made by the browser tests (${title})`,
        instructions: 'Answer every question.',
        dueDate: new Date(Date.now() + dueInMs).toISOString(),
        resultVisibility,
        questions,
      },
    },
    token,
  );
  assert(answer.data?.createAssessment.id, `createAssessment failed: ${JSON.stringify(answer.errors)}`);
  return answer.data.createAssessment.id;
}

/** A new item of MATH-5A made by teacher@ (a quiz goes into the course's first visible module). */
async function newItem(prefix: string, kind: 'ASSIGNMENT' | 'QUIZ' | 'EXAM', dueInMs: number, questions: QuestionInput[]) {
  const teacher = await apiToken(DEMO.teacher.email);
  const math = await mathCourse(teacher);
  const title = `${prefix} ${stamp()}`;
  const itemId = await apiItem(
    teacher,
    kind === 'QUIZ' ? { moduleId: math.moduleId } : { courseId: math.id },
    kind,
    title,
    dueInMs,
    questions,
  );
  return { teacher, math, title, itemId };
}

const LONG_ANSWER = { type: 'LONG_ANSWER', questionText: 'Explain how you compare two fractions.', points: 5 };

/** The card of an item on My Assignments / Quizzes / Exams. */
function card(page: Page, title: string) {
  return page.getByRole('listitem', { name: title, exact: true });
}

describe('assessments: the student side', () => {
  e2e('a student takes a quiz and sees the score at once', async ({ page, a11y }) => {
    const { title } = await newItem('Halves quiz', 'QUIZ', 7 * DAY, [
      {
        type: 'MCQ',
        questionText: 'Which are equal to one half?',
        points: 2,
        options: [
          { text: '2/4', isCorrect: true },
          { text: '1/3', isCorrect: false },
          { text: '3/6', isCorrect: true },
        ],
      },
      { type: 'SHORT_ANSWER', questionText: 'One half as a decimal?', points: 1, acceptedAnswers: [{ answer: '0.5', weight: 100 }] },
    ]);

    await login(page, DEMO.student.email);
    await page.goto('/dashboard/quizzes');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'My Quizzes' }));
    // the active year is marked '(Current)' (other browser tests may have made another year the active one)
    const years = await graphql<{ academicYears: Array<{ year: string; isActive: boolean }> }>(
      '{ academicYears { year isActive } }',
      {},
      await apiToken(DEMO.teacher.email),
    );
    const current = years.data?.academicYears.find((y) => y.year === '2026')?.isActive ? '2026 (Current)' : '2026';
    await expectVisible(page.getByRole('heading', { level: 2, name: current, exact: true }), `the year as '${current}'`);
    await expectVisible(page.getByRole('heading', { level: 3, name: 'Class 5A (Current)' }), "the student's class marked '(Current)'");
    const item = card(page, title);
    await expectVisible(item.getByText('Pending', { exact: true }), 'the new quiz as Pending');
    await a11y('My Quizzes');

    await item.getByRole('link', { name: title, exact: true }).click();
    await expectPath(page, /^\/dashboard\/quizzes\/[\w-]+\/submit$/);
    await expectVisible(page.getByRole('heading', { level: 1, name: title }));
    await expectVisible(page.getByText('Total Points:'));
    const q1 = page.getByRole('listitem', { name: 'Question 1', exact: true });
    await expectVisible(q1.getByText('2 points', { exact: true }), "question 1's points");
    await q1.getByRole('checkbox', { name: '2/4', exact: true }).check();
    await q1.getByRole('checkbox', { name: '3/6', exact: true }).check();
    await page.getByRole('listitem', { name: 'Question 2', exact: true }).getByLabel('Answer to question 2').fill(' 0.5 ');
    await a11y('quiz submit page');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectVisible(page.getByText('Quiz submitted successfully!', { exact: true }));
    // back to the list after 2 seconds, graded at once
    await expectPath(page, '/dashboard/quizzes', 6_000);
    await expectVisible(item.getByText('Completed', { exact: true }), 'the quiz as Completed');
    await expectVisible(item.getByText('Score: 3/3 (100%)', { exact: true }), 'the score at once (immediate visibility)');

    // a graded quiz opens on its view page: the score, each question's result
    await item.getByRole('link', { name: title, exact: true }).click();
    await expectPath(page, /^\/dashboard\/quizzes\/[\w-]+\/view$/);
    await expectVisible(page.getByText('Score: 3/3 (100%)', { exact: true }), 'the score on the view page');
    await expectVisible(page.getByRole('listitem', { name: 'Question 1', exact: true }).getByText('Score: 2/2', { exact: true }));
    await expectVisible(
      page.getByRole('listitem', { name: 'Question 1', exact: true }).getByText('✓ Correct Answer').first(),
      'the correct answers (immediate)',
    );
    await expectVisible(page.getByRole('button', { name: 'Back', exact: true }));
    await a11y('quiz view page');
  });

  e2e('a student submits an assignment with a file', async ({ page }) => {
    const { math, title, itemId } = await newItem('Essay', 'ASSIGNMENT', 7 * DAY, [LONG_ANSWER]);

    await login(page, DEMO.student.email);
    await page.goto('/dashboard/assignments');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'My Assignments' }));
    await card(page, title).getByRole('link', { name: title, exact: true }).click();
    await expectPath(page, `/dashboard/assignments/${itemId}/submit`);
    const q1 = page.getByRole('listitem', { name: 'Question 1', exact: true });
    const text = q1.getByLabel('Answer to question 1');
    assert((await text.getAttribute('rows')) === '6', 'the long answer has 6 rows');
    await text.fill('I make the denominators equal, then compare the numerators.');
    // a type outside section 9 is refused before sending
    await q1
      .getByLabel('File for question 1')
      .setInputFiles({ name: 'run.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expectVisible(q1.getByText('Only PDF, JPG, JPEG, PNG, DOC, DOCX and TXT files can be uploaded', { exact: true }));
    await q1
      .getByLabel('File for question 1')
      .setInputFiles({ name: 'working.txt', mimeType: 'text/plain', buffer: Buffer.from('1/2 = 2/4 < 3/4\n') });
    await expectVisible(q1.getByText('working.txt (saved with your draft)', { exact: true }), 'the chosen file, kept with the draft');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectVisible(page.getByText('Assignment submitted successfully!', { exact: true }));
    await expectPath(page, '/dashboard/assignments', 6_000);
    await expectVisible(
      card(page, title).getByText('Submitted', { exact: true }),
      'the assignment as Submitted (the long answer waits for the teacher)',
    );

    // typed by hand, the submit page of submitted work says so and offers the view page
    await page.goto(`/dashboard/assignments/${itemId}/submit`);
    await expectVisible(page.getByText('You have already submitted this assignment.'), 'already submitted');
    assert(await page.getByRole('button', { name: 'Submit', exact: true }).isDisabled(), 'Submit is disabled once submitted');
    await page.getByRole('link', { name: 'View your submission', exact: true }).click();
    await expectPath(page, `/dashboard/assignments/${itemId}/view`);
    await page.goto('/dashboard/assignments');

    // the view page: the answer and the file the server kept
    await card(page, title).getByRole('link', { name: title, exact: true }).click();
    await expectPath(page, `/dashboard/assignments/${itemId}/view`);
    await expectVisible(page.getByText('I make the denominators equal, then compare the numerators.'));
    await expectVisible(page.getByRole('button', { name: 'Download working.txt', exact: true }), 'the uploaded file');
    await expectVisible(page.getByText('Your score will be shown once your work is graded.', { exact: true }));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download working.txt', exact: true }).click();
    assert((await download).suggestedFilename() === 'working.txt', 'the file downloads under its name');

    // the course page's Assignments tab: the item with its badge; a submitted one opens on its view page
    await page.goto(`/dashboard/student/course/${math.id}/modules?tab=assignments`);
    const row = page.getByRole('list', { name: 'Assignments' }).getByRole('listitem').filter({ hasText: title });
    await expectVisible(row.getByText('Submitted', { exact: true }), 'the submitted assignment on the course page');
    await row.getByRole('link', { name: title, exact: true }).click();
    await expectPath(page, `/dashboard/assignments/${itemId}/view`);
  });

  e2e(
    "the student course page lists a module's quizzes and the course's assignments and exams, or says there are none",
    async ({ page, a11y }) => {
      const id = stamp();
      const teacher = await apiToken(DEMO.teacher.email);
      const courseId = await apiCourse(teacher, await placementOf(teacher, 'Mathematics'), `ST-${id}`);
      const moduleTitle = `Empty module ${id}`;
      await apiModule(teacher, courseId, moduleTitle, 'No quiz yet');

      await login(page, DEMO.student.email);
      await page.goto(`/dashboard/student/course/${courseId}/modules`);
      await page.getByRole('button', { name: new RegExp(moduleTitle) }).click();
      await expectVisible(page.getByText('No quizzes available for this module', { exact: true }));
      await page.getByRole('tab', { name: 'Assignments', exact: true }).click();
      await expectVisible(page.getByText('No assignments available', { exact: true }));
      await page.getByRole('tab', { name: 'Exams', exact: true }).click();
      await expectVisible(page.getByText('No exams available', { exact: true }));

      // the demo course: quizzes per module with badge, due date and points; assignments and exams with badges
      const {
        math,
        title: quizTitle,
        itemId: quizId,
      } = await newItem('Module quiz', 'QUIZ', 3 * DAY, [
        {
          type: 'MCQ',
          questionText: 'Pick A',
          points: 4,
          options: [
            { text: 'A', isCorrect: true },
            { text: 'B', isCorrect: false },
          ],
        },
      ]);
      await page.goto(`/dashboard/student/course/${math.id}/modules`);
      const quiz = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: quizTitle, exact: true }) });
      if (!(await quiz.isVisible())) await page.locator('[id^=module-][id$=-header]').first().click();
      await expectVisible(quiz.getByText('Pending', { exact: true }), "the module's new quiz as Pending");
      await expectVisible(quiz.getByText(/· 4 points$/), 'its points');
      await a11y('student course page, Modules & Quizzes');
      await page.getByRole('tab', { name: 'Exams', exact: true }).click();
      await expectVisible(page.getByRole('list', { name: 'Exams' }).getByRole('listitem').first(), "the course's exams");
      await page.getByRole('tab', { name: 'Modules & Quizzes', exact: true }).click();
      if (!(await quiz.isVisible())) await page.locator('[id^=module-][id$=-header]').first().click();
      await quiz.getByRole('link', { name: quizTitle, exact: true }).click();
      await expectPath(page, `/dashboard/quizzes/${quizId}/submit`);

      // the dashboard's recent assignments: the first five, each opening its page
      await page.goto('/dashboard');
      const recent = page.getByRole('list', { name: 'Recent assignments' }).getByRole('listitem');
      await expectVisible(recent.first(), 'the recent assignments');
      assert((await recent.count()) <= 5, 'at most 5 recent assignments');
    },
  );

  e2e('an overdue assignment shows the banner with submit disabled', async ({ page, a11y }) => {
    const { title, itemId } = await newItem('Late homework', 'ASSIGNMENT', -2 * DAY, [LONG_ANSWER]);

    await login(page, DEMO.student.email);
    await page.goto('/dashboard/assignments');
    await expectVisible(card(page, title).getByText('Overdue', { exact: true }), 'the item as Overdue');
    await card(page, title).getByRole('link', { name: title, exact: true }).click();
    await expectPath(page, `/dashboard/assignments/${itemId}/submit`);
    await expectVisible(page.getByText(/^Overdue: .* You can no longer submit your work\.$/), 'the Overdue banner');
    assert(await page.getByRole('button', { name: 'Submit', exact: true }).isDisabled(), 'Submit is disabled');
    await a11y('overdue submit page');

    // not found: another kind's id, and an unknown id
    await page.goto(`/dashboard/exams/${itemId}/view`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Exam not found' }));
    await expectVisible(page.getByText("The exam you're looking for doesn't exist.", { exact: true }));
    await page.goto('/dashboard/quizzes/00000000-0000-4000-8000-000000000000/submit');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Quiz not found' }));
  });

  e2e(
    "a reopened assignment shows the extended due date, the green banner and 'Resubmit' with the answers sent before",
    async ({ page }) => {
      const { title, itemId } = await newItem('Reopened homework', 'ASSIGNMENT', -2 * DAY, [LONG_ANSWER]);
      // a submission the teacher reopened until three days ahead (the grading pages come later): into the database
      const db = new Client({ connectionString: databaseUrl() });
      await db.connect();
      try {
        const { rows } = await db.query<{ id: string }>(
          `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, allowed_after_due, custom_due_date, max_score)
         SELECT $1, u.id, 'reopened', now() - interval '3 days', true, date_trunc('minute', now() + interval '3 days'), 5 FROM users u WHERE u.email = $2 RETURNING id`,
          [itemId, DEMO.student.email],
        );
        await db.query(
          `INSERT INTO submission_answers (submission_id, question_id, answer) SELECT $1, q.id, 'My first try' FROM questions q WHERE q.assessment_id = $2`,
          [rows[0].id, itemId],
        );
      } finally {
        await db.end();
      }

      await login(page, DEMO.student.email);
      await page.goto('/dashboard/assignments');
      await expectVisible(card(page, title).getByText('Reopened (Pending)', { exact: true }), "the item as 'Reopened (Pending)'");
      await card(page, title).getByRole('link', { name: title, exact: true }).click();
      await expectPath(page, `/dashboard/assignments/${itemId}/submit`);
      await expectVisible(page.getByText(/^Extended due date \(Original: .+\)$/), 'the extended due date with the original');
      await expectVisible(page.getByText(/has been reopened for you/), 'the green banner');
      const text = page.getByLabel('Answer to question 1');
      assert((await text.inputValue()) === 'My first try', 'the answer sent before is there to change');
      await text.fill('My second try');
      await page.getByRole('button', { name: 'Resubmit', exact: true }).click();
      await expectVisible(page.getByText('Assignment submitted successfully!', { exact: true }));
      await expectPath(page, '/dashboard/assignments', 6_000);
      // still reopened and waiting for the teacher (section 4): 'Reopened (Pending)', open to another Resubmit
      await expectVisible(card(page, title).getByText('Reopened (Pending)', { exact: true }), 'the resubmitted item');
      await card(page, title).getByRole('link', { name: title, exact: true }).click();
      await expectPath(page, `/dashboard/assignments/${itemId}/submit`);
      await expectVisible(page.getByRole('button', { name: 'Resubmit', exact: true }));
      assert((await page.getByLabel('Answer to question 1').inputValue()) === 'My second try', 'the answer resubmitted');
    },
  );

  e2e('a reload in the middle of typing keeps the draft', async ({ page }) => {
    const { itemId } = await newItem('Draft exam', 'EXAM', 7 * DAY, [
      {
        type: 'MCQ',
        questionText: 'Pick B',
        points: 1,
        options: [
          { text: 'A', isCorrect: false },
          { text: 'B', isCorrect: true },
        ],
      },
      LONG_ANSWER,
    ]);

    await login(page, DEMO.student.email);
    await page.goto(`/dashboard/exams/${itemId}/submit`);
    await page.getByRole('listitem', { name: 'Question 1', exact: true }).getByRole('checkbox', { name: 'B', exact: true }).check();
    const text = page.getByRole('listitem', { name: 'Question 2', exact: true }).getByLabel('Answer to question 2');
    await text.fill('First I find a common denominator');
    await text.pressSequentially(', then', { delay: 20 });
    // reload at once: the page hide sends what was not saved yet
    await page.reload();
    const restored = page.getByRole('listitem', { name: 'Question 2', exact: true }).getByLabel('Answer to question 2');
    await expectVisible(restored);
    assert(
      (await restored.inputValue()) === 'First I find a common denominator, then',
      `the draft is restored, found: ${await restored.inputValue()}`,
    );
    assert(
      await page.getByRole('listitem', { name: 'Question 1', exact: true }).getByRole('checkbox', { name: 'B', exact: true }).isChecked(),
      'the ticked option is restored',
    );
  });

  e2e('My Assignments, a submit page and a view page each load with one request', async ({ page }) => {
    const { title, itemId } = await newItem('Counted', 'ASSIGNMENT', 7 * DAY, [LONG_ANSWER]);

    const requests = await signIn(page, DEMO.student.email);
    await sidebar(page).getByRole('button', { name: 'Assessments', exact: true }).click();
    const list = await countWhile(
      requests,
      () => sidebar(page).getByRole('link', { name: 'Assignments', exact: true }).click(),
      () => expectVisible(card(page, title), 'the new assignment in the list'),
    );
    expectOne(list, 'My Assignments');

    const submit = await countWhile(
      requests,
      () => card(page, title).getByRole('link', { name: title, exact: true }).click(),
      () => expectVisible(page.getByLabel('Answer to question 1'), 'the submit page'),
    );
    expectOne(submit, 'the submit page');

    const view = await countWhile(
      requests,
      async () => {
        await page.evaluate((to) => {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, `/dashboard/assignments/${itemId}/view`);
      },
      () =>
        expectVisible(page.getByText('You have not submitted this assignment yet.', { exact: true }), 'the view page without a submission'),
    );
    expectOne(view, 'the view page');
    await expectVisible(page.getByRole('link', { name: 'Submit', exact: true }), 'Submit when there is no submission');
  });
});
