import { Role } from '../modules/users/role';
import { Actor, storedRoleActor } from './actor';
import { ACADEMIC_MANAGERS, ASSIGNABLE_ROLES } from './roles';
import { ROSTER_SCOPES, SCOPES, appMay, isPerson } from './credentials';

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

/** SuperAdmin and Admin, and an application that reads the whole school ('readsSchool' in rules.ts). */
const manager = (a: Actor | null) => !!a && ((ACADEMIC_MANAGERS as string[]).includes(a.activeRole) || appMay(a, [SCOPES.schoolRead]));


/** An application that reads every gradebook (its assessments and graded work). */
/** SuperAdmin and Admin themselves (not the school-wide read scope): for what an application never does, edit users or read the audit log. */
const staffManager = (a: Actor | null) => !!a && (ACADEMIC_MANAGERS as string[]).includes(a.activeRole);
const gradebookApp = (a: Actor | null) => (appMay(a, [SCOPES.gradebookRead]) ? 'TRUE' : 'FALSE');

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
  const app = appMay(a, [...ROSTER_SCOPES, SCOPES.schoolRead, SCOPES.gradebookRead]);
  return or(manager(a) || app ? 'TRUE' : 'FALSE', teaches(a, c, viewer), inClass(a, c, viewer));
}

/** 'course.seeHidden' */
export function courseSeesHiddenSql(a: Actor | null, c: CourseRef, viewer: string): string {
  return and(courseReadableSql(a, c, viewer), or(manager(a) ? 'TRUE' : 'FALSE', teaches(a, c, viewer)));
}

/** 'course.readItem': modules, content and announcements. */
export function itemReadableSql(a: Actor | null, i: ItemRef, viewer: string): string {
  return and(courseReadableSql(a, i, viewer), or(isPerson(a) ? i.visible : 'FALSE', courseSeesHiddenSql(a, i, viewer)));
}

/** An assessment: its course, whether it and its module are visible, whether it is for the whole class, its id. */
export interface AssessmentRef extends ItemRef {
  wholeClass: string;
  assessmentId: string;
}

/** 'assessment.read' */
export function assessmentReadableSql(a: Actor | null, x: AssessmentRef, viewer: string): string {
  const targetsViewer = `EXISTS (SELECT 1 FROM assessment_targets atx WHERE atx.assessment_id = ${x.assessmentId} AND atx.student_id = ${viewer})`;
  const forViewer = isPerson(a) ? and(x.visible, or(x.wholeClass, targetsViewer)) : 'FALSE';
  return and(courseReadableSql(a, x, viewer), or(courseSeesHiddenSql(a, x, viewer), gradebookApp(a), forViewer));
}

/** 'allocation.read': academic managers, or a teacher who is one of the allocation's teachers. */
export function allocationReadableSql(a: Actor | null, allocationId: string, viewer: string): string {
  if (manager(a) || appMay(a, ROSTER_SCOPES)) return 'TRUE';
  return a?.activeRole === Role.Teacher
    ? `EXISTS (SELECT 1 FROM allocation_teachers axt WHERE axt.allocation_id = ${allocationId} AND axt.teacher_id = ${viewer})`
    : 'FALSE';
}

/** A submission: its student and its item (the item's columns as in AssessmentRef, on the same row). */
export interface SubmissionRef extends AssessmentRef {
  studentId: string;
}

/**
 * 'itemShownToStudent': the submission's student may read its item now ('assessment.read' asked as that student),
 * so hiding an item, or its module, hides its submissions from the student and their parents on every path.
 */
export function itemShownToStudentSql(s: SubmissionRef): string {
  return assessmentReadableSql(storedRoleActor('', Role.Student), s, s.studentId);
}

/** 'submission.read': the student's own and a linked parent's child's while the item is shown to the student, those of courses the viewer teaches, all for SuperAdmin and Admin. */
export function submissionReadableSql(a: Actor | null, s: SubmissionRef, viewer: string): string {
  const own = a?.activeRole === Role.Student ? `${s.studentId} = ${viewer}` : 'FALSE';
  const learners = or(own, parentOfSql(a, s.studentId, viewer));
  return or(manager(a) ? 'TRUE' : 'FALSE', gradebookApp(a), teaches(a, s, viewer), and(learners, learners === 'FALSE' ? 'FALSE' : itemShownToStudentSql(s)));
}

// ---- Users: whom a viewer may edit, re-invite or delete ----
/** The user is a student placed in a class and year the viewer teaches (an allocation of theirs names the class and year). */
const studentTaughtBySql = (studentId: string, teacher: string) =>
  `EXISTS (SELECT 1 FROM users sx JOIN allocations alx ON alx.class_id = sx.class_id AND alx.academic_year_id = sx.academic_year_id
             JOIN allocation_teachers atx ON atx.allocation_id = alx.id
            WHERE sx.id = ${studentId} AND atx.teacher_id = ${teacher})`;

/** 'taughtByViewer' (UserFacts): a student the viewer teaches, or a parent of one. */
export const taughtByViewerSql = (userId: string, teacher: string) =>
  `(${studentTaughtBySql(userId, teacher)} OR EXISTS (SELECT 1 FROM parent_students psx WHERE psx.parent_id = ${userId} AND ${studentTaughtBySql('psx.student_id', teacher)}))`;

/** A user: their id and role columns. */
export interface UserRef {
  userId: string;
  role: string;
}

/** 'user.update': SuperAdmin and Admin any user of a role they may create; a Teacher their own students and those students' parents. */
export function userEditableSql(a: Actor | null, u: UserRef, viewer: string): string {
  if (staffManager(a)) return `${u.role} IN (${ASSIGNABLE_ROLES[a!.activeRole as Role].map((r) => `'${r}'`).join(', ')})`;
  if (a?.activeRole !== Role.Teacher) return 'FALSE';
  return `(${u.role} IN ('${Role.Student}', '${Role.Parent}') AND ${taughtByViewerSql(u.userId, viewer)})`;
}

/** 'user.delete': as 'user.update', never the viewer themself. */
export function userDeletableSql(a: Actor | null, u: UserRef, viewer: string): string {
  return and(userEditableSql(a, u, viewer), `${u.userId} <> ${viewer}`);
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

// ---- Audit log (issue 23) ----
/** 'audit.read': every row for SuperAdmin and Admin; a teacher the grade changes of the courses they teach. */
export function auditReadableSql(a: Actor | null, e: { kind: string; courseId: string }, viewer: string): string {
  if (staffManager(a)) return 'TRUE';
  return a?.activeRole === Role.Teacher ? `(${e.kind} = 'GRADE_CHANGED' AND ${e.courseId} IS NOT NULL AND ${taughtBySql(e.courseId, viewer)})` : 'FALSE';
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

// ---- Question banks (issue 30) ----
/** A bank's columns: its owner, subject and sharing. */
export interface BankRef {
  ownerId: string;
  subjectId: string;
  sharing: string;
}

/** 'viewerTeachesSubject' (BankFacts): the viewer has an allocation of the subject, any class and year. */
export const teachesSubjectSql = (subjectId: string, teacher: string) =>
  `EXISTS (SELECT 1 FROM allocations alb JOIN allocation_teachers atb ON atb.allocation_id = alb.id
            WHERE alb.subject_id = ${subjectId} AND atb.teacher_id = ${teacher})`;

/** 'questionBank.read': SuperAdmin and Admin every bank; a teacher their own and those of their subjects shared to read or edit. */
export function questionBankReadableSql(a: Actor | null, b: BankRef, viewer: string): string {
  if (staffManager(a) && isPerson(a)) return 'TRUE';
  if (a?.activeRole !== Role.Teacher) return 'FALSE';
  return `(${b.ownerId} = ${viewer} OR (${b.sharing} IN ('read', 'edit') AND ${teachesSubjectSql(b.subjectId, viewer)}))`;
}
