import { DataSource, EntityManager, In } from 'typeorm';
import { Actor } from '../../policies';
import { courseReadableSql } from '../../policies/sql';
import { deleteOne, holdForCopy, type Runner } from '../../db/rows';
import { updateVersioned } from '../../db/versioned';
import { PageWindow } from '../../core/paging';
import type { User } from '../users';
import { Course } from './course.entity';
import { CourseFactsColumns, CourseFactsRow, TAUGHT_BY, courseFactsSql, factsOfColumns } from './courses.facts';
import { CourseDeleteImpact, ModuleDeleteImpact } from './courses.impact';
import { CourseRowsAsked, CoursesPageRow, coursesPageSql } from './courses.list';
import { myCoursesStatement } from './courses.my-courses';
import { CoursePageRow, coursePageSql } from './courses.page';
import { StudentCoursesRow, studentCoursesSql } from './courses.student-courses';
import type { TeacherCourseYear } from './courses.types';
import { COURSE_TEXT as T, CourseFields } from './courses.validation';

/*
 * Every statement of the courses domain (issue 29) but the copies (courses.repository.copy.ts): the service, the
 * loaders and the other domains (through index.ts) call these and decide. The domain writes both styles, each kept
 * where it was: TypeORM for the course rows GraphQL and REST answer as entities (a query builder with the course's
 * places, the shared versioned update, delete and copy hold of server/src/db), raw SQL for the facts the rules read,
 * the delete impact and the one-statement reads whose texts courses.list.ts, courses.student-courses.ts,
 * courses.my-courses.ts and courses.page.ts build.
 */

/** One statement whatever the size: subject, class, year and (unless `teachers` is false) teachers come by joins. */
function coursesQuery(m: Runner, teachers = true) {
  const qb = m
    .getRepository(Course)
    .createQueryBuilder('c')
    .innerJoinAndSelect('c.subject', 's')
    .innerJoinAndSelect('c.class', 'cl')
    .innerJoinAndSelect('c.academicYear', 'y');
  if (teachers) qb.leftJoinAndSelect('c.teachers', 't');
  qb.orderBy('y.year', 'DESC')
    .addOrderBy('cl.name', 'ASC')
    .addOrderBy('s.name', 'ASC')
    .addOrderBy('c.title', 'ASC')
    .addOrderBy('c.id', 'ASC');
  return teachers ? qb.addOrderBy('t.lastName', 'ASC').addOrderBy('t.firstName', 'ASC') : qb;
}

/** 'course.read' in SQL: the list shows exactly the courses that GET /courses/{id} would show. */
function readableQuery(m: Runner, actor: Actor, teachers = true) {
  return coursesQuery(m, teachers).where(courseReadableSql(actor, { courseId: 'c.id' }, ':viewer'), { viewer: actor.userId });
}

/** Every course the actor may read, with its places and teachers, in the lists' order (GET /courses without a window). */
export function readableCourses(m: Runner, actor: Actor): Promise<Course[]> {
  return readableQuery(m, actor).getMany();
}

/** The readable courses with this title (regardless of case) in one academic year (coursesByCode). */
export function readableCoursesWithTitle(m: Runner, actor: Actor, title: string, academicYearId: string): Promise<Course[]> {
  return readableQuery(m, actor)
    .andWhere('lower(c.title) = lower(:title) AND c.academic_year_id = :year', { title, year: academicYearId })
    .getMany();
}

/** The courses one teacher teaches, with their places and teachers. */
export function coursesTaughtBy(m: Runner, teacherId: string): Promise<Course[]> {
  return coursesQuery(m).where(TAUGHT_BY('teacher'), { teacher: teacherId }).getMany();
}

/** The courses of one subject a teacher teaches, any class and year (the courses they may reuse). */
export function coursesTaughtByOfSubject(m: Runner, teacherId: string, subjectId: string): Promise<Course[]> {
  return coursesQuery(m).where(TAUGHT_BY('me'), { me: teacherId }).andWhere('c.subject_id = :subjectId', { subjectId }).getMany();
}

/** One course with its places and teachers; null when there is none. */
export function courseWithPlaces(m: Runner, id: string): Promise<Course | null> {
  return coursesQuery(m).where('c.id = :id', { id }).getOne();
}

/** The course row alone, which the caller has just read the facts of (gone since: the ORM's not-found error). */
export function courseRowOrFail(m: Runner, id: string): Promise<Course> {
  return m.getRepository(Course).findOneByOrFail({ id });
}

/** Courses by id, without their places (the request's courseById loader). */
export function coursesByIds(m: Runner, ids: string[]): Promise<Course[]> {
  return m.getRepository(Course).findBy({ id: In(ids) });
}

/** The teachers of these courses, each row with its course's id, by last and first name (teachersByCourse). */
export function teacherRowsOfCourses(m: Runner, ids: readonly string[]): Promise<Array<User & { course_id: string }>> {
  return m.query(
    `SELECT ct.course_id, u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email, u.role,
            u.activated, u.class_id AS "classId", u.academic_year_id AS "academicYearId", u.created_at AS "createdAt"
       FROM course_teachers ct JOIN users u ON u.id = ct.teacher_id
      WHERE ct.course_id = ANY($1::uuid[]) ORDER BY u.last_name, u.first_name, u.id`,
    [[...ids]],
  );
}

/** One window of the courses the actor may read with their places, and the list's total (coursesPageSql). */
export async function readableCoursesPage(ds: DataSource, actor: Actor, window: PageWindow): Promise<CoursesPageRow> {
  const [row]: CoursesPageRow[] = await ds.query(coursesPageSql(actor), [actor.userId, window.offset, window.limit]);
  return row;
}

/** A student's placement and the courses of it the reader may read (studentCoursesSql); none when not placed. */
export async function studentCoursesRow(
  ds: DataSource,
  reader: Actor,
  studentId: string,
  asked: CourseRowsAsked,
): Promise<StudentCoursesRow | undefined> {
  const [row]: StudentCoursesRow[] = await ds.query(studentCoursesSql(reader, asked), [studentId, reader.userId]);
  return row;
}

/** A teacher's My Courses tree, as plain objects with the entities' property names (courses.my-courses.ts). */
export async function myCoursesTree(ds: DataSource, teacherId: string, lean: boolean): Promise<TeacherCourseYear[]> {
  const [{ tree }]: Array<{ tree: TeacherCourseYear[] }> = await ds.query(myCoursesStatement(lean), [teacherId]);
  return tree;
}

/** The course page's row: the course's facts, and the page and its people when the viewer may read it (else null). */
export type CoursePageAnswer = CourseFactsColumns & { page: CoursePageRow | null; people: { users: Record<string, User> } | null };

/** The course page in one statement (coursePageSql); none when there is no such course. */
export async function coursePageRow(ds: DataSource, actor: Actor, courseId: string): Promise<CoursePageAnswer | undefined> {
  const [row]: CoursePageAnswer[] = await ds.query(coursePageSql(actor), [courseId, actor.userId]);
  return row;
}

/**
 * The facts every course rule needs (teachers; whether the viewer is a student of its class and year),
 * for many courses in one statement. Services call `authorize()` with them on the object itself.
 */
export async function courseFacts(q: Runner, actor: Actor, courseIds: string[]): Promise<Map<string, CourseFactsRow>> {
  if (!courseIds.length) return new Map();
  const rows: CourseFactsColumns[] = await q.query(`SELECT ${courseFactsSql('c', '$2')} FROM courses c WHERE c.id = ANY($1::uuid[])`, [
    courseIds,
    actor.userId,
  ]);
  return new Map(rows.map((r) => [r.id, factsOfColumns(r)]));
}

/** One course's facts (courseFacts); undefined when there is no such course. */
export async function oneCourseFacts(q: Runner, actor: Actor, courseId: string): Promise<CourseFactsRow | undefined> {
  return (await courseFacts(q, actor, [courseId])).get(courseId);
}

/** The teachers of the allocation for this class, subject and year (empty when there is none). */
export async function allocationTeacherIds(
  m: EntityManager,
  f: Pick<CourseFields, 'classId' | 'subjectId' | 'academicYearId'>,
): Promise<string[]> {
  const [row]: Array<{ teacher_ids: string[] }> = await m.query(
    `SELECT ARRAY(SELECT x.teacher_id::text FROM allocation_teachers x WHERE x.allocation_id = a.id) AS teacher_ids
       FROM allocations a WHERE a.class_id = $1 AND a.subject_id = $2 AND a.academic_year_id = $3`,
    [f.classId, f.subjectId, f.academicYearId],
  );
  return row?.teacher_ids ?? [];
}

/** A new course; its id. Its teachers are its allocation's (the course_teachers view). */
export async function insertCourse(m: EntityManager, fields: CourseFields, createdBy: string): Promise<string> {
  const [{ id }]: Array<{ id: string }> = await m.query(
    `INSERT INTO courses (title, description, subject_id, class_id, academic_year_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [fields.title, fields.description, fields.subjectId, fields.classId, fields.academicYearId, createdBy],
  );
  return id;
}

/** Changes a course and bumps its version; CONFLICT when `version` is given and stale, not found when gone. */
export function updateCourse(
  m: EntityManager,
  id: string,
  set: { title?: string; description?: string },
  version: number | undefined,
): Promise<Course> {
  return updateVersioned(m, Course, id, set, version, { what: 'course', notFound: T.notFound });
}

/** Deletes a course (the database cascades to everything in it); not found when a concurrent delete took it first. */
export function deleteCourse(m: Runner, id: string): Promise<void> {
  return deleteOne(m, Course, id, T.notFound);
}

/** Holds a course about to be copied until the copy commits (a delete waits); not found when already deleted. */
export function holdCourseForCopy(m: EntityManager, id: string): Promise<void> {
  return holdForCopy(m, 'courses', id, T.notFound);
}

/** What deleting the course takes with it, counted along the foreign keys the database cascades on. */
export async function courseDeleteImpact(db: Runner, courseId: string): Promise<CourseDeleteImpact> {
  const [row] = await db.query(
    `SELECT (SELECT count(*) FROM course_modules WHERE course_id = $1)::int AS modules,
            (SELECT count(*) FROM contents ct JOIN course_modules mo ON mo.id = ct.module_id WHERE mo.course_id = $1)::int AS contents,
            (SELECT count(*) FROM assessments WHERE course_id = $1)::int AS assessments,
            (SELECT count(*) FROM submissions s JOIN assessments a ON a.id = s.assessment_id WHERE a.course_id = $1)::int AS submissions,
            (SELECT count(*) FROM announcements WHERE course_id = $1)::int AS announcements,
            (SELECT count(*) FROM discussions WHERE course_id = $1)::int AS discussions`,
    [courseId],
  );
  return Object.assign(new CourseDeleteImpact(), row);
}

/** What deleting the module takes with it (the course-modules domain asks). */
export async function moduleDeleteImpact(db: Runner, moduleId: string): Promise<ModuleDeleteImpact> {
  const [row] = await db.query(
    `SELECT (SELECT count(*) FROM contents WHERE module_id = $1)::int AS contents,
            (SELECT count(*) FROM assessments WHERE module_id = $1)::int AS quizzes,
            (SELECT count(*) FROM submissions s JOIN assessments a ON a.id = s.assessment_id WHERE a.module_id = $1)::int AS submissions`,
    [moduleId],
  );
  return Object.assign(new ModuleDeleteImpact(), row);
}
