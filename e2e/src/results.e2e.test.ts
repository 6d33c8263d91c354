/**
 * Results a student sees (issue 24): a teacher releases a Manual quiz from its row on the module page (how many
 * students, then "Released on ... by ..."), and the student then sees the score and the teacher's feedback; a
 * Score Only assignment shows the total and the teacher's feedback, never the per-question scores.
 *
 * Every run makes its own items in the demo course MATH-5A through the API as teacher@, for student@ only.
 */
import type { Page } from 'playwright-core';
import { DEMO, login } from './support/auth';
import { assert, expectAbsentNow, expectNotVisible, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { graphql } from './support/graphql';
import { apiToken, placementOf, stamp } from './support/school';

const DAY = 86_400_000;
const TARA = `${DEMO.teacher.firstName} ${DEMO.teacher.lastName}`;
const LONG = { type: 'LONG_ANSWER', questionText: 'Explain how you compare two fractions.', points: 5 };
const MCQ = {
  type: 'MCQ',
  questionText: 'Which equals one half?',
  points: 2,
  options: [
    { text: '2/4', isCorrect: true },
    { text: '1/3', isCorrect: false },
  ],
};

interface Item {
  id: string;
  title: string;
  moduleId: string;
  questions: Array<{ id: string; type: string; options: Array<{ id: string; isCorrect: boolean }> }>;
}

/** A new MATH-5A item for student@ alone, due in a week, with `visibility`; student@ answers it, teacher@ grades the long answer. */
async function gradedItem(
  kind: 'QUIZ' | 'ASSIGNMENT',
  visibility: 'MANUAL' | 'SCORE_ONLY' | 'IMMEDIATE',
  feedback: string,
): Promise<Item & { courseId: string }> {
  const teacher = await apiToken(DEMO.teacher.email);
  const student = await apiToken(DEMO.student.email);
  const courses = await graphql<{
    courses: { nodes: Array<{ id: string; title: string; modules: Array<{ id: string; isVisible: boolean }> }> };
  }>('{ courses(first: 100) { nodes { id title modules { id isVisible } } } }', {}, teacher);
  const math = courses.data?.courses.nodes.find((c) => c.title === 'MATH-5A');
  const module = math?.modules.find((m) => m.isVisible);
  assert(math && module, `the demo course MATH-5A with a visible module: ${JSON.stringify(courses)}`);
  const me = await graphql<{ me: { user: { id: string } } }>('{ me { user { id } } }', {}, student);
  const title = `Results ${visibility} ${stamp()}`;
  const created = await graphql<{ createAssessment: { id: string; questions: Item['questions'] } }>(
    'mutation ($input: CreateAssessmentInput!) { createAssessment(input: $input) { id questions { id type options { id isCorrect } } } }',
    {
      input: {
        kind,
        ...(kind === 'QUIZ' ? { moduleId: module.id } : { courseId: math.id }),
        title,
        description: 'Made by the results browser test',
        dueDate: new Date(Date.now() + 7 * DAY).toISOString(),
        resultVisibility: visibility,
        isVisible: true,
        scope: 'INDIVIDUAL_STUDENTS',
        targetStudentIds: [me.data?.me.user.id],
        questions: [LONG, MCQ],
      },
    },
    teacher,
  );
  assert(created.data?.createAssessment.id, `createAssessment failed: ${JSON.stringify(created.errors)}`);
  const { id, questions } = created.data.createAssessment;
  const answers = questions.map((q) =>
    q.type === 'MCQ'
      ? { questionId: q.id, selectedOptionIds: q.options.filter((o) => o.isCorrect).map((o) => o.id) }
      : { questionId: q.id, answer: 'Same denominator, then the numerators.' },
  );
  const sent = await graphql<{ submitAssessment: { id: string } }>(
    'mutation ($input: SubmitAssessmentInput!) { submitAssessment(input: $input) { id } }',
    { input: { assessmentId: id, answers } },
    student,
  );
  assert(sent.data?.submitAssessment.id, `submitAssessment failed: ${JSON.stringify(sent.errors)}`);
  const long = questions.find((q) => q.type === 'LONG_ANSWER')!;
  const graded = await graphql(
    'mutation ($input: GradeAnswerInput!) { gradeAnswer(input: $input) { id } }',
    { input: { submissionId: sent.data.submitAssessment.id, questionId: long.id, score: 4, feedback } },
    teacher,
  );
  assert(!graded.errors, `gradeAnswer failed: ${JSON.stringify(graded.errors)}`);
  return { id, title, moduleId: module.id, questions, courseId: math.id };
}

describe('results', () => {
  e2e(
    'a teacher releases a Manual quiz from its row; the student then sees the score and the feedback',
    async ({ page, a11y }) => {
      const item = await gradedItem('QUIZ', 'MANUAL', 'Good method; show one example.');

      await login(page, DEMO.student.email);
      await page.goto(`/dashboard/quizzes/${item.id}/view`);
      await expectVisible(
        page.getByText('Your results will be shown once your teacher releases them.', { exact: true }),
        'nothing before the release',
      );
      await expectAbsentNow(page.getByText('Good method; show one example.'), 'no feedback before the release');

      await page.evaluate(() => window.localStorage.clear());
      await login(page, DEMO.teacher.email);
      await page.goto(`/dashboard/modules/${item.moduleId}?tab=quizzes`);
      const row = page.getByRole('table', { name: 'Quizzes' }).getByRole('row').filter({ hasText: item.title });
      await row.getByRole('button', { name: `Release results of ${item.title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Release results' });
      await expectVisible(dialog.getByText(/^1 student will see their score and feedback on /), 'how many students');
      await a11y('release results dialog');
      await dialog.getByRole('button', { name: 'Release results', exact: true }).click();
      await expectVisible(row.getByText(new RegExp(`^Released on .+ by ${TARA}$`)), 'Released on ... by ... on the row');

      // the grading dashboard says the same, with no second release offered
      await page.goto(`/dashboard/quizzes/${item.id}/quizsubmissions`);
      await expectVisible(page.getByText(new RegExp(`^Released on .+ by ${TARA}$`)), 'Released on ... by ... on the dashboard');
      await expectAbsentNow(page.getByRole('button', { name: /^Release results/ }), 'no Release button once released');

      await page.evaluate(() => window.localStorage.clear());
      await login(page, DEMO.student.email);
      await page.goto(`/dashboard/quizzes/${item.id}/view`);
      await expectVisible(page.getByText('Score: 6/7 (86%)', { exact: true }), "the student's score");
      await expectVisible(page.getByText('Good method; show one example.'), "the teacher's feedback");
    },
    { timeout: 120_000 },
  );

  e2e('a Score Only assignment shows the total and the teacher feedback, not the per-question scores', async ({ page }) => {
    const item = await gradedItem('ASSIGNMENT', 'SCORE_ONLY', 'Clear, but add an example.');
    await login(page, DEMO.student.email);
    await page.goto(`/dashboard/assignments/${item.id}/view`);
    await expectVisible(page.getByText('Score: 6/7 (86%)', { exact: true }), 'the total');
    const first = page.getByRole('listitem', { name: 'Question 1', exact: true });
    await expectVisible(first.getByText('Clear, but add an example.'), "the teacher's feedback");
    await expectAbsentNow(page.getByText(/^Score: \d+(\.\d+)?\/5$/), 'no per-question score');
    await expectAbsentNow(page.getByText('✓ Correct Answer'), 'no correct answers');
  });

  e2e('reopened work: the course page and the list say Reopened (Pending), and the view page offers Resubmit', async ({ page }) => {
    const item = await gradedItem('ASSIGNMENT', 'IMMEDIATE', 'Try once more.');
    const teacher = await apiToken(DEMO.teacher.email);
    const student = await apiToken(DEMO.student.email);
    const me = await graphql<{ me: { user: { id: string } } }>('{ me { user { id } } }', {}, student);
    const reopened = await graphql(
      'mutation ($input: ReopenSubmissionInput!) { reopenSubmission(input: $input) { id } }',
      { input: { assessmentId: item.id, studentId: me.data?.me.user.id } },
      teacher,
    );
    assert(!reopened.errors, `reopenSubmission failed: ${JSON.stringify(reopened.errors)}`);

    await login(page, DEMO.student.email);
    await page.goto(`/dashboard/student/course/${item.courseId}/modules?tab=assignments`);
    const row = page.getByRole('list', { name: 'Assignments' }).getByRole('listitem').filter({ hasText: item.title });
    await expectVisible(row.getByText('Reopened (Pending)', { exact: true }), 'the course page status');
    await row.getByRole('link', { name: item.title, exact: true }).click();
    await expectVisible(page.getByText(/^Submitted on .+ · Reopened$/), 'the view page of the earlier work');
    await page.getByRole('link', { name: 'Resubmit', exact: true }).click();
    await expectVisible(page.getByRole('button', { name: 'Resubmit', exact: true }), 'the submit page, to resubmit');
    await page.goto('/dashboard/assignments');
    await expectVisible(
      page.getByRole('listitem', { name: item.title, exact: true }).getByText('Reopened (Pending)', { exact: true }),
      'the list status',
    );
  });

  e2e('reopening a hidden item warns that the student cannot open it, and offers to show it', async ({ page, a11y }) => {
    const item = await gradedItem('ASSIGNMENT', 'IMMEDIATE', 'Fine.');
    const teacher = await apiToken(DEMO.teacher.email);
    const hidden = await graphql(
      'mutation ($input: UpdateAssessmentInput!) { updateAssessment(input: $input) { id } }',
      { input: { id: item.id, isVisible: false } },
      teacher,
    );
    assert(!hidden.errors, `hiding failed: ${JSON.stringify(hidden.errors)}`);
    await login(page, DEMO.teacher.email);
    await page.goto(`/dashboard/assignments/${item.id}/submissions`);
    await page.getByRole('button', { name: /^Reopen Assignment for / }).click();
    const dialog = page.getByRole('dialog', { name: 'Reopen Assignment' });
    await expectVisible(
      dialog.getByText(/^This assignment is hidden from students: .+ cannot open it until you show it\.$/),
      'the warning',
    );
    await a11y('reopen dialog with the hidden-item warning');
    await dialog.getByRole('button', { name: 'Show it to students', exact: true }).click();
    await expectNotVisible(dialog.getByText(/is hidden from students/), 'the warning once the item is shown');
    await dialog.getByRole('button', { name: 'Reopen Assignment', exact: true }).click();
    await expectVisible(page.getByText('Assignment reopened successfully for student', { exact: true }));
    const student = await apiToken(DEMO.student.email);
    const seen = await graphql<{ assessment: { id: string } | null }>(
      'query ($id: ID!) { assessment(id: $id) { id } }',
      { id: item.id },
      student,
    );
    assert(seen.data?.assessment?.id === item.id, `the student can open it now: ${JSON.stringify(seen)}`);
  });

  e2e(
    "late work on the dashboard: a student placed after the due date is 'Joined late' with their own date; the teacher marks the missing as 0",
    async ({ page, a11y }) => {
      const teacher = await apiToken(DEMO.teacher.email);
      const admin = await apiToken(DEMO.admin.email);
      const place = await placementOf(teacher, 'Mathematics');
      const courses = await graphql<{ courses: { nodes: Array<{ id: string; title: string }> } }>(
        '{ courses(first: 100) { nodes { id title } } }',
        {},
        teacher,
      );
      const math = courses.data?.courses.nodes.find((c) => c.title === 'MATH-5A');
      assert(math, 'the demo course MATH-5A');
      const title = `Late work ${stamp()}`;
      const created = await graphql<{ createAssessment: { id: string } }>(
        'mutation ($input: CreateAssessmentInput!) { createAssessment(input: $input) { id } }',
        {
          input: {
            kind: 'ASSIGNMENT',
            courseId: math.id,
            title,
            description: 'Made by the results browser test',
            dueDate: new Date(Date.now() - DAY).toISOString(),
            resultVisibility: 'IMMEDIATE',
            isVisible: true,
            questions: [LONG],
          },
        },
        teacher,
      );
      assert(created.data?.createAssessment.id, `createAssessment failed: ${JSON.stringify(created.errors)}`);
      const itemId = created.data.createAssessment.id;
      const id = stamp().toLowerCase();
      const made = await graphql<{ createUser: { id: string } }>(
        'mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }',
        { input: { email: `late-${id}@test.school`, firstName: 'Lena', lastName: `Late${id}`, role: 'STUDENT' } },
        admin,
      );
      assert(made.data?.createUser.id, `createUser failed: ${JSON.stringify(made.errors)}`);
      const placed = await graphql(
        'mutation ($input: PlaceStudentInput!) { placeStudent(input: $input) { id } }',
        { input: { userId: made.data.createUser.id, classId: place.classId, academicYearId: place.academicYearId } },
        teacher,
      );
      assert(!placed.errors, `placeStudent failed: ${JSON.stringify(placed.errors)}`);

      try {
        await lateWork(page, a11y, itemId, `Lena Late${id}`);
      } finally {
        // the demo class is shared with the other browser tests: the whole-class item and the new student go again
        await graphql('mutation ($id: ID!) { deleteAssessment(id: $id) { id } }', { id: itemId }, teacher);
        await graphql('mutation ($id: ID!) { deleteUser(id: $id) }', { id: made.data.createUser.id }, admin);
      }
    },
  );
});

/** The dashboard's late-work panel and 'Mark all missing as 0', as teacher@. */
async function lateWork(page: Page, a11y: (label?: string) => Promise<void>, itemId: string, name: string): Promise<void> {
  await login(page, DEMO.teacher.email);
  await page.goto(`/dashboard/assignments/${itemId}/submissions`);
  const late = page.getByRole('region', { name: 'Joined late (1)', exact: true });
  await expectVisible(late.getByText(name, { exact: true }), 'the late joiner');
  await expectVisible(late.getByText(/^Due: /), 'their own due date');
  await a11y('grading dashboard with late work');
  const field = late.getByLabel('Due date for late joiners');
  const when = new Date(Date.now() + 3 * DAY);
  const local = new Date(when.getTime() - when.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await field.fill(local);
  await late.getByRole('button', { name: 'Save due date', exact: true }).click();
  await expectVisible(page.getByText('Due date of late joiners saved', { exact: true }));

  const overdueTile = page.getByRole('list', { name: 'Summary' }).getByRole('listitem').filter({ hasText: 'Overdue' });
  const before = Number(await overdueTile.locator('span').first().textContent());
  assert(before >= 1, `students of Class 5A are overdue on it, found ${before}`);
  await page.getByRole('button', { name: 'Mark all missing as 0', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark all missing as 0' });
  await expectVisible(dialog.getByText(new RegExp(`^${before} students? with nothing handed in get an empty submission`)));
  await dialog.getByRole('button', { name: 'Mark all missing as 0', exact: true }).click();
  await expectVisible(page.getByText(new RegExp(`^${before} students? marked as 0$`)));
  await expectVisible(overdueTile.getByText('0', { exact: true }), 'nobody overdue any more');
  await expectVisible(page.getByRole('region', { name: 'Joined late (1)', exact: true }), 'the late joiner still open');
}
