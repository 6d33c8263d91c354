import { Role } from '../modules/users/role';
import { Actor } from './actor';
import { ACADEMIC_MANAGERS } from './roles';

/**
 * SQL twins of the rules in rules.ts that filter lists: the same decision made in the database, so a list
 * never loads what its reader may not see and every path to a list gives the same set. Each twin takes SQL
 * expressions for the object's columns and the placeholder that holds the viewer's id (`:viewer` in a query
 * builder, `$2` in a raw statement) and returns a boolean SQL expression. policies.test.ts checks each twin
 * against its rule for every role and every combination of facts.
 */

/** The columns a course rule reads: the course's id (its teachers and class are looked up from it). */
export interface CourseRef {
  courseId: string;
}

/** An item of a course (module, content item, announcement): its course and whether it is visible. */
export interface ItemRef extends CourseRef {
  /** A boolean expression: the item is shown to students (for content: the item and its module). */
  visible: string;
}

const manager = (a: Actor | null) => !!a && ACADEMIC_MANAGERS.includes(a.activeRole);

/** The course is taught by this teacher (course_teachers follows the allocations); also for lists of one teacher's courses. */
export const taughtBySql = (courseId: string, teacher: string) =>
  `EXISTS (SELECT 1 FROM course_teachers ct WHERE ct.course_id = ${courseId} AND ct.teacher_id = ${teacher})`;

/** 'teaches': the viewer is a teacher of the course. */
const teaches = (a: Actor | null, c: CourseRef, viewer: string) =>
  a?.activeRole === Role.Teacher ? taughtBySql(c.courseId, viewer) : 'FALSE';

/** 'viewerInClass': the viewer is a student placed in the course's class and academic year. */
const inClass = (a: Actor | null, c: CourseRef, viewer: string) =>
  a?.activeRole === Role.Student
    ? `EXISTS (SELECT 1 FROM courses cx JOIN users ux ON ux.class_id = cx.class_id AND ux.academic_year_id = cx.academic_year_id
                WHERE cx.id = ${c.courseId} AND ux.id = ${viewer})`
    : 'FALSE';

const or = (...parts: string[]) => {
  const live = parts.filter((p) => p !== 'FALSE');
  if (live.includes('TRUE')) return 'TRUE';
  return live.length ? `(${live.join(' OR ')})` : 'FALSE';
};

const and = (x: string, y: string) => (x === 'FALSE' || y === 'FALSE' ? 'FALSE' : x === 'TRUE' ? y : y === 'TRUE' ? x : `(${x} AND ${y})`);

/** 'course.read' */
export function courseReadableSql(a: Actor | null, c: CourseRef, viewer: string): string {
  return or(manager(a) ? 'TRUE' : 'FALSE', teaches(a, c, viewer), inClass(a, c, viewer));
}

/** 'course.seeHidden' */
export function courseSeesHiddenSql(a: Actor | null, c: CourseRef, viewer: string): string {
  return and(courseReadableSql(a, c, viewer), or(manager(a) ? 'TRUE' : 'FALSE', teaches(a, c, viewer)));
}

/** 'course.readItem': modules, content and announcements. */
export function itemReadableSql(a: Actor | null, i: ItemRef, viewer: string): string {
  return and(courseReadableSql(a, i, viewer), or(i.visible, courseSeesHiddenSql(a, i, viewer)));
}

/** An assessment: its course, whether it and its module are visible, whether it is for the whole class, its id. */
export interface AssessmentRef extends ItemRef {
  wholeClass: string;
  assessmentId: string;
}

/** 'assessment.read' */
export function assessmentReadableSql(a: Actor | null, x: AssessmentRef, viewer: string): string {
  const targetsViewer = `EXISTS (SELECT 1 FROM assessment_targets atx WHERE atx.assessment_id = ${x.assessmentId} AND atx.student_id = ${viewer})`;
  return and(courseReadableSql(a, x, viewer), or(courseSeesHiddenSql(a, x, viewer), and(x.visible, or(x.wholeClass, targetsViewer))));
}

/** 'allocation.read': academic managers, or a teacher who is one of the allocation's teachers. */
export function allocationReadableSql(a: Actor | null, allocationId: string, viewer: string): string {
  if (manager(a)) return 'TRUE';
  return a?.activeRole === Role.Teacher
    ? `EXISTS (SELECT 1 FROM allocation_teachers axt WHERE axt.allocation_id = ${allocationId} AND axt.teacher_id = ${viewer})`
    : 'FALSE';
}

/** A submission: its student and the course of its item. */
export interface SubmissionRef extends CourseRef {
  studentId: string;
}

/** 'submission.read': the student's own, a linked parent's child's, those of courses the viewer teaches, all for SuperAdmin and Admin. */
export function submissionReadableSql(a: Actor | null, s: SubmissionRef, viewer: string): string {
  const own = a?.activeRole === Role.Student ? `${s.studentId} = ${viewer}` : 'FALSE';
  return or(manager(a) ? 'TRUE' : 'FALSE', teaches(a, s, viewer), own, parentOfSql(a, s.studentId, viewer));
}

// ---- Calendar (issue 17) ----
/** 'calendar.dueDatesOf': the student column names the viewer (a student) or a child linked to the viewer (a parent). */
export function calendarStudentSql(a: Actor | null, studentId: string, viewer: string): string {
  return or(a?.activeRole === Role.Student ? `${studentId} = ${viewer}` : 'FALSE', parentOfSql(a, studentId, viewer));
}

// ---- Families (issue 17) ----
/** 'family.readChild': the student column names a child linked to the viewer, a Parent. */
export function parentOfSql(a: Actor | null, studentId: string, viewer: string): string {
  return a?.activeRole === Role.Parent
    ? `EXISTS (SELECT 1 FROM parent_students ps WHERE ps.parent_id = ${viewer} AND ps.student_id = ${studentId})`
    : 'FALSE';
}

/** 'family.readStudentView': the student themself, a linked parent, SuperAdmin and Admin. */
export function studentViewSql(a: Actor | null, studentId: string, viewer: string): string {
  return or(manager(a) ? 'TRUE' : 'FALSE', a?.activeRole === Role.Student ? `${studentId} = ${viewer}` : 'FALSE', parentOfSql(a, studentId, viewer));
}

/** 'commentSnippet.own': the snippet's teacher column names the viewer, who acts as a teacher. */
export function commentSnippetOwnSql(a: Actor | null, teacherId: string, viewer: string): string {
  return a?.activeRole === Role.Teacher ? `${teacherId} = ${viewer}` : 'FALSE';
}

// ---- Notifications (issue 17) ----
/** 'notification.read': the notice's recipient column names the viewer. */
export function notificationOwnSql(_a: Actor | null, userId: string, viewer: string): string {
  return `${userId} = ${viewer}`;
}
