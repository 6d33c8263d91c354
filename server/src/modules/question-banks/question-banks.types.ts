import type { QuestionImageRow } from '../assessments';
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection, type PageLimits } from '../../core/paging';
import { AssessmentKind, QuestionType, AcceptedAnswer, PartialMarking, QuestionContentInput } from '../assessments';

/** Who besides its owner (and SuperAdmin, Admin) reads a bank: the other teachers of its subject, to read or to edit too. */
export enum BankSharing {
  private = 'private',
  read = 'read',
  edit = 'edit',
}

registerEnumType(BankSharing, {
  name: 'BankSharing',
  description: "Who besides its owner (and SuperAdmin, Admin) reads a question bank: the other teachers of the bank's subject.",
  valuesConfig: {
    private: { description: 'Only its owner.' },
    read: { description: "The subject's other teachers read it and use its questions." },
    edit: { description: "The subject's other teachers also add, change, move and delete its questions." },
  },
});

@ObjectType({ description: 'One option of a bank question; its key is shown to whoever may read the bank (never students or parents).' })
export class BankQuestionOption {
  @Field(() => ID, { description: 'Unique id.' })
  id: string;

  @Field({ description: 'The text shown.' })
  text: string;

  @Field({ description: 'Whether it is a correct choice.' })
  isCorrect: boolean;
}

@ObjectType({ description: 'How often an option of a multiple-choice bank question was chosen.' })
export class OptionStatistics {
  @Field(() => ID, { description: 'The bank option.' })
  optionId: string;

  @Field({ description: 'Its text.' })
  text: string;

  @Field(() => Int, { description: 'Answers that selected it (an option of a copy counts by its text).' })
  chosen: number;
}

@ObjectType({ description: "A bank question's item statistics over every assessment question copied, linked or drawn from it." })
export class QuestionStatistics {
  @Field(() => Int, { description: 'Handed-in answers (not empty).' })
  answered: number;

  @Field(() => Int, { description: 'Grades given.' })
  graded: number;

  @Field(() => Float, { nullable: true, description: 'Mean score in points of the copy that was answered; null with no grade.' })
  averageScore: number | null;

  @Field(() => Float, {
    nullable: true,
    description: 'Difficulty index: mean score divided by points, 0 (nobody) to 1 (everybody); null with no grade.',
  })
  difficulty: number | null;

  @Field(() => Float, {
    nullable: true,
    description:
      'Discrimination index: the mean score share of the upper 27% of students by total score minus that of the lower 27%; null under 10 graded answers.',
  })
  discrimination: number | null;

  @Field(() => [OptionStatistics], { description: 'Multiple choice: how often each option was chosen (empty for other types).' })
  options: OptionStatistics[];
}

@ObjectType({ description: 'An assessment that holds a copy of a bank question.' })
export class BankQuestionUse {
  @Field(() => ID, { description: 'The assessment.' })
  assessmentId: string;

  @Field({ description: 'Its title.' })
  title: string;

  @Field(() => AssessmentKind, { description: 'Assignment, exam or quiz.' })
  kind: AssessmentKind;

  @Field({ description: 'A linked copy: it follows edits of the bank question until the assessment is first handed in.' })
  linked: boolean;

  @Field({ description: 'Drawn at random for some students.' })
  drawn: boolean;
}

@ObjectType({ description: 'A question of a question bank.' })
export class BankQuestion {
  @Field(() => ID, { description: 'Unique id.' })
  id: string;

  @Field(() => ID, { description: 'The bank it belongs to.' })
  bankId: string;

  @Field(() => QuestionType, { description: 'MCQ, ShortAnswer or LongAnswer.' })
  type: QuestionType;

  @Field({ description: 'The question.' })
  questionText: string;

  @Field(() => Int, { description: 'Points, a whole number of at least 1.' })
  points: number;

  @Field(() => Int, { description: 'Position in the bank from 1.' })
  position: number;

  @Field(() => [BankQuestionOption], { description: 'The options of a multiple-choice question (empty for other types).' })
  options: BankQuestionOption[];

  @Field(() => [AcceptedAnswer], { description: 'Short answer: the accepted answers with their weights (empty for other types).' })
  acceptedAnswers: AcceptedAnswer[];

  @Field(() => PartialMarking, { description: 'Partial marking and its penalty (multiple choice).' })
  partialMarking: PartialMarking;

  @Field(() => [String], { description: 'Tags, e.g. a unit or a topic; a random draw may take only one tag.' })
  tags: string[];

  @Field(() => Int, { description: 'Increases with every change.' })
  version: number;

  /** Its images, when a REST read loaded them (GraphQL resolves `images` itself). */
  imageRows?: QuestionImageRow[];
}

@ObjectType({ description: "A teacher's question bank of one subject." })
export class QuestionBank {
  @Field(() => ID, { description: 'Unique id.' })
  id: string;

  @Field({ description: 'Name; required.' })
  name: string;

  @Field({ description: 'Free text; empty when none was given.' })
  description: string;

  subjectId: string;

  ownerId: string;

  @Field({ description: "The owner's name, first and last." })
  ownerName: string;

  @Field(() => BankSharing, { description: "Who besides its owner reads it: the subject's other teachers, to read or to edit too." })
  sharing: BankSharing;

  @Field({ description: 'Whether you may add, change, move and delete its questions.' })
  canEdit: boolean;

  @Field({ description: 'Whether you may rename, share or delete it (its owner, SuperAdmin and Admin).' })
  canManage: boolean;

  @Field(() => Int, { description: 'How many questions it holds.' })
  questionCount: number;

  @Field(() => [String], { description: 'Every tag its questions carry, sorted.' })
  tags: string[];

  @Field({ description: 'When it was created.' })
  createdAt: Date;

  @Field({ description: 'When it was last changed.' })
  updatedAt: Date;

  @Field(() => Int, { description: 'Increases with every change; send it back on update to be told of concurrent edits.' })
  version: number;
}

/** The bank list's pages: 100 unless asked, at most 500. */
export const BANK_PAGE: PageLimits = { max: 500, size: 100 };
export const QuestionBankConnection = Connection(QuestionBank, 'QuestionBank', 'question banks, by name');

@InputType({ description: 'A question for a bank: the fields of QuestionInput and tags.' })
export class BankQuestionInput extends QuestionContentInput {
  @Field(() => [String], { nullable: true, description: 'Tags (at most 20, each at most 50 characters); none when not given.' })
  tags?: string[];
}

@InputType({ description: 'A new question bank.' })
export class CreateQuestionBankInput {
  @Field({ description: 'Name; required.' })
  name: string;

  @Field({ nullable: true, description: 'Free text.' })
  description?: string;

  @Field(() => ID, { description: 'The subject; one you teach.' })
  subjectId: string;

  @Field(() => BankSharing, { nullable: true, description: 'PRIVATE when not given.' })
  sharing?: BankSharing;
}

@InputType({ description: 'Changes to a question bank; fields not given stay.' })
export class UpdateQuestionBankInput {
  @Field(() => ID, { description: 'The bank.' })
  id: string;

  @Field({ nullable: true, description: 'New name.' })
  name?: string;

  @Field({ nullable: true, description: 'New description.' })
  description?: string;

  @Field(() => BankSharing, { nullable: true, description: 'New sharing.' })
  sharing?: BankSharing;

  @Field(() => Int, {
    nullable: true,
    description: 'The version you edited; if someone changed it since, the update is refused (CONFLICT).',
  })
  version?: number;
}

@InputType({ description: 'Questions appended to a bank in one transaction.' })
export class AddBankQuestionsInput {
  @Field(() => ID, { description: 'The bank; one you may edit.' })
  bankId: string;

  @Field(() => [BankQuestionInput], { description: 'The questions, at least one.' })
  questions: BankQuestionInput[];
}

@InputType({ description: 'A bank question replaced; linked copies in assessments not yet handed in follow.' })
export class UpdateBankQuestionInput extends BankQuestionInput {
  @Field(() => ID, { description: 'The bank question.' })
  id: string;

  @Field(() => Int, {
    nullable: true,
    description: 'The version you edited; if someone changed it since, the update is refused (CONFLICT).',
  })
  version?: number;
}

@InputType({ description: 'Bank questions moved to another bank (appended there).' })
export class MoveBankQuestionsInput {
  @Field(() => [ID], { description: 'The questions; of banks you may edit.' })
  ids: string[];

  @Field(() => ID, { description: 'The bank they go to; one you may edit.' })
  toBankId: string;
}

@InputType({ description: "An assessment's questions copied into a bank." })
export class SaveQuestionsToBankInput {
  @Field(() => ID, { description: 'The assessment; one you teach.' })
  assessmentId: string;

  @Field(() => [ID], { nullable: true, description: 'Its questions to save; all its fixed questions when not given.' })
  questionIds?: string[];

  @Field(() => ID, { description: 'The bank; one you may edit.' })
  bankId: string;
}

@InputType({ description: "Bank questions appended to an assessment's questions." })
export class AddQuestionsFromBankInput {
  @Field(() => ID, { description: 'The assessment; one you teach.' })
  assessmentId: string;

  @Field(() => [ID], { description: 'The bank questions, of banks you may read, in this order.' })
  bankQuestionIds: string[];

  @Field({ description: 'A link follows later edits of the bank question until the assessment is first handed in; a copy does not.' })
  link: boolean;
}
