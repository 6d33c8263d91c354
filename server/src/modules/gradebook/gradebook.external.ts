import { Field, Float, ID, ObjectType } from 'type-graphql';

// The gradebook's columns that an application keeps: a gradebook concept (shown beside the course's own
// assessments), written and read by the OneRoster domain, which imports them from here.

@ObjectType({ description: "A student's result in a column an application keeps (OneRoster): the score, or the status in words." })
export class ExternalGradebookCell {
  @Field(() => ID, { description: 'The student (the row).' })
  studentId: string;

  @Field(() => Float, {
    nullable: true,
    description: 'The score the application sent; above the maximum when it gave extra credit; null without one (exempt, not submitted).',
  })
  score: number | null;

  @Field({
    description: "The OneRoster scoreStatus in words: 'Graded', 'Partially graded', 'Submitted', 'Not submitted', or 'Excused' (exempt).",
  })
  statusLabel: string;

  @Field({ description: "The application's comment." })
  comment: string;
}

@ObjectType({
  description:
    "A column of the gradebook that an application keeps through OneRoster (an external line item): shown beside the course's own assessments, counted in no average.",
})
export class ExternalGradebookColumn {
  @Field(() => ID, { description: 'The line item (its OneRoster sourcedId).' })
  id: string;

  @Field({ description: 'Title.' })
  title: string;

  @Field({ description: 'Due date.' })
  dueDate: Date;

  @Field(() => Float, { description: 'The most points (resultValueMax).' })
  maxScore: number;

  @Field({ description: 'Its category (an assessment kind, or a category the application made).' })
  category: string;

  @Field(() => [ExternalGradebookCell], { description: 'The results the application wrote, one per student who has one.' })
  cells: ExternalGradebookCell[];
}
