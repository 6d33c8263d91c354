import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, ID, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { PageArgs, pageOf, toConnection, windowOf } from '../../core/paging';
import { RequestContext } from '../../core/context';
import { CurrentActor } from '../../core/current-actor';
import { Actor, can } from '../../policies';
import { visibleFields } from '../../policies/fields';
import { Course } from '../courses';
import { CourseModule } from '../course-modules';
import { Assessment, AssessmentKind } from './assessment.entity';
import { Question } from './question.types';
import { RandomDraw } from './draws.types';
import { Role } from '../../core/role';
import {
  AssessmentCloneChanges,
  AssessmentCloneResult,
  AssessmentRegradePreview,
  AssessmentStudent,
  CloneAssessmentInput,
  AssessmentConnection,
  CreateAssessmentInput,
  DeleteAssessmentResult,
  ITEM_PAGE,
  UpdateAssessmentInput,
  asksItemPlaces,
  asksQuestionsLean,
} from './assessments.types';
import { PresentFirst } from '../../core/present-first';

@Resolver(() => Assessment)
export class AssessmentsResolver {
  @Query(() => AssessmentConnection, {
    description:
      "A course's assignments or exams (with a module or not), a page at a time (first 100 unless asked, at most 500); students see those visible to them " +
      '(REST: GET /api/assignments/course/{courseId}, /api/exams/course/{courseId}).',
  })
  async assessments(
    @Arg('courseId', () => ID, { description: 'The course.' }) courseId: string,
    @Arg('kind', () => AssessmentKind, { description: 'ASSIGNMENT or EXAM (a course lists its quizzes through its modules).' })
    kind: AssessmentKind,
    @Args(() => PageArgs) page: PageArgs,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return toConnection(pageOf(await ctx.services.assessments.listForCourse(actor, courseId, kind), windowOf(page, ITEM_PAGE)));
  }

  @Query(() => [Assessment], {
    description: "A module's quizzes: new ones at the top, reused ones appended (REST: GET /api/quizzes/module/{moduleId}).",
  })
  moduleQuizzes(
    @Arg('moduleId', () => ID, { description: 'The module.' }) moduleId: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.assessments.listForModule(actor, moduleId);
  }

  @Query(() => Assessment, {
    description:
      'One assignment, exam or quiz with its questions; not found unless you may read it (REST: GET /api/assignments/{id}, /api/exams/{id}, /api/quizzes/{id}).',
  })
  assessment(
    @Arg('id', () => ID, { description: 'The assessment.' }) id: string,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
  ) {
    // a student's page of it (questions, standing, submission) is read in one statement, its course and module
    // only when the operation may ask for them, its questions lean when it asks for no more of them than the pages
    if (actor.activeRole !== Role.Student) return ctx.services.assessments.get(actor, id);
    return ctx.services.submissions.viewPage(actor, id, { places: asksItemPlaces(info), leanQuestions: asksQuestionsLean(info) });
  }

  @Query(() => [AssessmentStudent], {
    description:
      "The student picker: students placed in the class and year of the course (or of the module's course) (REST: GET /api/assignments/students/course/{courseId}, /api/quizzes/students/module/{moduleId}).",
  })
  assessmentStudents(
    @Arg('courseId', () => ID, { nullable: true, description: 'The course (assignments, exams).' }) courseId: string | undefined,
    @Arg('moduleId', () => ID, { nullable: true, description: 'The module (quizzes).' }) moduleId: string | undefined,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.assessments.students(actor, moduleId ? AssessmentKind.QUIZ : AssessmentKind.ASSIGNMENT, { courseId, moduleId });
  }

  @Query(() => AssessmentConnection, {
    description:
      'Your items of this kind elsewhere, to reuse (tree by course.academicYear, course.class, course, module), a page at a time (first 100 unless asked, at most 500) ' +
      '(REST: GET /api/assignments/reuse/available/{courseId}, /api/quizzes/reuse/available/{moduleId}).',
  })
  async reusableAssessments(
    @Arg('kind', () => AssessmentKind, { description: 'What to reuse.' }) kind: AssessmentKind,
    @Arg('courseId', () => ID, {
      nullable: true,
      description: 'Assignments and exams: the course they would be copied into (its own are left out).',
    })
    courseId: string | undefined,
    @Arg('moduleId', () => ID, { nullable: true, description: 'Quizzes: the module they would be copied into (its own are left out).' })
    moduleId: string | undefined,
    @Args(() => PageArgs) page: PageArgs,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return toConnection(pageOf(await ctx.services.assessments.reusable(actor, kind, { courseId, moduleId }), windowOf(page, ITEM_PAGE)));
  }

  @Query(() => AssessmentCloneChanges, {
    description: 'What a reuse would copy and change (targets dropped, whole class, a past due date); changes nothing.',
  })
  assessmentClonePreview(
    @Arg('input', () => CloneAssessmentInput) input: CloneAssessmentInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.assessments.clonePreview(actor, undefined, input);
  }

  @Query(() => AssessmentRegradePreview, {
    description: 'What an edit would do to the submissions (how many, which totals change); changes nothing.',
  })
  assessmentRegradePreview(
    @Arg('input', () => UpdateAssessmentInput) input: UpdateAssessmentInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.assessments.regradePreview(actor, input.id, input);
  }

  @Mutation(() => Assessment, {
    description:
      'Create an assignment or exam in a course, or a quiz in a module, that you teach (REST: POST /api/assignments, /api/exams, /api/quizzes).',
  })
  createAssessment(
    @Arg('input', () => CreateAssessmentInput) input: CreateAssessmentInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.assessments.create(actor, input.kind, input);
  }

  @Mutation(() => Assessment, {
    description:
      'Change an assessment, its targets and questions in one transaction; changed keys regrade the submissions (REST: PUT /api/assignments/{id}, ...).',
  })
  updateAssessment(
    @Arg('input', () => UpdateAssessmentInput) input: UpdateAssessmentInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.assessments.update(actor, input.id, input);
  }

  @Mutation(() => DeleteAssessmentResult, {
    description:
      'Delete an assessment with its questions and submissions (REST: DELETE /api/assignments/{id}, /api/exams/{id}, /api/quizzes/{id}); answers how many submissions went with it.',
  })
  deleteAssessment(
    @Arg('id', () => ID, { description: 'The assessment.' }) id: string,
    @Arg('confirmSubmissions', () => Int, {
      nullable: true,
      description:
        'The number of submissions you showed the user (0: none). When given and different from the real number, nothing is deleted: CONFLICT names the number (also in extensions.submissions). Absent: delete whatever there is.',
    })
    confirmSubmissions: number | undefined,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.assessments.delete(actor, id, confirmSubmissions);
  }

  @Mutation(() => AssessmentCloneResult, {
    description:
      'Reuse: a deep copy appended to a course (assignments, exams) or module (quizzes) you teach, and what changed (REST: POST /api/assignments/reuse/clone/{id}, ...).',
  })
  cloneAssessment(
    @Arg('input', () => CloneAssessmentInput) input: CloneAssessmentInput,
    @CurrentActor() actor: Actor,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.assessments.clone(actor, undefined, input);
  }

  @PresentFirst()
  @FieldResolver(() => Course, { description: 'The course (with academicYear, class, subject).' })
  course(@Root() a: Assessment, @Ctx() ctx: RequestContext) {
    return a.course ?? ctx.loaders.courseById.load(a.courseId);
  }

  @FieldResolver(() => CourseModule, { nullable: true, description: 'The module: always for a quiz, optional for assignments and exams.' })
  module(@Root() a: Assessment, @Ctx() ctx: RequestContext) {
    if (!a.moduleId) return null;
    return a.module ?? ctx.loaders.moduleById.load(a.moduleId);
  }

  @PresentFirst()
  @FieldResolver(() => [Question], {
    description: "The questions by order (answer keys only for the course's teachers, SuperAdmin and Admin).",
  })
  questions(@Root() a: Assessment & { questions?: Question[] }, @Ctx() ctx: RequestContext) {
    return a.questions ?? ctx.loaders.questionsByAssessment.load(a.id);
  }

  @FieldResolver(() => [AssessmentStudent], {
    nullable: true,
    description:
      'Target students (individual_students); null unless you teach the course (or are SuperAdmin or Admin) (REST: targetStudents).',
  })
  async targetStudents(@Root() a: Assessment, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    const facts = await ctx.loaders.courseFacts.load(a.courseId);
    if (!facts || !visibleFields('assessment', actor, facts).key) return null;
    return (await ctx.loaders.targetsByAssessment.load(a.id)).map(({ assessmentId: _a, ...s }) => s);
  }

  @FieldResolver(() => [RandomDraw], {
    description:
      'Its random draws (each student gets `count` questions of a bank or of one tag, drawn when they first open it); empty unless you teach the course (or are SuperAdmin or Admin).',
  })
  async randomDraws(@Root() a: Assessment, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    const facts = await ctx.loaders.courseFacts.load(a.courseId);
    if (!facts || !can(actor, 'assessment.seeKey', facts)) return [];
    return ctx.loaders.drawsByAssessment.load(a.id);
  }

  @FieldResolver(() => [Question], {
    description:
      "Every question the random draws gave to some student (each student's own are in their submission's answers); empty unless you teach the course (or are SuperAdmin or Admin). The grading views name drawn answers' questions from here.",
  })
  async drawnQuestions(@Root() a: Assessment, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    const facts = await ctx.loaders.courseFacts.load(a.courseId);
    if (!facts || !can(actor, 'assessment.seeKey', facts)) return [];
    return ctx.loaders.drawnQuestionsByAssessment.load(a.id);
  }

  @FieldResolver(() => Boolean, { description: 'Whether you may edit it (you teach the course): show Edit only then.' })
  async viewerCanManage(@Root() a: Assessment, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    const facts = await ctx.loaders.courseFacts.load(a.courseId);
    return !!facts && can(actor, 'course.manage', facts);
  }

  @FieldResolver(() => Boolean, { description: 'Whether you may delete it (its teachers, SuperAdmin and Admin): show Delete only then.' })
  async viewerCanDelete(@Root() a: Assessment, @CurrentActor() actor: Actor, @Ctx() ctx: RequestContext) {
    const facts = await ctx.loaders.courseFacts.load(a.courseId);
    return !!facts && can(actor, 'course.delete', facts);
  }
}

/** Course.assessments(kind): one statement for all courses of a response, filtered by 'assessment.read' in SQL. */
@Resolver(() => Course)
export class CourseAssessmentsFieldResolver {
  @FieldResolver(() => [Assessment], {
    description: "The course's assignments or exams that you may read (quizzes are under its modules).",
  })
  assessments(
    @Root() c: Course,
    @Arg('kind', () => AssessmentKind, { description: 'ASSIGNMENT or EXAM.' }) kind: AssessmentKind,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.loaders.assessmentsByCourseKind.load(`${c.id}:${kind}`);
  }

  @FieldResolver(() => [Assessment], {
    description: "The course's assignments that you may read (the Assignments tab); same as assessments(kind: ASSIGNMENT).",
  })
  assignments(@Root() c: Course, @Ctx() ctx: RequestContext) {
    return ctx.loaders.assessmentsByCourseKind.load(`${c.id}:${AssessmentKind.ASSIGNMENT}`);
  }

  @FieldResolver(() => [Assessment], {
    description: "The course's exams that you may read (the Exams tab); same as assessments(kind: EXAM).",
  })
  exams(@Root() c: Course, @Ctx() ctx: RequestContext) {
    return ctx.loaders.assessmentsByCourseKind.load(`${c.id}:${AssessmentKind.EXAM}`);
  }
}

/** Module.quizzes: one statement for all modules of a response, filtered by 'assessment.read' in SQL. */
@Resolver(() => CourseModule)
export class ModuleQuizzesFieldResolver {
  @FieldResolver(() => [Assessment], {
    description: 'The quizzes of the module that you may read: new ones at the top, reused ones appended.',
  })
  quizzes(@Root() m: CourseModule, @Ctx() ctx: RequestContext) {
    return ctx.loaders.quizzesByModule.load(m.id);
  }
}
