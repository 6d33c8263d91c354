import { CourseFacts } from '../../policies/rules';
import { taughtBySql } from '../../policies/sql';

/** A course as the rules see it, with its place in the school. */
export interface CourseFactsRow extends CourseFacts {
  id: string;
  classId: string;
  academicYearId: string;
  subjectId: string;
}

/**
 * The request's facts loader (ctx.loaders.courseFacts), handed to a service that checks a course so the field
 * rules of the same response (viewerCanManage, a post's viewerCanChange) reuse the row instead of reading it again.
 */
export type FactsSource = {
  load(courseId: string): Promise<CourseFactsRow | null>;
  /** A statement that read the facts along with its answer hands them to the loader (DataLoader.prime). */
  prime?(courseId: string, facts: CourseFactsRow): unknown;
};

/** The columns courseFactsSql selects. */
export interface CourseFactsColumns {
  id: string;
  class_id: string;
  academic_year_id: string;
  subject_id: string;
  teacher_ids: string[];
  in_class: boolean;
}

/**
 * The facts of the courses row `c` for the viewer `viewer` (an SQL expression), as columns (a statement that reads a
 * course reads them with it); its teachers from `teachers` (CourseRef.teachers), the course_teachers view unless named.
 */
export const courseFactsSql = (
  c: string,
  viewer: string,
  teachers = 'course_teachers',
) => `${c}.id, ${c}.class_id, ${c}.academic_year_id, ${c}.subject_id,
  ARRAY(SELECT ct.teacher_id::text FROM ${teachers} ct WHERE ct.course_id = ${c}.id) AS teacher_ids,
  EXISTS (SELECT 1 FROM users u WHERE u.id = ${viewer} AND u.class_id = ${c}.class_id AND u.academic_year_id = ${c}.academic_year_id) AS in_class`;

/** A course's facts from courseFactsSql's columns. */
export const factsOfColumns = (r: CourseFactsColumns): CourseFactsRow => ({
  id: r.id,
  classId: r.class_id,
  academicYearId: r.academic_year_id,
  subjectId: r.subject_id,
  teacherIds: r.teacher_ids,
  viewerInClass: r.in_class,
});

/** SQL condition (on alias `c`) for "a course this actor teaches", for lists filtered in the database. */
export const TAUGHT_BY = (param: string) => taughtBySql('c.id', `:${param}`);
