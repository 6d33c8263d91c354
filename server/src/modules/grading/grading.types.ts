import { Field, Float, ID, InputType, Int } from 'type-graphql';

@InputType({ description: "Save one question's grade and feedback (assessments.md section 2 'Grading & Feedback')." })
export class GradeAnswerInput {
  @Field(() => ID, { description: 'The submission.' })
  submissionId: string;

  @Field(() => ID, { description: 'The question of its item.' })
  questionId: string;

  @Field(() => Float, { description: "Score, 0 to the question's points, at most 2 decimals (step 0.01); anything else is refused." })
  score: number;

  @Field(() => String, { nullable: true, description: 'Feedback shown to the student once graded; absent keeps the current one, null or blank clears it.' })
  feedback?: string | null;

  @Field(() => Int, { nullable: true, description: 'The SubmissionGrade.version you saw (0 when the question had no grade yet): a different current version is a CONFLICT naming who changed it. Null or absent: no check, the save replaces the current grade (automatic or a teacher\'s), as the spec\'s REST calls do.' })
  expectedVersion?: number | null;
}

@InputType({ description: "Reopen a student's work (or 'Extend Again') with a new due date." })
export class ReopenSubmissionInput {
  @Field(() => ID, { description: 'The assignment, exam or quiz.' })
  assessmentId: string;

  @Field(() => ID, { description: 'The student (one the item is for).' })
  studentId: string;

  @Field(() => Date, { nullable: true, description: 'The new due date; default the later of the item\'s due date and now plus one day; never in the past.' })
  newDueDate?: Date | null;
}

@InputType({ description: 'Create an empty submission for an overdue student who has none, so it can be graded by hand.' })
export class CreateSubmissionForGradingInput {
  @Field(() => ID, { description: 'The assignment, exam or quiz (past its due date).' })
  assessmentId: string;

  @Field(() => ID, { description: 'The student (one the item is for).' })
  studentId: string;
}
