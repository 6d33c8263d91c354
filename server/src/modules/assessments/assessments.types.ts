import type { GraphQLResolveInfo } from 'graphql';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { asksOnly, mayAsk } from '../../core/selection';
import { Assessment, AssessmentKind, AssessmentScope, QuestionType, ResultVisibility } from './assessment.entity';
import { Connection, PageLimits } from '../../core/paging';
import { RandomDrawInput } from './draws.types';

/** A list of items (a course's; a student's of a kind): 100 unless asked, at most 500. */
export const ITEM_PAGE: PageLimits = { max: 500, size: 100 };

export const AssessmentConnection = Connection(Assessment, 'Assessment', 'assignments, exams or quizzes');

@ObjectType({ description: 'A student who can be targeted (REST: {_id, firstName, lastName, email}).' })
export class AssessmentStudent {
  @Field(() => ID, { description: "The student's id (REST: _id)." })
  id: string;

  @Field({ description: 'First name.' })
  firstName: string;

  @Field({ description: 'Last name.' })
  lastName: string;

  @Field({ description: 'Email (the picker searches it).' })
  email: string;
}

@InputType({ description: 'One option of a multiple-choice question.' })
export class QuestionOptionInput {
  @Field(() => ID, { nullable: true, description: 'The id of an existing option, to keep the answers that selected it.' })
  id?: string;

  @Field({ description: 'The text shown; required.' })
  text: string;

  @Field({ nullable: true, description: 'A correct choice; false when not given.' })
  isCorrect?: boolean;
}

@InputType({ description: 'An accepted answer of a short-answer question (REST: correctAnswers and shortAnswerWeights).' })
export class AcceptedAnswerInput {
  @Field({ description: 'The answer; required.' })
  answer: string;

  @Field(() => Int, { nullable: true, description: 'Percent of the points it earns, 0 to 100; 100 when not given.' })
  weight?: number;
}

@InputType({ description: 'Partial marking of a multiple-choice question.' })
export class PartialMarkingInput {
  @Field({ description: 'On or off.' })
  enabled: boolean;

  @Field(() => Int, { nullable: true, description: 'Percent off per wrong option selected, 0 to 100; 0 when not given.' })
  penaltyPerWrong?: number;
}

/** What a question holds, as an item's editor and a bank send it (QuestionInput, BankQuestionInput). */
@InputType() // only a base: type-graphql emits no type that no field or root names
export abstract class QuestionContentInput {
  @Field(() => QuestionType, { description: 'MCQ, ShortAnswer or LongAnswer.' })
  type: QuestionType;

  @Field({ description: 'The question; required.' })
  questionText: string;

  @Field(() => Int, { nullable: true, description: 'Points, a whole number of at least 1; 1 when not given.' })
  points?: number;

  @Field(() => [QuestionOptionInput], { nullable: true, description: 'MCQ: at least two options, at least one correct.' })
  options?: QuestionOptionInput[];

  @Field(() => [AcceptedAnswerInput], { nullable: true, description: 'ShortAnswer: the accepted answers with their weights.' })
  acceptedAnswers?: AcceptedAnswerInput[];

  @Field(() => PartialMarkingInput, { nullable: true, description: 'MCQ: partial marking; off when not given.' })
  partialMarking?: PartialMarkingInput;
}

@InputType({ description: 'A question as the editor sends it; the list replaces the questions in one transaction.' })
export class QuestionInput extends QuestionContentInput {
  @Field(() => ID, {
    nullable: true,
    description: 'The id of an existing question, to keep its answers and grades (they are regraded when its key or points change).',
  })
  id?: string;

  @Field(() => Int, { nullable: true, description: 'Position from 1; the place in the list when not given.' })
  order?: number;
}

@InputType({ description: 'A new assignment, exam or quiz (REST: POST /assignments, /exams, /quizzes).' })
export class CreateAssessmentInput {
  @Field(() => AssessmentKind, { description: 'Assignment, exam or quiz.' })
  kind: AssessmentKind;

  @Field(() => ID, { nullable: true, description: 'Assignments and exams: the course (REST: course); one you teach.' })
  courseId?: string;

  @Field(() => ID, {
    nullable: true,
    description: 'Quizzes: the module (REST: module); assignments and exams may name a module of their course.',
  })
  moduleId?: string;

  @Field({ nullable: true, description: 'Title; required.' })
  title?: string;

  @Field({ nullable: true, description: 'Free text.' })
  description?: string;

  @Field({ nullable: true, description: 'Instructions for the students.' })
  instructions?: string;

  @Field({ nullable: true, description: 'When it is due; required; trimmed to the minute.' })
  dueDate?: Date;

  @Field(() => ResultVisibility, { nullable: true, description: 'immediate when not given.' })
  resultVisibility?: ResultVisibility;

  @Field({ nullable: true, description: 'Shown to students; true when not given.' })
  isVisible?: boolean;

  @Field(() => AssessmentScope, { nullable: true, description: 'whole_class when not given.' })
  scope?: AssessmentScope;

  @Field(() => [ID], {
    nullable: true,
    description: "individual_students: the students, placed in the course's class and year (REST: targetStudents).",
  })
  targetStudentIds?: string[];

  @Field(() => [QuestionInput], { nullable: true, description: 'The questions; at least one, unless there is a random draw.' })
  questions?: QuestionInput[];

  @Field(() => [RandomDrawInput], {
    nullable: true,
    description:
      'Random draws: each student gets `count` questions of a bank you may read (or of one tag of it), drawn when they first open it.',
  })
  randomDraws?: RandomDrawInput[];
}

@InputType({
  description: 'Changes to an assessment; fields not given stay as they are (REST: PUT /assignments/{id}, /exams/{id}, /quizzes/{id}).',
})
export class UpdateAssessmentInput {
  @Field(() => ID, { description: 'The assessment to change.' })
  id: string;

  @Field({ nullable: true, description: 'New title; must not be blank.' })
  title?: string;

  @Field({ nullable: true, description: 'New description.' })
  description?: string;

  @Field({ nullable: true, description: 'New instructions.' })
  instructions?: string;

  @Field({ nullable: true, description: 'New due date; trimmed to the minute.' })
  dueDate?: Date;

  @Field(() => ResultVisibility, { nullable: true, description: 'New result visibility.' })
  resultVisibility?: ResultVisibility;

  @Field({ nullable: true, description: 'Shown to students (the visibility toggle).' })
  isVisible?: boolean;

  @Field(() => AssessmentScope, { nullable: true, description: 'New scope; whole_class clears the targets.' })
  scope?: AssessmentScope;

  @Field(() => [ID], { nullable: true, description: 'New target students (individual_students).' })
  targetStudentIds?: string[];

  @Field(() => [QuestionInput], {
    nullable: true,
    description:
      'The full new list of questions (at least one, unless there is a random draw); questions sent with their id keep their answers and grades.',
  })
  questions?: QuestionInput[];

  @Field(() => [RandomDrawInput], {
    nullable: true,
    description: 'The full new list of random draws (empty removes them); refused (CONFLICT) once a student has drawn.',
  })
  randomDraws?: RandomDrawInput[];

  @Field(() => Int, {
    nullable: true,
    description: 'The version you edited; if someone changed it since, the update is refused (CONFLICT).',
  })
  version?: number;
}

@InputType({ description: 'Reuse an assessment: a deep copy into a course (assignments, exams) or a module (quizzes) you teach.' })
export class CloneAssessmentInput {
  @Field(() => ID, { description: 'The assessment to copy.' })
  assessmentId: string;

  @Field(() => ID, { nullable: true, description: 'Assignments and exams: the course to copy into (REST: targetCourseId).' })
  targetCourseId?: string;

  @Field(() => ID, { nullable: true, description: 'Quizzes: the module to copy into (REST: newModuleId).' })
  newModuleId?: string;

  @Field({ nullable: true, description: "The copy's due date; the original's when not given." })
  dueDate?: Date;

  @Field({ nullable: true, description: "The copy's title; the original's when not given." })
  title?: string;

  @Field({ nullable: true, description: "The copy's description; the original's when not given." })
  description?: string;
}

@ObjectType({ description: 'What a copy changes compared with its original.' })
export class AssessmentCloneChanges {
  @Field(() => [AssessmentStudent], { description: "Target students left out: not placed in the target course's class and year." })
  droppedStudents: AssessmentStudent[];

  @Field({ description: 'No target student remained, so the copy is for the whole class.' })
  scopeSwitchedToWholeClass: boolean;

  @Field({ description: "The copy's due date is already past." })
  dueDateInPast: boolean;

  @Field(() => Int, { description: 'Questions copied (with their options, accepted answers and partial marking).' })
  questionCount: number;
}

@ObjectType({ description: 'A copy and what changed.' })
export class AssessmentCloneResult {
  @Field(() => Assessment, { description: 'The copy.' })
  assessment: Assessment;

  @Field(() => AssessmentCloneChanges, { description: 'What changed compared with the original.' })
  changes: AssessmentCloneChanges;
}

@ObjectType({ description: 'A submission whose total an edit would change.' })
export class RegradeChange {
  @Field(() => ID, { description: 'The submission.' })
  submissionId: string;

  @Field(() => ID, { description: 'Its student.' })
  studentId: string;

  @Field({ description: "The student's name, first and last." })
  studentName: string;

  @Field(() => Float, { description: 'Total score now.' })
  totalBefore: number;

  @Field(() => Float, { description: 'Total score after the edit.' })
  totalAfter: number;
}

@ObjectType({ description: 'What an edit would do to the submissions; nothing is changed by asking.' })
export class AssessmentRegradePreview {
  @Field(() => Int, { description: 'Submissions of the assessment.' })
  submissionCount: number;

  @Field(() => [ID], { description: 'Questions whose key or points change, so their automatic grades are recomputed.' })
  regradedQuestionIds: string[];

  @Field(() => Int, { description: 'Submissions whose grades of removed questions would go.' })
  removedQuestionCount: number;

  @Field(() => [RegradeChange], { description: 'Submissions whose total would change, with the totals.' })
  changes: RegradeChange[];
}

@ObjectType({ description: 'A deleted assessment.' })
export class DeleteAssessmentResult {
  @Field(() => ID, { description: 'The id it had.' })
  id: string;

  @Field(() => Int, { description: 'Submissions deleted with it.' })
  deletedSubmissions: number;
}

/**
 * Whether the operation may ask, at any of the paths `at` to an Assessment (the field being resolved itself by
 * default), for the item's course or module: a read built in one statement (itemJson's `places`) leaves them out
 * otherwise, and their fields load them if asked after all.
 */
export const asksItemPlaces = (info: GraphQLResolveInfo, at: ReadonlyArray<readonly string[]> = [[]]): boolean =>
  at.some((to) => mayAsk(info, [...to, 'course']) || mayAsk(info, [...to, 'module']));

/** The Question fields, and of each option the QuestionOption fields, that QUESTION_LEAN_COLUMNS (assessments.queries.ts) carries: none is a key's. */
export const QUESTION_LEAN = { question: ['id', 'type', 'questionText', 'points', 'order', 'options'], option: ['id', 'text'] } as const;

/** Whether the operation asks of an item's questions (and their options) no more than QUESTION_LEAN's fields. */
export const asksQuestionsLean = (info: GraphQLResolveInfo): boolean =>
  asksOnly(info, ['questions'], QUESTION_LEAN.question) && asksOnly(info, ['questions', 'options'], QUESTION_LEAN.option);
