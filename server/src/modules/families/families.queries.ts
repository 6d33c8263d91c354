import { DataSource } from 'typeorm';
import { assessmentShownToStudentSql } from '../../policies/sql';
import { ASSESSMENT_REF } from '../assessments';
import { SubmissionStatus } from '../submissions';

/** How many graded and how many due items a child's card lists. */
export const CARD_ITEMS = 5;

/** A linked child with placement, course count and attendance counts (one row per child). */
export interface ChildRow {
  id: string;
  first_name: string;
  last_name: string;
  class_name: string | null;
  year: string | null;
  courses: number;
  present: number;
  late: number;
  absent: number;
}

/** One item on a child's card: due soon (no submission yet) or recently graded. */
export interface CardItemRow {
  student_id: string;
  list: 'due' | 'graded';
  assessment_id: string;
  kind: string;
  title: string;
  due_date: Date;
  course_title: string;
  subject_name: string | null;
  submission_id: string | null;
  status: SubmissionStatus | null;
  is_auto_submitted: boolean | null;
  allowed_after_due: boolean | null;
  custom_due_date: Date | null;
}

/** These children (a parent's, from the session) with what their cards count, in one statement whatever their number. */
export function childRows(ds: DataSource, studentIds: string[]): Promise<ChildRow[]> {
  return ds.query(
    `SELECT u.id, u.first_name, u.last_name, cl.name AS class_name, y.year,
            (SELECT count(*)::int FROM courses co WHERE co.class_id = u.class_id AND co.academic_year_id = u.academic_year_id) AS courses,
            (SELECT count(*)::int FROM attendance_records r WHERE r.student_id = u.id AND r.status = 'Present') AS present,
            (SELECT count(*)::int FROM attendance_records r WHERE r.student_id = u.id AND r.status = 'Late') AS late,
            (SELECT count(*)::int FROM attendance_records r WHERE r.student_id = u.id AND r.status = 'Absent') AS absent
       FROM users u
       LEFT JOIN classes cl ON cl.id = u.class_id LEFT JOIN academic_years y ON y.id = u.academic_year_id
      WHERE u.id = ANY($1::uuid[]) AND u.role = 'Student'
      ORDER BY u.first_name, u.last_name, u.id`,
    [studentIds],
  );
}

/**
 * For each child: the next items due that they have not submitted, and their most recently graded work, at
 * most CARD_ITEMS each, among the items of their courses shown to them (rules.ts `shownToStudent`, with the child's id
 * as a column). One statement whatever the number of children and items.
 */
export function cardItemRows(ds: DataSource, studentIds: string[]): Promise<CardItemRow[]> {
  if (!studentIds.length) return Promise.resolve([]);
  return ds.query(
    `WITH items AS (
       SELECT u.id AS student_id, a.id AS assessment_id, a.kind, a.title, a.due_date, co.title AS course_title, sj.name AS subject_name,
              s.id AS submission_id, s.status, s.is_auto_submitted, s.allowed_after_due, s.custom_due_date, s.updated_at
         FROM users u
         JOIN courses co ON co.class_id = u.class_id AND co.academic_year_id = u.academic_year_id
         LEFT JOIN subjects sj ON sj.id = co.subject_id
         JOIN assessments a ON a.course_id = co.id AND ${assessmentShownToStudentSql(ASSESSMENT_REF, 'u.id')}
         LEFT JOIN submissions s ON s.assessment_id = a.id AND s.student_id = u.id
        WHERE u.id = ANY($1::uuid[])),
     due AS (
       SELECT 'due' AS list, i.*, row_number() OVER (PARTITION BY i.student_id ORDER BY i.due_date, i.assessment_id) AS n
         FROM items i WHERE i.submission_id IS NULL AND i.due_date >= now()),
     graded AS (
       SELECT 'graded' AS list, i.*, row_number() OVER (PARTITION BY i.student_id ORDER BY i.updated_at DESC, i.assessment_id) AS n
         FROM items i WHERE i.status = 'graded')
     SELECT * FROM due WHERE n <= $2 UNION ALL SELECT * FROM graded WHERE n <= $2
     ORDER BY student_id, list, n`,
    [studentIds, CARD_ITEMS],
  );
}
