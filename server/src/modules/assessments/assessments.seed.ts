import type { DemoSeeder } from '../../db/demo-types';
import { AssessmentKind, QuestionType, ResultVisibility } from './assessment.entity';
import { QuestionFields } from './assessments.validation';
import { insertAssessment } from './assessments.repository.questions';

const mcq = (text: string, options: Array<[string, boolean]>, points = 2, partial = false): QuestionFields => ({
  type: QuestionType.MCQ,
  questionText: text,
  points,
  order: 0,
  accepted: [],
  partialMarking: partial,
  penaltyPerWrong: partial ? 25 : 0,
  options: options.map(([t, isCorrect]) => ({ text: t, isCorrect })),
});
const short = (text: string, accepted: Array<[string, number]>, points = 2): QuestionFields => ({
  type: QuestionType.ShortAnswer,
  questionText: text,
  points,
  order: 0,
  options: [],
  partialMarking: false,
  penaltyPerWrong: 0,
  accepted: accepted.map(([answer, weight]) => ({ answer, weight })),
});
const long = (text: string, points = 5): QuestionFields => ({
  type: QuestionType.LongAnswer,
  questionText: text,
  points,
  order: 0,
  options: [],
  accepted: [],
  partialMarking: false,
  penaltyPerWrong: 0,
});

/** Every item uses all three question types, so each editor and each grading rule has something to show. */
const QUESTIONS = (topic: string): QuestionFields[] =>
  [
    mcq(
      `${topic}: which of these are equivalent to 1/2?`,
      [
        ['2/4', true],
        ['3/6', true],
        ['2/3', false],
        ['1/3', false],
      ],
      4,
      true,
    ),
    mcq(`${topic}: what is 3/4 + 1/4?`, [
      ['1', true],
      ['4/8', false],
      ['3/16', false],
    ]),
    short(`${topic}: write one half as a decimal.`, [
      ['0.5', 100],
      ['.5', 100],
      ['0.50', 80],
    ]),
    long(`${topic}: explain in your own words how you compare two fractions.`),
  ].map((q, i) => ({ ...q, order: i + 1 }));

const KINDS: Array<[AssessmentKind, string]> = [
  [AssessmentKind.ASSIGNMENT, 'Homework'],
  [AssessmentKind.EXAM, 'Test'],
  [AssessmentKind.QUIZ, 'Quick quiz'],
];
const VISIBILITIES: Array<[ResultVisibility, string]> = [
  [ResultVisibility.immediate, 'results at once'],
  [ResultVisibility.scoreOnly, 'score only'],
  [ResultVisibility.manual, 'released by the teacher'],
];

/**
 * Demo school: in MATH-5A an assignment, an exam and a quiz of each result visibility (quizzes in the first
 * visible module), some already due; the manual exam is for student@ only.
 */
export const assessmentSeeder: DemoSeeder = async (m, users) => {
  const [math]: Array<{ id: string }> = await m.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  const student = users['student@demo.school'];
  const teacher = users['teacher@demo.school'];
  if (!math || !student || !teacher) return;
  const [mod]: Array<{ id: string }> = await m.query(
    'SELECT id FROM course_modules WHERE course_id = $1 AND is_visible ORDER BY sort_order LIMIT 1',
    [math.id],
  );
  let n = 0;
  for (const [kind, label] of KINDS) {
    for (const [visibility, how] of VISIBILITIES) {
      n += 1;
      const due = new Date(Date.now() + (n % 3 === 0 ? -2 : n + 3) * 24 * 3600 * 1000);
      due.setUTCSeconds(0, 0);
      const targeted = kind === AssessmentKind.EXAM && visibility === ResultVisibility.manual;
      await insertAssessment(
        m,
        {
          kind,
          courseId: math.id,
          moduleId: kind === AssessmentKind.QUIZ ? (mod?.id ?? null) : null,
          title: `Fractions ${label.toLowerCase()} (${how})`,
          description: `Fractions practice: ${how}.${targeted ? ' For Stella only.' : ''}`,
          instructions: 'Answer every question; show your working in the long answer.',
          dueDate: due,
          resultVisibility: visibility,
          isVisible: true,
          scope: targeted ? 'individual_students' : 'whole_class',
          position: -n,
          createdBy: teacher.id,
        },
        targeted ? [student.id] : [],
        QUESTIONS(`${label} ${n}`),
      );
    }
  }
};
