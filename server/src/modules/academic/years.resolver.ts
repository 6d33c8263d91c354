import { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { AcademicYear } from './academic-year.entity';
import { SchoolClass } from './class.entity';
import type { TreeYear } from './academic.tree';
import { CreateAcademicYearInput, UpdateAcademicYearInput, treeAskedLean } from './academic.types';
import { PresentFirst } from '../../core/present-first';

@Resolver(() => AcademicYear)
export class YearsResolver {
  @Query(() => [AcademicYear], { description: 'Every academic year, newest first (REST: GET /api/academic-years). Any signed-in role.' })
  academicYears(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.years.list(actor);
  }

  @Query(() => AcademicYear, { description: 'One academic year (REST: GET /api/academic-years/{id}).' })
  academicYear(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.years.get(actor, id);
  }

  @Query(() => [AcademicYear], {
    description:
      'The course-management tree: years (newest first) -> classes -> allocations with subject and teachers. ' +
      'Loads in a fixed number of statements whatever the school size. Allocations show as in `allocations`: ' +
      "all for SuperAdmin and Admin, a teacher's own for a Teacher, none for others. " +
      "With `academicYearId`, only that year's tree (the list of years stays available through `academicYears`).",
  })
  async academicTree(
    @Arg('academicYearId', () => ID, {
      nullable: true,
      description: 'Only this academic year (a list of one); NOT_FOUND when there is no such year. Omit it for every year.',
    })
    academicYearId: string | null | undefined,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
  ) {
    return ctx.services.academic.years.tree(actor, academicYearId ?? null, treeAskedLean(info));
  }

  @PresentFirst('treeClasses')
  @FieldResolver(() => [SchoolClass], { description: 'The classes of this year, by name.' })
  classes(@Root() year: TreeYear, @Ctx() ctx: RequestContext) {
    return year.treeClasses ?? ctx.loaders.classesByYearId.load(year.id);
  }

  @Mutation(() => AcademicYear, { description: 'Create an academic year; SuperAdmin and Admin (REST: POST /api/academic-years).' })
  createAcademicYear(
    @Arg('input', () => CreateAcademicYearInput) input: CreateAcademicYearInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.academic.years.create(actor, input);
  }

  @Mutation(() => AcademicYear, { description: 'Change an academic year; SuperAdmin and Admin (REST: PUT /api/academic-years/{id}).' })
  updateAcademicYear(
    @Arg('input', () => UpdateAcademicYearInput) input: UpdateAcademicYearInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.academic.years.update(actor, input.id, input);
  }

  @Mutation(() => Boolean, {
    description:
      'Delete an academic year; refused (CONFLICT) while it has classes. SuperAdmin and Admin (REST: DELETE /api/academic-years/{id}).',
  })
  async deleteAcademicYear(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    await ctx.services.academic.years.delete(actor, id);
    return true;
  }
}
