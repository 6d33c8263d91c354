import { Actor } from '../../policies';
import { studentCourseSql } from '../../policies/sql';
import { CoursePlaces, CourseRow, CourseRowsAsked, WHOLE_COURSES, coursePlacesSql, courseRowsSql, placeCourses } from './courses.list';
import type { AcademicYear, SchoolClass } from '../academic';
import type { Course } from './course.entity';

/** A student's placement and the courses of their class and year, as plain objects with the entities' property names. */
export interface StudentCoursesAnswer {
  studentInfo: { academicYear: AcademicYear | null; class: SchoolClass | null };
  courses: Course[];
}

/** What studentCoursesSql answers: the placement's ids and the courses with their places by id (courses.list.ts). */
export interface StudentCoursesRow {
  class_id: string;
  academic_year_id: string;
  courses: CourseRow[];
  places: CoursePlaces;
}

/**
 * A student's courses in one statement ($1 the student, $2 the reader): where they are placed and the courses of
 * that class and year that the reader may read of the student's view ('family.readStudentCourse': the student
 * themself, a linked parent, SuperAdmin and Admin; no actor stands in for the student), by subject name, title and id, each with
 * its subject, class, year and teachers (by last and first name), as the REST presenter and the Course field
 * resolvers read them (the teachers, and each course whole, only when `asked`). No row when the student is not placed
 * (both ids are needed).
 */
export const studentCoursesSql = (reader: Actor, asked: CourseRowsAsked = WHOLE_COURSES) => `
WITH viewer AS (SELECT $2::uuid AS id),
placed AS (SELECT u.class_id, u.academic_year_id FROM users u WHERE u.id = $1 AND u.class_id IS NOT NULL AND u.academic_year_id IS NOT NULL),
mine AS (
  SELECT c.id, c.subject_id, c.class_id, c.academic_year_id, s.name AS subject_name, c.title
    FROM viewer, placed p, courses c JOIN subjects s ON s.id = c.subject_id
   WHERE c.class_id = p.class_id AND c.academic_year_id = p.academic_year_id
     AND ${studentCourseSql(reader, { courseId: 'c.id', studentId: '$1::uuid' }, '$2::uuid')})
SELECT p.class_id, p.academic_year_id,
  ${courseRowsSql('FROM mine m JOIN courses c ON c.id = m.id', 'm.subject_name, m.title, m.id', asked)} AS courses,
  -- the placement's class and year are among the places (a class may have no course yet), so studentInfo shares them
  ${coursePlacesSql('mine', { classId: 'p.class_id', yearId: 'p.academic_year_id' }, asked.teachers)} AS places
  FROM placed p`;

/** The answer of a studentCoursesSql row. */
export function studentCoursesOf(row: StudentCoursesRow): StudentCoursesAnswer {
  return {
    studentInfo: { academicYear: row.places.years[row.academic_year_id] ?? null, class: row.places.classes[row.class_id] ?? null },
    courses: placeCourses(row.courses, row.places),
  };
}
