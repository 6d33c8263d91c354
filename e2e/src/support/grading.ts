/**
 * Set-up and locators shared by the grading browser tests: items of the demo course MATH-5A made through the
 * API as teacher@ for student@ alone, student@'s submission, and a class of papers to grade (students made
 * for the test, outside every class, removed by `removePapers`).
 */
import type { Locator, Page } from 'playwright-core';
import { DEMO } from './auth';
import { withDb } from './db';
import { assert } from './expect';
import { graphql } from './graphql';
import { apiToken, stamp } from './school';

export const DAY = 86_400_000;
export const STELLA = `${DEMO.student.firstName} ${DEMO.student.lastName}`;
export const TARA = `${DEMO.teacher.firstName} ${DEMO.teacher.lastName}`;

export type Kind = 'ASSIGNMENT' | 'QUIZ' | 'EXAM';
export const PATHS: Record<Kind, (id: string) => string> = {
  ASSIGNMENT: (id) => `/dashboard/assignments/${id}/submissions`,
  QUIZ: (id) => `/dashboard/quizzes/${id}/quizsubmissions`,
  EXAM: (id) => `/dashboard/exams/${id}/examsubmissions`,
};

export const LONG = { type: 'LONG_ANSWER', questionText: 'Explain how you compare two fractions.', points: 5 };
export const MCQ = {
  type: 'MCQ',
  questionText: 'Which are equal to one half?',
  points: 2,
  options: [
    { text: '2/4', isCorrect: true },
    { text: '1/3', isCorrect: false },
    { text: '3/6', isCorrect: true },
  ],
  partialMarking: { enabled: true, penaltyPerWrong: 50 },
};

export interface Item {
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
export async function newItem(prefix: string, kind: Kind, dueInMs: number, questions: object[], hidden = false): Promise<Item> {
  const teacher = await apiToken(DEMO.teacher.email);
  const student = await apiToken(DEMO.student.email);
  const courses = await graphql<{
    courses: { nodes: Array<{ id: string; title: string; modules: Array<{ id: string; isVisible: boolean }> }> };
  }>('{ courses(first: 100) { nodes { id title modules { id isVisible } } } }', {}, teacher);
  const math = courses.data?.courses.nodes.find((c) => c.title === 'MATH-5A');
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
        resultVisibility: 'IMMEDIATE',
        isVisible: !hidden,
        scope: 'INDIVIDUAL_STUDENTS',
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
export async function submitAsStudent(item: Item, text: string): Promise<void> {
  const answers = item.questions.map((q) =>
    q.type === 'MCQ'
      ? { questionId: q.id, selectedOptionIds: q.options.filter((o) => o.text !== '1/3').map((o) => o.id) }
      : { questionId: q.id, answer: text },
  );
  const sent = await graphql(
    'mutation ($input: SubmitAssessmentInput!) { submitAssessment(input: $input) { id } }',
    { input: { assessmentId: item.id, answers } },
    item.student,
  );
  assert(!sent.errors, `submitAssessment failed: ${JSON.stringify(sent.errors)}`);
}

export const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
export const card = (scope: Locator, name: string) => scope.getByRole('button', { name: new RegExp(`^${name}`) });
export const detail = (page: Page) => page.getByRole('region', { name: 'Submission', exact: true });
export const question = (page: Page, n: number) => detail(page).getByRole('listitem', { name: `Question ${n}`, exact: true });
export const tile = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Summary' }).getByRole('listitem').filter({ hasText: label });

/**
 * `n` handed-in papers of `item` (its text questions answered), each by a student made for the test in no
 * class (the dashboard lists every submission of the item); a few minutes apart, oldest first. Returns the
 * students' ids for `removePapers`.
 */
export async function seedPapers(item: Item, n: number, tag: string): Promise<string[]> {
  return withDb(async (db) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const [u] = (
        await db.query(
          `INSERT INTO users (first_name, last_name, email, role, activated) VALUES ($1, $2, $3, 'Student', true) RETURNING id`,
          [`Pupil${String(i + 1).padStart(2, '0')}`, tag, `pupil${i + 1}.${tag.toLowerCase()}@e2e.school`],
        )
      ).rows;
      const [s] = (
        await db.query(
          `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, max_score)
         SELECT $1, $2, 'pending', now() - make_interval(mins => $3), total_points FROM assessments WHERE id = $1 RETURNING id`,
          [item.id, u.id, n - i],
        )
      ).rows;
      for (const q of item.questions.filter((x) => x.type !== 'MCQ')) {
        await db.query('INSERT INTO submission_answers (submission_id, question_id, answer) VALUES ($1, $2, $3)', [
          s.id,
          q.id,
          `Paper ${i + 1}: a long answer to grade.`,
        ]);
      }
      ids.push(u.id);
    }
    return ids;
  });
}

/** Removes the students `seedPapers` made (their submissions and grades go with them). */
export async function removePapers(ids: string[]): Promise<void> {
  if (ids.length) await withDb((db) => db.query('DELETE FROM users WHERE id = ANY($1::uuid[])', [ids]));
}

/** Shows a hidden item to students (as the teacher's Visible switch does). */
export async function showToStudents(itemId: string): Promise<void> {
  await withDb((db) => db.query('UPDATE assessments SET is_visible = true WHERE id = $1', [itemId]));
}
