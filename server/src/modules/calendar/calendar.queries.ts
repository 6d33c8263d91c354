import { Actor } from '../../policies';
import { assessmentReadableSql, assessmentShownToStudentSql, calendarStudentSql, taughtBySql } from '../../policies/sql';
import { Role } from '../../core/role';
import { AssessmentKind, ASSESSMENT_REF } from '../assessments';
import { SubmissionStatus, OpensOn, EFFECTIVE_DUE_SQL, studentStanding } from '../submissions';
import { CalendarEvent } from './calendar.types';
import type { Target } from '@lms/routes';

/** More than any real calendar range holds; a bound so that no request reads without end. */
export const MAX_EVENTS = 2000;

/** One row of a calendar statement: an item, and for a student's calendar that student's submission. */
export interface Row {
  assessment_id: string;
  kind: AssessmentKind;
  title: string;
  due_date: Date;
  is_visible: boolean;
  course_id: string;
  course_title: string;
  student_id: string | null;
  student_name: string | null;
  status: SubmissionStatus | null;
  is_auto_submitted: boolean | null;
  allowed_after_due: boolean | null;
  custom_due_date: Date | null;
  joined_late: boolean | null;
}

const COLUMNS = `a.id AS assessment_id, a.kind, a.title, a.due_date, a.is_visible, a.course_id, c.title AS course_title`;

/**
 * A student's (or each linked child's) items due in [from, to), those shown to that student (rules.ts
 * `shownToStudent`, the student's id as a column): a parent's calendar holds exactly what each child's own holds
 * (contract: never more than the child). One statement whatever the number.
 */
function studentStatement(actor: Actor): string {
  return `SELECT ${COLUMNS}, st.id AS student_id, st.first_name || ' ' || st.last_name AS student_name,
                 s.status, s.is_auto_submitted, s.allowed_after_due, s.custom_due_date, s.joined_late
            FROM users st
            JOIN courses c ON c.class_id = st.class_id AND c.academic_year_id = st.academic_year_id
            JOIN assessments a ON a.course_id = c.id
            LEFT JOIN submissions s ON s.assessment_id = a.id AND s.student_id = st.id
           WHERE st.role = 'Student' AND ${calendarStudentSql(actor, 'st.id', '$1')}
             AND ${assessmentShownToStudentSql(ASSESSMENT_REF, 'st.id')}
             AND ${EFFECTIVE_DUE_SQL} >= $2 AND ${EFFECTIVE_DUE_SQL} < $3
           ORDER BY ${EFFECTIVE_DUE_SQL}, a.title, a.id, st.last_name, st.id
           LIMIT ${MAX_EVENTS}`;
}

/**
 * The items due in [from, to) as staff read them (hidden ones too): a teacher's of the courses they teach; the
 * school's for SuperAdmin and Admin, who read every course (issue 25: their calendar, and the Admin
 * dashboard's 'School Calendar', were empty).
 */
function staffStatement(actor: Actor, taughtOnly: boolean): string {
  return `SELECT ${COLUMNS}, NULL::uuid AS student_id, NULL AS student_name, NULL AS status,
                 NULL::boolean AS is_auto_submitted, NULL::boolean AS allowed_after_due, NULL::timestamptz AS custom_due_date, NULL::boolean AS joined_late,
                 $1::uuid AS viewer
            FROM assessments a JOIN courses c ON c.id = a.course_id
           WHERE ${taughtOnly ? taughtBySql('a.course_id', '$1') : 'TRUE'} AND ${assessmentReadableSql(actor, ASSESSMENT_REF, '$1')}
             AND a.due_date >= $2 AND a.due_date < $3
           ORDER BY a.due_date, a.title, a.id
           LIMIT ${MAX_EVENTS}`;
}

/**
 * Where an event leads (issue 29: a typed target; the route table of @lms/routes makes its path): a teacher's to the
 * item's grading dashboard, a student's to the page their standing opens (submit or view), a parent's to the
 * child's page at its Assessments tab (a parent may not open the child's submit page).
 */
const gradingTarget = (r: Row): Target => ({ to: 'item', itemKind: r.kind, itemId: r.assessment_id, page: 'submissions' });
const parentTarget = (studentId: string): Target => ({ to: 'child', studentId, tab: 'Assessments' });
const studentTarget = (r: Row, opensOn: OpensOn): Target => ({
  to: 'item',
  itemKind: r.kind,
  itemId: r.assessment_id,
  page: opensOn === OpensOn.SUBMIT ? 'submit' : 'view',
});

/** A row as the calendar's event: the student's standing and target for a student's row, the grading target for staff's. */
export function toEvent(r: Row, now: Date, forParent: boolean): CalendarEvent {
  const base = {
    assessmentId: r.assessment_id,
    kind: r.kind,
    title: r.title,
    courseId: r.course_id,
    courseTitle: r.course_title,
    isVisible: r.is_visible,
    studentId: r.student_id,
    studentName: r.student_name,
  };
  if (!r.student_id) {
    return Object.assign(new CalendarEvent(), base, {
      id: `assessment-${r.assessment_id}`,
      dueDate: r.due_date,
      isExtended: false,
      status: null,
      target: gradingTarget(r),
    });
  }
  const submission = r.status
    ? {
        status: r.status,
        isAutoSubmitted: !!r.is_auto_submitted,
        allowedAfterDue: !!r.allowed_after_due,
        customDueDate: r.custom_due_date,
        joinedLate: r.joined_late,
      }
    : null;
  const standing = studentStanding({ dueDate: r.due_date }, submission, now);
  return Object.assign(new CalendarEvent(), base, {
    id: `assessment-${r.assessment_id}-student-${r.student_id}`,
    dueDate: standing.dueDate,
    isExtended: standing.isExtended,
    status: standing.label,
    target: forParent ? parentTarget(r.student_id) : studentTarget(r, standing.opensOn),
  });
}

/**
 * The statement of the actor's calendar ($1 the viewer, [$2, $3) the range): students their own readable items
 * (never a hidden one), parents each linked child's exactly as the child's own calendar has them, teachers
 * those of the courses they teach, SuperAdmin and Admin the whole school's. None for a parent without children.
 */
export function calendarStatement(actor: Actor): string | null {
  return actor.activeRole === Role.Teacher
    ? staffStatement(actor, true)
    : actor.activeRole === Role.SuperAdmin || actor.activeRole === Role.Admin
      ? staffStatement(actor, false)
      : actor.activeRole === Role.Student || (actor.activeRole === Role.Parent && actor.childIds.length)
        ? studentStatement(actor)
        : null;
}
