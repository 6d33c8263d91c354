import type { QuestionImageRef } from '../../components/QuestionImages';
/**
 * What the create and edit dialogs hold (assessments.md sections 2, 5 and 9): the form's values, their defaults,
 * the checks made before sending (the server makes the same ones, with the same texts) and the due date's
 * conversion between the datetime-local field and the server's ISO time.
 */
import type { AssessmentScope, QuestionType, ResultVisibility } from '../../gql/types';
import { fromLocalInput, toLocalInput } from '../../lib/format';
import { QUESTION_TYPE_LABELS, titleRequiredText, type Kind } from '../../lib/assessmentKinds';

// defined in lib/ for the pages that read them without the forms (the grading dashboard), so those do not load
// this feature's chunk for three small values (its route budget)
export { fromLocalInput, QUESTION_TYPE_LABELS, toLocalInput };

export const QUESTION_TYPES = Object.keys(QUESTION_TYPE_LABELS) as readonly QuestionType[];
/** The spec's words for the result visibilities (section 5), in the select's order. */
export const RESULT_VISIBILITY_LABEL: Record<ResultVisibility, string> = {
  IMMEDIATE: 'Immediate',
  SCORE_ONLY: 'Score Only',
  MANUAL: 'Manual',
};
export const RESULT_VISIBILITIES = Object.keys(RESULT_VISIBILITY_LABEL) as readonly ResultVisibility[];
/** What each result visibility means, under the select (issue 25: 'Manual' was unexplained). */
export const RESULT_VISIBILITY_HELP: Record<ResultVisibility, string> = {
  IMMEDIATE: 'Immediate: students see their score and the correct answers as soon as they submit',
  SCORE_ONLY: 'Score Only: students see their total and your feedback, not the correct answers',
  MANUAL: 'Manual: results stay hidden until you release them from the grading dashboard',
};
/** Who an item is for, in the dialog's words, in the radios' order (whole class is the default). */
export const SCOPE_LABEL: Record<AssessmentScope, string> = { WHOLE_CLASS: 'Whole class', INDIVIDUAL_STUDENTS: 'Individual students' };
export const SCOPES = Object.keys(SCOPE_LABEL) as readonly AssessmentScope[];

/** Each editable row has a key of its own, so that React keeps the right inputs when one is removed. */
let lastKey = 0;
export function newKey(): string {
  lastKey += 1;
  return `k${lastKey}`;
}

export interface OptionDraft {
  key: string;
  /** The server's id of an existing option: sent back, it keeps the answers that selected it. */
  id?: string;
  text: string;
  isCorrect: boolean;
}

export interface AnswerDraft {
  key: string;
  answer: string;
  /** Percent of the points, 0 to 100 (default 100). */
  weight: string;
}

export interface QuestionDraft {
  key: string;
  /** The server's id of an existing question: sent back, it keeps its answers and grades. */
  id?: string;
  type: QuestionType;
  questionText: string;
  points: string;
  options: OptionDraft[];
  answers: AnswerDraft[];
  partialEnabled: boolean;
  /** Percent taken off per wrong option, 0 to 100 (default 0). */
  penalty: string;
  /** Issue 30: the bank question this one was taken from (a copy remembers it), and whether it follows the bank. */
  bankQuestionId?: string | null;
  bankLinked?: boolean;
  /** The images the saved question shows under its text (imported with QTI items): shown, not edited. */
  images?: readonly QuestionImageRef[];
}

/** Issue 30: N questions drawn per student from a bank (of a tag, or any). */
export interface DrawDraft {
  key: string;
  bankId: string;
  /** '' for any tag. */
  tag: string;
  count: string;
}

export interface AssessmentFields {
  title: string;
  description: string;
  instructions: string;
  /** The datetime-local value, 'YYYY-MM-DDTHH:mm' in the user's time zone (16 characters, spec section 5). */
  dueDate: string;
  resultVisibility: ResultVisibility;
  isVisible: boolean;
  scope: AssessmentScope;
  targetStudentIds: string[];
  questions: QuestionDraft[];
  /** Issue 30: the random draws from banks, beside the fixed questions. */
  randomDraws: DrawDraft[];
  /**
   * The item's draws as loaded (drawsInput's JSON): an edit sends the draws only when they changed, since the
   * server refuses to change them once a student has drawn.
   */
  savedDraws?: string;
  /** The item's version the form started from (edit); "Add from bank" on a saved item moves it on. */
  version?: number;
}

export const newOption = (text = '', isCorrect = false): OptionDraft => ({ key: newKey(), text, isCorrect });
export const newAnswer = (answer = '', weight = '100'): AnswerDraft => ({ key: newKey(), answer, weight });

export function newQuestion(type: QuestionType = 'MCQ'): QuestionDraft {
  return {
    key: newKey(),
    type,
    questionText: '',
    points: '1',
    options: [newOption(), newOption()],
    answers: [newAnswer()],
    partialEnabled: false,
    penalty: '0',
  };
}

/** Defaults (spec section 9): result visibility immediate, scope whole_class, visible, one question. */
export function emptyFields(): AssessmentFields {
  return {
    title: '',
    description: '',
    instructions: '',
    dueDate: '',
    resultVisibility: 'IMMEDIATE',
    isVisible: true,
    scope: 'WHOLE_CLASS',
    targetStudentIds: [],
    questions: [newQuestion()],
    randomDraws: [],
  };
}

export type AssessmentErrors = Partial<Record<'title' | 'dueDate' | 'questions' | 'students' | 'draws', string>>;
/** A question's messages, by the field's name ('points', 'options', 'answers', 'penalty', 'questionText'). */
export type QuestionErrors = Partial<Record<'questionText' | 'points' | 'options' | 'answers' | 'penalty', string>>;

/** A whole percent, 0 to 100. */
function inPercent(value: string): boolean {
  const n = Number(value);
  return value.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= 100;
}

/** An option text given twice (case and spacing aside), as the server refuses it: REST answers name options by text. */
function twiceText(options: readonly OptionDraft[]): string | null {
  const key = (t: string) => t.trim().replace(/\s+/g, ' ').toLowerCase();
  const seen = new Set<string>();
  for (const o of options) {
    if (seen.has(key(o.text))) return o.text.trim();
    seen.add(key(o.text));
  }
  return null;
}

export function validateQuestion(q: QuestionDraft): QuestionErrors {
  const errors: QuestionErrors = {};
  if (!q.questionText.trim()) errors.questionText = 'Question text is required';
  const points = Number(q.points);
  if (q.points.trim() === '' || !Number.isInteger(points) || points < 1) errors.points = 'Points must be a whole number of at least 1';
  // the server's texts (assessments.validation.ts)
  if (q.type === 'MCQ') {
    if (q.options.length < 2) errors.options = 'A multiple-choice question needs at least two options';
    else if (q.options.some((o) => !o.text.trim())) errors.options = 'Option text is required';
    else if (twiceText(q.options)) errors.options = `Each option of a question needs its own text: "${twiceText(q.options)}" appears twice`;
    else if (!q.options.some((o) => o.isCorrect)) errors.options = 'A multiple-choice question needs at least one correct option';
    if (q.partialEnabled && !inPercent(q.penalty)) errors.penalty = 'Penalty per wrong answer must be a whole number from 0 to 100';
  }
  if (q.type === 'SHORT_ANSWER') {
    if (q.answers.length < 1) errors.answers = 'A short-answer question needs at least one accepted answer';
    else if (q.answers.some((a) => !a.answer.trim())) errors.answers = 'Accepted answer cannot be blank';
    else if (q.answers.some((a) => !inPercent(a.weight))) errors.answers = 'Weight must be a whole number from 0 to 100';
  }
  return errors;
}

/** The form's checks before sending (spec section 5); `editing` picks the edit texts. */
export function validateAssessment(kind: Kind, fields: AssessmentFields, editing: boolean): AssessmentErrors {
  const errors: AssessmentErrors = {};
  if (!fields.title.trim()) errors.title = titleRequiredText(kind);
  if (!fields.dueDate) errors.dueDate = 'Due date is required';
  // a random draw gives each student questions too (issue 30)
  if (fields.questions.length === 0 && fields.randomDraws.length === 0)
    errors.questions = editing ? kind.noQuestionOnEditText : 'Please add at least one question';
  else if (fields.questions.some((q) => Object.keys(validateQuestion(q)).length > 0))
    errors.questions = 'Please complete the questions marked below';
  if (fields.scope === 'INDIVIDUAL_STUDENTS' && fields.targetStudentIds.length === 0) errors.students = kind.noStudentText;
  if (fields.randomDraws.some((d) => !d.bankId)) errors.draws = 'Choose the bank of each random draw';
  else if (fields.randomDraws.some((d) => !/^\d+$/.test(d.count.trim()) || Number(d.count) < 1))
    errors.draws = 'How many questions to draw must be a whole number of at least 1';
  return errors;
}

/** A question as the server answers it to a teacher of the course (the key fields are null for anyone else). */
export interface QuestionData {
  id: string;
  type: QuestionType;
  questionText: string;
  points: number;
  options: readonly { id: string; text: string; isCorrect?: boolean | null }[];
  acceptedAnswers?: readonly { answer: string; weight: number }[] | null;
  partialMarking?: { enabled: boolean; penaltyPerWrong: number } | null;
  bankQuestionId?: string | null;
  bankLinked?: boolean | null;
  images?: readonly QuestionImageRef[];
}

/** A question of the server (an item's, or a bank's) as the editor holds it. */
export function draftFrom(q: QuestionData): QuestionDraft {
  return {
    key: newKey(),
    id: q.id,
    type: q.type,
    questionText: q.questionText,
    points: String(q.points),
    options: q.options.length
      ? q.options.map((o) => ({ key: newKey(), id: o.id, text: o.text, isCorrect: Boolean(o.isCorrect) }))
      : [newOption(), newOption()],
    answers: q.acceptedAnswers?.length ? q.acceptedAnswers.map((x) => newAnswer(x.answer, String(x.weight))) : [newAnswer()],
    partialEnabled: q.partialMarking?.enabled ?? false,
    penalty: String(q.partialMarking?.penaltyPerWrong ?? 0),
    bankQuestionId: q.bankQuestionId ?? null,
    bankLinked: q.bankLinked ?? false,
    images: q.images,
  };
}

/** A bank question copied into an item not saved yet: a new question (no id, no option ids). */
export function draftFromBank(q: QuestionData): QuestionDraft {
  const d = draftFrom(q);
  return {
    ...d,
    id: undefined,
    options: d.options.map((o) => ({ ...o, id: undefined })),
    bankQuestionId: null,
    bankLinked: false,
    images: undefined,
  };
}

/** One question as the inputs carry it (an item's QuestionInput and a bank's BankQuestionInput share these fields). */
export function questionInputFrom(q: QuestionDraft) {
  return {
    type: q.type,
    questionText: q.questionText.trim(),
    points: Number(q.points),
    ...(q.type === 'MCQ'
      ? {
          options: q.options.map((o) => ({ id: o.id, text: o.text.trim(), isCorrect: o.isCorrect })),
          partialMarking: { enabled: q.partialEnabled, penaltyPerWrong: q.partialEnabled ? Number(q.penalty) : 0 },
        }
      : {}),
    ...(q.type === 'SHORT_ANSWER'
      ? { acceptedAnswers: q.answers.map((a) => ({ answer: a.answer.trim(), weight: Number(a.weight) })) }
      : {}),
  };
}

/** The server's assessment as the edit form starts from it. */
export function fieldsFrom(
  a: Omit<AssessmentFields, 'targetStudentIds' | 'questions' | 'randomDraws'> & {
    targetStudents: readonly { id: string }[] | null;
    questions: readonly QuestionData[];
    randomDraws: readonly { bankId: string; tag?: string | null; count: number }[];
    version?: number;
  },
): AssessmentFields {
  return {
    title: a.title,
    description: a.description,
    instructions: a.instructions,
    dueDate: toLocalInput(a.dueDate),
    resultVisibility: a.resultVisibility,
    isVisible: a.isVisible,
    scope: a.scope,
    targetStudentIds: (a.targetStudents ?? []).map((s) => s.id),
    questions: a.questions.map(draftFrom),
    randomDraws: a.randomDraws.map((d) => ({ key: newKey(), bankId: d.bankId, tag: d.tag ?? '', count: String(d.count) })),
    savedDraws: JSON.stringify(a.randomDraws.map((d) => ({ bankId: d.bankId, tag: d.tag || null, count: d.count }))),
    version: a.version,
  };
}

/** The draws as the inputs carry them. */
function drawsInput(draws: readonly DrawDraft[]) {
  return draws.map((d) => ({ bankId: d.bankId, tag: d.tag || null, count: Number(d.count) }));
}

/** The form's values as the create and update inputs carry them (questions in the list's order, from 1). */
export function inputFrom(f: AssessmentFields) {
  return {
    title: f.title.trim(),
    description: f.description.trim(),
    instructions: f.instructions.trim(),
    dueDate: fromLocalInput(f.dueDate),
    resultVisibility: f.resultVisibility,
    isVisible: f.isVisible,
    scope: f.scope,
    targetStudentIds: f.scope === 'INDIVIDUAL_STUDENTS' ? f.targetStudentIds : [],
    questions: f.questions.map((q, i) => ({
      id: q.id,
      ...questionInputFrom(q),
      order: i + 1,
    })),
    ...(JSON.stringify(drawsInput(f.randomDraws)) === (f.savedDraws ?? '[]') ? {} : { randomDraws: drawsInput(f.randomDraws) }),
  };
}
