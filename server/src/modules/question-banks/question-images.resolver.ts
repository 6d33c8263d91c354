import { Ctx, Field, FieldResolver, ID, ObjectType, Resolver, Root } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { Question, QuestionImageRow, questionImagePath } from '../assessments';
import { BankQuestion } from './question-banks.types';

@ObjectType({ description: 'An image a question shows under its text (imported with a QTI item).' })
export class QuestionImage {
  @Field(() => ID, { description: 'Unique id.' })
  id: string;

  @Field({ description: 'Its file name; the alternative text when shown.' })
  name: string;

  @Field({
    description:
      'Where to get it: GET this path with the bearer token or the web session; allowed to whoever may read the question (a student only for a question of theirs).',
  })
  url: string;
}

export const toQuestionImage = (r: QuestionImageRow): QuestionImage => ({ id: r.id, name: r.name, url: questionImagePath(r.id) });

/**
 * The images of bank questions and assessment questions: each parent was authorized by the query that
 * returned it, so the loaders read by id, one statement for every question of a response.
 */
@Resolver(() => BankQuestion)
export class BankQuestionImagesResolver {
  @FieldResolver(() => [QuestionImage], { description: 'The images it shows under its text, in order.' })
  async images(@Root() q: BankQuestion, @Ctx() ctx: RequestContext) {
    return (await ctx.loaders.imagesByBankQuestion.load(q.id)).map(toQuestionImage);
  }
}

@Resolver(() => Question)
export class QuestionImagesResolver {
  @FieldResolver(() => [QuestionImage], { description: 'The images it shows under its text, in order.' })
  async images(@Root() q: Question, @Ctx() ctx: RequestContext) {
    return (await ctx.loaders.imagesByQuestion.load(q.id)).map(toQuestionImage);
  }
}
