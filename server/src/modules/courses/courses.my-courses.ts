import { taughtBySql } from '../../policies/sql';
import { classJson, courseJson, leanJson, numericOrderSql as byName, subjectJson, yearJson } from '../../db/json-rows';

/**
 * My Courses (a teacher's allocations and courses by year, class and subject) as one statement: the tree is
 * built in PostgreSQL, in the order CoursesService.myCourses documents (years newest first, then classes,
 * subjects and course titles by name, digit runs by value), and handed to GraphQL as plain objects. $1 is the
 * teacher: the allocations they are named on, and the courses they teach ('course.listOfTeacher', the
 * taughtBySql twin), so a course whose allocation was removed still shows, under a null allocationId.
 * `lean`: each year, class, subject and course with MY_COURSES_LEAN's fields alone (an operation that asks no more,
 * as the web's page: the entities' timestamps and other fields were half the statement's work).
 */
const myCoursesSql = (lean: boolean) => {
  const [year, cls, subject, course] = lean
    ? [
        leanJson(MY_COURSES_LEAN.academicYear),
        leanJson(MY_COURSES_LEAN.class),
        leanJson(MY_COURSES_LEAN.subject),
        leanJson(MY_COURSES_LEAN.courses),
      ]
    : [yearJson, classJson, subjectJson, courseJson];
  return `
WITH mine AS (
  SELECT a.academic_year_id AS y_id, a.class_id AS c_id, a.subject_id AS s_id, a.id AS allocation_id, NULL::uuid AS course_id
    FROM allocations a WHERE EXISTS (SELECT 1 FROM allocation_teachers x WHERE x.allocation_id = a.id AND x.teacher_id = $1)
  UNION ALL
  SELECT c.academic_year_id, c.class_id, c.subject_id, NULL, c.id FROM courses c WHERE ${taughtBySql('c.id', '$1')}),
subj AS (
  SELECT m.y_id, m.c_id, s.id AS s_id, s.name AS s_name,
         json_build_object('allocationId', max(m.allocation_id::text), 'subject', ${subject('s')},
           'courses', coalesce(json_agg(${course('c')} ORDER BY ${byName('c.title')}, c.id) FILTER (WHERE c.id IS NOT NULL), '[]'::json)) AS node
    FROM mine m JOIN subjects s ON s.id = m.s_id LEFT JOIN courses c ON c.id = m.course_id
   GROUP BY m.y_id, m.c_id, s.id),
cls AS (
  SELECT sj.y_id, json_build_object('class', ${cls('cl')}, 'subjects', json_agg(sj.node ORDER BY ${byName('sj.s_name')}, sj.s_id)) AS node,
         cl.name AS c_name, cl.id AS c_id
    FROM subj sj JOIN classes cl ON cl.id = sj.c_id GROUP BY sj.y_id, cl.id)
SELECT coalesce(json_agg(json_build_object('academicYear', ${year('y')}, 'classes', x.classes) ORDER BY ${byName('y.year')} DESC, y.id), '[]'::json) AS tree
  FROM (SELECT y_id, json_agg(node ORDER BY ${byName('c_name')}, c_id) AS classes FROM cls GROUP BY y_id) x
  JOIN academic_years y ON y.id = x.y_id`;
};

/** The fields of each level of My Courses that its lean statement builds (what the web's page asks for). */
export const MY_COURSES_LEAN = {
  academicYear: { id: 'id', year: 'year', isActive: 'is_active' },
  class: { id: 'id', name: 'name' },
  subject: { id: 'id', name: 'name' },
  courses: { id: 'id', title: 'title', description: 'description' },
} as const;

const TEXTS = { whole: myCoursesSql(false), lean: myCoursesSql(true) };

/** My Courses' statement, whole or lean (each made once: one prepared statement each). */
export const myCoursesStatement = (lean = false) => (lean ? TEXTS.lean : TEXTS.whole);
