import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequestContext, requireActor } from '../../app/context';
import { User } from '../users/user.entity';
import { AcademicYear } from './academic-year.entity';
import { SchoolClass } from './class.entity';
import { Subject } from './subject.entity';
import { TeacherAssignment } from './teacher-assignment.entity';
import { CreateTeacherAssignmentInput, TeacherAssignmentsArgs, UpdateTeacherAssignmentInput } from './academic.types';

@Resolver(() => TeacherAssignment)
export class TeacherAssignmentsResolver {
  @Query(() => [TeacherAssignment], {
    description:
      'Teacher assignments, filtered by class, year or teacher (REST: GET /api/teacher-assignments, ' +
      '/api/teacher-assignments/class/{classId}?academicYear=, /api/teacher-assignments/teacher/{teacherId}). ' +
      'SuperAdmin and Admin see all; a Teacher sees their own (and may ask for teacherId = themself only); others see none.',
  })
  teacherAssignments(@Args(() => TeacherAssignmentsArgs) args: TeacherAssignmentsArgs, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.teacherAssignments.list(requireActor(ctx), args);
  }

  @Query(() => TeacherAssignment, { description: 'One teacher assignment; a Teacher only one they teach (REST: GET /api/teacher-assignments/{id}).' })
  teacherAssignment(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.teacherAssignments.get(requireActor(ctx), id);
  }

  // not async: a relation loaded by a join is returned as is, so an assignment completes without a promise
  @FieldResolver(() => SchoolClass, { description: 'The class taught.' })
  class(@Root() a: TeacherAssignment, @Ctx() ctx: RequestContext) {
    return a.class ?? ctx.loaders.classById.load(a.classId);
  }

  @FieldResolver(() => Subject, { description: 'The subject taught.' })
  subject(@Root() a: TeacherAssignment, @Ctx() ctx: RequestContext) {
    return a.subject ?? ctx.loaders.subjectById.load(a.subjectId);
  }

  @FieldResolver(() => AcademicYear, { description: 'The academic year (the class belongs to it too).' })
  academicYear(@Root() a: TeacherAssignment, @Ctx() ctx: RequestContext) {
    return a.academicYear ?? ctx.loaders.yearById.load(a.academicYearId);
  }

  @FieldResolver(() => [User], { description: 'The teachers, by last then first name (REST: teachers [{_id, firstName, lastName, email}]).' })
  teachers(@Root() a: TeacherAssignment, @Ctx() ctx: RequestContext) {
    return a.teachers ?? ctx.loaders.teachersByAssignmentId.load(a.id);
  }

  @Mutation(() => TeacherAssignment, { description: 'Assign teachers to a subject in a class of a year; SuperAdmin and Admin (REST: POST /api/teacher-assignments).' })
  createTeacherAssignment(@Arg('input', () => CreateTeacherAssignmentInput) input: CreateTeacherAssignmentInput, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.teacherAssignments.create(requireActor(ctx), input);
  }

  @Mutation(() => TeacherAssignment, { description: 'Change a teacher assignment; SuperAdmin and Admin (REST: PUT /api/teacher-assignments/{id}).' })
  updateTeacherAssignment(@Arg('input', () => UpdateTeacherAssignmentInput) input: UpdateTeacherAssignmentInput, @Ctx() ctx: RequestContext) {
    return ctx.services.academic.teacherAssignments.update(requireActor(ctx), input.id, input);
  }

  @Mutation(() => Boolean, { description: 'Delete a teacher assignment; SuperAdmin and Admin (REST: DELETE /api/teacher-assignments/{id}).' })
  async deleteTeacherAssignment(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    await ctx.services.academic.teacherAssignments.delete(requireActor(ctx), id);
    return true;
  }
}
