import { Arg, Args, Ctx, FieldResolver, ID, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { FieldRule } from '../../core/field-rules';
import { Actor } from '../../policies';
import { User } from '../users';
import { StudentCourses, coursesAsked } from '../courses';
import { MyAttendance, recordsWindow } from '../attendance';
import { ITEM_PAGE } from '../assessments';
import { PageArgs, toConnection, windowOf } from '../../core/paging';
import { ChildAssessmentConnection, ChildAttendanceArgs, ChildSummary, FamilyLink, FamilyLinkInput } from './families.types';

@Resolver(() => User)
export class UserFamilyResolver {
  @FieldRule('family.readLinks')
  @FieldResolver(() => [User], {
    nullable: true,
    description:
      "The users linked to this one: a Parent's children, a Student's parents (empty for other roles). " +
      "SuperAdmin and Admin see anyone's, a parent their own; null for anyone else.",
  })
  familyLinks(@Root() user: User, @Ctx() ctx: RequestContext) {
    return ctx.loaders.familyLinksOf.load(user.id);
  }
}

@Resolver()
export class FamiliesResolver {
  @Mutation(() => FamilyLink, {
    description:
      "Link a Parent to a Student (SuperAdmin and Admin); the parent then reads the student's courses, work, attendance and feedback. " +
      'A link that exists already is a CONFLICT. REST: POST /api/parents/{parentId}/children {studentId}.',
  })
  linkParent(@Arg('input', () => FamilyLinkInput) input: FamilyLinkInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.families.link(actor, input);
  }

  @Mutation(() => Boolean, {
    description: 'Remove a parent-student link (SuperAdmin and Admin). REST: DELETE /api/parents/{parentId}/children/{studentId}.',
  })
  async unlinkParent(
    @Arg('input', () => FamilyLinkInput) input: FamilyLinkInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    await ctx.services.families.unlink(actor, input);
    return true;
  }
}

@Resolver()
export class ChildrenResolver {
  @Query(() => [ChildSummary], {
    description:
      'The parent dashboard: each linked child with class, course count, attendance rate, recently graded work and what is due, from real data ' +
      '(empty when no child is linked, and for other roles), in a fixed number of statements. REST: GET /api/parents/me/children.',
  })
  myChildren(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.families.children.summaries(actor);
  }

  @Query(() => StudentCourses, {
    description:
      "A student's placement and courses as the student sees them: the student, a linked parent, SuperAdmin and Admin; not found for anyone else. REST: GET /api/students/{id}/courses.",
  })
  childCourses(
    @Arg('studentId', () => ID, { description: 'The student.' }) studentId: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
  ) {
    return ctx.services.families.children.courseList(actor, studentId, coursesAsked(info));
  }

  @Query(() => ChildAssessmentConnection, {
    description:
      "A student's assignments, exams and quizzes by due date with their status, score and teacher feedback exactly as the student may see them (never more): " +
      'the student, a linked parent, SuperAdmin and Admin; not found for anyone else; a page at a time: first 100 unless asked, at most 500. ' +
      'REST: GET /api/students/{id}/assessments (?limit=&offset= with X-Total-Count).',
  })
  async childAssessments(
    @Arg('studentId', () => ID, { description: 'The student.' }) studentId: string,
    @Args(() => PageArgs) args: PageArgs,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return toConnection(await ctx.services.families.children.assessmentsPage(actor, studentId, windowOf(args, ITEM_PAGE)));
  }

  @Query(() => MyAttendance, {
    description:
      "A student's attendance records (paginated) with summary and rate, as the student sees them: the student, a linked parent, SuperAdmin and Admin. REST: GET /api/students/{id}/attendance.",
  })
  childAttendance(
    @Args(() => ChildAttendanceArgs) args: ChildAttendanceArgs,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
  ) {
    return ctx.services.families.children.attendancePage(actor, args.studentId, args, recordsWindow(info));
  }
}
