import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { RequestContext, requireActor } from '../../app/context';
import { Subject } from './subject.entity';
import { CreateSubjectInput, UpdateSubjectInput } from './academic.types';

@Resolver(() => Subject)
export class SubjectsResolver {
  @Query(() => [Subject], { description: 'Every subject by name (REST: GET /api/subjects). Any signed-in role.' })
  subjects(@Ctx() ctx: RequestContext) {
    return ctx.services.academic.subjects.list(requireActor(ctx));
  }

  @Query(() => Subject, { description: 'One subject (REST: GET /api/subjects/{id}).' })
  subject(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.subjects.get(requireActor(ctx), id);
  }

  @Mutation(() => Subject, { description: 'Create a subject; SuperAdmin and Admin (REST: POST /api/subjects).' })
  createSubject(@Arg('input', () => CreateSubjectInput) input: CreateSubjectInput, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.subjects.create(requireActor(ctx), input);
  }

  @Mutation(() => Subject, { description: 'Change a subject; SuperAdmin and Admin (REST: PUT /api/subjects/{id}).' })
  updateSubject(@Arg('input', () => UpdateSubjectInput) input: UpdateSubjectInput, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.subjects.update(requireActor(ctx), input.id, input);
  }

  @Mutation(() => Boolean, { description: 'Delete a subject; refused (CONFLICT) while teacher assignments use it. SuperAdmin and Admin (REST: DELETE /api/subjects/{id}).' })
  async deleteSubject(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    await ctx.services.academic.subjects.delete(requireActor(ctx), id);
    return true;
  }
}
