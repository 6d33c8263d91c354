import { AssessmentKind, ResultVisibility, ASSESSMENT_REF } from '../assessments';
import { SubmissionStatus } from '../submissions';

/**
 * What the gradebook's statements read and the SQL they share: the rows the grade rules take (gradebook.compute.ts),
 * the columns of an item and of a submission, and the raw rows they come back as. The statements themselves run in
 * gradebook.repository.ts.
 */

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
export const columnSelect = (due = 'a.due_date') => `
  a.id, a.course_id, a.kind, a.title, ${due} AS due_date, a.total_points, a.result_visibility,
  a.results_released_at IS NOT NULL AS released, ${ASSESSMENT_REF.visible} AS visible,
  CASE WHEN a.scope = 'individual_students'
       THEN ARRAY(SELECT t.student_id::text FROM assessment_targets t WHERE t.assessment_id = a.id) END AS target_ids,
  ARRAY(SELECT ct.teacher_id::text FROM course_teachers ct WHERE ct.course_id = a.course_id) AS teacher_ids`;

/** A submission's columns for the grade rules; `submittedAt` as `due` above. */
export const submissionColumns = (
  submittedAt = 's.submitted_at',
) => `s.id AS s_id, s.assessment_id AS s_assessment_id, s.student_id AS s_student_id, s.status AS s_status,
  s.is_auto_submitted AS s_auto, s.allowed_after_due AS s_after_due, ${submittedAt} AS s_submitted_at,
  s.total_score::float8 AS s_total, s.max_score AS s_max`;

/** An item as a statement answers it (columnSelect). */
export interface RawColumn {
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
/** A submission as a statement answers it (submissionColumns). */
export interface RawSubmission {
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

/** A raw item as the grade rules read it. */
export const toColumn = (r: RawColumn): GradeColumnRow => ({
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
/** A raw submission as the grade rules read it. */
export const toSubmission = (r: RawSubmission): GradeSubmissionRow => ({
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

/** A course of a student's report with one item shown to them and their submission of it (either null: none). */
export interface StudentCourseRow {
  courseId: string;
  courseTitle: string;
  subjectName: string;
  column: GradeColumnRow | null;
  submission: GradeSubmissionRow | null;
}

/** The names a gradebook is headed with. */
export interface GradebookHeader {
  courseId: string;
  courseTitle: string;
  subjectName: string;
  className: string;
  yearLabel: string;
}
