import { Actor } from '../../policies';
import { studentCourseSql } from '../../policies/sql';
import { classJson, yearJson } from '../../db/json-rows';
import { courseWithPlaceJson } from './courses.list';
import type { AcademicYear } from '../academic/academic-year.entity';
import type { SchoolClass } from '../academic/class.entity';
import type { Course } from './course.entity';

/** A student's placement and the courses of their class and year, as plain objects with the entities' property names. */
export interface StudentCoursesAnswer {
  studentInfo: { academicYear: AcademicYear | null; class: SchoolClass | null };
  courses: Course[];
}

/**
 * A student's courses in one statement ($1 the student, $2 the reader): where they are placed and the courses of
 * that class and year that the reader may read of the student's view ('family.readStudentCourse': the student
 * themself, a linked parent, SuperAdmin and Admin; no actor stands in for the student), by subject name, title and id, each with
 * its subject, class, year and teachers (by last and first name), as the REST presenter and the Course field
 * resolvers read them. No row when the student is not placed (both ids are needed).
 */
export const studentCoursesSql = (reader: Actor) => `
SELECT json_build_object(
  'studentInfo', json_build_object('academicYear', ${yearJson('y')}, 'class', ${classJson('cl')}),
  'courses', (SELECT coalesce(json_agg(${courseWithPlaceJson('c')} ORDER BY s.name, c.title, c.id), '[]'::json)
                FROM courses c JOIN subjects s ON s.id = c.subject_id
               WHERE c.class_id = u.class_id AND c.academic_year_id = u.academic_year_id
                 AND ${studentCourseSql(reader, { courseId: 'c.id', studentId: '$1::uuid' }, 'viewer.id')})) AS answer
  -- the reader as a row of its own: the rule renders no reference to them for SuperAdmin and Admin, and a
  -- parameter that no expression uses has no type (PostgreSQL refuses the statement)
  FROM (SELECT $2::uuid AS id) viewer, users u JOIN classes cl ON cl.id = u.class_id JOIN academic_years y ON y.id = u.academic_year_id
 WHERE u.id = $1`;
