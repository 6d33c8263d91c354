import crypto from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { notFound, validation } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { Actor, authorize, can } from '../../policies';
import {
  CourseFactsRow,
  oneCourseFacts,
  copyModule,
  ModuleDeleteImpact,
  moduleDeleteImpact,
  CoursesService,
  COURSE_TEXT,
} from '../courses';
import { CourseModule } from './module.entity';
import {
  deleteModule,
  holdModuleForCopy,
  insertModule,
  lockCourseOrder,
  moduleWithCourse,
  moduleWithCourseOrFail,
  modulesOfCourses,
  moveModule,
  placeNewModule,
  reusableModules,
  setCopiedModuleFields,
  updateModule,
} from './modules.repository';
import { MODULE_TEXT as T, ModuleInput, validateModuleEdit, validateNewModule } from './modules.validation';

/** A module the actor may read, with the facts of its course. */
export interface ReadableModule {
  module: CourseModule;
  course: CourseFactsRow;
}

/**
 * Modules of a course: managed by the course's teachers; read by whoever reads the course, hidden ones
 * only by SuperAdmin, Admin and its teachers (a student asking for a hidden one gets not found).
 */
export class ModulesService {
  constructor(
    private readonly ds: DataSource,
    private readonly courses: CoursesService,
  ) {}

  /** Two statements: the module (with its course) and the course's facts. */
  async readable(actor: Actor, id: unknown, m: DataSource | EntityManager = this.ds): Promise<ReadableModule> {
    const moduleId = assertId(id, T.notFound);
    const module = await moduleWithCourse(m, moduleId);
    if (!module) throw notFound(T.notFound);
    const course = await oneCourseFacts(m, actor, module.courseId);
    if (!course) throw notFound(T.notFound);
    authorize(actor, 'course.readItem', { course, visible: module.isVisible }, { as: 'notFound', message: T.notFound });
    return { module, course };
  }

  /** A module the actor may change (a teacher of its course); others who may read it are refused. */
  async manageable(actor: Actor, id: unknown, m?: EntityManager): Promise<ReadableModule> {
    const found = await this.readable(actor, id, m);
    authorize(actor, 'course.manage', found.course, { message: T.cannotManage });
    return found;
  }

  /** GET /modules/course/{courseId}: by order; students get visible modules only (filtered in SQL). */
  async listForCourse(actor: Actor, courseId: string): Promise<CourseModule[]> {
    const course = await this.courses.readable(actor, courseId);
    return modulesOfCourses(this.ds, actor, [course.id]);
  }

  /** GET /modules/{moduleId}. */
  async get(actor: Actor, id: string): Promise<CourseModule> {
    return (await this.readable(actor, id)).module;
  }

  /** POST /modules; without an order the module goes after the highest one. */
  async create(actor: Actor, input: ModuleInput & { courseId?: unknown }): Promise<CourseModule> {
    if (input.courseId === undefined || input.courseId === null || input.courseId === '')
      throw validation('Course is required', 'courseId');
    const course = await this.courses.readable(actor, input.courseId);
    authorize(actor, 'course.manage', course, { message: T.cannotManage });
    const f = validateNewModule(input);
    return this.ds.transaction(async (m) => {
      const order = await placeNewModule(m, course.id, f.order);
      const id = await insertModule(m, course.id, f, order);
      return moduleWithCourseOrFail(m, id);
    });
  }

  /** PUT /modules/{id}: title, description, type, order, visibility. */
  async update(actor: Actor, id: string, input: ModuleInput): Promise<CourseModule> {
    const { module } = await this.manageable(actor, id);
    const { set, version } = validateModuleEdit(input);
    return this.ds.transaction(async (m) => {
      if (set.order !== undefined) await moveModule(m, module.courseId, module.id, set.order);
      await updateModule(m, module.id, set, version);
      return moduleWithCourseOrFail(m, module.id);
    });
  }

  /** DELETE /modules/{id}: the database cascades to its content; the file-cleanup job removes unused files. */
  async delete(actor: Actor, id: string): Promise<void> {
    const { module } = await this.manageable(actor, id);
    await deleteModule(this.ds, module.id);
  }

  /** What a delete would remove with the module, for its confirmation; null for those who may not delete it. */
  async deleteImpact(actor: Actor, id: string): Promise<ModuleDeleteImpact | null> {
    const { module, course } = await this.readable(actor, id);
    return can(actor, 'course.manage', course) ? moduleDeleteImpact(this.ds, module.id) : null;
  }

  /**
   * GET /modules/reuse/available/{courseId}: modules of the teacher's courses, the target's own included
   * (DESIGN: reuse lists include the current course's items), each with its course (year, class, subject) so
   * the client can show the tree. The target course must be one they teach.
   */
  async reusable(actor: Actor, courseId: string): Promise<CourseModule[]> {
    const target = await this.courses.readable(actor, courseId);
    authorize(actor, 'course.manage', target, { message: T.cannotManage });
    return reusableModules(this.ds.manager, actor.userId);
  }

  /**
   * POST /modules/reuse/clone/{moduleId} {newCourseId}: a deep copy (with content) appended to one of your courses.
   * The reuse picker lets the teacher change the title and description, so they are taken in the same transaction.
   */
  async clone(
    actor: Actor,
    moduleId: unknown,
    newCourseId: unknown,
    rename: Pick<ModuleInput, 'title' | 'description'> = {},
  ): Promise<CourseModule> {
    if (moduleId === undefined || moduleId === null || moduleId === '') throw validation(T.selectModule);
    if (newCourseId === undefined || newCourseId === null || newCourseId === '') throw validation('Course is required');
    const { set } = validateModuleEdit({ title: rename.title ?? undefined, description: rename.description ?? undefined });
    const source = await this.manageable(actor, moduleId);
    const target = await this.courses.readable(actor, newCourseId);
    authorize(actor, 'course.manage', target, { message: COURSE_TEXT.cannotManage });
    const newId = crypto.randomUUID();
    return this.ds.transaction(async (m) => {
      await holdModuleForCopy(m, source.module.id);
      await lockCourseOrder(m, target.id);
      await copyModule(m, source.module.id, newId, target.id, actor.userId);
      if (Object.keys(set).length) await setCopiedModuleFields(m, newId, set);
      return moduleWithCourseOrFail(m, newId);
    });
  }
}
