import { TestServer } from './test-server';
import { enumValueName } from '../core/enum-values';
import { QUESTIONS } from './assessments.fixtures';

/** Shared by the submission tests: items made by teacher@ in MATH-5A, and answers to them. */
export interface MadeItem {
  id: string;
  kind: string;
  mcq: { id: string; right: string[]; wrong: string };
  short: string;
  long: string | null;
}

const CREATE = `mutation($i: CreateAssessmentInput!) { createAssessment(input: $i) { id questions { id type options { id isCorrect } } } }`;

/**
 * An item of MCQ (4 points, partial marking 25%), ShortAnswer (2: Paris 100%, Paree 50%) and, unless
 * `autoOnly`, LongAnswer (5). The due date is set afterwards in SQL so it may be in the past.
 */
export async function makeItem(
  t: TestServer,
  teacherToken: string,
  where: { courseId?: string; moduleId?: string },
  o: {
    kind?: 'ASSIGNMENT' | 'EXAM' | 'QUIZ';
    visibility?: 'immediate' | 'scoreOnly' | 'manual';
    autoOnly?: boolean;
    dueInHours?: number;
    title?: string;
  } = {},
): Promise<MadeItem> {
  const kind = o.kind ?? 'ASSIGNMENT';
  const r = await t.gql(
    CREATE,
    {
      i: {
        kind,
        ...where,
        title: o.title ?? `Item ${Math.random().toString(36).slice(2, 8)}`,
        dueDate: '2030-01-01T10:00:00.000Z',
        resultVisibility: enumValueName(o.visibility ?? 'immediate'),
        questions: o.autoOnly ? QUESTIONS.slice(0, 2) : QUESTIONS,
      },
    },
    teacherToken,
  );
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  const a = r.data.createAssessment;
  const due = new Date(Date.now() + (o.dueInHours ?? 48) * 3600_000);
  due.setUTCSeconds(0, 0);
  await t.ds.query('UPDATE assessments SET due_date = $2 WHERE id = $1', [a.id, due]);
  const [mcq, short, long]: Array<{ id: string; options: Array<{ id: string; isCorrect: boolean }> }> = a.questions;
  return {
    id: a.id,
    kind,
    mcq: { id: mcq.id, right: mcq.options.filter((x) => x.isCorrect).map((x) => x.id), wrong: mcq.options.find((x) => !x.isCorrect)!.id },
    short: short.id,
    long: long?.id ?? null,
  };
}

/** Answers that earn every automatic point (and a long answer text when the item has one). */
export const perfect = (i: MadeItem) => [
  { questionId: i.mcq.id, selectedOptionIds: i.mcq.right },
  { questionId: i.short, answer: '  PARIS ' },
  ...(i.long ? [{ questionId: i.long, answer: 'Fractions compare by common denominators.' }] : []),
];

export const SUBMIT = `mutation($input: SubmitAssessmentInput!, $files: [Upload!]) {
  submitAssessment(input: $input, files: $files) { id status totalScore maxScore percentage resultsVisible } }`;

/** Everything a student's view page may ask for. */
export const VIEW = `query($id: ID!) { assessment(id: $id) {
  id myStatus { status label courseLabel opensOn courseOpensOn dueDate originalDueDate isExtended isReopened isOverdue canSubmit submissionId
    score { totalScore maxScore percentage isAutoSubmitted } }
  myDraft { savedAt answers { questionId answer selectedOptionIds } }
  mySubmission { id status isAutoSubmitted totalScore maxScore percentage resultsVisible gradesVisible correctAnswersVisible
    answers { questionId answer selectedOptionIds selectedOptions file { id name } correctOptionIds acceptedAnswers feedback
      grade { score maxScore feedback isAutoGraded explanation { text rightOptionIds wrongOptionIds missedOptionIds matchedAnswer matchedWeight } } } } } }`;

export const REST_PATH: Record<string, string> = { ASSIGNMENT: '/submissions', QUIZ: '/quizsubmissions', EXAM: '/examsubmissions' };
export const ID_FIELD: Record<string, string> = { ASSIGNMENT: 'assignmentId', QUIZ: 'quizId', EXAM: 'examId' };
