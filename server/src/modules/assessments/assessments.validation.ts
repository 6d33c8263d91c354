import { validation } from '../../errors/domain-error';
import { flag, freeText, requiredText, versionOf, wholeNumber } from '../../core/input';
import { isId } from '../../core/ids';
import { DESCRIPTION_MAX, TITLE_MAX } from '../courses';
import { AssessmentKind, AssessmentScope, QuestionType, ResultVisibility } from './assessment.entity';

const NAME: Record<AssessmentKind, string> = { ASSIGNMENT: 'assignment', EXAM: 'exam', QUIZ: 'quiz' };
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

/** assessments.md section 5 and issue 11 point 4 (quoted texts verbatim); the rest say what to fix. */
export const ASSESSMENT_TEXT = {
  /** The kind as the texts name it: assignment, exam, quiz. */
  name: (k: AssessmentKind) => NAME[k],
  titleRequired: (k: AssessmentKind) => `${cap(NAME[k])} title is required`,
  dueDateRequired: 'Due date is required',
  dueDateInvalid: 'Due date must be a valid date and time',
  addQuestion: 'Please add at least one question',
  addQuestionOnEdit: (k: AssessmentKind) => `Please add at least one question to the ${NAME[k]}`,
  selectStudent: 'Please select at least one student',
  selectStudentFor: (k: AssessmentKind) => `Please select at least one student for individual ${NAME[k]}`,
  notInClass: "Only students placed in the course's class and year can be selected",
  questionTextRequired: 'Question text is required',
  questionTypeInvalid: 'Question type must be MCQ, ShortAnswer or LongAnswer',
  pointsInvalid: 'Points must be a whole number of at least 1',
  orderInvalid: 'Order must be a whole number of at least 1',
  mcqTwoOptions: 'A multiple-choice question needs at least two options',
  mcqOneCorrect: 'A multiple-choice question needs at least one correct option',
  optionTextRequired: 'Option text is required',
  optionTextTwice: (text: string) => `Each option of a question needs its own text: "${text}" appears twice`,
  shortAnswerNeedsAnswer: 'A short-answer question needs at least one accepted answer',
  acceptedAnswerRequired: 'Accepted answer cannot be blank',
  weightInvalid: 'Weight must be a whole number from 0 to 100',
  penaltyInvalid: 'Penalty per wrong answer must be a whole number from 0 to 100',
  visibilityInvalid: 'Result visibility must be immediate, scoreOnly or manual',
  scopeInvalid: 'Scope must be whole_class or individual_students',
  kindInvalid: 'Kind must be ASSIGNMENT, EXAM or QUIZ',
  courseRequired: 'Course is required',
  moduleRequired: 'Module is required',
  moduleOfOtherCourse: 'The module must belong to the course',
  notFound: (k?: AssessmentKind) => `${k ? cap(NAME[k]) : 'Assessment'} not found`,
  cannotManage: (k: AssessmentKind) => `Only the teachers of this course can manage its ${NAME[k] === 'quiz' ? 'quizzes' : `${NAME[k]}s`}`,
  selectItem: (k: AssessmentKind) => `Please select ${k === AssessmentKind.ASSIGNMENT ? 'an' : 'a'} ${NAME[k]} to reuse`,
  confirmSubmissions: (k: AssessmentKind, n: number) =>
    `This ${NAME[k]} has ${n} submission${n === 1 ? '' : 's'}; confirm that they are deleted with it`,
  created: (k: AssessmentKind) => `${cap(NAME[k])} created successfully`,
  updated: (k: AssessmentKind) => `${cap(NAME[k])} updated successfully`,
  deleted: (k: AssessmentKind) => `${cap(NAME[k])} deleted successfully`,
  cloned: (k: AssessmentKind) => `${cap(NAME[k])} reused successfully`,
} as const;

export const INSTRUCTIONS_MAX = 10000;
const QUESTION_MAX = 10000;
const OPTION_MAX = 2000;

export interface OptionFields {
  id?: string;
  text: string;
  isCorrect: boolean;
}
export interface AcceptedFields {
  answer: string;
  weight: number;
}

/** A question as stored: options only for MCQ, accepted answers only for ShortAnswer. */
export interface QuestionFields {
  id?: string;
  type: QuestionType;
  questionText: string;
  points: number;
  order: number;
  options: OptionFields[];
  accepted: AcceptedFields[];
  partialMarking: boolean;
  penaltyPerWrong: number;
}

export interface AssessmentFields {
  title?: string;
  description?: string;
  instructions?: string;
  dueDate?: Date;
  resultVisibility?: ResultVisibility;
  isVisible?: boolean;
  scope?: AssessmentScope;
}

export interface AssessmentInput {
  title?: unknown;
  description?: unknown;
  instructions?: unknown;
  dueDate?: unknown;
  resultVisibility?: unknown;
  isVisible?: unknown;
  scope?: unknown;
  targetStudentIds?: unknown;
  questions?: unknown;
  /** Random draws (the list replaces them): [{ bankId, tag?, count }]. */
  randomDraws?: unknown;
  version?: unknown;
}

const absent = (v: unknown) => v === undefined || v === null || v === '';

function oneOf<T extends string>(v: unknown, values: readonly T[], invalid: string): T | undefined {
  if (absent(v)) return undefined;
  if (!values.includes(v as T)) throw validation(invalid);
  return v as T;
}

/** assessments.md section 5: "Due date edit value is trimmed to date and minute". */
export function dueDate(v: unknown): Date | undefined {
  if (absent(v)) return undefined;
  const d = v instanceof Date ? new Date(v.getTime()) : typeof v === 'string' ? new Date(v) : null;
  if (!d || Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1970 || d.getUTCFullYear() > 9999)
    throw validation(ASSESSMENT_TEXT.dueDateInvalid, 'dueDate');
  d.setUTCSeconds(0, 0);
  return d;
}

/** Option texts that a reader (or a REST client naming options by text) would take for the same. */
const sameText = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

function list(v: unknown): unknown[] {
  if (absent(v)) return [];
  if (!Array.isArray(v)) throw validation('A list was expected');
  return v;
}

function percent(v: unknown, fallback: number, invalid: string): number {
  return wholeNumber(typeof v === 'string' && v.trim() ? Number(v) : v, invalid, 0, 100) ?? fallback;
}

function question(raw: unknown, index: number): QuestionFields & { wanted: number } {
  const q = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const type = oneOf(q.type, Object.values(QuestionType), ASSESSMENT_TEXT.questionTypeInvalid);
  if (!type) throw validation(ASSESSMENT_TEXT.questionTypeInvalid, 'type');
  const pm = (q.partialMarking && typeof q.partialMarking === 'object' ? q.partialMarking : {}) as Record<string, unknown>;
  const options =
    type === QuestionType.MCQ
      ? list(q.options).map((o, i) => {
          const opt = (o && typeof o === 'object' ? o : {}) as Record<string, unknown>;
          return {
            id: isId(opt.id) ? opt.id : undefined,
            text: requiredText(opt.text, ASSESSMENT_TEXT.optionTextRequired, `Option ${i + 1}`, OPTION_MAX, undefined, 'text'),
            isCorrect: flag(opt.isCorrect, 'isCorrect', 'isCorrect') ?? false,
          };
        })
      : [];
  if (type === QuestionType.MCQ && options.length < 2) throw validation(ASSESSMENT_TEXT.mcqTwoOptions, 'options');
  // REST answers name options by text (selectedOptions): two options alike could never be told apart
  const twice = options.find((o, i) => options.findIndex((x) => sameText(x.text, o.text)) !== i);
  if (twice) throw validation(ASSESSMENT_TEXT.optionTextTwice(twice.text), 'options');
  if (type === QuestionType.MCQ && !options.some((o) => o.isCorrect)) throw validation(ASSESSMENT_TEXT.mcqOneCorrect, 'options');
  const accepted =
    type === QuestionType.ShortAnswer
      ? list(q.acceptedAnswers).map((a) => {
          const acc = (a && typeof a === 'object' ? a : {}) as Record<string, unknown>;
          return {
            answer: requiredText(acc.answer, ASSESSMENT_TEXT.acceptedAnswerRequired, 'Accepted answer', OPTION_MAX, undefined, 'answer'),
            weight: percent(acc.weight, 100, ASSESSMENT_TEXT.weightInvalid),
          };
        })
      : [];
  if (type === QuestionType.ShortAnswer && !accepted.length) throw validation(ASSESSMENT_TEXT.shortAnswerNeedsAnswer, 'acceptedAnswers');
  const partialMarking = type === QuestionType.MCQ && (flag(pm.enabled, 'partialMarking.enabled') ?? false);
  return {
    id: isId(q.id) ? q.id : undefined,
    type,
    questionText: requiredText(q.questionText, ASSESSMENT_TEXT.questionTextRequired, 'Question', QUESTION_MAX, 'multiline', 'questionText'),
    points: wholeNumber(q.points, ASSESSMENT_TEXT.pointsInvalid, 1, 100000, 'points') ?? 1,
    wanted: wholeNumber(q.order, ASSESSMENT_TEXT.orderInvalid, 1, 100000, 'order') ?? index + 1,
    order: 0,
    options,
    accepted,
    partialMarking,
    penaltyPerWrong: type === QuestionType.MCQ ? percent(pm.penaltyPerWrong, 0, ASSESSMENT_TEXT.penaltyInvalid) : 0,
  };
}

/** The questions in the order asked for (ties keep the list's order), numbered from 1 without gaps; none only when `missing` is null (an item with random draws). */
export function questions(v: unknown, missing: string | null): QuestionFields[] {
  const qs = list(v).map(question);
  if (!qs.length && missing !== null) throw validation(missing, 'questions');
  return qs
    .map((q, i) => ({ q, i }))
    .sort((a, b) => a.q.wanted - b.q.wanted || a.i - b.i)
    .map(({ q: { wanted: _w, ...q } }, i) => ({ ...q, order: i + 1 }));
}

/** Target ids as sent (REST sends ids or {_id}); duplicates are dropped. */
export function targetIds(v: unknown): string[] | undefined {
  if (v === undefined) return undefined;
  const ids = list(v).map((x) =>
    x && typeof x === 'object' ? ((x as { _id?: unknown; id?: unknown })._id ?? (x as { id?: unknown }).id) : x,
  );
  if (ids.some((id) => !isId(id))) throw validation(ASSESSMENT_TEXT.notInClass, 'targetStudentIds');
  return [...new Set(ids as string[])];
}

function fields(kind: AssessmentKind, input: AssessmentInput): AssessmentFields {
  const f: AssessmentFields = {};
  if (input.title !== undefined)
    f.title = requiredText(input.title, ASSESSMENT_TEXT.titleRequired(kind), 'Title', TITLE_MAX, undefined, 'title');
  const description = freeText(input.description, 'Description', DESCRIPTION_MAX, undefined, 'description');
  if (description !== undefined) f.description = description;
  const instructions = freeText(input.instructions, 'Instructions', INSTRUCTIONS_MAX, undefined, 'instructions');
  if (instructions !== undefined) f.instructions = instructions;
  if (input.dueDate !== undefined) {
    f.dueDate = dueDate(input.dueDate);
    if (!f.dueDate) throw validation(ASSESSMENT_TEXT.dueDateRequired, 'dueDate');
  }
  const rv = oneOf(input.resultVisibility, Object.values(ResultVisibility), ASSESSMENT_TEXT.visibilityInvalid);
  if (rv) f.resultVisibility = rv;
  const visible = flag(input.isVisible, 'isVisible', 'isVisible');
  if (visible !== undefined) f.isVisible = visible;
  const scope = oneOf(input.scope, Object.values(AssessmentScope), ASSESSMENT_TEXT.scopeInvalid);
  if (scope) f.scope = scope;
  return f;
}

export type NewAssessment = Required<AssessmentFields> & { targetStudentIds: string[]; questions: QuestionFields[] };

/** Create: title and due date required, at least one question (or a random draw), individual scope needs students. */
export function validateNewAssessment(kind: AssessmentKind, input: AssessmentInput, hasDraws = false): NewAssessment {
  if (absent(input.title)) throw validation(ASSESSMENT_TEXT.titleRequired(kind), 'title');
  if (absent(input.dueDate)) throw validation(ASSESSMENT_TEXT.dueDateRequired, 'dueDate');
  const f = fields(kind, input);
  const scope = f.scope ?? AssessmentScope.whole_class;
  const targets = scope === AssessmentScope.whole_class ? [] : (targetIds(input.targetStudentIds) ?? []);
  if (scope === AssessmentScope.individual_students && !targets.length)
    throw validation(ASSESSMENT_TEXT.selectStudentFor(kind), 'targetStudentIds');
  return {
    title: f.title!,
    description: f.description ?? '',
    instructions: f.instructions ?? '',
    dueDate: f.dueDate!,
    resultVisibility: f.resultVisibility ?? ResultVisibility.immediate,
    isVisible: f.isVisible ?? true,
    scope,
    targetStudentIds: targets,
    questions: questions(input.questions, hasDraws ? null : ASSESSMENT_TEXT.addQuestion),
  };
}

export interface AssessmentEdit {
  set: AssessmentFields;
  /** Undefined: unchanged; whole_class always clears them. */
  targetStudentIds?: string[];
  questions?: QuestionFields[];
  version?: number;
}

/** Edit: fields not given stay; the scope that results decides the targets. An empty question list is checked against the draws by the service. */
export function validateAssessmentEdit(kind: AssessmentKind, currentScope: AssessmentScope, input: AssessmentInput): AssessmentEdit {
  const set = fields(kind, input);
  const scope = set.scope ?? currentScope;
  let targets = targetIds(input.targetStudentIds);
  if (scope === AssessmentScope.whole_class) targets = set.scope ? [] : targets && [];
  if (scope === AssessmentScope.individual_students && targets !== undefined && !targets.length)
    throw validation(ASSESSMENT_TEXT.selectStudentFor(kind), 'targetStudentIds');
  return {
    set,
    targetStudentIds: targets,
    questions: input.questions === undefined ? undefined : questions(input.questions, null),
    version: versionOf(input.version),
  };
}

export function kindOf(v: unknown): AssessmentKind {
  const k = oneOf(v, Object.values(AssessmentKind), ASSESSMENT_TEXT.kindInvalid);
  if (!k) throw validation(ASSESSMENT_TEXT.kindInvalid, 'kind');
  return k;
}
