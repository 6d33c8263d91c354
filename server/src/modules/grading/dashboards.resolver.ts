import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, ID, Info, Mutation, Query, Resolver } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { AssessmentKind, asksItemPlaces } from '../assessments';
import {
  GradingChanges,
  GradingDashboard,
  GradingQueueConnection,
  OverdueSummary,
  QUEUE_PAGE,
  REVIEW_PAGE,
  ReviewItemConnection,
  asksAnswerKeys,
} from './dashboards.types';
import { PageArgs, toConnection, windowOf } from '../../core/paging';

/** Whether a list of review items may be asked for its items' course or module (else the statement leaves them out). */
const asksPlaces = (info: GraphQLResolveInfo) =>
  asksItemPlaces(info, [
    ['nodes', 'assessment'],
    ['edges', 'node', 'assessment'],
  ]);

@Resolver()
export class DashboardsResolver {
  @Query(() => GradingDashboard, {
    description:
      "The grading dashboard of an assignment, exam or quiz: the item with its questions, the tiles and the Submitted, Overdue and Reopened lists with every submission's answers, grades and explanations, in a fixed number of statements; the course's teachers, SuperAdmin and Admin (REST: POST /api/submissions/auto-submit-overdue?dryRun=true and twins).",
  })
  gradingDashboard(
    @Arg('assessmentId', () => ID, { description: 'The item.' }) assessmentId: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
  ) {
    return ctx.services.grading.dashboards.dashboard(actor, assessmentId, undefined, asksAnswerKeys(info));
  }

  @Query(() => GradingChanges, {
    description:
      "What changed on a dashboard since a cursor (GradingDashboard.cursor, then each answer's cursor): the item's submissions graded, reopened, submitted or auto-submitted elsewhere. Poll it every few seconds while the dashboard is open.",
  })
  gradingChanges(
    @Arg('assessmentId', () => ID, { description: 'The item.' }) assessmentId: string,
    @Arg('since', { description: 'The cursor of the previous answer.' }) since: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.grading.dashboards.changes(actor, assessmentId, since);
  }

  @Query(() => ReviewItemConnection, {
    description:
      'A review list (Assignment Review, Quiz Review, Exam Review): the items of this kind of the courses you teach (every course for SuperAdmin and Admin), grouped by yearLabel, className and subjectName, each with its counts and badge, in a fixed number of statements; a page at a time: first 100 unless asked, at most 500 (REST: GET /api/assignments then GET /api/submissions?assignment={id}, and twins).',
  })
  async reviewItems(
    @Arg('kind', () => AssessmentKind, { description: 'ASSIGNMENT, EXAM or QUIZ.' }) kind: AssessmentKind,
    @Args(() => PageArgs) args: PageArgs,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
  ) {
    return toConnection(await ctx.services.grading.dashboards.items(actor, kind, windowOf(args, REVIEW_PAGE), asksPlaces(info)));
  }

  @Query(() => GradingQueueConnection, {
    description:
      "What waits for grading (the teacher dashboard's 'Assignments to Review' card): the assignments, quizzes and exams of the courses you teach (every course for SuperAdmin and Admin) with at least one submission not yet graded, the earliest due first, each with its counts; totalCount says how many there are; one statement; first 5 unless asked, at most 100 (REST: GET /api/review/queue?limit=&offset=, with X-Total-Count).",
  })
  async gradingQueue(
    @Args(() => PageArgs) args: PageArgs,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
  ) {
    return toConnection(await ctx.services.grading.dashboards.queue(actor, windowOf(args, QUEUE_PAGE), asksPlaces(info)));
  }

  @Mutation(() => GradingDashboard, {
    description:
      "The one due date of the item's late joiners (students placed in the class after its due date; 'Joined late (n)'): moves the open work of every late joiner and applies to those placed later; the course's teachers. Never in the past. Answers the dashboard.",
  })
  setLateJoinerDueDate(
    @Arg('assessmentId', () => ID, { description: 'The item.' }) assessmentId: string,
    @Arg('dueDate', () => Date, { description: 'Their due date (trimmed to the minute).' }) dueDate: Date,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.grading.dashboards.setLateJoinerDueDate(actor, assessmentId, dueDate);
  }

  @Mutation(() => OverdueSummary, {
    description:
      "'Mark all missing as 0': submit the work of the item's overdue students now (isAutoSubmitted): a saved draft, or else an empty submission, automatic questions graded; expired reopened submissions closed. The overdue sweep only ever submits drafts; this is the teacher's action. Late joiners whose own due date has not passed are left alone. dryRun only counts (whoever sees the dashboard); otherwise the course's teachers (REST: POST /api/submissions/auto-submit-overdue {assignmentId}, /api/quizsubmissions/... {quizId}, /api/examsubmissions/... {examId}).",
  })
  async autoSubmitOverdue(
    @Arg('assessmentId', () => ID, { description: 'The item.' }) assessmentId: string,
    @Arg('dryRun', () => Boolean, { nullable: true, description: 'True: change nothing, only answer the summary.' })
    dryRun: boolean | null | undefined,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return (await ctx.services.grading.dashboards.overdueSummary(actor, assessmentId, dryRun === true)).summary;
  }
}
