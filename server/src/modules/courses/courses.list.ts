import { Actor } from '../../policies';
import { courseReadableSql } from '../../policies/sql';
import { classJson, courseJson, subjectJson, userJson, yearJson } from '../../db/json-rows';
import type { Course } from './course.entity';

/** What coursesPageSql answers: one window of the readable courses, as plain objects, and the whole list's total. */
export interface CoursesPageRow {
  items: Course[];
  total: number;
}

/**
 * A course of row `c` with its subject (`s`), class (`cl`), year (`y`) and teachers (by last and first name), as the
 * field resolvers and the REST presenter read them; the caller joins the three rows under those aliases.
 */
export const courseWithPlaceJson = (c: string) => courseJson(c, `
  'subject', ${subjectJson('s')}, 'class', ${classJson('cl')}, 'academicYear', ${yearJson('y')},
  'teachers', (SELECT coalesce(json_agg(${userJson('t')} ORDER BY t.last_name, t.first_name, t.id), '[]'::json)
                 FROM course_teachers ct JOIN users t ON t.id = ct.teacher_id WHERE ct.course_id = ${c}.id)`);

/**
 * `courses` (and GET /courses?limit=) in one statement: the courses the viewer $1 may read ('course.read', rendered
 * from its one definition: everything for SuperAdmin and Admin, a teacher's own, a student's class's), newest year
 * first, then class, subject and title (the ORM list's order, its collation), the window $2 (offset) and $3 (limit)
 * each with its subject, class, year and teachers, and the whole list's total. The window is taken before the
 * courses are built, so only the page's are.
 */
export function coursesPageSql(actor: Actor | null): string {
  const readable = courseReadableSql(actor, { courseId: 'c.id' }, 'viewer.id');
  const order = 'y.year DESC, cl.name, s.name, c.title, c.id';
  return `
WITH viewer AS (SELECT $1::uuid AS id),
mine AS (
  SELECT c.id, row_number() OVER (ORDER BY ${order}) AS rn
    FROM viewer, courses c JOIN subjects s ON s.id = c.subject_id JOIN classes cl ON cl.id = c.class_id
    JOIN academic_years y ON y.id = c.academic_year_id
   WHERE ${readable}),
win AS (
  SELECT * FROM mine ORDER BY rn OFFSET $2 LIMIT $3)
SELECT (SELECT count(*)::int FROM mine) AS total, coalesce((
  SELECT json_agg(${courseWithPlaceJson('c')} ORDER BY w.rn)
    FROM win w JOIN courses c ON c.id = w.id JOIN subjects s ON s.id = c.subject_id JOIN classes cl ON cl.id = c.class_id
    JOIN academic_years y ON y.id = c.academic_year_id), '[]'::json) AS items`;
}
