import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType({
  description:
    'A random draw of an assessment: each student gets `count` questions of the bank (or of one tag), drawn when they first open it.',
})
export class RandomDraw {
  @Field(() => ID, { description: 'Unique id.' })
  id: string;

  @Field(() => ID, { description: 'The bank drawn from.' })
  bankId: string;

  @Field({ description: "The bank's name." })
  bankName: string;

  @Field(() => String, { nullable: true, description: 'Only questions with this tag; any question of the bank when null.' })
  tag: string | null;

  @Field(() => Int, { description: 'How many questions each student gets.' })
  count: number;

  @Field(() => Int, { description: 'How many bank questions match now.' })
  available: number;

  assessmentId: string;
}

@InputType({ description: 'A random draw of an assessment (the list given replaces the draws).' })
export class RandomDrawInput {
  @Field(() => ID, { description: 'The bank; one you may read.' })
  bankId: string;

  @Field({ nullable: true, description: 'Only questions with this tag.' })
  tag?: string;

  @Field(() => Int, { description: 'How many questions each student gets: 1 up to the matching questions.' })
  count: number;
}
