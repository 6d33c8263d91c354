import { Arg, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { AcademicYear } from './academic-year.entity';
import { AcademicPeriod } from './academic-period.entity';
import { CreateAcademicPeriodInput, UpdateAcademicPeriodInput } from './academic.types';

@Resolver(() => AcademicYear)
export class PeriodsResolver {
  @FieldResolver(() => [AcademicPeriod], { description: 'Its terms and grading periods, by start date (terms first on the same day).' })
  periods(@Root() year: AcademicYear, @Ctx() ctx: RequestContext) {
    return ctx.loaders.periodsByYearId.load(year.id);
  }

  @Mutation(() => AcademicPeriod, {
    description:
      'Add a term or grading period inside an academic year whose dates are set; SuperAdmin and Admin (REST: POST /api/academic-years/{id}/periods).',
  })
  createAcademicPeriod(
    @Arg('input', () => CreateAcademicPeriodInput) input: CreateAcademicPeriodInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.academic.periods.create(actor, input);
  }

  @Mutation(() => AcademicPeriod, {
    description: 'Change a term or grading period; SuperAdmin and Admin (REST: PUT /api/academic-periods/{id}).',
  })
  updateAcademicPeriod(
    @Arg('input', () => UpdateAcademicPeriodInput) input: UpdateAcademicPeriodInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.academic.periods.update(actor, input.id, input);
  }

  @Mutation(() => Boolean, {
    description:
      'Remove a term (with its grading periods) or a grading period; SuperAdmin and Admin (REST: DELETE /api/academic-periods/{id}).',
  })
  async deleteAcademicPeriod(
    @Arg('id', () => ID, { description: 'The term or grading period.' }) id: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    await ctx.services.academic.periods.delete(actor, id);
    return true;
  }
}
