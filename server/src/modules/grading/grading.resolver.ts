import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { Assessment } from '../assessments';
import { Submission } from '../submissions';
import {
  AddCommentSnippetInput,
  CommentSnippet,
  CreateSubmissionForGradingInput,
  GradeAnswerInput,
  GradeSubmissionInput,
  ReopenSubmissionInput,
} from './grading.types';

@Resolver(() => Submission)
export class GradingResolver {
  @Mutation(() => Submission, {
    description:
      "Save one question's score (0 to its points, at most 2 decimals) and feedback as a teacher of the course; overriding an automatic score keeps it as autoScore. The total and status are recomputed at once. expectedVersion is the SubmissionGrade.version you saw (null or 0 when there was no grade): a different one is a CONFLICT 'This grade was changed by {name} a moment ago' with extensions.current { score, feedback, version, gradedByName } (REST: PUT /api/submissions/grade, /api/quizsubmissions/grade, /api/examsubmissions/grade with examSubmissionId).",
  })
  gradeAnswer(@Arg('input', () => GradeAnswerInput) input: GradeAnswerInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.grading.grades.gradeAnswer(actor, input);
  }

  @Mutation(() => Submission, {
    description:
      "'Save all': every changed score and feedback of one submission in one transaction, each checked as gradeAnswer checks it (bounds, expectedVersion); one refused grade saves none. A stale version is a CONFLICT naming who changed it, with extensions.current and extensions.questionId (REST: PUT /api/submissions/grades {submissionId, grades}, /api/quizsubmissions/grades, /api/examsubmissions/grades with examSubmissionId).",
  })
  gradeSubmission(
    @Arg('input', () => GradeSubmissionInput) input: GradeSubmissionInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.grading.grades.gradeSubmission(actor, input);
  }

  @Mutation(() => Submission, {
    description:
      "Reopen a student's work with a new due date (default the later of the item's due date and now plus one day; never in the past), or 'Extend Again' on reopened work; for a student with no submission an empty reopened one is created so they can submit (course's teachers) (REST: POST /api/submissions/reopen {assignmentId, studentId, newDueDate}, /api/quizsubmissions/reopen, /api/examsubmissions/reopen).",
  })
  reopenSubmission(
    @Arg('input', () => ReopenSubmissionInput) input: ReopenSubmissionInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.grading.grades.reopen(actor, input).then((r) => r.submission);
  }

  @Mutation(() => Submission, {
    description:
      "For an overdue student with no submission: an empty one (pending, nothing handed in) for grading by hand; an existing submission is returned as it is (course's teachers; refused before the due date) (REST: POST /api/submissions/create-for-grading {assignmentId, studentId}, /api/quizsubmissions/..., /api/examsubmissions/...).",
  })
  createSubmissionForGrading(
    @Arg('input', () => CreateSubmissionForGradingInput) input: CreateSubmissionForGradingInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.grading.grades.createForGrading(actor, input).then((r) => r.submission);
  }

  @Query(() => [CommentSnippet], { description: 'Your comment bank, oldest first (teachers; empty for other roles).' })
  myCommentSnippets(@CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.grading.grades.commentBank.list(actor);
  }

  @Mutation(() => CommentSnippet, { description: 'Keep a feedback snippet in your comment bank (teachers; each text once, at most 200).' })
  addCommentSnippet(
    @Arg('input', () => AddCommentSnippetInput) input: AddCommentSnippetInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.grading.grades.commentBank.add(actor, input);
  }

  @Mutation(() => ID, { description: "Delete a snippet of your comment bank; answers its id (another teacher's is not found)." })
  deleteCommentSnippet(
    @Arg('id', () => ID, { description: 'The snippet.' }) id: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.grading.grades.commentBank.remove(actor, id);
  }

  @FieldResolver(() => Assessment, {
    description: 'The assignment, exam or quiz it answers (with its questions; keys only for those who may see them).',
  })
  async assessment(@Root() s: Submission, @Ctx() ctx: RequestContext) {
    return (await ctx.loaders.submissionAssessmentById.load(s.assessmentId))!;
  }
}
