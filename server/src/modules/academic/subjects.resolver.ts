import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { Subject } from './subject.entity';
import { ACADEMIC_PAGE, CreateSubjectInput, SubjectConnection, UpdateSubjectInput } from './academic.types';
import { PageArgs, toConnection, windowOf } from '../../core/paging';

@Resolver(() => Subject)
export class SubjectsResolver {
  @Query(() => SubjectConnection, {
    description:
      'Subjects by name, a page at a time: first 100 unless asked, at most 500 (REST: GET /api/subjects, ?limit=&offset= with X-Total-Count). Any signed-in role.',
  })
  async subjects(@Args(() => PageArgs) args: PageArgs, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return toConnection(await ctx.services.academic.subjects.page(actor, windowOf(args, ACADEMIC_PAGE)));
  }

  @Query(() => Subject, { description: 'One subject (REST: GET /api/subjects/{id}).' })
  subject(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.subjects.get(actor, id);
  }

  @Mutation(() => Subject, { description: 'Create a subject; SuperAdmin and Admin (REST: POST /api/subjects).' })
  createSubject(
    @Arg('input', () => CreateSubjectInput) input: CreateSubjectInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.academic.subjects.create(actor, input);
  }

  @Mutation(() => Subject, { description: 'Change a subject; SuperAdmin and Admin (REST: PUT /api/subjects/{id}).' })
  updateSubject(
    @Arg('input', () => UpdateSubjectInput) input: UpdateSubjectInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.academic.subjects.update(actor, input.id, input);
  }

  @Mutation(() => Boolean, {
    description: 'Delete a subject; refused (CONFLICT) while allocations use it. SuperAdmin and Admin (REST: DELETE /api/subjects/{id}).',
  })
  async deleteSubject(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    await ctx.services.academic.subjects.delete(actor, id);
    return true;
  }
}
