import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { RequestContext } from '../../app/context';
import { CurrentActor } from '../../app/current-actor';
import { Actor } from '../../policies';
import { Subject } from './subject.entity';
import { CreateSubjectInput, UpdateSubjectInput } from './academic.types';

@Resolver(() => Subject)
export class SubjectsResolver {
  @Query(() => [Subject], { description: 'Every subject by name (REST: GET /api/subjects). Any signed-in role.' })
  subjects(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.subjects.list(actor);
  }

  @Query(() => Subject, { description: 'One subject (REST: GET /api/subjects/{id}).' })
  subject(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.subjects.get(actor, id);
  }

  @Mutation(() => Subject, { description: 'Create a subject; SuperAdmin and Admin (REST: POST /api/subjects).' })
  createSubject(@Arg('input', () => CreateSubjectInput) input: CreateSubjectInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.subjects.create(actor, input);
  }

  @Mutation(() => Subject, { description: 'Change a subject; SuperAdmin and Admin (REST: PUT /api/subjects/{id}).' })
  updateSubject(@Arg('input', () => UpdateSubjectInput) input: UpdateSubjectInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.subjects.update(actor, input.id, input);
  }

  @Mutation(() => Boolean, { description: 'Delete a subject; refused (CONFLICT) while allocations use it. SuperAdmin and Admin (REST: DELETE /api/subjects/{id}).' })
  async deleteSubject(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    await ctx.services.academic.subjects.delete(actor, id);
    return true;
  }
}
