/**
 * Assessments, authoring (assessments.md sections 2, 4, 5 and 8; issue 11): a teacher builds a quiz with an MCQ
 * (two correct options, partial marking), a short answer with two weighted answers and a long answer; the
 * student picker filters; the teacher edits the quiz and reuses it into another module. The course page shows
 * its Assignments and Exams tabs with their empty texts.
 *
 * Every run makes its own course and modules through the API (names carry a stamp).
 */
import type { Locator, Page } from 'playwright-core';
import { Client } from 'pg';
import { DEMO, login } from './support/auth';
import { databaseUrl } from './support/env';
import { assert, exactLabel, expectNotVisible, expectVisible } from './support/expect';
import { e2e } from './support/fixture';
import { chooseOption, selectedText } from './support/forms';
import { graphql } from './support/graphql';
import { apiCourse, apiModule, apiToken, placementOf, stamp } from './support/school';

/** A due date a year ahead, as the datetime-local field takes it. */
function nextYear(hour: number): string {
  return `${new Date().getFullYear() + 1}-03-15T${String(hour).padStart(2, '0')}:30`;
}

function question(dialog: Locator, n: number): Locator {
  return dialog.getByRole('listitem', { name: `Question ${n}`, exact: true });
}

async function openQuizzes(page: Page, moduleId: string): Promise<void> {
  await page.goto(`/dashboard/modules/${moduleId}?tab=quizzes`);
  await expectVisible(page.getByRole('table', { name: 'Quizzes' }), 'the Quizzes table');
}

interface QuizKey {
  title: string;
  totalPoints: number;
  resultVisibility: string;
  isVisible: boolean;
  questions: Array<{
    type: string;
    points: number;
    options: Array<{ text: string; isCorrect: boolean | null }>;
    acceptedAnswers: Array<{ answer: string; weight: number }> | null;
    partialMarking: { enabled: boolean; penaltyPerWrong: number } | null;
  }>;
}

/** The module's quizzes with their keys, as the teacher receives them. */
async function quizzesOf(token: string, moduleId: string): Promise<QuizKey[]> {
  const answer = await graphql<{ module: { quizzes: Array<{ id: string }> } }>(
    'query ($id: ID!) { module(id: $id) { quizzes { id } } }',
    { id: moduleId },
    token,
  );
  assert(answer.data?.module, `module ${moduleId}: ${JSON.stringify(answer.errors)}`);
  const out: QuizKey[] = [];
  for (const q of answer.data.module.quizzes) {
    const one = await graphql<{ assessment: QuizKey }>(
      `
        query ($id: ID!) {
          assessment(id: $id) {
            title
            totalPoints
            resultVisibility
            isVisible
            questions {
              type
              points
              options {
                text
                isCorrect
              }
              acceptedAnswers {
                answer
                weight
              }
              partialMarking {
                enabled
                penaltyPerWrong
              }
            }
          }
        }
      `,
      { id: q.id },
      token,
    );
    assert(one.data?.assessment, `assessment ${q.id}: ${JSON.stringify(one.errors)}`);
    out.push(one.data.assessment);
  }
  return out;
}

/**
 * A quiz made through the API: one MCQ worth 2 points whose correct option is 'A'; with a submission of
 * student@ that chose 'A', written straight into the database (taking quizzes comes in a later issue).
 */
async function quizWithSubmission(token: string, moduleId: string, title: string): Promise<string> {
  const answer = await graphql<{
    createAssessment: { id: string; questions: Array<{ id: string; options: Array<{ id: string; text: string }> }> };
  }>(
    `
      mutation ($input: CreateAssessmentInput!) {
        createAssessment(input: $input) {
          id
          questions {
            id
            options {
              id
              text
            }
          }
        }
      }
    `,
    {
      input: {
        kind: 'QUIZ',
        moduleId,
        title,
        dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        questions: [
          {
            type: 'MCQ',
            questionText: 'Pick A',
            points: 2,
            options: [
              { text: 'A', isCorrect: true },
              { text: 'B', isCorrect: false },
            ],
          },
        ],
      },
    },
    token,
  );
  const quiz = answer.data?.createAssessment;
  assert(quiz, `createAssessment failed: ${JSON.stringify(answer.errors)}`);
  const [q] = quiz.questions;
  const chosen = q.options.find((o) => o.text === 'A')!.id;
  const db = new Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, total_score, max_score)
       SELECT $1, u.id, 'graded', now(), 2, 2 FROM users u WHERE u.email = $2 RETURNING id`,
      [quiz.id, DEMO.student.email],
    );
    await db.query('INSERT INTO submission_answers (submission_id, question_id, selected_option_ids) VALUES ($1, $2, ARRAY[$3::uuid])', [
      rows[0].id,
      q.id,
      chosen,
    ]);
    await db.query('INSERT INTO grades (submission_id, question_id, score, auto_score, is_auto_graded) VALUES ($1, $2, 2, 2, true)', [
      rows[0].id,
      q.id,
    ]);
  } finally {
    await db.end();
  }
  return quiz.id;
}

describe('assessments: authoring', () => {
  e2e(
    'a teacher builds a quiz of three question types, the picker filters, then edits it and reuses it into another module',
    async ({ page, a11y }) => {
      const id = stamp();
      const token = await apiToken(DEMO.teacher.email);
      const where = await placementOf(token, 'Mathematics');
      const courseId = await apiCourse(token, where, `QZ-${id}`);
      const firstModule = await apiModule(token, courseId, `Quiz module ${id}`, 'Where the quiz is made');
      const secondModule = await apiModule(token, courseId, `Reuse module ${id}`, 'Where the quiz is reused');
      const title = `Fractions quiz ${id}`;

      await login(page, DEMO.teacher.email);

      // the course page's Assignments and Exams tabs, empty
      await page.goto(`/dashboard/courses/${courseId}`);
      await page.getByRole('tab', { name: 'Assignments', exact: true }).click();
      const assignments = page.getByRole('table', { name: 'Assignments' });
      await expectVisible(assignments.getByText('No assignments', { exact: true }), "the Assignments tab's empty text");
      for (const column of ['Title', 'Due Date', 'Points', 'Results Visibility', 'Access', 'Actions']) {
        await expectVisible(assignments.getByRole('columnheader', { name: column, exact: true }), `the ${column} column`);
      }
      await expectVisible(page.getByRole('button', { name: 'Reuse Assignment', exact: true }));
      // an assignment of the course: one MCQ, the form's defaults otherwise
      await page.getByRole('button', { name: 'Create Assignment', exact: true }).click();
      const createAssignment = page.getByRole('dialog', { name: 'Create Assignment' });
      await createAssignment.getByLabel(exactLabel('Title')).fill(`Homework ${id}`);
      await createAssignment.getByLabel(exactLabel('Due Date')).fill(nextYear(9));
      await question(createAssignment, 1).getByLabel(exactLabel('Question Text')).fill('Is 1/2 more than 1/3?');
      await question(createAssignment, 1).getByLabel(exactLabel('Option 1')).fill('Yes');
      await question(createAssignment, 1).getByLabel(exactLabel('Option 2')).fill('No');
      await createAssignment.getByRole('button', { name: 'Create Assignment', exact: true }).click();
      await expectVisible(
        createAssignment.getByText('A multiple-choice question needs at least one correct option', { exact: true }),
        'the missing correct option',
      );
      await question(createAssignment, 1).getByLabel('Option 1 is correct').check();
      await createAssignment.getByRole('button', { name: 'Create Assignment', exact: true }).click();
      await expectNotVisible(createAssignment, 'the Create Assignment dialog after creating');
      await expectVisible(page.getByText('Assignment created successfully', { exact: true }));
      await expectVisible(assignments.getByRole('row').filter({ hasText: `Homework ${id}` }), 'the new assignment in the table');
      await page.getByRole('tab', { name: 'Exams', exact: true }).click();
      await expectVisible(page.getByRole('table', { name: 'Exams' }).getByText('No exams', { exact: true }), "the Exams tab's empty text");
      await expectVisible(page.getByRole('button', { name: 'Create Exam', exact: true }));
      await a11y('course page, Exams tab');

      // Create Quiz on the module page
      await openQuizzes(page, firstModule);
      await expectVisible(page.getByText('No quizzes', { exact: true }), "the Quizzes tab's empty text");
      await page.getByRole('button', { name: 'Create Quiz', exact: true }).click();
      const create = page.getByRole('dialog', { name: 'Create Quiz' });
      await expectVisible(create);
      assert(
        (await selectedText(create.getByLabel(exactLabel('Result Visibility')))) === 'Immediate',
        'result visibility defaults to Immediate',
      );
      assert(await create.getByRole('radio', { name: 'Whole class' }).isChecked(), 'the scope defaults to the whole class');

      // the checks of section 5, in the form
      await create.getByRole('button', { name: 'Create Quiz', exact: true }).click();
      await expectVisible(create.getByText('Quiz title is required', { exact: true }), 'the title message');
      await expectVisible(create.getByText('Due date is required', { exact: true }), 'the due date message');
      await question(create, 1).getByRole('button', { name: 'Remove question 1' }).click();
      await expectVisible(create.getByText('Please add at least one question', { exact: true }), 'the no-question message');

      await create.getByLabel(exactLabel('Title')).fill(title);
      await create
        .getByLabel(exactLabel('Description'))
        .fill('Halves and quarters: a quiz made by the browser test, longer than fifty characters');
      await create.getByLabel(exactLabel('Instructions')).fill('Answer every question.');
      await create.getByLabel(exactLabel('Due Date')).fill(nextYear(10));

      // the student picker: the list shows only while the search has text; search is case-insensitive
      await create.getByRole('radio', { name: 'Individual students' }).check();
      const search = create.getByLabel(exactLabel('Search students'));
      const matching = create.getByRole('group', { name: 'Matching students' });
      await expectVisible(search);
      assert((await matching.count()) === 0, 'no student list while the search is empty');
      await search.fill(DEMO.student.firstName.slice(0, 4).toLowerCase());
      const stella = matching.getByRole('checkbox', { name: new RegExp(`${DEMO.student.firstName} ${DEMO.student.lastName}`) });
      await expectVisible(stella, 'the student found by part of her first name');
      await search.fill(DEMO.student.email.toUpperCase());
      await expectVisible(stella, 'the student found by her email in capitals');
      await stella.click();
      await expectVisible(
        create.getByRole('list', { name: 'Selected students' }).getByText(`${DEMO.student.firstName} ${DEMO.student.lastName}`),
        'the chosen student',
      );
      // the chosen students and the matches open at once: no control inside another (axe nested-interactive, issue 25)
      await a11y('create quiz dialog, student picker');
      await search.fill('');
      await expectNotVisible(matching, 'the student list once the search is cleared');
      // back to the whole class clears the choice
      await create.getByRole('radio', { name: 'Whole class' }).check();
      await create.getByRole('radio', { name: 'Individual students' }).check();
      await expectVisible(create.getByText('No students selected', { exact: true }), 'the choice cleared by switching to the whole class');
      await create.getByRole('radio', { name: 'Whole class' }).check();

      // question 1: MCQ, two correct options of three, partial marking 25 %, 2 points
      await create.getByRole('button', { name: 'Add Question', exact: true }).click();
      const q1 = question(create, 1);
      await q1.getByLabel(exactLabel('Question Text')).fill('Which are equal to one half?');
      await q1.getByLabel(exactLabel('Points')).fill('2');
      await q1.getByLabel(exactLabel('Option 1')).fill('2/4');
      await q1.getByLabel(exactLabel('Option 2')).fill('1/3');
      await q1.getByRole('button', { name: 'Add option to question 1' }).click();
      await q1.getByLabel(exactLabel('Option 3')).fill('3/6');
      await q1.getByLabel('Option 1 is correct').check();
      await q1.getByLabel('Option 3 is correct').check();
      await q1.getByLabel('Partial marking').check();
      await q1.getByLabel(exactLabel('Penalty per wrong option (%)')).fill('25');

      // question 2: short answer with two weighted answers
      await create.getByRole('button', { name: 'Add Question', exact: true }).click();
      const q2 = question(create, 2);
      await chooseOption(q2.getByLabel(exactLabel('Question Type')), 'Short Answer');
      await q2.getByLabel(exactLabel('Question Text')).fill('Half of eight?');
      const removeAnswer = q2.getByRole('button', { name: 'Remove accepted answer 1 of question 2' });
      assert(await removeAnswer.isDisabled(), 'the only accepted answer cannot be removed');
      await q2.getByLabel(exactLabel('Accepted answer 1')).fill('four');
      await q2.getByRole('button', { name: 'Add accepted answer to question 2' }).click();
      await q2.getByLabel(exactLabel('Accepted answer 2')).fill('4.0');
      assert((await q2.getByLabel(exactLabel('Weight of answer 2 (%)')).inputValue()) === '100', 'a new accepted answer weighs 100');
      await q2.getByLabel(exactLabel('Weight of answer 2 (%)')).fill('50');

      // question 3: long answer
      await create.getByRole('button', { name: 'Add Question', exact: true }).click();
      const q3 = question(create, 3);
      await chooseOption(q3.getByLabel(exactLabel('Question Type')), 'Long Answer');
      await q3.getByLabel(exactLabel('Question Text')).fill('Explain why 2/4 equals 1/2.');
      await expectNotVisible(q3.getByRole('button', { name: /^Add (option|accepted answer)/ }), 'no options for a long answer');
      await a11y('create quiz dialog');

      await create.getByRole('button', { name: 'Create Quiz', exact: true }).click();
      await expectNotVisible(create, 'the Create Quiz dialog after creating');
      await expectVisible(page.getByText('Quiz created successfully', { exact: true }), 'the success message');
      const row = page.getByRole('row').filter({ hasText: title });
      await expectVisible(row, 'the new quiz in the table');
      await expectVisible(
        row.getByText('Halves and quarters: a quiz made by the browser te...', { exact: true }),
        'the description cut at 50 characters',
      );
      await expectVisible(row.getByRole('cell', { name: '4', exact: true }), 'the total points (2 + 1 + 1)');
      await expectVisible(row.getByText('Immediate', { exact: true }));
      await expectVisible(row.getByText('Visible', { exact: true }));
      const submissions = row.getByRole('link', { name: `View submissions of ${title}` });
      assert(
        /^\/dashboard\/quizzes\/[0-9a-f-]{36}\/quizsubmissions$/.test((await submissions.getAttribute('href')) ?? ''),
        'the submissions link',
      );
      await expectNotVisible(page.getByText('Quiz created successfully', { exact: true }), 'the success message after 3 seconds', 6_000);
      await a11y('module page with a quiz');

      let [saved] = await quizzesOf(token, firstModule);
      assert(saved && saved.totalPoints === 4, `the saved quiz: ${JSON.stringify(saved)}`);
      const [mcq, short, long] = saved.questions;
      assert(
        mcq.type === 'MCQ' &&
          mcq.points === 2 &&
          mcq.options
            .filter((o) => o.isCorrect)
            .map((o) => o.text)
            .join() === '2/4,3/6',
        `the MCQ: ${JSON.stringify(mcq)}`,
      );
      assert(
        mcq.partialMarking?.enabled && mcq.partialMarking.penaltyPerWrong === 25,
        `partial marking: ${JSON.stringify(mcq.partialMarking)}`,
      );
      assert(
        JSON.stringify(short.acceptedAnswers) ===
          JSON.stringify([
            { answer: 'four', weight: 100 },
            { answer: '4.0', weight: 50 },
          ]),
        `short answer: ${JSON.stringify(short)}`,
      );
      assert(long.type === 'LONG_ANSWER', `long answer: ${JSON.stringify(long)}`);

      // Edit: the form starts from the saved quiz; change title, result visibility, access and a weight
      await row.getByRole('button', { name: `Edit quiz ${title}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Quiz' });
      await expectVisible(edit.getByLabel(exactLabel('Title')), 'the Edit Quiz form');
      assert((await edit.getByLabel(exactLabel('Title')).inputValue()) === title, 'the edit form shows the title');
      assert(await question(edit, 1).getByLabel('Option 3 is correct').isChecked(), 'the edit form shows the correct options');
      assert(
        (await question(edit, 2).getByLabel(exactLabel('Weight of answer 2 (%)')).inputValue()) === '50',
        'the edit form shows the weights',
      );
      const edited = `${title} (edited)`;
      await edit.getByLabel(exactLabel('Title')).fill(edited);
      await chooseOption(edit.getByLabel(exactLabel('Result Visibility')), 'Score Only');
      await edit.getByLabel('Visible to students').uncheck();
      await question(edit, 2).getByLabel(exactLabel('Weight of answer 2 (%)')).fill('75');
      await edit.getByRole('button', { name: 'Update Quiz', exact: true }).click();
      await expectNotVisible(edit, 'the Edit Quiz dialog after saving');
      await expectVisible(page.getByText('Quiz updated successfully', { exact: true }));
      const editedRow = page.getByRole('row').filter({ hasText: edited });
      await expectVisible(editedRow.getByText('Score Only', { exact: true }), 'the new result visibility');
      await expectVisible(editedRow.getByText('Hidden from students', { exact: true }), 'the new access');
      [saved] = await quizzesOf(token, firstModule);
      assert(saved.questions[1].acceptedAnswers?.[1]?.weight === 75 && !saved.isVisible, `the edited quiz: ${JSON.stringify(saved)}`);

      // Reuse Quiz into the second module: submit disabled until a quiz is picked; picking fills title and description
      await openQuizzes(page, secondModule);
      await page.getByRole('button', { name: 'Reuse Quiz', exact: true }).click();
      const reuse = page.getByRole('dialog', { name: 'Reuse Quiz' });
      await expectVisible(reuse);
      const reuseButton = reuse.getByRole('button', { name: 'Reuse Quiz', exact: true });
      await expectVisible(reuse.getByText('Please select a quiz to reuse', { exact: true }));
      assert(await reuseButton.isDisabled(), 'Reuse Quiz is disabled until a quiz is picked');
      await reuse.getByRole('button', { name: edited, exact: true }).click();
      assert((await reuse.getByLabel(exactLabel('Title')).inputValue()) === edited, 'picking fills the title');
      await expectVisible(reuse.getByText('3 questions will be copied', { exact: false }), 'the preview of the copy');
      await a11y('reuse quiz dialog');
      await reuse.getByLabel(exactLabel('Title')).fill(`${title} (reused)`);
      await reuseButton.click();
      await expectNotVisible(reuse, 'the Reuse Quiz dialog after reusing');
      await expectVisible(page.getByText('Quiz reused successfully', { exact: true }));
      await expectVisible(page.getByRole('row').filter({ hasText: `${title} (reused)` }), 'the copy in the second module');
      const [copy] = await quizzesOf(token, secondModule);
      assert(copy && copy.questions.length === 3 && copy.totalPoints === 4, `the copy: ${JSON.stringify(copy)}`);
      assert(
        copy.questions[0].partialMarking?.penaltyPerWrong === 25 && copy.questions[1].acceptedAnswers?.[1]?.weight === 75,
        'the copy is deep',
      );

      // delete the copy (a confirmation first)
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: `Delete quiz ${title} (reused)` }).click();
      await expectVisible(page.getByText('Quiz deleted successfully', { exact: true }));
      await expectVisible(page.getByText('No quizzes', { exact: true }), 'the empty list after deleting');
    },
  );

  e2e(
    'an edit of a quiz with a submission shows the regrade first; deleting it asks again naming the submissions',
    async ({ page, a11y }) => {
      const id = stamp();
      const token = await apiToken(DEMO.teacher.email);
      const courseId = await apiCourse(token, await placementOf(token, 'Mathematics'), `QS-${id}`);
      const moduleId = await apiModule(token, courseId, `Submitted quiz module ${id}`, 'A quiz with a submission');
      const title = `Submitted quiz ${id}`;
      await quizWithSubmission(token, moduleId, title);

      await login(page, DEMO.teacher.email);
      await openQuizzes(page, moduleId);
      const row = page.getByRole('row').filter({ hasText: title });
      await row.getByRole('button', { name: `Edit quiz ${title}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Quiz' });
      await expectVisible(edit.getByLabel(exactLabel('Title')), 'the Edit Quiz form');
      // B becomes the correct option: the student's A is now wrong
      await question(edit, 1).getByLabel('Option 1 is correct').uncheck();
      await question(edit, 1).getByLabel('Option 2 is correct').check();
      await edit.getByRole('button', { name: 'Update Quiz', exact: true }).click();
      const preview = edit.getByRole('status', { name: 'What saving changes' });
      await expectVisible(preview.getByText('This quiz has 1 submission.', { exact: true }), 'the regrade preview');
      await expectVisible(
        preview.getByText(`${DEMO.student.firstName} ${DEMO.student.lastName}: 2 → 0`, { exact: true }),
        'the total that changes',
      );
      await a11y('edit quiz with the regrade preview');
      await edit.getByRole('button', { name: 'Save and Regrade', exact: true }).click();
      await expectNotVisible(edit, 'the Edit Quiz dialog after saving');
      await expectVisible(page.getByText('Quiz updated successfully', { exact: true }));

      // delete: the first confirmation, then the server's count of submissions
      const asked: string[] = [];
      page.on('dialog', (d) => {
        asked.push(d.message());
        void d.accept();
      });
      await row.getByRole('button', { name: `Delete quiz ${title}` }).click();
      await expectVisible(page.getByText('Quiz deleted successfully', { exact: true }));
      await expectVisible(page.getByText('No quizzes', { exact: true }));
      assert(asked.length === 2 && /1 submission\b/.test(asked[1]), `the confirmations: ${JSON.stringify(asked)}`);
    },
  );
});
