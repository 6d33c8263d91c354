import { DataSource, EntityManager } from 'typeorm';
import { validation } from '../../errors/domain-error';
import { Actor, authorize } from '../../policies';
import { CourseFactsRow } from '../courses';
import { Assessment, AssessmentKind, AssessmentScope } from './assessment.entity';
import { ASSESSMENT_TEXT as T, dueDate, validateAssessmentEdit } from './assessments.validation';
import {
  copyItemDraws,
  copyItemImages,
  fixedQuestionCount,
  holdAssessmentForCopy,
  lockCoursePositions,
  studentsOfCourse,
  targetsOf,
} from './assessments.repository';
import { insertAssessment, questionsOf, refreshTotalPoints } from './assessments.repository.questions';
import { AssessmentStudent } from './assessments.types';

/** What a clone needs of the service (passed in, so the two files do not import each other). */
export interface CloneHost {
  manageable(actor: Actor, id: unknown, kind?: AssessmentKind): Promise<{ assessment: Assessment; course: CourseFactsRow }>;
  parent(
    actor: Actor,
    kind: AssessmentKind,
    p: { courseId?: unknown; moduleId?: unknown },
  ): Promise<{ course: CourseFactsRow; moduleId: string | null }>;
  topPosition(m: EntityManager, kind: AssessmentKind, courseId: string, moduleId: string | null, end: 'top' | 'bottom'): Promise<number>;
  reload(m: DataSource | EntityManager, id: string): Promise<Assessment>;
}

/** POST /assignments/reuse/clone/{id} {targetCourseId}, /quizzes/reuse/clone/{id} {newModuleId}, and GraphQL. */
export interface CloneRequest {
  assessmentId?: unknown;
  targetCourseId?: unknown;
  newModuleId?: unknown;
  dueDate?: unknown;
  title?: unknown;
  description?: unknown;
}

export interface CloneChanges {
  droppedStudents: AssessmentStudent[];
  scopeSwitchedToWholeClass: boolean;
  dueDateInPast: boolean;
  questionCount: number;
}

interface ClonePlan {
  source: Assessment;
  course: CourseFactsRow;
  moduleId: string | null;
  keptTargets: string[];
  dueDate: Date;
  set: { title?: string; description?: string };
  changes: CloneChanges;
}

/**
 * Reuse: a deep copy (questions, options, accepted answers, partial marking, random draws) into a course the teacher
 * teaches (assignments, exams) or a module (quizzes), appended to its list. Targets not placed in the
 * target's class and year are dropped; with none left the copy is for the whole class. The preview
 * computes the same plan and writes nothing, so the dialog can say what will change before copying.
 */
export class AssessmentCloning {
  constructor(
    private readonly ds: DataSource,
    private readonly host: CloneHost,
  ) {}

  /** `wanted`: the REST family's kind; GraphQL takes the source's. */
  private async plan(
    actor: Actor,
    wanted: AssessmentKind | undefined,
    req: CloneRequest,
    m: DataSource | EntityManager = this.ds,
  ): Promise<ClonePlan> {
    if (req.assessmentId === undefined || req.assessmentId === null || req.assessmentId === '')
      throw validation(T.selectItem(wanted ?? AssessmentKind.ASSIGNMENT), 'assessmentId');
    const { assessment: source } = await this.host.manageable(actor, req.assessmentId, wanted);
    const kind = source.kind;
    const into = kind === AssessmentKind.QUIZ ? { moduleId: req.newModuleId } : { courseId: req.targetCourseId };
    const { course, moduleId: targetModule } = await this.host.parent(actor, kind, into);
    authorize(actor, 'course.manage', course, { message: T.cannotManage(kind) });
    // an assignment or exam keeps its module only when copied within its own course
    const moduleId = kind === AssessmentKind.QUIZ ? targetModule : course.id === source.courseId ? source.moduleId : null;
    const { set } = validateAssessmentEdit(kind, source.scope, {
      title: req.title ?? undefined,
      description: req.description ?? undefined,
    });
    const due = dueDate(req.dueDate) ?? source.dueDate;
    const targets = await targetsOf(m, [source.id]);
    const placed = new Set((await studentsOfCourse(m, course.id)).map((s) => s.id));
    const dropped = targets.filter((t) => !placed.has(t.id)).map(({ assessmentId: _a, ...s }) => s);
    const keptTargets = targets.filter((t) => placed.has(t.id)).map((t) => t.id);
    const individual = source.scope === AssessmentScope.individual_students;
    const n = await fixedQuestionCount(m, source.id);
    return {
      source,
      course,
      moduleId,
      keptTargets: individual ? keptTargets : [],
      dueDate: due,
      set,
      changes: {
        droppedStudents: individual ? dropped : [],
        scopeSwitchedToWholeClass: individual && !keptTargets.length,
        dueDateInPast: due.getTime() < Date.now(),
        questionCount: n,
      },
    };
  }

  preview(actor: Actor, kind: AssessmentKind | undefined, req: CloneRequest): Promise<CloneChanges> {
    return this.plan(actor, kind, req).then((p) => p.changes);
  }

  async clone(
    actor: Actor,
    wanted: AssessmentKind | undefined,
    req: CloneRequest,
  ): Promise<{ assessment: Assessment; changes: CloneChanges }> {
    const p = await this.plan(actor, wanted, req);
    const kind = p.source.kind;
    return this.ds.transaction(async (m) => {
      await holdAssessmentForCopy(m, p.source.id, kind);
      await lockCoursePositions(m, p.course.id);
      const questions = await questionsOf(m, [p.source.id]);
      const s = p.source;
      const scope = p.keptTargets.length ? AssessmentScope.individual_students : AssessmentScope.whole_class;
      const id = await insertAssessment(
        m,
        {
          kind,
          courseId: p.course.id,
          moduleId: p.moduleId,
          title: p.set.title ?? s.title,
          description: p.set.description ?? s.description,
          instructions: s.instructions,
          dueDate: p.dueDate,
          resultVisibility: s.resultVisibility,
          isVisible: s.isVisible,
          scope,
          position: await this.host.topPosition(m, kind, p.course.id, p.moduleId, 'bottom'),
          createdBy: actor.userId,
        },
        p.keptTargets,
        questions.map((q) => ({
          type: q.type,
          questionText: q.questionText,
          points: q.points,
          order: q.order,
          options: q.options.map((o) => ({ text: o.text, isCorrect: !!o.isCorrect })),
          accepted: q.acceptedAnswers ?? [],
          partialMarking: !!q.partialMarking?.enabled,
          penaltyPerWrong: q.partialMarking?.penaltyPerWrong ?? 0,
        })),
      );
      await copyItemImages(m, id, p.source.id);
      await copyItemDraws(m, id, p.source.id);
      await refreshTotalPoints(m, id);
      return { assessment: await this.host.reload(m, id), changes: p.changes };
    });
  }
}
