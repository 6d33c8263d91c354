import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Visible } from '../../core/field-rules';
import { QuestionType } from './assessment.entity';

/**
 * Rows below an assessment, loaded with plain SQL (assessments.repository.questions.ts). Each carries its course's
 * teacher ids: a fact about the object (the same for every viewer) that the 'assessment.seeKey' field rule
 * reads, so the key fields answer null to anyone but those teachers, SuperAdmin and Admin.
 */
export interface KeyHolders {
  teacherIds: string[];
}
import type { QuestionImageRow } from './assessments.repository.images';

@ObjectType({ description: 'One option of a multiple-choice question.' })
export class QuestionOption implements KeyHolders {
  @Field(() => ID, { description: 'Unique id; answers name the options they select by it.' })
  id: string;

  @Field({ description: 'The text shown.' })
  text: string;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Whether it is a correct choice; null unless you teach the course (or are SuperAdmin or Admin).',
  })
  @Visible('assessment', 'key')
  isCorrect: boolean | null;

  teacherIds: string[];
}

@ObjectType({ description: 'An accepted answer of a short-answer question and the percent of the points it earns.' })
export class AcceptedAnswer {
  @Field({ description: 'The answer; compared trimmed, case-insensitive, with inner spaces collapsed.' })
  answer: string;

  @Field(() => Int, { description: 'Percent of the points it earns, 0 to 100 (REST: shortAnswerWeights[].weight).' })
  weight: number;
}

@ObjectType({ description: 'Partial marking of a multiple-choice question.' })
export class PartialMarking {
  @Field({ description: 'Points in proportion to the correct options selected, less a penalty per wrong one.' })
  enabled: boolean;

  @Field(() => Int, { description: 'Percent of the points taken off per wrong option selected, 0 to 100.' })
  penaltyPerWrong: number;
}

@ObjectType({ description: 'A question of an assessment.' })
export class Question implements KeyHolders {
  @Field(() => ID, { description: 'Unique id (REST: _id); send it back on edit to keep its answers and grades.' })
  id: string;

  assessmentId: string;

  @Field(() => QuestionType, { description: 'MCQ, ShortAnswer or LongAnswer.' })
  type: QuestionType;

  @Field({ description: 'The question.' })
  questionText: string;

  @Field(() => Int, { description: 'Points, a whole number of at least 1.' })
  points: number;

  @Field(() => Int, { description: 'Position from 1.' })
  order: number;

  @Field(() => [QuestionOption], { description: 'The options of a multiple-choice question (empty for other types).' })
  options: QuestionOption[];

  @Field(() => [AcceptedAnswer], {
    nullable: true,
    description:
      'Accepted answers with their weights (REST: correctAnswers, shortAnswerWeights); null unless you teach the course (or are SuperAdmin or Admin).',
  })
  @Visible('assessment', 'key')
  acceptedAnswers: AcceptedAnswer[] | null;

  @Field(() => PartialMarking, {
    nullable: true,
    description: 'Partial marking and its penalty; null unless you teach the course (or are SuperAdmin or Admin).',
  })
  @Visible('assessment', 'key')
  partialMarking: PartialMarking | null;

  @Field(() => ID, {
    nullable: true,
    description: 'The bank question it was copied, linked or drawn from; null unless you teach the course (or are SuperAdmin or Admin).',
  })
  @Visible('assessment', 'key')
  bankQuestionId: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'A linked copy: it follows edits of the bank question until the assessment is first handed in; null unless you teach the course (or are SuperAdmin or Admin).',
  })
  @Visible('assessment', 'key')
  bankLinked: boolean | null;

  /** The random draw that materialised it (null: a fixed question of the editor's list). */
  drawId: string | null;

  teacherIds: string[];

  /** Its images, when a REST read loaded them (GraphQL resolves `images` itself). */
  imageRows?: QuestionImageRow[];
}
