import { Actor } from '../../policies';
import { courseReadableSql } from '../../policies/sql';
import { Places, courseJson, placesSql } from '../../db/json-rows';
import type { Course } from './course.entity';
import type { Subject, SchoolClass, AcademicYear } from '../academic';
import type { User } from '../users';

/** What coursesPageSql answers: one window of the readable courses, as plain objects, and the whole list's total. */
export interface CoursesPageRow {
  items: CourseRow[];
  places: CoursePlaces;
  total: number;
}

/**
 * A course of row `c` with its teachers as their ids (by last and first name): its subject, class, year and teachers
 * come once each, by id, in coursePlacesSql, and placeCourses puts them back (a class's sixty courses share one
 * class, one year and a handful of teachers: sent with every course, they were four fifths of the row).
 */
const courseRowJson = (c: string, asked: CourseRowsAsked) => {
  const teachers = asked.teachers
    ? `'teachers', ARRAY(
  SELECT ct.teacher_id FROM course_teachers ct JOIN users t ON t.id = ct.teacher_id WHERE ct.course_id = ${c}.id ORDER BY t.last_name, t.first_name, t.id)`
    : '';
  return asked.whole
    ? courseJson(c, teachers)
    : `json_build_object('id', ${c}.id, 'title', ${c}.title,
  'subjectId', ${c}.subject_id, 'classId', ${c}.class_id, 'academicYearId', ${c}.academic_year_id${teachers && `, ${teachers}`})`;
};

/**
 * What of each course a list's statement builds: its teachers, and its whole row or only its id, title and places
 * (`whole` false: the operation asks no other field of a course, LEAN_COURSE_FIELDS). A student's sixty-two courses
 * built whole took PostgreSQL 1.10 ms a list, 0.78 ms built lean (ten fields and two dates each against five).
 */
export interface CourseRowsAsked {
  teachers: boolean;
  whole: boolean;
}

/** Everything of each course (REST's presenters, and any operation that may ask more than LEAN_COURSE_FIELDS). */
export const WHOLE_COURSES: CourseRowsAsked = { teachers: true, whole: true };

/** The Course fields a lean row answers (its places and teachers from coursePlacesSql); any other field needs it whole. */
export const LEAN_COURSE_FIELDS = ['id', 'title', 'subject', 'class', 'academicYear', 'teachers'] as const;

/**
 * The courses of rows `c` (from `from`, in `order`) as a JSON array of courseRowJson; without their teachers when
 * nobody asked (the Course field then loads them if it is asked after all), lean when nothing else is asked.
 */
export const courseRowsSql = (from: string, order: string, asked: CourseRowsAsked = WHOLE_COURSES) =>
  `(SELECT coalesce(json_agg(${courseRowJson('c', asked)} ORDER BY ${order}), '[]'::json) ${from})`;

/**
 * The subjects, classes, years and teachers of the courses of `rows` (a relation of the statement with the columns
 * id, subject_id, class_id and academic_year_id), each once, by id; `also` a class and a year to include whatever
 * the courses (a student's placement, which may have none). The relation carries the place ids so that they are
 * read from it, not from each course again for each kind of place (three joins of the page's courses).
 */
export const coursePlacesSql = (rows: string, also?: { classId: string; yearId: string }, teachers = true) =>
  placesSql({
    subjects: `SELECT subject_id FROM ${rows}`,
    classes: `SELECT class_id FROM ${rows}${also ? ` UNION ALL SELECT ${also.classId}` : ''}`,
    years: `SELECT academic_year_id FROM ${rows}${also ? ` UNION ALL SELECT ${also.yearId}` : ''}`,
    users: teachers ? `SELECT ct.teacher_id FROM course_teachers ct WHERE ct.course_id IN (SELECT id FROM ${rows})` : undefined,
  });

/** What coursePlacesSql answers. */
export type CoursePlaces = Places<Subject, SchoolClass, AcademicYear, User>;

/** A course of courseRowsSql: its teachers (when read) are ids until placeCourses. */
export type CourseRow = Omit<Course, 'teachers'> & { teachers?: Array<string | User> };

/**
 * Each course with its subject, class, year and teachers, as the field resolvers and the REST presenter read them:
 * the same object on every course that shares it (nothing changes them; a viewer's field decisions are then made
 * once per teacher, not once per course).
 */
export function placeCourses(courses: CourseRow[], places: CoursePlaces): Course[] {
  for (const c of courses) {
    c.subject = places.subjects[c.subjectId];
    c.class = places.classes[c.classId];
    c.academicYear = places.years[c.academicYearId];
    if (c.teachers) c.teachers = c.teachers.map((id) => places.users[id as string]);
  }
  return courses as Course[];
}

/**
 * `courses` (and GET /courses?limit=) in one statement: the courses the viewer $1 may read ('course.read', rendered
 * from its one definition: everything for SuperAdmin and Admin, a teacher's own, a student's class's), newest year
 * first, then class, subject and title (the ORM list's order, its collation), the window $2 (offset) and $3 (limit)
 * each with its subject, class, year and teachers, and the whole list's total. The window is taken before the
 * courses are built, so only the page's are.
 */
export function coursesPageSql(actor: Actor | null): string {
  const readable = courseReadableSql(actor, { courseId: 'c.id' }, '$1::uuid');
  const order = 'y.year DESC, cl.name, s.name, c.title, c.id';
  return `
WITH viewer AS (SELECT $1::uuid AS id),
mine AS (
  SELECT c.id, c.subject_id, c.class_id, c.academic_year_id, row_number() OVER (ORDER BY ${order}) AS rn
    FROM viewer, courses c JOIN subjects s ON s.id = c.subject_id JOIN classes cl ON cl.id = c.class_id
    JOIN academic_years y ON y.id = c.academic_year_id
   WHERE ${readable}),
win AS (
  SELECT * FROM mine ORDER BY rn OFFSET $2 LIMIT $3)
SELECT (SELECT count(*)::int FROM mine) AS total, ${courseRowsSql('FROM win w JOIN courses c ON c.id = w.id', 'w.rn')} AS items,
  ${coursePlacesSql('win')} AS places`;
}
