import type { DemoSeeder } from '../../db/demo-types';
import { QuestionType } from '../assessments';
import { BankQuestionFields } from './question-banks.validation';
import { insertBankQuestion } from './question-banks.repository';

const mcq = (text: string, options: Array<[string, boolean]>, tag: string): BankQuestionFields => ({
  type: QuestionType.MCQ,
  questionText: text,
  points: 2,
  order: 0,
  accepted: [],
  partialMarking: false,
  penaltyPerWrong: 0,
  tags: [tag],
  options: options.map(([t, isCorrect]) => ({ text: t, isCorrect })),
});
const short = (text: string, answers: string[], tag: string): BankQuestionFields => ({
  type: QuestionType.ShortAnswer,
  questionText: text,
  points: 2,
  order: 0,
  options: [],
  partialMarking: false,
  penaltyPerWrong: 0,
  tags: [tag],
  accepted: answers.map((answer) => ({ answer, weight: 100 })),
});

/** Twelve automatic questions of 2 points: six tagged "linear", six "quadratic" (issue 30's contract). */
export const ALGEBRA_BASICS: BankQuestionFields[] = [
  mcq(
    'Solve 2x + 3 = 11.',
    [
      ['x = 4', true],
      ['x = 7', false],
      ['x = 5.5', false],
    ],
    'linear',
  ),
  short('Solve x - 5 = 12. Write the number only.', ['17'], 'linear'),
  mcq(
    'What is the slope of y = 3x - 2?',
    [
      ['3', true],
      ['-2', false],
      ['2/3', false],
    ],
    'linear',
  ),
  short('Solve 4x = 28. Write the number only.', ['7'], 'linear'),
  mcq(
    'Which point lies on y = x + 1?',
    [
      ['(2, 3)', true],
      ['(3, 2)', false],
      ['(0, 0)', false],
    ],
    'linear',
  ),
  short('Solve 3x + 1 = 10. Write the number only.', ['3'], 'linear'),
  mcq(
    'What are the roots of x² - 9 = 0?',
    [
      ['3 and -3', true],
      ['9 and -9', false],
      ['3 only', false],
    ],
    'quadratic',
  ),
  short('What is the positive root of x² = 16? Write the number only.', ['4'], 'quadratic'),
  mcq(
    'Which is a quadratic equation?',
    [
      ['x² + 2x + 1 = 0', true],
      ['2x + 1 = 0', false],
      ['x³ = 8', false],
    ],
    'quadratic',
  ),
  short('Expand (x + 1)². Write it as x^2+2x+1 or similar.', ['x^2+2x+1', 'x² + 2x + 1', 'x^2 + 2x + 1'], 'quadratic'),
  mcq(
    'How many real roots has x² + 1 = 0?',
    [
      ['None', true],
      ['One', false],
      ['Two', false],
    ],
    'quadratic',
  ),
  short('Solve x² - 4x + 4 = 0. Write the number only.', ['2'], 'quadratic'),
];

/** Demo school: teacher@ keeps "Algebra basics" in Mathematics, shared to read with the subject's other teachers. */
export const questionBankSeeder: DemoSeeder = async (m, users) => {
  const teacher = users['teacher@demo.school'];
  const [math]: Array<{ subject_id: string }> = await m.query(`SELECT subject_id FROM courses WHERE title = 'MATH-5A'`);
  if (!teacher || !math) return;
  const [{ id }] = await m.query(
    `INSERT INTO question_banks (owner_id, subject_id, name, description, sharing) VALUES ($1, $2, 'Algebra basics', $3, 'read') RETURNING id`,
    [teacher.id, math.subject_id, 'Linear and quadratic equations: twelve automatically graded questions to draw exams from.'],
  );
  for (const [i, q] of ALGEBRA_BASICS.entries()) await insertBankQuestion(m, id, q, i + 1);
};
