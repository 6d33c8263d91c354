import type { Runner } from '../../db/rows';
import { Actor } from '../../policies';
import { studentCourseSql, studentItemSql } from '../../policies/sql';
import { ASSESSMENT_REF, AssessmentStudent } from '../assessments';
import { isoSql } from '../../db/json-rows';
import {
  GradeColumnRow,
  GradeSubmissionRow,
  GradebookHeader,
  RawColumn,
  RawSubmission,
  StudentCourseRow,
  columnSelect,
  submissionColumns,
  toColumn,
  toSubmission,
} from './gradebook.queries';

/**
 * Every statement of the gradebook domain (issue 29): a fixed number per read whatever the class size. The domain
 * writes raw SQL; the columns the statements share and the rows they answer are in gradebook.queries.ts, and the
 * service (gradebook.service.ts) decides who may read what and computes the standings.
 */

/** A student: their name, and whether the user is one (reports are only of students). */
export async function studentById(m: Runner, id: string): Promise<(AssessmentStudent & { isStudent: boolean }) | undefined> {
  const [row] = await m.query(
    `SELECT id, first_name AS "firstName", last_name AS "lastName", email, role = 'Student' AS "isStudent" FROM users WHERE id = $1`,
    [id],
  );
  return row;
}

/**
 * The courses of a student's view ($1, the student) with each item shown to them and their submission of it, for
 * the reader ($2: the student, a linked parent or an admin), in one statement: 'family.readStudentCourse' and
 * 'family.readStudentItem' in SQL, with no actor for the student (the report shows what the student sees, never more).
 */
export async function studentCourseRows(m: Runner, reader: Actor, studentId: string): Promise<StudentCourseRow[]> {
  const courseOk = studentCourseSql(reader, { courseId: 'c.id', studentId: '$1::uuid' }, '$2::uuid');
  const itemOk = studentItemSql(reader, { ...ASSESSMENT_REF, courseId: 'c.id', studentId: '$1::uuid' }, '$2::uuid');
  const rows: Array<RawColumn & RawSubmission & { c_id: string; c_title: string; subject_name: string }> = await m.query(
    `SELECT c.id AS c_id, c.title AS c_title, sj.name AS subject_name, ${columnSelect()}, ${submissionColumns()}
       FROM (SELECT $1::uuid AS student, $2::uuid AS id) viewer CROSS JOIN courses c JOIN subjects sj ON sj.id = c.subject_id
       LEFT JOIN assessments a ON a.course_id = c.id AND ${itemOk}
       LEFT JOIN submissions s ON s.assessment_id = a.id AND s.student_id = viewer.student
      WHERE ${courseOk}
      ORDER BY c.title, c.id, a.due_date, a.position, a.id`,
    [studentId, reader.userId],
  );
  return rows.map((r) => ({
    courseId: r.c_id,
    courseTitle: r.c_title,
    subjectName: r.subject_name,
    column: r.id ? toColumn(r) : null,
    submission: r.s_id ? toSubmission(r) : null,
  }));
}

/**
 * The course's names, its items and its students, and all their submissions, in one statement whatever the class
 * size: each part aggregated to JSON in PostgreSQL (dates as ISO text, made Dates again here), so nothing is
 * hydrated row by row. Students are those placed in the course's class and year now, or with work in it (someone
 * who has since moved keeps their grades here).
 */
export async function gradebookRows(
  m: Runner,
  courseId: string,
): Promise<{
  header: GradebookHeader;
  columns: GradeColumnRow[];
  students: AssessmentStudent[];
  submissions: GradeSubmissionRow[];
}> {
  const [row]: Array<{ header: GradebookHeader; columns: RawColumn[]; students: AssessmentStudent[]; submissions: RawSubmission[] }> =
    await m.query(
      `SELECT (SELECT json_build_object('courseId', c.id, 'courseTitle', c.title, 'subjectName', sj.name, 'className', cl.name, 'yearLabel', y.year)
               FROM courses c JOIN subjects sj ON sj.id = c.subject_id JOIN classes cl ON cl.id = c.class_id
               JOIN academic_years y ON y.id = c.academic_year_id WHERE c.id = $1) AS header,
            coalesce((SELECT json_agg(x ORDER BY x.due_at, x.position, x.id) FROM (
               SELECT ${columnSelect(isoSql('a.due_date'))}, a.due_date AS due_at, a.position
                 FROM assessments a WHERE a.course_id = $1) x), '[]'::json) AS columns,
            coalesce((SELECT json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)
                                      ORDER BY u.last_name, u.first_name, u.id)
               FROM users u
              WHERE u.id IN (SELECT p.id FROM courses c JOIN users p ON p.class_id = c.class_id AND p.academic_year_id = c.academic_year_id
                              WHERE c.id = $1 AND p.role = 'Student'
                             UNION SELECT s.student_id FROM submissions s JOIN assessments a ON a.id = s.assessment_id WHERE a.course_id = $1)), '[]'::json) AS students,
            coalesce((SELECT json_agg(x) FROM (
               SELECT ${submissionColumns(isoSql('s.submitted_at'))}
                 FROM submissions s JOIN assessments a ON a.id = s.assessment_id WHERE a.course_id = $1) x), '[]'::json) AS submissions`,
      [courseId],
    );
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    header: row.header,
    columns: row.columns.map((c) => toColumn({ ...c, due_date: date(c.due_date)! })),
    students: row.students,
    submissions: row.submissions.map((r) => toSubmission({ ...r, s_submitted_at: date(r.s_submitted_at) })),
  };
}
