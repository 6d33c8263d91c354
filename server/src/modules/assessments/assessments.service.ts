import { DataSource, EntityManager } from 'typeorm';
import { conflict, notFound, validation } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { refId } from '../../core/input';
import { Actor, authorize } from '../../policies';
import { visibleFields } from '../../policies/fields';
import { CourseFactsRow, oneCourseFacts, CoursesService } from '../courses';
import { ModulesService, MODULE_TEXT } from '../course-modules';
import { Assessment, AssessmentKind, AssessmentScope } from './assessment.entity';
import {
  assessmentById,
  deleteAssessment,
  edgePosition,
  lockAssessment,
  lockCoursePositions,
  placedStudentCount,
  questionAndDrawCount,
  readableAssessments,
  reloadAssessment,
  replaceTargets,
  reusableAssessments,
  studentsOfCourse,
  submissionCount,
  targetCount,
  targetsViewer,
  updateAssessment,
} from './assessments.repository';
import { insertAssessment, questionsOf, refreshTotalPoints, writeQuestions } from './assessments.repository.questions';
import { lockSubmissions } from './assessments.repository.grades';
import { AssessmentInput, ASSESSMENT_TEXT as T, kindOf, validateAssessmentEdit, validateNewAssessment } from './assessments.validation';
import { applyRegrade, keepOptionIds, planRegrade, RegradePlan } from './assessments.write';
import { AssessmentStudent } from './assessments.types';
import { AssessmentCloning, CloneRequest } from './assessments.clone';
import { recordAudit, AuditKind } from '../audit';
import { Role } from '../../core/role';
import { DrawFields, drawList, ensureDraws, writeDraws } from './assessments.draws';
import { AssessmentBanking, type QuestionBanksService } from './assessments.banks';

/** An assessment the actor may read, with the facts of its course. */
export interface ReadableAssessment {
  assessment: Assessment;
  course: CourseFactsRow;
}

/** Where an assessment lives: a course (assignments, exams, optionally a module of it) or a module (quizzes). */
export interface Parent {
  courseId?: unknown;
  moduleId?: unknown;
}

/**
 * Assessments (assignments, exams, quizzes): authored by the course's teachers; SuperAdmin and Admin read
 * everything and may delete; a student reads one when it is visible, of their class and year, and for the
 * whole class or for them ('assessment.read', with its SQL twin for lists).
 */
export class AssessmentsService {
  readonly cloning: AssessmentCloning;
  readonly banking: AssessmentBanking;

  constructor(
    private readonly ds: DataSource,
    private readonly courses: CoursesService,
    private readonly modules: ModulesService,
    readonly banks: QuestionBanksService,
  ) {
    this.cloning = new AssessmentCloning(ds, this);
    this.banking = new AssessmentBanking(ds, this, banks);
  }

  /** One assessment with its course facts; not found for anyone 'assessment.read' refuses, or of another kind. */
  async readable(actor: Actor, id: unknown, kind?: AssessmentKind, m: DataSource | EntityManager = this.ds): Promise<ReadableAssessment> {
    const assessmentId = assertId(id, T.notFound(kind));
    const assessment = await assessmentById(m, assessmentId);
    if (!assessment || (kind && assessment.kind !== kind)) throw notFound(T.notFound(kind));
    const course = await oneCourseFacts(m, actor, assessment.courseId);
    if (!course) throw notFound(T.notFound(kind));
    authorize(
      actor,
      'assessment.read',
      {
        course,
        visible: assessment.isVisible && (assessment.module?.isVisible ?? true),
        wholeClass: assessment.scope === AssessmentScope.whole_class,
        targetsViewer: await targetsViewer(m, assessment.id, actor.userId),
      },
      { as: 'notFound', message: T.notFound(kind) },
    );
    return { assessment, course };
  }

  /** One the actor may change: a teacher of its course (others who read it are refused). */
  async manageable(actor: Actor, id: unknown, kind?: AssessmentKind): Promise<ReadableAssessment> {
    const found = await this.readable(actor, id, kind);
    authorize(actor, 'course.manage', found.course, { message: T.cannotManage(found.assessment.kind) });
    return found;
  }

  /** The course (and module) an assessment goes into; quizzes need a module, the others a course. */
  async parent(actor: Actor, kind: AssessmentKind, p: Parent): Promise<{ course: CourseFactsRow; moduleId: string | null }> {
    if (kind === AssessmentKind.QUIZ || (p.moduleId !== undefined && p.moduleId !== null && p.moduleId !== '')) {
      const moduleId = refId(p.moduleId, T.moduleRequired, MODULE_TEXT.notFound, 'moduleId');
      const { module, course } = await this.modules.readable(actor, moduleId);
      if (kind !== AssessmentKind.QUIZ && p.courseId && p.courseId !== module.courseId) throw validation(T.moduleOfOtherCourse, 'moduleId');
      return { course, moduleId: module.id };
    }
    const courseId = refId(p.courseId, T.courseRequired, 'Course not found', 'courseId');
    return { course: await this.courses.readable(actor, courseId), moduleId: null };
  }

  /** GET /assignments/course/{courseId}, /exams/course/{courseId}: the course's, with a module or not. */
  async listForCourse(actor: Actor, courseId: unknown, kind: AssessmentKind): Promise<Assessment[]> {
    const course = await this.courses.readable(actor, courseId);
    return readableAssessments(this.ds, actor, { courseIds: [course.id], kind });
  }

  /** GET /quizzes/module/{moduleId}: new ones at the top, reused ones appended. */
  async listForModule(actor: Actor, moduleId: unknown): Promise<Assessment[]> {
    const { module } = await this.modules.readable(actor, moduleId);
    return readableAssessments(this.ds, actor, { moduleIds: [module.id], kind: AssessmentKind.QUIZ });
  }

  /** One item; a student's first read of an item with random draws draws their questions (assessments.draws.ts). */
  async get(actor: Actor, id: unknown, kind?: AssessmentKind): Promise<Assessment> {
    const { assessment } = await this.readable(actor, id, kind);
    await this.drawFor(actor, [assessment.id]);
    return assessment;
  }

  /** A student's questions of these items are drawn (once) before any of them is read, submitted or drafted. */
  drawFor(actor: Actor, assessmentIds: string[]): Promise<void> {
    return actor.activeRole === Role.Student ? ensureDraws(this.ds, assessmentIds, actor.userId) : Promise.resolve();
  }

  /** The draws of an edit with each bank checked: one the teacher may read. */
  private async checkedDraws(actor: Actor, raw: unknown): Promise<DrawFields[] | undefined> {
    const draws = drawList(raw);
    for (const d of draws ?? []) await this.banks.readable(actor, d.bankId);
    return draws;
  }

  /** The picker: students placed in the course's class and year; for those who author or oversee the course. */
  async students(actor: Actor, kind: AssessmentKind, p: Parent): Promise<AssessmentStudent[]> {
    const { course } = await this.parent(actor, kind, p);
    authorize(actor, 'course.seeHidden', course, { message: T.cannotManage(kind) });
    return studentsOfCourse(this.ds, course.id);
  }

  /** Targets must be students placed in the course's class and year. */
  private async checkTargets(m: EntityManager, courseId: string, ids: string[]): Promise<void> {
    if (!ids.length) return;
    if ((await placedStudentCount(m, courseId, ids)) !== ids.length) throw validation(T.notInClass, 'targetStudentIds');
  }

  setTargets(m: EntityManager, assessmentId: string, ids: string[]): Promise<void> {
    return replaceTargets(m, assessmentId, ids);
  }

  /** The position that puts a new one at the top of its list (quizzes: of the module). */
  topPosition(m: EntityManager, kind: AssessmentKind, courseId: string, moduleId: string | null, end: 'top' | 'bottom'): Promise<number> {
    return edgePosition(m, kind, courseId, moduleId, end);
  }

  reload(m: DataSource | EntityManager, id: string): Promise<Assessment> {
    return reloadAssessment(m, id);
  }

  /** POST /assignments, /exams, /quizzes: the item, its targets and questions in one transaction. */
  async create(actor: Actor, kindIn: unknown, input: AssessmentInput & Parent): Promise<Assessment> {
    const kind = kindOf(kindIn);
    const { course, moduleId } = await this.parent(actor, kind, input);
    authorize(actor, 'course.manage', course, { message: T.cannotManage(kind) });
    const draws = await this.checkedDraws(actor, input.randomDraws);
    const f = validateNewAssessment(kind, input, !!draws?.length);
    return this.ds.transaction(async (m) => {
      await this.checkTargets(m, course.id, f.targetStudentIds);
      await lockCoursePositions(m, course.id);
      const position = await this.topPosition(m, kind, course.id, moduleId, 'top');
      const id = await insertAssessment(
        m,
        {
          kind,
          courseId: course.id,
          moduleId,
          title: f.title,
          description: f.description,
          instructions: f.instructions,
          dueDate: f.dueDate,
          resultVisibility: f.resultVisibility,
          isVisible: f.isVisible,
          scope: f.scope,
          position,
          createdBy: actor.userId,
        },
        f.targetStudentIds,
        f.questions,
      );
      if (draws?.length) {
        await writeDraws(m, id, draws);
        await refreshTotalPoints(m, id);
      }
      return this.reload(m, id);
    });
  }

  /** What an edit would do to the submissions (nothing is written). */
  async regradePreview(actor: Actor, id: unknown, input: AssessmentInput, kind?: AssessmentKind): Promise<RegradePlan> {
    const { assessment } = await this.manageable(actor, id, kind);
    const edit = validateAssessmentEdit(assessment.kind, assessment.scope, input);
    const current = await questionsOf(this.ds, [assessment.id]);
    return planRegrade(this.ds.manager, assessment.id, current, edit.questions && keepOptionIds(edit.questions, current));
  }

  /** PUT: fields, targets and questions in one transaction; changed keys regrade the submissions. */
  async update(actor: Actor, id: unknown, input: AssessmentInput, kind?: AssessmentKind): Promise<Assessment> {
    const { assessment, course } = await this.manageable(actor, id, kind);
    const edit = validateAssessmentEdit(assessment.kind, assessment.scope, input);
    const draws = await this.checkedDraws(actor, input.randomDraws);
    return this.ds.transaction(async (m) => {
      await updateAssessment(m, assessment.id, assessment.kind, edit.set, edit.version);
      if (edit.targetStudentIds) {
        await this.checkTargets(m, course.id, edit.targetStudentIds);
        await this.setTargets(m, assessment.id, edit.targetStudentIds);
      }
      const scope = edit.set.scope ?? assessment.scope;
      if (scope === AssessmentScope.individual_students) {
        if (!(await targetCount(m, assessment.id))) throw validation(T.selectStudentFor(assessment.kind), 'targetStudentIds');
      }
      if (edit.questions) {
        // read inside the transaction, after the version check locked the row: the plan fits what is replaced
        const current = await questionsOf(m, [assessment.id]);
        const next = keepOptionIds(edit.questions, current);
        await lockSubmissions(m, assessment.id);
        const plan = await planRegrade(m, assessment.id, current, next);
        await writeQuestions(m, assessment.id, next, new Set(current.map((q) => q.id)));
        await applyRegrade(m, actor, { assessmentId: assessment.id, courseId: assessment.courseId }, plan);
      }
      if (draws) {
        await writeDraws(m, assessment.id, draws);
        await refreshTotalPoints(m, assessment.id);
      }
      if (edit.questions || draws) {
        if (!(await questionAndDrawCount(m, assessment.id))) throw validation(T.addQuestionOnEdit(assessment.kind), 'questions');
      }
      return this.reload(m, assessment.id);
    });
  }

  /**
   * DELETE: its teachers, SuperAdmin and Admin, with its questions and submissions. The spec's client confirms
   * in the browser and sends the plain DELETE, which deletes them all (issue 24). A client that sends the
   * number it showed (confirmSubmissions, 0 for "none") is refused with the real number when it differs, so
   * work handed in after the question was asked never goes unseen. How many went is answered (and logged).
   */
  async delete(
    actor: Actor,
    id: unknown,
    confirmSubmissions: unknown,
    kind?: AssessmentKind,
  ): Promise<{ id: string; deletedSubmissions: number }> {
    const { assessment, course } = await this.readable(actor, id, kind);
    authorize(actor, 'course.delete', course, { message: T.cannotManage(assessment.kind) });
    const done = await this.ds.transaction(async (m) => {
      await lockAssessment(m, assessment.id);
      const n = await submissionCount(m, assessment.id);
      const asked =
        confirmSubmissions === undefined || confirmSubmissions === null || confirmSubmissions === '' ? null : Number(confirmSubmissions);
      // the count also goes in the error's fields (GraphQL extensions, REST body) so a client need not parse the text
      if (asked !== null && asked !== n) throw conflict(T.confirmSubmissions(assessment.kind, n), { submissions: n });
      // students' work going with the item is on record (issue 24), in the delete's transaction; the title is kept in
      // the row since the item itself is gone
      if (n > 0) {
        await recordAudit(m, actor, {
          kind: AuditKind.SUBMISSIONS_DELETED,
          courseId: assessment.courseId,
          assessmentId: assessment.id,
          from: n,
          to: 0,
          note: `${n} ${n === 1 ? 'submission' : 'submissions'} deleted with the ${assessment.kind.toLowerCase()} "${assessment.title}"`,
        });
      }
      await deleteAssessment(m, assessment.id, assessment.kind);
      return { id: assessment.id, deletedSubmissions: n };
    });
    return done;
  }

  /**
   * Reuse list: the teacher's items of this kind, with course (year, class, subject) and module for the tree;
   * the target's own course and module included (DESIGN: copying last week's quiz within a course is a normal need).
   */
  async reusable(actor: Actor, kind: AssessmentKind, p: Parent): Promise<Assessment[]> {
    const { course } = await this.parent(actor, kind, p);
    authorize(actor, 'course.manage', course, { message: T.cannotManage(kind) });
    return reusableAssessments(this.ds, kind, actor.userId);
  }

  /** Whether the viewer receives the key of this course's assessments (presenters ask). */
  seesKey(actor: Actor, course: { teacherIds: string[] }): boolean {
    return visibleFields('assessment', actor, course).key;
  }

  clone(actor: Actor, kind: AssessmentKind | undefined, req: CloneRequest) {
    return this.cloning.clone(actor, kind, req);
  }

  clonePreview(actor: Actor, kind: AssessmentKind | undefined, req: CloneRequest) {
    return this.cloning.preview(actor, kind, req);
  }
}
