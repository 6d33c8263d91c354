import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Connection, PageArgs, toConnection, windowOf } from '../../core/paging';
import { SUBMISSION_PAGE, statusOf } from './submissions.service';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor } from '../../policies';
import { Assessment, AssessmentKind, AssessmentConnection, ITEM_PAGE } from '../assessments';
import { IncomingFile } from '../files';
import { Role } from '../../core/role';
import { toSubmission } from './submissions.queries';
import { DraftFileInput, MyAssessmentStatus, SaveDraftInput, Submission, SubmissionDraft, SubmitAssessmentInput } from './submission.types';

const SubmissionConnection = Connection(Submission, 'Submission', 'submissions, newest submitted first');

@ArgsType()
class SubmissionsArgs extends PageArgs {
  @Field(() => ID, { nullable: true, description: 'Only the submissions of this item.' })
  assessmentId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only the submissions of this student.' })
  studentId?: string | null;

  @Field(() => AssessmentKind, { nullable: true, description: 'Only submissions of items of this kind.' })
  kind?: AssessmentKind | null;
}

@Resolver(() => Submission)
export class SubmissionsResolver {
  @Query(() => AssessmentConnection, {
    description:
      "Your items of a kind (My Assignments, My Quizzes, My Exams): for a student those of their courses that they may read, each with myStatus; group them by course.academicYear (isActive: '(Current)'), course.class and course.subject; a page at a time: first 100 unless asked, at most 500 (REST: GET /api/assignments, /api/exams, /api/quizzes, ?limit=&offset= with X-Total-Count).",
  })
  async myAssessments(
    @Arg('kind', () => AssessmentKind, { description: 'ASSIGNMENT, EXAM or QUIZ.' }) kind: AssessmentKind,
    @Args(() => PageArgs) args: PageArgs,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    const page = await ctx.services.submissions.myPage(actor, kind, windowOf(args, ITEM_PAGE));
    // plain objects from one statement, each carrying its standing: myStatus answers it without a load
    const student = actor.activeRole === Role.Student;
    return toConnection({ ...page, items: page.items.map((i) => Object.assign(i.assessment, { myStatus: student ? statusOf(i) : null })) });
  }

  @Query(() => SubmissionConnection, {
    description:
      "The submissions you may read (a student their own; the course's teachers, SuperAdmin and Admin their courses'), newest submitted first, " +
      'a page at a time: first 50 unless asked, at most 500 (REST: GET /api/submissions?assignment=&student=&limit=&offset=, and twins).',
  })
  async submissions(@Args(() => SubmissionsArgs) args: SubmissionsArgs, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return toConnection(await ctx.services.submissions.page(actor, args, windowOf(args, SUBMISSION_PAGE)));
  }

  @Query(() => Submission, {
    description:
      "One submission: its student, the course's teachers, SuperAdmin and Admin; what a student receives of the results follows the result visibility (REST: GET /api/submissions/{id}, /api/quizsubmissions/{id}, /api/examsubmissions/{id}).",
  })
  submission(
    @Arg('id', () => ID, { description: 'The submission.' }) id: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.submissions.get(actor, id);
  }

  @Mutation(() => Submission, {
    description:
      "Submit (or Resubmit a reopened) assignment, exam or quiz as a student, on the server clock: refused after the due date unless reopened and before its customDueDate; a second submit is a CONFLICT. Automatic questions are graded at once. Multipart request (header 'Apollo-Require-Preflight: true'); long-answer files (pdf, jpg, jpeg, png, doc, docx, txt; at most 50MB each, checked by content) go in `files`, each named by an answer's fileIndex (REST: POST /api/submissions, /api/quizsubmissions, /api/examsubmissions).",
  })
  async submitAssessment(
    @Arg('input', () => SubmitAssessmentInput) input: SubmitAssessmentInput,
    @Arg('files', () => [GraphQLUpload], { nullable: true, description: 'Long-answer files; answers name them by position (fileIndex).' })
    files: Array<Promise<FileUpload>> | null,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    ctx.services.submissions.assertMaySubmit(actor);
    const uploads = await Promise.all(files ?? []);
    const incoming: IncomingFile[] = uploads.map((u) => ({ filename: u.filename, mimetype: u.mimetype, stream: u.createReadStream() }));
    return ctx.services.submissions.submit(actor, input, incoming);
  }

  @Mutation(() => SubmissionDraft, {
    description:
      "Keep a long answer's file with your draft (student; the item one you may still submit), so a reload or a switch to the camera loses nothing; it replaces the question's earlier draft file and is submitted with the draft unless the submit sends another. Checked as a submit's files are (pdf, jpg, jpeg, png, doc, docx, txt by content; at most 50MB). Multipart request (header 'Apollo-Require-Preflight: true') (REST: POST /api/submissions/draft/file, /api/quizsubmissions/draft/file, /api/examsubmissions/draft/file with the item's id, questionId and file).",
  })
  async attachDraftFile(
    @Arg('input', () => DraftFileInput) input: DraftFileInput,
    @Arg('file', () => GraphQLUpload, { description: 'The file.' }) file: Promise<FileUpload>,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    ctx.services.submissions.assertMaySubmit(actor);
    const u = await file;
    return ctx.services.submissions.attachDraftFile(actor, input, {
      filename: u.filename,
      mimetype: u.mimetype,
      stream: u.createReadStream(),
    });
  }

  @Mutation(() => SubmissionDraft, {
    description:
      'Remove the file your draft keeps for a long answer (student); the draft as it is then; NOT_FOUND when it keeps none (REST: DELETE /api/submissions/draft/file and twins).',
  })
  removeDraftFile(@Arg('input', () => DraftFileInput) input: DraftFileInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.submissions.removeDraftFile(actor, input);
  }

  @Mutation(() => SubmissionDraft, {
    description:
      'Autosave: replaces your draft of an item you may still submit (text and ticked options; files through attachDraftFile). A draft is not a submission and teachers never see it; it is restored by Assessment.myDraft and removed by the submit.',
  })
  saveDraft(@Arg('input', () => SaveDraftInput) input: SaveDraftInput, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    return ctx.services.submissions.saveDraft(actor, input);
  }

  @Mutation(() => Assessment, {
    description:
      "Release the results of a manual item to its students (its course's teachers; beyond the spec) (REST: POST /api/submissions/release-results {assignmentId}, ...).",
  })
  releaseResults(
    @Arg('assessmentId', () => ID, { description: 'The item.' }) assessmentId: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.submissions.release(actor, assessmentId);
  }
}

/** The viewer's standing on an item: one statement per list for all of its items (loaders). */
@Resolver(() => Assessment)
export class AssessmentSubmissionFields {
  @FieldResolver(() => MyAssessmentStatus, {
    nullable: true,
    description:
      'Your status on it as a student (section 4), where a click goes, the due date that applies, whether you may submit now, and the score line when it may be shown; null for other roles.',
  })
  myStatus(@Root() a: Assessment & { myStatus?: MyAssessmentStatus | null }, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    if (a.myStatus !== undefined) return a.myStatus;
    if (actor.activeRole !== Role.Student) return null;
    return ctx.loaders.mySubmissionByAssessment.load(a.id).then((s) => statusOf(ctx.services.submissions.myItem(actor, a, s)));
  }

  @FieldResolver(() => Submission, {
    nullable: true,
    description: 'Your submission of it as a student (the view page; results as the result visibility allows); null when none.',
  })
  mySubmission(@Root() a: Assessment & { mySubmission?: Submission | null }, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    if (a.mySubmission !== undefined) return a.mySubmission;
    return ctx.loaders.mySubmissionByAssessment
      .load(a.id)
      .then(async (row) =>
        row ? toSubmission(row, await ctx.loaders.answersBySubmission.load(row), ctx.services.submissions.seen(actor, row)) : null,
      );
  }

  @FieldResolver(() => SubmissionDraft, {
    nullable: true,
    description: 'Your autosaved draft of it as a student, to restore on the submit page; null when none.',
  })
  myDraft(@Root() a: Assessment, @Ctx() ctx: RequestContext) {
    return ctx.loaders.myDraftByAssessment.load(a.id);
  }
}
