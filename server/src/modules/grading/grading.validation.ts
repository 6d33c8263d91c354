import { validation } from '../../errors/domain-error';
import { freeText, versionOf } from '../../core/input';
import { assertId } from '../../core/ids';
import { round2, AssessmentKind, ASSESSMENT_TEXT, dueDate } from '../assessments';

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
const noun = (k: AssessmentKind) => ASSESSMENT_TEXT.name(k);

/** Texts of teacher grading: the spec's where it has one (assessments.md section 8), else what to do. */
/** How far ahead a reopened submission's due date may be (a date in year 9999 is a typing slip, not a plan). */
export const MAX_REOPEN_YEARS = 2;

export const GRADING_TEXT = {
  graded: 'Grade updated successfully!',
  reopened: (k: AssessmentKind) => `${cap(noun(k))} reopened successfully for student`,
  createdForGrading: (k: AssessmentKind) =>
    k === AssessmentKind.EXAM ? 'Exam submission created for manual grading' : 'Submission created for manual grading',
  changedBy: (name: string) => `This grade was changed by ${name} a moment ago`,
  /** Who changed an automatic grade (a resubmit or a regrade): no teacher to name. */
  automaticGrader: 'automatic grading',
  scoreInvalid: 'Score must be a number',
  scoreRange: (points: number) => `Score must be between 0 and ${points}`,
  scoreStep: 'Score can have at most 2 decimals',
  questionNotInItem: "The question is not part of this submission's item",
  cannotGrade: "Only the course's teachers can grade its submissions",
  cannotReopen: (k: AssessmentKind) => `Only the course's teachers can reopen ${k === AssessmentKind.QUIZ ? 'quizzes' : `${noun(k)}s`}`,
  studentNotFound: 'Student not found',
  notTargeted: (k: AssessmentKind) => `This student is not one the ${noun(k)} is for`,
  newDueDatePast: 'The new due date cannot be in the past',
  newDueDateTooFar: `The new due date can be at most ${MAX_REOPEN_YEARS} years ahead`,
  hiddenItem: (k: AssessmentKind) => `This ${noun(k)} is hidden from students: the student cannot open it until you show it`,
  nothingToSave: 'There is nothing to save',
  questionTwice: 'Each question can be saved once per request',
  notYetDue: (k: AssessmentKind) => `The ${noun(k)} is not due yet: the student can still submit it`,
} as const;

/** The grades table's feedback column holds at most this many characters. */
export const FEEDBACK_MAX = 10_000;

const NUMERIC = /^\s*-?\d+(?:\.\d+)?\s*$/;

/**
 * A score as both transports send it (REST clients may send the input's text): 0 to the question's points,
 * in steps of 0.01 (assessments.md sections 5 and 9; DESIGN: the server rejects scores outside 0..points).
 * A float such as 0.1 + 0.2 is accepted as 0.3; 1.005 is refused (three decimals).
 */
export function checkScore(raw: unknown, points: number): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && NUMERIC.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(n)) throw validation(GRADING_TEXT.scoreInvalid, 'score');
  if (n < 0 || n > points) throw validation(GRADING_TEXT.scoreRange(points), 'score');
  // a step of 0.01 (assessments.md); the tolerance is float noise only, relative to the size, so 1e-9 is refused rather than stored as 0
  const cents = n * 100;
  if (Math.abs(cents - Math.round(cents)) > Math.max(1, Math.abs(cents)) * 1e-12) throw validation(GRADING_TEXT.scoreStep, 'score');
  return round2(n);
}

export interface GradeFields {
  score: unknown;
  /** undefined keeps the current feedback. */
  feedback: string | undefined;
  /**
   * The version the grader saw (0: no grade yet), or undefined when none was sent: the spec's REST client
   * sends none, and its save is then accepted as the latest word of any teacher of the course.
   */
  expectedVersion: number | undefined;
}

/** The parts of a grade that need no database (the score is checked against the question's points later). */
export function gradeFields(input: { score?: unknown; feedback?: unknown; expectedVersion?: unknown }): GradeFields {
  return {
    score: input.score,
    feedback: freeText(input.feedback, 'Feedback', FEEDBACK_MAX, undefined, 'feedback'),
    expectedVersion: versionOf(input.expectedVersion),
  };
}

/** An item has far fewer questions; a longer list must repeat one. */
const SAVE_ALL_MAX = 500;

/** One question's grade of a Save all. */
export interface GradeItem extends GradeFields {
  questionId: string;
}

/** Save all's grades: a non-empty list, each question once (its checks against the item come later). */
export function gradeList(raw: unknown, unknownQuestion: string): GradeItem[] {
  if (!Array.isArray(raw) || raw.length === 0) throw validation(GRADING_TEXT.nothingToSave);
  // more than an item can have questions: refused before any work
  if (raw.length > SAVE_ALL_MAX) throw validation(GRADING_TEXT.questionTwice);
  const items = raw.map((g: unknown) => {
    const o = (g && typeof g === 'object' ? g : {}) as {
      questionId?: unknown;
      score?: unknown;
      feedback?: unknown;
      expectedVersion?: unknown;
    };
    return { questionId: assertId(o.questionId, unknownQuestion), ...gradeFields(o) };
  });
  if (new Set(items.map((g) => g.questionId)).size !== items.length) throw validation(GRADING_TEXT.questionTwice);
  return items;
}

/**
 * The new due date of a reopen: the one given (trimmed to the minute, as due dates are) or the later of the
 * item's due date and now plus one day (assessments.md section 9); never in the past (server clock).
 */
export function reopenDueDate(raw: unknown, itemDue: Date, now: Date): Date {
  const given = dueDate(raw);
  if (given) {
    if (given.getTime() <= now.getTime()) throw validation(GRADING_TEXT.newDueDatePast, 'newDueDate');
    if (given.getTime() > now.getTime() + MAX_REOPEN_YEARS * 366 * 86_400_000)
      throw validation(GRADING_TEXT.newDueDateTooFar, 'newDueDate');
    return given;
  }
  // at least a full day: up to the next whole minute, as due dates are whole minutes
  const dayLater = new Date(Math.ceil((now.getTime() + 24 * 3600_000) / 60_000) * 60_000);
  return itemDue.getTime() > dayLater.getTime() ? itemDue : dayLater;
}
