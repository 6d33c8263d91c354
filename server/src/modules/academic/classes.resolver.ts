import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { AcademicYear } from './academic-year.entity';
import { SchoolClass } from './class.entity';
import { Allocation } from './allocation.entity';
import type { TreeClass } from './academic.tree';
import { ACADEMIC_PAGE, ClassesArgs, CreateClassInput, SchoolClassConnection, UpdateClassInput } from './academic.types';
import { PageArgs, toConnection, windowOf } from '../../core/paging';
import { FieldRule } from '../../core/field-rules';
import { UserConnection, USER_PAGE } from '../users';
import { PresentFirst } from '../../core/present-first';

@Resolver(() => SchoolClass)
export class ClassesResolver {
  @Query(() => SchoolClassConnection, {
    description:
      'Classes, newest year first then by name, optionally of one year, a page at a time: first 100 unless asked, at most 500 ' +
      '(REST: GET /api/classes, /api/classes/academic-year/{yearId}, ?limit=&offset= with X-Total-Count). Any signed-in role.',
  })
  async classes(@Args(() => ClassesArgs) args: ClassesArgs, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return toConnection(await ctx.services.academic.classes.page(actor, args, windowOf(args, ACADEMIC_PAGE)));
  }

  @Query(() => SchoolClass, { description: 'One class (REST: GET /api/classes/{id}).' })
  class(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.classes.get(actor, id);
  }

  @PresentFirst()
  @FieldResolver(() => AcademicYear, { description: 'The academic year the class belongs to.' })
  academicYear(@Root() cls: SchoolClass, @Ctx() ctx: RequestContext) {
    return cls.academicYear ?? ctx.loaders.yearById.load(cls.academicYearId);
  }

  @FieldResolver(() => [Allocation], {
    description: "Allocations of this class by subject: all for SuperAdmin and Admin, a teacher's own for a Teacher, none for others.",
  })
  allocations(@Root() cls: TreeClass, @Ctx() ctx: RequestContext) {
    return cls.readableAllocations ?? ctx.loaders.allocationsByClass.load(cls.id);
  }

  @FieldResolver(() => UserConnection, {
    nullable: true,
    description:
      'The students placed in this class, by last then first name, a page at a time (first 50 unless asked, at most 200); ' +
      'for those who manage users (SuperAdmin, Admin, Teacher), null for others. Also: users(classId:).',
  })
  @FieldRule('user.list')
  async students(@Root() cls: SchoolClass, @Args(() => PageArgs) args: PageArgs, @Ctx() ctx: RequestContext) {
    return toConnection(await ctx.loaders.studentsByClass.load({ parentId: cls.id, window: windowOf(args, USER_PAGE) }));
  }

  @Mutation(() => SchoolClass, { description: 'Create a class; SuperAdmin and Admin (REST: POST /api/classes).' })
  createClass(@Arg('input', () => CreateClassInput) input: CreateClassInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.classes.create(actor, input);
  }

  @Mutation(() => SchoolClass, { description: 'Change a class; SuperAdmin and Admin (REST: PUT /api/classes/{id}).' })
  updateClass(@Arg('input', () => UpdateClassInput) input: UpdateClassInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.classes.update(actor, input.id, input);
  }

  @Mutation(() => Boolean, {
    description:
      'Delete a class; refused (CONFLICT) while students are placed in it or it has allocations. SuperAdmin and Admin (REST: DELETE /api/classes/{id}).',
  })
  async deleteClass(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    await ctx.services.academic.classes.delete(actor, id);
    return true;
  }
}
