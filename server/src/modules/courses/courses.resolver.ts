import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, ID, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor, can } from '../../policies';
import { AcademicYear, SchoolClass, Subject } from '../academic';
import { User } from '../users';
import { Course } from './course.entity';
import { CourseDeleteImpact } from './courses.impact';
import {
  CloneCourseInput,
  COURSE_PAGE,
  CourseConnection,
  CreateCourseInput,
  StudentCourses,
  TeacherCourseYear,
  UpdateCourseInput,
  coursesAsked,
  myCoursesAskedLean,
} from './courses.types';
import { PageArgs, pageOf, toConnection, windowOf } from '../../core/paging';
import { PresentFirst } from '../../core/present-first';

@Resolver(() => Course)
export class CoursesResolver {
  @Query(() => CourseConnection, {
    description:
      "Courses for the dashboard: all for SuperAdmin and Admin, a teacher's own, a student's class's, none for a parent; " +
      'a page at a time: first 100 unless asked, at most 500 (REST: GET /api/courses, ?limit=&offset= with X-Total-Count).',
  })
  async courses(@Args(() => PageArgs) args: PageArgs, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return toConnection(await ctx.services.courses.page(actor, windowOf(args, COURSE_PAGE)));
  }

  @Query(() => [TeacherCourseYear], {
    description:
      "My Courses: the signed-in teacher's academic years -> classes -> subjects (their allocations) with their courses. Empty for other roles.",
  })
  myCourses(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext, @Info() info: GraphQLResolveInfo) {
    return ctx.services.courses.myCourses(actor, myCoursesAskedLean(info));
  }

  @Query(() => StudentCourses, {
    description:
      "The signed-in student's placement and the courses of their class and year (REST: GET /api/courses/student/my-courses and /all-courses).",
  })
  studentCourses(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext, @Info() info: GraphQLResolveInfo) {
    return ctx.services.courses.studentCourses(actor, coursesAsked(info));
  }

  @Query(() => [Course], {
    description:
      'The courses with this code (their title, regardless of case) in one academic year that you may read: at most one per class and subject (REST: GET /api/courses?code=&academicYearId=).',
  })
  coursesByCode(
    @Arg('code', { description: "The course code, as the course's title." }) code: string,
    @Arg('academicYearId', () => ID, { description: 'The academic year.' }) academicYearId: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.courses.byCode(actor, code, academicYearId);
  }

  @Query(() => [Course], {
    description:
      "One teacher's courses: SuperAdmin and Admin for any teacher, a teacher for themselves (REST: GET /api/courses/teacher/{teacherId}).",
  })
  teacherCourses(
    @Arg('teacherId', () => ID, { description: 'The teacher whose courses to list.' }) teacherId: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.courses.listOfTeacher(actor, teacherId);
  }

  @Query(() => Course, {
    description:
      'One course with its modules, announcements and discussions; not found unless you may read it (REST: GET /api/courses/{id}).',
  })
  course(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.courses.coursePage(actor, id, ctx.loaders.courseFacts);
  }

  @Query(() => [Course], {
    description:
      'Your own courses of a subject, to reuse (tree by academicYear and class) (REST: GET /api/courses/reuse/available/{subjectId}).',
  })
  reusableCourses(
    @Arg('subjectId', () => ID, { description: 'Only courses of this subject.' }) subjectId: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.courses.reusable(actor, subjectId);
  }

  @PresentFirst()
  @FieldResolver(() => Subject, { description: 'The subject taught.' })
  subject(@Root() c: Course, @Ctx() ctx: RequestContext) {
    return c.subject ?? ctx.loaders.subjectById.load(c.subjectId);
  }

  @PresentFirst()
  @FieldResolver(() => SchoolClass, { description: 'The class taught.' })
  class(@Root() c: Course, @Ctx() ctx: RequestContext) {
    return c.class ?? ctx.loaders.classById.load(c.classId);
  }

  @PresentFirst()
  @FieldResolver(() => AcademicYear, { description: 'The academic year.' })
  academicYear(@Root() c: Course, @Ctx() ctx: RequestContext) {
    return c.academicYear ?? ctx.loaders.yearById.load(c.academicYearId);
  }

  @PresentFirst()
  @FieldResolver(() => [User], { description: 'The teachers of the course (firstName, lastName), by last name.' })
  teachers(@Root() c: Course, @Ctx() ctx: RequestContext) {
    return c.teachers ?? ctx.loaders.teachersByCourse.load(c.id);
  }

  @FieldResolver(() => Boolean, {
    description:
      'Whether you may change this course and what is in it (you teach it): show Edit, Add Module, Add Content and the like only then.',
  })
  async viewerCanManage(@Root() c: Course, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    const facts = await ctx.loaders.courseFacts.load(c.id);
    return !!facts && can(actor, 'course.manage', facts);
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether you may delete this course (its teachers, SuperAdmin and Admin): show Delete only then.',
  })
  async viewerCanDelete(@Root() c: Course, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    const facts = await ctx.loaders.courseFacts.load(c.id);
    return !!facts && can(actor, 'course.delete', facts);
  }

  @FieldResolver(() => Boolean, {
    description:
      'Whether you may start a discussion or reply in this course (its teachers and students): show Start Discussion and Reply only then.',
  })
  async viewerCanPost(@Root() c: Course, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    const facts = await ctx.loaders.courseFacts.load(c.id);
    return !!facts && can(actor, 'discussion.post', facts);
  }

  @FieldResolver(() => CourseDeleteImpact, {
    nullable: true,
    description:
      'What deleting this course removes with it (counts for the confirmation); null unless you may delete it (viewerCanDelete).',
  })
  async deleteImpact(@Root() c: Course, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.courses.deleteImpact(actor, c.id);
  }

  @Mutation(() => Course, {
    description:
      'Create a course for a class, subject and year you are assigned to teach; all teachers of that allocation teach it (REST: POST /api/courses).',
  })
  createCourse(@Arg('input', () => CreateCourseInput) input: CreateCourseInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.courses.create(actor, input);
  }

  @Mutation(() => Course, { description: "Change a course's title and description; its teachers only (REST: PUT /api/courses/{id})." })
  updateCourse(@Arg('input', () => UpdateCourseInput) input: UpdateCourseInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.courses.update(actor, input.id, input);
  }

  @Mutation(() => Boolean, {
    description:
      'Delete a course with its modules, content (and files), announcements and discussions; its teachers, SuperAdmin and Admin (REST: DELETE /api/courses/{id}).',
  })
  async deleteCourse(@Arg('id', () => ID) id: string, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    await ctx.services.courses.delete(actor, id);
    return true;
  }

  @Mutation(() => Course, {
    description:
      'Reuse one of your courses: a deep copy of its modules and content for a class, subject and year you teach (REST: POST /api/courses/reuse/clone/{courseId}).',
  })
  cloneCourse(@Arg('input', () => CloneCourseInput) input: CloneCourseInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.courses.clone(actor, input.courseId, input);
  }
}

@Resolver(() => StudentCourses)
export class StudentCoursesResolver {
  @FieldResolver(() => [Course], {
    description: 'The courses, by subject name then title; the first `first` of them when given (the dashboard shows three).',
  })
  courses(
    @Root() root: StudentCourses,
    @Arg('first', () => Int, { nullable: true, description: `At most this many, from the start of the list (1 to ${COURSE_PAGE.max}).` })
    first?: number | null,
  ): Course[] {
    return first === undefined || first === null ? root.courses : pageOf(root.courses, windowOf({ first }, COURSE_PAGE)).items;
  }
}
