import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../../policies';
import { studentCourseSql, studentItemSql } from '../../policies/sql';
import { AssessmentKind, ResultVisibility, ASSESSMENT_REF, AssessmentStudent } from '../assessments';
import { SubmissionStatus } from '../submissions';
import { isoSql } from '../../db/json-rows';

type Runner = DataSource | EntityManager;

/** What the grade rules read of an item. */
export interface GradeColumnRow {
  id: string;
  courseId: string;
  kind: AssessmentKind;
  title: string;
  dueDate: Date;
  totalPoints: number;
  visibility: ResultVisibility;
  released: boolean;
  /** Students see it: it and its module are visible. */
  visible: boolean;
  /** null for whole_class items; the target students of individual ones. */
  targetIds: string[] | null;
  teacherIds: string[];
}

/** What the grade rules read of a submission. */
export interface GradeSubmissionRow {
  id: string;
  assessmentId: string;
  studentId: string;
  status: SubmissionStatus;
  isAutoSubmitted: boolean;
  allowedAfterDue: boolean;
  submittedAt: Date | null;
  totalScore: number;
  maxScore: number;
}

/** An item's columns for the grade rules; `due` is how its due date is read (a JSON answer takes it as ISO text). */
const columnSelect = (due = 'a.due_date') => `
  a.id, a.course_id, a.kind, a.title, ${due} AS due_date, a.total_points, a.result_visibility,
  a.results_released_at IS NOT NULL AS released, ${ASSESSMENT_REF.visible} AS visible,
  CASE WHEN a.scope = 'individual_students'
       THEN ARRAY(SELECT t.student_id::text FROM assessment_targets t WHERE t.assessment_id = a.id) END AS target_ids,
  ARRAY(SELECT ct.teacher_id::text FROM course_teachers ct WHERE ct.course_id = a.course_id) AS teacher_ids`;

/** A submission's columns for the grade rules; `submittedAt` as `due` above. */
const submissionColumns = (
  submittedAt = 's.submitted_at',
) => `s.id AS s_id, s.assessment_id AS s_assessment_id, s.student_id AS s_student_id, s.status AS s_status,
  s.is_auto_submitted AS s_auto, s.allowed_after_due AS s_after_due, ${submittedAt} AS s_submitted_at,
  s.total_score::float8 AS s_total, s.max_score AS s_max`;

interface RawColumn {
  id: string;
  course_id: string;
  kind: AssessmentKind;
  title: string;
  due_date: Date;
  total_points: number;
  result_visibility: ResultVisibility;
  released: boolean;
  visible: boolean;
  target_ids: string[] | null;
  teacher_ids: string[];
}
interface RawSubmission {
  s_id: string | null;
  s_assessment_id: string;
  s_student_id: string;
  s_status: SubmissionStatus;
  s_auto: boolean;
  s_after_due: boolean;
  s_submitted_at: Date | null;
  s_total: number;
  s_max: number;
}

const toColumn = (r: RawColumn): GradeColumnRow => ({
  id: r.id,
  courseId: r.course_id,
  kind: r.kind,
  title: r.title,
  dueDate: r.due_date,
  totalPoints: r.total_points,
  visibility: r.result_visibility,
  released: r.released,
  visible: r.visible,
  targetIds: r.target_ids,
  teacherIds: r.teacher_ids,
});
const toSubmission = (r: RawSubmission): GradeSubmissionRow => ({
  id: r.s_id!,
  assessmentId: r.s_assessment_id,
  studentId: r.s_student_id,
  status: r.s_status,
  isAutoSubmitted: r.s_auto,
  allowedAfterDue: r.s_after_due,
  submittedAt: r.s_submitted_at,
  totalScore: Number(r.s_total),
  maxScore: r.s_max,
});

/** A student: their name, and whether the user is one (reports are only of students). */
export async function studentById(m: Runner, id: string): Promise<(AssessmentStudent & { isStudent: boolean }) | undefined> {
  const [row] = await m.query(
    `SELECT id, first_name AS "firstName", last_name AS "lastName", email, role = 'Student' AS "isStudent" FROM users WHERE id = $1`,
    [id],
  );
  return row;
}

export interface StudentCourseRow {
  courseId: string;
  courseTitle: string;
  subjectName: string;
  column: GradeColumnRow | null;
  submission: GradeSubmissionRow | null;
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

export interface GradebookHeader {
  courseId: string;
  courseTitle: string;
  subjectName: string;
  className: string;
  yearLabel: string;
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
