import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../app/context';
import { Gradebook } from '../grades/grades.types';
import { ExternalGradebookColumn } from './oneroster.types';

@Resolver(() => Gradebook)
export class OneRosterGradebookResolver {
  @FieldResolver(() => [ExternalGradebookColumn], { description: "Columns that applications keep for this course's class through OneRoster (external line items) with their results, by due date; they count in no average." })
  externalColumns(@Root() g: Gradebook, @Ctx() ctx: RequestContext) {
    // the gradebook itself was authorized before its fields resolve
    return ctx.services.oneroster.gradebook.columnsOfCourse(g.courseId);
  }
}
