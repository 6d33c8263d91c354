/**
 * Every statement the families domain runs (its migration and demo seed aside): the links between parents and
 * students, and the rows of the parent dashboard. Raw SQL throughout (the link table has no entity), except the
 * users of a link, read as User entities through TypeORM's repository. Services decide; these only read and write.
 */
import { DataSource, EntityManager } from 'typeorm';
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

/** Links a parent to a student; the row's creation time, or no row when the link exists already (the caller says CONFLICT). */
export function insertLink(m: EntityManager, parentId: string, studentId: string): Promise<Array<{ created_at: Date }>> {
  return m.query(`INSERT INTO parent_students (parent_id, student_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING created_at`, [
    parentId,
    studentId,
  ]);
}

/** Removes a link: how many rows went (0 or 1) and the student's name for the audit, in one statement. */
export async function deleteLink(m: EntityManager, parentId: string, studentId: string): Promise<{ n: number; student: string | null }> {
  // a bare DELETE answers [rows, count] through the driver; a CTE answers rows like every SELECT
  const [row]: Array<{ n: number; student: string | null }> = await m.query(
    `WITH d AS (DELETE FROM parent_students WHERE parent_id = $1 AND student_id = $2 RETURNING 1)
         SELECT count(*)::int AS n, (SELECT first_name || ' ' || last_name FROM users WHERE id = $2) AS student FROM d`,
    [parentId, studentId],
  );
  return row;
}

/**
 * Each link of `ids` as (owner, the user at its other end): children of parents, parents of students. A link's two
 * ends never share a role, so one statement answers both.
 */
export function linkRows(ds: DataSource, ids: readonly string[]): Promise<Array<{ owner: string; id: string }>> {
  return ds.query(
    `SELECT ps.parent_id AS owner, ps.student_id AS id FROM parent_students ps WHERE ps.parent_id = ANY($1::uuid[])
     UNION ALL
     SELECT ps.student_id, ps.parent_id FROM parent_students ps WHERE ps.student_id = ANY($1::uuid[])`,
    [ids],
  );
}
