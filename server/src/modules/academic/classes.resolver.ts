import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequestContext, requireActor } from '../../app/context';
import { AcademicYear } from './academic-year.entity';
import { SchoolClass } from './class.entity';
import { TeacherAssignment } from './teacher-assignment.entity';
import { assignmentScope } from './academic.scope';
import { ClassesArgs, CreateClassInput, UpdateClassInput } from './academic.types';

@Resolver(() => SchoolClass)
export class ClassesResolver {
  @Query(() => [SchoolClass], { description: 'Classes, newest year first then by name; optionally of one year (REST: GET /api/classes, /api/classes/academic-year/{yearId}). Any signed-in role.' })
  classes(@Args(() => ClassesArgs) args: ClassesArgs, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.classes.list(requireActor(ctx), args);
  }

  @Query(() => SchoolClass, { description: 'One class (REST: GET /api/classes/{id}).' })
  class(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.classes.get(requireActor(ctx), id);
  }

  @FieldResolver(() => AcademicYear, { description: 'The academic year the class belongs to.' })
  academicYear(@Root() cls: SchoolClass, @Ctx() ctx: RequestContext) {
    return cls.academicYear ?? ctx.loaders.yearById.load(cls.academicYearId);
  }

  @FieldResolver(() => [TeacherAssignment], {
    description: 'Teacher assignments of this class by subject: all for SuperAdmin and Admin, a teacher\'s own for a Teacher, none for others.',
  })
  teacherAssignments(@Root() cls: SchoolClass, @Ctx() ctx: RequestContext) {
    return ctx.loaders.assignmentsByClass.load({ classId: cls.id, scope: assignmentScope(requireActor(ctx)) });
  }

  @Mutation(() => SchoolClass, { description: 'Create a class; SuperAdmin and Admin (REST: POST /api/classes).' })
  createClass(@Arg('input', () => CreateClassInput) input: CreateClassInput, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.classes.create(requireActor(ctx), input);
  }

  @Mutation(() => SchoolClass, { description: 'Change a class; SuperAdmin and Admin (REST: PUT /api/classes/{id}).' })
  updateClass(@Arg('input', () => UpdateClassInput) input: UpdateClassInput, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.classes.update(requireActor(ctx), input.id, input);
  }

  @Mutation(() => Boolean, { description: 'Delete a class; refused (CONFLICT) while students are placed in it or it has teacher assignments. SuperAdmin and Admin (REST: DELETE /api/classes/{id}).' })
  async deleteClass(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    await ctx.services.academic.classes.delete(requireActor(ctx), id);
    return true;
  }
}
