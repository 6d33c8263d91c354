import type { Actor } from './actor';
import type { SqlForm } from './atoms';
import { taughtBy, taughtByViewer } from './atoms';
import {
  type AssessmentRef,
  type BankRef,
  type CourseRef,
  type ItemRef,
  type RuleFn,
  type SubmissionRef,
  resultsShown,
  rules,
  shownToStudent,
} from './rules';

export { teachesSubjectSql } from './rules';
export type { AssessmentRef, BankRef, CourseRef, ItemRef, SubmissionRef } from './rules';

/**
 * The SQL forms of the rules in rules.ts that filter lists, rendered from the rule's own expression (nothing
 * here is written twice): a list never loads what its reader may not see, and every path to a list gives the
 * set `can()` would allow one object at a time. Each takes SQL expressions for the object's columns and the
 * placeholder that holds the viewer's id (`:viewer` in a query builder, `$2::uuid` in a raw statement) and returns a
 * boolean SQL expression. Give the placeholder itself, not a column of a row that holds it (`viewer.id` of a
 * `WITH viewer AS (SELECT $1::uuid AS id)`): the planner reads a parameter through the indexes (a teacher's
 * allocations by teacher), but joins a row's column, which on a grading dashboard built every course's teachers
 * (4,000 pairs, 11 ms) to keep one teacher's. The names are those the domains have always called; policies/agreement.test.ts checks
 * every rule's two forms against each other on the demo school.
 */

/** The SQL form of a rule; throws at load time for a rule that has none (a `jsOnly` atom in it). */
export function sqlOf<F, R>(rule: RuleFn<F, R>): SqlForm<R> {
  const sql = rule.pred.sql;
  if (!sql) throw new Error('This rule has no SQL form (a jsOnly atom in it)');
  return sql;
}

/** The course is taught by this teacher (course_teachers follows the allocations); also for lists of one teacher's courses. */
export const taughtBySql = (courseId: string, teacher: string) => taughtBy.sql!(null, { courseId }, teacher);

/** 'course.read' */
export const courseReadableSql: SqlForm<CourseRef> = sqlOf(rules['course.read']);

/** 'course.seeHidden' */
export const courseSeesHiddenSql: SqlForm<CourseRef> = sqlOf(rules['course.seeHidden']);

/** 'course.readItem': modules, content and announcements. */
export const itemReadableSql: SqlForm<ItemRef> = sqlOf(rules['course.readItem']);

/** 'assessment.read' */
export const assessmentReadableSql: SqlForm<AssessmentRef> = sqlOf(rules['assessment.read']);

/**
 * The assessment is shown to the student in the column `student` ('assessment.read' for a Student, as a relation
 * of the row: a calendar's or a parent's child's items, with no actor standing in for the student).
 */
export const assessmentShownToStudentSql = (x: AssessmentRef, student: string) => shownToStudent.sql!(null, x, student);

/** 'allocation.read': academic managers, or a teacher who is one of the allocation's teachers. */
export const allocationReadableSql = (a: Actor | null, allocationId: string, viewer: string) =>
  sqlOf(rules['allocation.read'])(a, { allocationId }, viewer);

/**
 * 'itemShownToStudent': the submission's student may read its item now ('assessment.read' asked as that student),
 * so hiding an item, or its module, hides its submissions from the student and their parents on every path.
 */
export const itemShownToStudentSql = (s: SubmissionRef) => assessmentShownToStudentSql(s, s.studentId);

/** The columns result visibility reads of a submission row `s` of item `a` (resultsShown): graded, visibility, released. */
export interface ResultsRef {
  graded: string;
  visibility: string;
  released: string;
}

/** resultsShown: a graded submission's results are shown to its student (not a manual item's until released). */
export const resultsShownSql = (r: ResultsRef) => resultsShown.sql!(null, r, '');

/** 'submission.read': the student's own and a linked parent's child's while the item is shown to the student, those of courses the viewer teaches, all for SuperAdmin and Admin. */
export const submissionReadableSql: SqlForm<SubmissionRef> = sqlOf(rules['submission.read']);

// ---- Users: whom a viewer may edit, re-invite or delete ----
/** 'taughtByViewer' (UserFacts): a student the viewer teaches, or a parent of one. */
export const taughtByViewerSql = (userId: string, teacher: string) => taughtByViewer.sql!(null, { id: userId }, teacher);

/** A user: their id and role columns. */
export interface UserRef {
  userId: string;
  role: string;
}

/** 'user.update': SuperAdmin and Admin any user of a role they may create; a Teacher their own students and those students' parents. */
export const userEditableSql = (a: Actor | null, u: UserRef, viewer: string) =>
  sqlOf(rules['user.update'])(a, { id: u.userId, role: u.role }, viewer);

/** 'user.delete': as 'user.update', never the viewer themself. */
export const userDeletableSql = (a: Actor | null, u: UserRef, viewer: string) =>
  sqlOf(rules['user.delete'])(a, { id: u.userId, role: u.role }, viewer);

// ---- Calendar (issue 17) ----
/** 'calendar.dueDatesOf': the student column names the viewer (a student) or a child linked to the viewer (a parent). */
export const calendarStudentSql = (a: Actor | null, studentId: string, viewer: string) =>
  sqlOf(rules['calendar.dueDatesOf'])(a, { studentId }, viewer);

// ---- Families (issue 17) ----
/** 'family.readChild': the student column names a child linked to the viewer, a Parent. */
export const parentOfSql = (a: Actor | null, studentId: string, viewer: string) =>
  sqlOf(rules['family.readChild'])(a, { studentId }, viewer);

/** 'family.readStudentView': the student themself, a linked parent, SuperAdmin and Admin. */
export const studentViewSql = (a: Actor | null, studentId: string, viewer: string) =>
  sqlOf(rules['family.readStudentView'])(a, { studentId }, viewer);

/**
 * 'family.readStudentCourse': a course of the student in the column `studentId`, for a reader of that student's view
 * (the student, a linked parent, SuperAdmin and Admin); no actor stands in for the student.
 */
export const studentCourseSql = (a: Actor | null, x: { studentId: string; courseId: string }, viewer: string) =>
  sqlOf(rules['family.readStudentCourse'])(a, x, viewer);

/** 'family.readStudentItem': an item shown to the student in the column `studentId`, for a reader of that student's view. */
export const studentItemSql: SqlForm<SubmissionRef> = sqlOf(rules['family.readStudentItem']);

// ---- Audit log (issue 23) ----
/** 'audit.read': every row for SuperAdmin and Admin; a teacher the grade changes of the courses they teach. */
export const auditReadableSql = (a: Actor | null, e: { kind: string; courseId: string }, viewer: string) =>
  sqlOf(rules['audit.read'])(a, e, viewer);

/** 'commentSnippet.own': the snippet's teacher column names the viewer, who acts as a teacher. */
export const commentSnippetOwnSql = (a: Actor | null, teacherId: string, viewer: string) =>
  sqlOf(rules['commentSnippet.own'])(a, { teacherId }, viewer);

// ---- Notifications (issue 17) ----
/** 'notification.read': the notice's recipient column names the viewer. */
export const notificationOwnSql = (a: Actor | null, userId: string, viewer: string) =>
  sqlOf(rules['notification.read'])(a, { userId }, viewer);

// ---- Question banks (issue 30) ----
/** 'questionBank.read': SuperAdmin and Admin every bank; a teacher their own and those of their subjects shared to read or edit. */
export const questionBankReadableSql: SqlForm<BankRef> = sqlOf(rules['questionBank.read']);
