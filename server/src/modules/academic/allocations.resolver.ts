import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { User } from '../users';
import { AcademicYear } from './academic-year.entity';
import { SchoolClass } from './class.entity';
import { Subject } from './subject.entity';
import { Allocation } from './allocation.entity';
import { ACADEMIC_PAGE, AllocationConnection, AllocationsArgs, CreateAllocationInput, UpdateAllocationInput } from './academic.types';
import { toConnection, windowOf } from '../../core/paging';
import { PresentFirst } from '../../core/present-first';

@Resolver(() => Allocation)
export class AllocationsResolver {
  @Query(() => AllocationConnection, {
    description:
      'Allocations (which teachers teach a subject to a class in a year), filtered by class, year or teacher, a page at a time: first 100 unless ' +
      'asked, at most 500 (REST: GET /api/teacher-assignments, /api/teacher-assignments/class/{classId}?academicYear=, ' +
      '/api/teacher-assignments/teacher/{teacherId}, ?limit=&offset= with X-Total-Count). ' +
      'SuperAdmin and Admin see all; a Teacher sees their own (and may ask for teacherId = themself only); others see none.',
  })
  async allocations(@Args(() => AllocationsArgs) args: AllocationsArgs, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return toConnection(await ctx.services.academic.allocations.page(actor, args, windowOf(args, ACADEMIC_PAGE)));
  }

  @Query(() => Allocation, { description: 'One allocation; a Teacher only one they teach (REST: GET /api/teacher-assignments/{id}).' })
  allocation(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.allocations.get(actor, id);
  }

  // not async: a relation loaded by a join is returned as is, so an allocation completes without a promise
  @PresentFirst()
  @FieldResolver(() => SchoolClass, { description: 'The class taught.' })
  class(@Root() a: Allocation, @Ctx() ctx: RequestContext) {
    return a.class ?? ctx.loaders.classById.load(a.classId);
  }

  @PresentFirst()
  @FieldResolver(() => Subject, { description: 'The subject taught.' })
  subject(@Root() a: Allocation, @Ctx() ctx: RequestContext) {
    return a.subject ?? ctx.loaders.subjectById.load(a.subjectId);
  }

  @PresentFirst()
  @FieldResolver(() => AcademicYear, { description: 'The academic year (the class belongs to it too).' })
  academicYear(@Root() a: Allocation, @Ctx() ctx: RequestContext) {
    return a.academicYear ?? ctx.loaders.yearById.load(a.academicYearId);
  }

  @PresentFirst()
  @FieldResolver(() => [User], {
    description: 'The teachers, by last then first name (REST: teachers [{_id, firstName, lastName, email}]).',
  })
  teachers(@Root() a: Allocation, @Ctx() ctx: RequestContext) {
    return a.teachers ?? ctx.loaders.teachersByAllocationId.load(a.id);
  }

  @Mutation(() => Allocation, {
    description: 'Assign teachers to a subject in a class of a year; SuperAdmin and Admin (REST: POST /api/teacher-assignments).',
  })
  createAllocation(
    @Arg('input', () => CreateAllocationInput) input: CreateAllocationInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.academic.allocations.create(actor, input);
  }

  @Mutation(() => Allocation, { description: 'Change an allocation; SuperAdmin and Admin (REST: PUT /api/teacher-assignments/{id}).' })
  updateAllocation(
    @Arg('input', () => UpdateAllocationInput) input: UpdateAllocationInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.academic.allocations.update(actor, input.id, input);
  }

  @Mutation(() => Boolean, { description: 'Delete an allocation; SuperAdmin and Admin (REST: DELETE /api/teacher-assignments/{id}).' })
  async deleteAllocation(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    await ctx.services.academic.allocations.delete(actor, id);
    return true;
  }
}
