import { Actor } from './actor';
import { Role } from '../modules/users/role';
import { ACADEMIC_MANAGERS, ASSIGNABLE_ROLES, SWITCHABLE_ROLES, USER_MANAGERS } from './roles';
import { AccessTokenScope, ROSTER_SCOPES, SCOPES, appMay, isPerson as person } from './credentials';

const has = (actor: Actor, roles: Role[]) => (roles as string[]).includes(actor.activeRole);
/** The acting role may give this role to a new user (an application gives none). */
const mayAssign = (a: Actor, role: Role) => (ASSIGNABLE_ROLES[a.activeRole as Role] ?? []).includes(role);
/** What SuperAdmin and Admin read, the school-wide read scope reads too (writes stay refused: 'credential.write'). */
const readsSchool = (a: Actor) => has(a, ACADEMIC_MANAGERS) || appMay(a, [SCOPES.schoolRead]);
const ROSTER = [SCOPES.schoolRead, ...ROSTER_SCOPES];
const GRADEBOOK = [SCOPES.schoolRead, SCOPES.gradebookRead];

/** What the user rules know about the user acted on (users/users.facts.ts loads it; the SQL twin is userEditableSql). */
export interface UserFacts {
  id: string;
  role: Role;
  /** A student placed in a class and year the viewer teaches, or a parent of such a student (only asked for a Teacher viewer). */
  taughtByViewer: boolean;
}
/**
 * Whom an actor may edit, re-invite or delete: SuperAdmin and Admin any user of a role they may create; a Teacher
 * only their own students and those students' parents, never another member of staff (an email change by a
 * teacher was a way to take another teacher's account over).
 */
const managesUser = (a: Actor, u: UserFacts) =>
  has(a, ACADEMIC_MANAGERS)
    ? mayAssign(a, u.role)
    : a.activeRole === Role.Teacher && (u.role === Role.Student || u.role === Role.Parent) && u.taughtByViewer;

/** What the course rules need to know about a course and the viewer (loaded in one statement by the course gate). */
export interface CourseFacts {
  teacherIds: string[];
  /** The viewer is a student placed in the course's class and academic year. */
  viewerInClass: boolean;
}
const teaches = (a: Actor, c: CourseFacts) => a.activeRole === Role.Teacher && c.teacherIds.includes(a.userId);
const readsCourse = (a: Actor, c: CourseFacts) =>
  has(a, ACADEMIC_MANAGERS) || appMay(a, [...ROSTER, SCOPES.gradebookRead]) || teaches(a, c) || (a.activeRole === Role.Student && c.viewerInClass);
const seesHidden = (a: Actor, c: CourseFacts) => readsSchool(a) || teaches(a, c);

/** What result visibility reads about a submission (assessments.md section 4 "Result visibility"). */
export interface SubmissionView {
  studentId: string;
  teacherIds: string[];
  graded: boolean;
  visibility: 'immediate' | 'scoreOnly' | 'manual';
  /** A teacher released the results of a manual item. */
  released: boolean;
  autoSubmitted: boolean;
}
const ownWork = (a: Actor, s: { studentId: string }) => a.activeRole === Role.Student && a.userId === s.studentId;
/** Those who hold the answer key: the course's teachers, SuperAdmin and Admin (and the school-wide read scope). */
const seesWork = (a: Actor, s: { teacherIds: string[] }) =>
  readsSchool(a) || (a.activeRole === Role.Teacher && s.teacherIds.includes(a.userId));
/** Scores and who graded: those who hold the key, and an application that reads gradebooks (never the key itself). */
const seesScores = (a: Actor, s: { teacherIds: string[] }) => seesWork(a, s) || appMay(a, GRADEBOOK);
/** The viewer acts as a Parent linked to this student (Actor.childIds comes with the session). */
const isParentOf = (a: Actor, studentId: string) => a.activeRole === Role.Parent && a.childIds.includes(studentId);
/** The student's own work, or a linked parent's view of it: the same results, never more (correct answers and files stay the student's). */
const ownOrChild = (a: Actor, s: { studentId: string }) => ownWork(a, s) || isParentOf(a, s.studentId);
/** What the question-bank rules know about a bank and the viewer (question-banks.queries.ts loads it; SQL twin: questionBankReadableSql). */
export interface BankFacts {
  ownerId: string;
  sharing: 'private' | 'read' | 'edit';
  /** The viewer is a teacher with an allocation of the bank's subject (any class, any year). */
  viewerTeachesSubject: boolean;
}
/** SuperAdmin and Admin themselves (never an application: banks hold answer keys). */
const staffManager = (a: Actor) => has(a, ACADEMIC_MANAGERS) && person(a);
const ownsBank = (a: Actor, b: BankFacts) => a.activeRole === Role.Teacher && a.userId === b.ownerId;
const sharedBank = (a: Actor, b: BankFacts, levels: string[]) => a.activeRole === Role.Teacher && b.viewerTeachesSubject && levels.includes(b.sharing);
const resultsShown = (s: SubmissionView) => s.graded && (s.visibility !== 'manual' || s.released);

/**
 * Every rule of the system, by action. A rule sees the actor and the object acted on (never the role
 * alone where ownership matters). Domains add their rules here so the whole table reads in one place.
 */
export const rules = {
  /** list users (the user-management and placement pages) */
  'user.list': (a: Actor) => has(a, USER_MANAGERS) || appMay(a, ROSTER),
  /** read one user: yourself, or any user for staff who manage users */
  'user.read': (a: Actor, target: { id: string }) => a.userId === target.id || has(a, USER_MANAGERS) || appMay(a, ROSTER),
  /** create a user with the given role */
  'user.create': (a: Actor, target: { role: Role }) =>
    has(a, USER_MANAGERS) && mayAssign(a, target.role),
  /** delete a user: never yourself; SuperAdmin and Admin users of a role they could have created, a Teacher only their own students and their parents (lists: userDeletableSql) */
  'user.delete': (a: Actor, target: UserFacts) => a.userId !== target.id && managesUser(a, target),
  /** edit a user (name, email, role) or resend their invitation: as delete, without "never yourself" (changing your own role is refused by the service; lists: userEditableSql) */
  'user.update': (a: Actor, target: UserFacts) => managesUser(a, target),
  /** change another user's sign-in email (it still waits for the new address): SuperAdmin and Admin only, never a Teacher; one's own through the account */
  'user.changeEmail': (a: Actor, target: UserFacts) => has(a, ACADEMIC_MANAGERS) && managesUser(a, target),
  /** view the app as another role; decided by the stored role, so an impersonating user can still move */
  'role.switch': (a: Actor, target: { role: Role }) => person(a) && SWITCHABLE_ROLES[a.role as Role].includes(target.role),
  /** change academic years, classes, subjects and allocations (which teachers teach what) */
  'academic.manage': (a: Actor) => has(a, ACADEMIC_MANAGERS),
  /** read academic years, classes and subjects: every signed-in role (the course-management tree is for all), an application with a roster scope */
  'academic.read': (a: Actor) => person(a) || appMay(a, ROSTER),
  /** list one teacher's allocations: academic managers for any teacher, a teacher only their own */
  'allocation.listOfTeacher': (a: Actor, t: { teacherId: string }) =>
    has(a, ACADEMIC_MANAGERS) || appMay(a, ROSTER) || (a.activeRole === Role.Teacher && a.userId === t.teacherId),
  /** read one allocation: academic managers, or a teacher who is one of its teachers (lists: allocationReadableSql) */
  'allocation.read': (a: Actor, alloc: { teacherIds: string[] }) =>
    has(a, ACADEMIC_MANAGERS) || appMay(a, ROSTER) || (a.activeRole === Role.Teacher && alloc.teacherIds.includes(a.userId)),
  /** use student placement at all (assessments.md section 6: teachers assign students) */
  'student.placeAny': (a: Actor) => has(a, [Role.SuperAdmin, Role.Admin, Role.Teacher]),
  /** place a student: only students; academic managers into any class, a teacher only where they teach */
  'student.place': (a: Actor, p: { studentRole: Role; actorTeachesThere: boolean }) =>
    p.studentRole === Role.Student &&
    (has(a, ACADEMIC_MANAGERS) || (a.activeRole === Role.Teacher && p.actorTeachesThere)),
  /** open class attendance at all (roster, date view, chart, marking): teachers and academic managers */
  'attendance.staff': (a: Actor) => readsSchool(a) || has(a, [Role.Teacher]),
  /** mark, and read the roster and records of, one class and subject: academic managers or its assigned teachers */
  'attendance.mark': (a: Actor, alloc: { teacherIds: string[] }) =>
    readsSchool(a) || (a.activeRole === Role.Teacher && alloc.teacherIds.includes(a.userId)),
  /** read one's own attendance (assessments.md section 6: students see only their own); filtered in SQL by student */
  'attendance.readOwn': (a: Actor) => a.activeRole === Role.Student,
  /** create a course (or clone one into): a Teacher assigned to that class, subject and year */
  'course.create': (a: Actor, t: { assigned: boolean }) => a.activeRole === Role.Teacher && t.assigned,
  /** list every course (the dashboard list for SuperAdmin and Admin) */
  'course.listAll': (a: Actor) => has(a, ACADEMIC_MANAGERS) || appMay(a, [...ROSTER, SCOPES.gradebookRead]),
  /** list one teacher's courses: SuperAdmin and Admin any teacher's, a teacher their own */
  'course.listOfTeacher': (a: Actor, t: { teacherId: string }) =>
    has(a, ACADEMIC_MANAGERS) || appMay(a, [...ROSTER, SCOPES.gradebookRead]) || (a.activeRole === Role.Teacher && a.userId === t.teacherId),
  /** list the courses of one's own class and academic year */
  'course.listOfOwnClass': (a: Actor) => a.activeRole === Role.Student,
  /** read a course: SuperAdmin and Admin any, a teacher the ones they teach, a student those of their class and year; never a parent */
  'course.read': (a: Actor, c: CourseFacts) => readsCourse(a, c),
  /** see hidden modules, content and announcements: SuperAdmin, Admin and the course's teachers */
  'course.seeHidden': (a: Actor, c: CourseFacts) => readsCourse(a, c) && seesHidden(a, c),
  /** change a course and what is in it (modules, content, announcements); reuse sources and targets too */
  'course.manage': (a: Actor, c: CourseFacts) => teaches(a, c),
  /** delete a course with everything in it: its teachers, SuperAdmin and Admin */
  'course.delete': (a: Actor, c: CourseFacts) => teaches(a, c) || has(a, ACADEMIC_MANAGERS),
  /** read one module, content item (or its file) or announcement: hidden ones only for those who see hidden */
  'course.readItem': (a: Actor, i: { course: CourseFacts; visible: boolean }) =>
    readsCourse(a, i.course) && ((i.visible && person(a)) || seesHidden(a, i.course)),
  /**
   * read an assessment (assignment, exam, quiz): whoever sees the course's hidden items; a student of the
   * course's class and year only when it (and its module) is visible and it is for the whole class or names them
   */
  'assessment.read': (a: Actor, x: { course: CourseFacts; visible: boolean; wholeClass: boolean; targetsViewer: boolean }) =>
    readsCourse(a, x.course) && (seesHidden(a, x.course) || appMay(a, GRADEBOOK) || (person(a) && x.visible && (x.wholeClass || x.targetsViewer))),
  /** receive the answer key (isCorrect, accepted answers and weights, partial marking) and the targets: the course's teachers, SuperAdmin and Admin */
  'assessment.seeKey': (a: Actor, x: { teacherIds: string[] }) => seesWork(a, x),
  /** submit, resubmit or autosave work at all: students (the item itself must pass 'assessment.read') */
  'submission.submitAny': (a: Actor) => a.activeRole === Role.Student,
  /** release the results of a manual-visibility item: the course's teachers */
  'assessment.release': (a: Actor, c: CourseFacts) => teaches(a, c),
  /**
   * grade a submission (scores, feedback, overrides of automatic scores) and create one for manual grading
   * for an overdue student: the course's teachers only (SuperAdmin and Admin read but do not grade, as with
   * 'assessment.release')
   */
  'submission.grade': (a: Actor, s: { teacherIds: string[] }) => a.activeRole === Role.Teacher && s.teacherIds.includes(a.userId),
  /** keep a comment bank of feedback snippets at all: teachers (issue 25) */
  'commentBank.use': (a: Actor) => a.activeRole === Role.Teacher,
  /** read or delete a comment snippet: only the teacher who saved it (lists: commentSnippetOwnSql) */
  'commentSnippet.own': (a: Actor, s: { teacherId: string }) => a.activeRole === Role.Teacher && a.userId === s.teacherId,
  /** reopen a student's work with a new due date, and 'Extend Again': the course's teachers only */
  'submission.reopen': (a: Actor, s: { teacherIds: string[] }) => a.activeRole === Role.Teacher && s.teacherIds.includes(a.userId),
  /** who graded and the automatic score an override replaced: the course's teachers, SuperAdmin and Admin; never the student */
  'submission.seeGrading': (a: Actor, s: { teacherIds: string[] }) => seesScores(a, s),
  /**
   * read a submission: the course's teachers, SuperAdmin and Admin (and an application that reads gradebooks); its
   * student and the student's linked parents only while the student may read the item (hiding an item hides its
   * submissions too; lists: submissionReadableSql)
   */
  'submission.read': (a: Actor, s: { studentId: string; teacherIds: string[]; itemShownToStudent: boolean }) =>
    ((ownWork(a, s) || isParentOf(a, s.studentId)) && s.itemShownToStudent) || seesScores(a, s),
  /** download a long-answer file: the student who sent it and the course's teachers only */
  'submission.download': (a: Actor, s: { studentId: string; teacherIds: string[] }) =>
    ownWork(a, s) || (a.activeRole === Role.Teacher && s.teacherIds.includes(a.userId)),
  /** the total score: those who hold the key; the student (and their linked parents, never more) once graded and not manual (unless released) */
  'submission.seeResults': (a: Actor, s: SubmissionView) => seesScores(a, s) || (ownOrChild(a, s) && resultsShown(s)),
  /** per-question scores and feedback: as results (the student and their linked parents), but not under scoreOnly (the total alone) */
  'submission.seeGrades': (a: Actor, s: SubmissionView) =>
    seesScores(a, s) || (ownOrChild(a, s) && resultsShown(s) && s.visibility !== 'scoreOnly'),
  /** correct answers and explanations: as grades, only for immediate (or released) work not auto-submitted */
  'submission.seeCorrect': (a: Actor, s: SubmissionView) =>
    seesWork(a, s) || (ownWork(a, s) && resultsShown(s) && s.visibility !== 'scoreOnly' && !s.autoSubmitted),
  /** an item's grading dashboard, its changes and its summary (issue 13): the course's teachers, SuperAdmin and Admin */
  'assessment.review': (a: Actor, c: CourseFacts) => teaches(a, c) || readsSchool(a),
  /** auto-submit an item's overdue students now: the course's teachers (SuperAdmin and Admin change nothing in courses) */
  'assessment.autoSubmit': (a: Actor, c: CourseFacts) => teaches(a, c),
  /** the review lists (Assignment, Quiz and Exam Review): teachers (their courses' items), SuperAdmin and Admin (all) */
  'review.list': (a: Actor) => readsSchool(a) || has(a, [Role.Teacher]),
  // ---- Question banks (issue 30): never a student, a parent or an application (a bank holds answer keys) ----
  /** open question banks at all (the list, the pickers): teachers, SuperAdmin and Admin */
  'questionBank.use': (a: Actor) => person(a) && has(a, [...ACADEMIC_MANAGERS, Role.Teacher]),
  /** make a bank: a teacher, in a subject they teach */
  'questionBank.create': (a: Actor, s: { viewerTeachesSubject: boolean }) => a.activeRole === Role.Teacher && s.viewerTeachesSubject,
  /** read a bank with its keys: its owner, the subject's other teachers when shared (read or edit), SuperAdmin and Admin (lists: questionBankReadableSql) */
  'questionBank.read': (a: Actor, b: BankFacts) => staffManager(a) || ownsBank(a, b) || sharedBank(a, b, ['read', 'edit']),
  /** add, change, delete and move its questions: its owner, the subject's other teachers when shared to edit, SuperAdmin and Admin */
  'questionBank.edit': (a: Actor, b: BankFacts) => staffManager(a) || ownsBank(a, b) || sharedBank(a, b, ['edit']),
  /** rename, share or delete the bank itself: its owner, SuperAdmin and Admin */
  'questionBank.manage': (a: Actor, b: BankFacts) => staffManager(a) || ownsBank(a, b),
  // ---- end of Question banks ----
  // ---- Grades (issue 17): a student's grades report and a course's gradebook ----
  /** one's own grades report (myGrades): students; another student's report is 'family.readStudentView' */
  'grades.readOwn': (a: Actor) => a.activeRole === Role.Student,
  /** a course's gradebook (its students x its assessments, CSV export): the course's teachers, SuperAdmin and Admin */
  'grades.gradebook': (a: Actor, c: CourseFacts) => teaches(a, c) || has(a, ACADEMIC_MANAGERS) || appMay(a, GRADEBOOK),
  // ---- end of Grades ----
  // ---- Calendar (issue 17): due dates by month and week, and the ICS feed ----
  /** whose due dates a calendar (and its feed) holds: a student their own, a parent their linked children's, each as the child sees them (a teacher's are the courses they teach, SuperAdmin's and Admin's the whole school's; lists: calendarStudentSql) */
  'calendar.dueDatesOf': (a: Actor, s: { studentId: string }) => ownWork(a, s) || isParentOf(a, s.studentId),
  /** create, reset or turn off one's own feed link: not while viewing as another role (the feed answers with the stored role) */
  'calendar.manageFeed': (a: Actor) => !a.impersonating && person(a),
  // ---- end of Calendar ----
  // ---- Families (issue 17): parents linked to students, and what a parent reads of a linked child ----
  /** link a parent to a student or unlink them: SuperAdmin and Admin */
  'family.manage': (a: Actor) => has(a, ACADEMIC_MANAGERS),
  /** see a user's links (a parent's children, a student's parents): SuperAdmin and Admin any user's, a parent their own */
  'family.readLinks': (a: Actor, u: { id: string }) => readsSchool(a) || (a.activeRole === Role.Parent && a.userId === u.id),
  /** read a linked child's courses, work (as the child sees it, never more), attendance and feedback: their parents only (lists: parentOfSql) */
  'family.readChild': (a: Actor, s: { studentId: string }) => isParentOf(a, s.studentId),
  /** read a student's own view (courses, work, attendance): the student, a linked parent, SuperAdmin and Admin */
  'family.readStudentView': (a: Actor, s: { studentId: string }) =>
    ownWork(a, s) || isParentOf(a, s.studentId) || readsSchool(a),
  // ---- end of Families ----
  // ---- Audit log (issue 23): who changed whose account, role switches, grade changes ----
  /** open the audit log at all: SuperAdmin and Admin (every row), teachers (the grade changes of the courses they teach) */
  'audit.list': (a: Actor) => has(a, [...ACADEMIC_MANAGERS, Role.Teacher]),
  /** read one audit row: SuperAdmin and Admin any; a teacher a grade change in a course they teach (lists: auditReadableSql) */
  'audit.read': (a: Actor, e: { kind: string; courseTeacherIds: string[] }) =>
    has(a, ACADEMIC_MANAGERS) || (a.activeRole === Role.Teacher && e.kind === 'GRADE_CHANGED' && e.courseTeacherIds.includes(a.userId)),
  // ---- end of Audit log ----
  // ---- Notifications (issue 17): the bell, the To Do ----
  /** read or mark a notification: only its recipient (lists: notificationOwnSql) */
  'notification.read': (a: Actor, n: { userId: string }) => a.userId === n.userId,
  /** the To Do (due soon, not submitted): a student, of their own work */
  'notification.todo': (a: Actor) => a.activeRole === Role.Student,
  // ---- end of Notifications ----
  /** send a file at all (checked before the upload is read; the module's course is checked after) */
  'content.uploadAny': (a: Actor) => a.activeRole === Role.Teacher,
  /** start a discussion or reply: the course's teachers and its students */
  'discussion.post': (a: Actor, c: CourseFacts) => teaches(a, c) || (a.activeRole === Role.Student && c.viewerInClass),
  /** edit or delete a discussion or reply: a teacher of the course, or its author while they can read the course */
  'discussion.change': (a: Actor, d: { course: CourseFacts; authorId: string | null }) =>
    teaches(a, d.course) || (readsCourse(a, d.course) && d.authorId !== null && d.authorId === a.userId),
  // ---- Integrations (issue 26): personal access tokens and applications ----
  /**
   * change anything (GraphQL mutations, /api paths other than GET): a web session, or a personal access token
   * of scope READ_WRITE; never a READ token, never an application (its OneRoster writes come with their own routes)
   */
  'credential.write': (a: Actor) => !a.credential || (a.credential.kind === 'token' && a.credential.scope === AccessTokenScope.READ_WRITE),
  /** what belongs to a signed-in browser (switch role, change the password, sign out a session): a web session, never a token */
  'session.manage': (a: Actor) => !a.credential,
  /** create, list and revoke one's own personal access tokens: a person in a web session of their own role (a token acts in the stored role) */
  'accessToken.manage': (a: Actor) => !a.credential && person(a) && !a.impersonating,
  /** register, list, rotate and revoke applications: SuperAdmin and Admin, in a web session */
  'application.manage': (a: Actor) => !a.credential && has(a, ACADEMIC_MANAGERS),
  // ---- end of Integrations ----
  // ---- OneRoster 1.2 (issue 27): its REST services answer applications holding their scopes ----
  /** the rostering service (orgs, academic sessions, courses, classes, users, enrollments) */
  'oneroster.roster.read': (a: Actor) => appMay(a, ROSTER_SCOPES),
  /** the gradebook service's reads (categories, line items, results) */
  'oneroster.gradebook.read': (a: Actor) => appMay(a, [SCOPES.gradebookRead]),
  /** create or replace categories, line items and results */
  'oneroster.gradebook.write': (a: Actor) => appMay(a, [SCOPES.gradebookWrite]),
  /** delete them */
  'oneroster.gradebook.delete': (a: Actor) => appMay(a, [SCOPES.gradebookDelete]),
  /** import a OneRoster CSV zip (preview and apply): SuperAdmin and Admin */
  'oneroster.csv': (a: Actor) => has(a, ACADEMIC_MANAGERS),
  /** the imports with their reports, the OneRoster addresses, the exported zip: what SuperAdmin and Admin read */
  'oneroster.read': (a: Actor) => readsSchool(a),
  // ---- end of OneRoster ----
} satisfies Record<string, (actor: Actor, object: never) => boolean>;

export type Action = keyof typeof rules;
export type ObjectOf<A extends Action> = Parameters<(typeof rules)[A]>[1];
