import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';

@InputType({
  description:
    "One question's grade and feedback (assessments.md section 2 'Grading & Feedback'); in a Save all each question at most once.",
})
export class QuestionGradeInput {
  @Field(() => ID, { description: "The question of the submission's item." })
  questionId: string;

  @Field(() => Float, { description: "Score, 0 to the question's points, at most 2 decimals (step 0.01); anything else is refused." })
  score: number;

  @Field(() => String, {
    nullable: true,
    description: 'Feedback shown to the student once graded; absent keeps the current one, null or blank clears it.',
  })
  feedback?: string | null;

  @Field(() => Int, {
    nullable: true,
    description:
      "The SubmissionGrade.version you saw (0 when the question had no grade yet): a different current version is a CONFLICT naming who changed it. Null or absent: no check, the save replaces the current grade (automatic or a teacher's), as the spec's REST calls do.",
  })
  expectedVersion?: number | null;
}

@InputType({ description: "Save one question's grade and feedback (assessments.md section 2 'Grading & Feedback')." })
export class GradeAnswerInput extends QuestionGradeInput {
  @Field(() => ID, { description: 'The submission.' })
  submissionId: string;
}

@InputType({ description: "Reopen a student's work (or 'Extend Again') with a new due date." })
export class ReopenSubmissionInput {
  @Field(() => ID, { description: 'The assignment, exam or quiz.' })
  assessmentId: string;

  @Field(() => ID, { description: 'The student (one the item is for).' })
  studentId: string;

  @Field(() => Date, {
    nullable: true,
    description: "The new due date; default the later of the item's due date and now plus one day; never in the past.",
  })
  newDueDate?: Date | null;
}

@InputType({ description: 'Create an empty submission for an overdue student who has none, so it can be graded by hand.' })
export class CreateSubmissionForGradingInput {
  @Field(() => ID, { description: 'The assignment, exam or quiz (past its due date).' })
  assessmentId: string;

  @Field(() => ID, { description: 'The student (one the item is for).' })
  studentId: string;
}

@InputType({ description: "'Save all': several questions' grades of one submission, saved together or not at all." })
export class GradeSubmissionInput {
  @Field(() => ID, { description: 'The submission.' })
  submissionId: string;

  @Field(() => [QuestionGradeInput], { description: 'The changed grades (at least one).' })
  grades: QuestionGradeInput[];
}

@ObjectType({ description: "A feedback snippet in a teacher's comment bank (issue 25), inserted into feedback with a click or Alt+1..9." })
export class CommentSnippet {
  @Field(() => ID, { description: 'The snippet.' })
  id: string;

  @Field({ description: 'Its text.' })
  text: string;

  @Field({ description: 'When it was saved.' })
  createdAt: Date;
}

@InputType({ description: 'A feedback snippet to keep in your comment bank.' })
export class AddCommentSnippetInput {
  @Field({ description: 'The text (1 to 1000 characters; each text once per teacher).' })
  text: string;
}
