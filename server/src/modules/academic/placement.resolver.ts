import { Arg, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { User } from '../users';
import { AcademicYear } from './academic-year.entity';
import { SchoolClass } from './class.entity';
import { PlaceStudentInput, PlaceStudentsInput } from './academic.types';

/**
 * Student placement on the User type. The two fields are named `class` and `academicYear` on purpose:
 * REST names them so too (presentPlacedUser in users.shape.ts).
 */
/** A user as one-statement reads hand it over, with the placement already joined in (attendance.reads.ts); otherwise the loaders read it. */
type Placed = User & { class?: SchoolClass | null; academicYear?: AcademicYear | null };

@Resolver(() => User)
export class PlacementResolver {
  @FieldResolver(() => SchoolClass, { nullable: true, description: 'The class a student is placed in; null for everyone else.' })
  class(@Root() user: Placed, @Ctx() ctx: RequestContext) {
    if (user.class !== undefined) return user.class;
    return user.classId ? ctx.loaders.classById.load(user.classId) : null;
  }

  @FieldResolver(() => AcademicYear, { nullable: true, description: 'The academic year a student is placed in; null for everyone else.' })
  academicYear(@Root() user: Placed, @Ctx() ctx: RequestContext) {
    if (user.academicYear !== undefined) return user.academicYear;
    return user.academicYearId ? ctx.loaders.yearById.load(user.academicYearId) : null;
  }

  @Mutation(() => User, {
    description:
      'Put a student into a class of an academic year (REST: PUT /api/users/{id} {class, academicYear}). ' +
      'SuperAdmin and Admin into any class; a Teacher only into a class and year they teach.',
  })
  placeStudent(@Arg('input', () => PlaceStudentInput) input: PlaceStudentInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.placement.place(actor, input);
  }

  @Mutation(() => [User], {
    description:
      'Put several students into one class of an academic year in one transaction, with the rule of placeStudent for each: ' +
      'every one must be a Student; a Teacher only into a class and year they teach. All or none; GraphQL only.',
  })
  placeStudents(
    @Arg('input', () => PlaceStudentsInput) input: PlaceStudentsInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.academic.placement.placeMany(actor, input);
  }
}
