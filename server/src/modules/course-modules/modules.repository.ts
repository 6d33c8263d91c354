/**
 * Every statement the course-modules domain runs: the service and the loaders call these and decide. TypeORM for
 * the rows (repositories and query builders, the shared versioned update, delete and copy hold of server/src/db);
 * SQL for the ordering below (lock, shift, next number) and for the insert that takes its number. The readable
 * filter is SQL text from policies/sql, run here in a query builder. The statements of a copy itself (courses'
 * copyModule), of the course facts and of the delete impact belong to the courses domain.
 */
import { DataSource, EntityManager, In } from 'typeorm';
import { notFound } from '../../errors/domain-error';
import { Actor } from '../../policies';
import { itemReadableSql } from '../../policies/sql';
import { deleteOne, holdForCopy } from '../../db/rows';
import { updateVersioned } from '../../db/versioned';
import { COURSE_TEXT, TAUGHT_BY } from '../courses';
import { CourseModule, ModuleType } from './module.entity';
import { MODULE_TEXT as T, ModuleFields } from './modules.validation';

/**
 * The modules of these courses that the viewer may read ('course.readItem' in SQL: hidden ones only for
 * SuperAdmin, Admin and the course's teachers), by order. Every path to a course's modules uses it.
 */
export function modulesOfCourses(m: DataSource | EntityManager, actor: Actor | null, courseIds: string[]): Promise<CourseModule[]> {
  return m
    .getRepository(CourseModule)
    .createQueryBuilder('m')
    .where('m.course_id IN (:...courseIds)', { courseIds })
    .andWhere(itemReadableSql(actor, { courseId: 'm.course_id', visible: 'm.is_visible' }, ':viewer'), { viewer: actor?.userId })
    .orderBy('m.sort_order', 'ASC')
    .addOrderBy('m.created_at', 'ASC')
    .addOrderBy('m.id', 'ASC')
    .getMany();
}

/** Modules by id, without their courses and whoever may read them (the field resolvers' loader). */
export function modulesByIds(m: DataSource | EntityManager, ids: string[]): Promise<CourseModule[]> {
  return m.getRepository(CourseModule).findBy({ id: In(ids) });
}

/** With its course, subject, class and year, for the module page header. */
function moduleWithCourseQuery(m: EntityManager) {
  return m
    .getRepository(CourseModule)
    .createQueryBuilder('m')
    .innerJoinAndSelect('m.course', 'c')
    .innerJoinAndSelect('c.subject', 's')
    .innerJoinAndSelect('c.class', 'cl')
    .innerJoinAndSelect('c.academicYear', 'y');
}

/** One module with its course (subject, class, year), whoever may read it (the service checks that); null when there is none. */
export function moduleWithCourse(m: DataSource | EntityManager, id: string): Promise<CourseModule | null> {
  return moduleWithCourseQuery(m instanceof DataSource ? m.manager : m)
    .where('m.id = :id', { id })
    .getOne();
}

/** A module written in this transaction, with its course, as the database has it now. */
export function moduleWithCourseOrFail(m: EntityManager, id: string): Promise<CourseModule> {
  return moduleWithCourseQuery(m).where('m.id = :id', { id }).getOneOrFail();
}

/** Modules of the courses this teacher teaches, each with its course, as a tree by year, class, course and order. */
export function reusableModules(m: EntityManager, teacherId: string): Promise<CourseModule[]> {
  return moduleWithCourseQuery(m)
    .where(TAUGHT_BY('me'), { me: teacherId })
    .orderBy('y.year', 'DESC')
    .addOrderBy('cl.name', 'ASC')
    .addOrderBy('c.title', 'ASC')
    .addOrderBy('m.sort_order', 'ASC')
    .addOrderBy('m.id', 'ASC')
    .getMany();
}

/** Writes a new module at `order` (placed by placeNewModule in the same transaction); answers its id. */
export async function insertModule(
  m: EntityManager,
  courseId: string,
  f: { title: string; description?: string; moduleType: ModuleType; isVisible: boolean },
  order: number,
): Promise<string> {
  const [{ id }]: Array<{ id: string }> = await m.query(
    `INSERT INTO course_modules (course_id, title, description, module_type, sort_order, is_visible)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [courseId, f.title, f.description, f.moduleType, order, f.isVisible],
  );
  return id;
}

/** Changes a module and bumps its version; CONFLICT when `version` is given and stale, not found when gone. */
export function updateModule(m: EntityManager, id: string, set: ModuleFields, version: number | undefined): Promise<CourseModule> {
  return updateVersioned(m, CourseModule, id, set, version, { what: 'module', notFound: T.notFound });
}

/** Sets fields of a module copied in this transaction (no version bump: nobody has seen it yet). */
export async function setCopiedModuleFields(m: EntityManager, id: string, set: ModuleFields): Promise<void> {
  await m.update(CourseModule, { id }, set);
}

/** Deletes a module (the database cascades to its content); not found when already gone. */
export function deleteModule(m: DataSource | EntityManager, id: string): Promise<void> {
  return deleteOne(m, CourseModule, id, T.notFound);
}

/** Holds a module about to be copied until the copy commits (a delete waits); not found when already deleted. */
export function holdModuleForCopy(m: EntityManager, id: string): Promise<void> {
  return holdForCopy(m, 'course_modules', id, T.notFound);
}

/**
 * A course's module order numbers are unique (the database says so). A module placed at a taken number is
 * inserted there and the ones from that number on move down one, as a teacher who types "1" expects; the
 * course row is locked first, so simultaneous creates in one course take their turn instead of both
 * taking "the highest plus one".
 */
export async function lockCourseOrder(m: EntityManager, courseId: string): Promise<void> {
  const rows: unknown[] = await m.query('SELECT 1 FROM courses WHERE id = $1 FOR NO KEY UPDATE', [courseId]);
  if (!rows.length) throw notFound(COURSE_TEXT.notFound); // deleted meanwhile
}

/** The number a new module gets: the one asked for (making room there), else the highest plus one. */
export async function placeNewModule(m: EntityManager, courseId: string, wanted: number | undefined): Promise<number> {
  await lockCourseOrder(m, courseId);
  if (wanted === undefined) {
    const [{ next }] = await m.query('SELECT COALESCE(MAX(sort_order), 0) + 1 AS next FROM course_modules WHERE course_id = $1', [
      courseId,
    ]);
    return next;
  }
  await m.query('UPDATE course_modules SET sort_order = sort_order + 1 WHERE course_id = $1 AND sort_order >= $2', [courseId, wanted]);
  return wanted;
}

/** Moves a module to another number, shifting the ones in between by one (the constraint is checked at commit). */
export async function moveModule(m: EntityManager, courseId: string, moduleId: string, to: number): Promise<void> {
  await lockCourseOrder(m, courseId);
  const [row]: Array<{ sort_order: number }> = await m.query('SELECT sort_order FROM course_modules WHERE id = $1', [moduleId]);
  if (!row || row.sort_order === to) return;
  const from = row.sort_order;
  const taken: unknown[] = await m.query('SELECT 1 FROM course_modules WHERE course_id = $1 AND sort_order = $2 AND id <> $3', [
    courseId,
    to,
    moduleId,
  ]);
  if (!taken.length) return; // a free number: the update itself moves it
  if (to < from) {
    await m.query('UPDATE course_modules SET sort_order = sort_order + 1 WHERE course_id = $1 AND sort_order >= $2 AND sort_order < $3', [
      courseId,
      to,
      from,
    ]);
  } else {
    await m.query('UPDATE course_modules SET sort_order = sort_order - 1 WHERE course_id = $1 AND sort_order > $2 AND sort_order <= $3', [
      courseId,
      from,
      to,
    ]);
  }
}
