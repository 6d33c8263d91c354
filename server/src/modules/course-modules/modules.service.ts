import crypto from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { notFound, validation } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { Actor, authorize, can } from '../../policies';
import { deleteOne, holdForCopy } from '../../db/rows';
import { updateVersioned } from '../../db/versioned';
import {
  CourseFactsRow,
  TAUGHT_BY,
  oneCourseFacts,
  copyModule,
  ModuleDeleteImpact,
  moduleDeleteImpact,
  CoursesService,
  COURSE_TEXT,
} from '../courses';
import { CourseModule } from './module.entity';
import { modulesOfCourses } from './modules.loaders';
import { lockCourseOrder, moveModule, placeNewModule } from './modules.order';
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

  /** With its course, subject, class and year, for the module page header. */
  private query(m: EntityManager = this.ds.manager) {
    return m
      .getRepository(CourseModule)
      .createQueryBuilder('m')
      .innerJoinAndSelect('m.course', 'c')
      .innerJoinAndSelect('c.subject', 's')
      .innerJoinAndSelect('c.class', 'cl')
      .innerJoinAndSelect('c.academicYear', 'y');
  }

  /** Two statements: the module (with its course) and the course's facts. */
  async readable(actor: Actor, id: unknown, m: DataSource | EntityManager = this.ds): Promise<ReadableModule> {
    const moduleId = assertId(id, T.notFound);
    const module = await this.query(m instanceof DataSource ? m.manager : m)
      .where('m.id = :id', { id: moduleId })
      .getOne();
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

  private reload(m: EntityManager, id: string): Promise<CourseModule> {
    return this.query(m).where('m.id = :id', { id }).getOneOrFail();
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
      const [{ id }]: Array<{ id: string }> = await m.query(
        `INSERT INTO course_modules (course_id, title, description, module_type, sort_order, is_visible)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [course.id, f.title, f.description, f.moduleType, order, f.isVisible],
      );
      return this.reload(m, id);
    });
  }

  /** PUT /modules/{id}: title, description, type, order, visibility. */
  async update(actor: Actor, id: string, input: ModuleInput): Promise<CourseModule> {
    const { module } = await this.manageable(actor, id);
    const { set, version } = validateModuleEdit(input);
    return this.ds.transaction(async (m) => {
      if (set.order !== undefined) await moveModule(m, module.courseId, module.id, set.order);
      await updateVersioned(m, CourseModule, module.id, set, version, { what: 'module', notFound: T.notFound });
      return this.reload(m, module.id);
    });
  }

  /** DELETE /modules/{id}: the database cascades to its content; the file-cleanup job removes unused files. */
  async delete(actor: Actor, id: string): Promise<void> {
    const { module } = await this.manageable(actor, id);
    await deleteOne(this.ds, CourseModule, module.id, T.notFound);
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
    return this.query()
      .where(TAUGHT_BY('me'), { me: actor.userId })
      .orderBy('y.year', 'DESC')
      .addOrderBy('cl.name', 'ASC')
      .addOrderBy('c.title', 'ASC')
      .addOrderBy('m.sort_order', 'ASC')
      .addOrderBy('m.id', 'ASC')
      .getMany();
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
      await holdForCopy(m, 'course_modules', source.module.id, T.notFound);
      await lockCourseOrder(m, target.id);
      await copyModule(m, source.module.id, newId, target.id, actor.userId);
      if (Object.keys(set).length) await m.update(CourseModule, { id: newId }, set);
      return this.reload(m, newId);
    });
  }
}
