import { Arg, Args, Ctx, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { gradebookCsv } from './gradebook.csv';
import { Gradebook, GradebookRowConnection, StudentGrades } from './gradebook.types';
import { PageArgs, PageLimits, pageOf, toConnection, windowOf } from '../../core/paging';

/** A gradebook's rows are one class: computed whole (averages need every cell), paged for the answer. */
const GRADEBOOK_PAGE: PageLimits = { max: 500, size: 200 };

@Resolver(() => Gradebook)
export class GradebookResolver {
  @Query(() => StudentGrades, {
    description:
      'Your grades as a student: each course of your class with its assessments, scores, course average (points earned over points possible of graded work whose results you may see) and trend (REST: GET /api/grades/me).',
  })
  myGrades(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.gradebook.mine(actor);
  }

  @Query(() => StudentGrades, {
    description:
      "One student's grades report exactly as the student sees it (never a result they may not see): the student, their linked parents, SuperAdmin and Admin; anyone else is told not found (REST: GET /api/students/{id}/grades).",
  })
  studentGrades(
    @Arg('studentId', () => ID, { description: 'The student.' }) studentId: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.gradebook.ofStudent(actor, studentId);
  }

  @Query(() => Gradebook, {
    description:
      "A course's gradebook: its students x its assessments with each score or status and each student's course average, in a fixed number of statements; the course's teachers, SuperAdmin and Admin (REST: GET /api/courses/{id}/gradebook, ?format=csv for the CSV file).",
  })
  gradebook(
    @Arg('courseId', () => ID, { description: 'The course.' }) courseId: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.gradebook.gradebook(actor, courseId);
  }

  @FieldResolver(() => GradebookRowConnection, {
    description: 'The students, by last name, a page at a time: first 200 unless asked, at most 500 (one class is usually one page).',
  })
  rows(@Root() g: Gradebook, @Args(() => PageArgs) args: PageArgs) {
    return toConnection(pageOf(g.rows, windowOf(args, GRADEBOOK_PAGE)));
  }

  @FieldResolver(() => String, {
    description:
      "The gradebook as CSV (RFC 4180; text that a spreadsheet would run as a formula is prefixed with an apostrophe), the applications' external columns after the course's own assessments, as GET /api/courses/{id}/gradebook?format=csv sends it.",
  })
  async csv(@Root() g: Gradebook, @Ctx() ctx: RequestContext) {
    // the gradebook itself was authorized before its fields resolve
    return gradebookCsv(g, await ctx.services.oneroster.gradebook.columnsOfCourse(g.courseId));
  }
}
