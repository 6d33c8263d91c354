import { Actor } from './actor';
import { Role } from '../core/role';
import { ACADEMIC_MANAGERS, SWITCHABLE_ROLES, USER_MANAGERS } from './roles';
import { AccessTokenScope, ROSTER_SCOPES, SCOPES } from './credentials';
import {
  type Pred,
  actorAtom,
  allOf,
  allocationTaughtBy,
  anyOf,
  app,
  assignable,
  at,
  atom,
  equals,
  flag,
  jsOnly,
  linkedParent,
  not,
  person,
  placedIn,
  role,
  roleOf,
  studentPlacedIn,
  targeted,
  taughtBy,
  taughtByViewer,
  viewerIs,
} from './atoms';

/**
 * Every rule of the system, each written once as a composition of the atoms of atoms.ts: `can()` evaluates its
 * JS form on loaded facts, list filters and single reads render its SQL form (policies/sql.ts) from the same
 * expression. A rule's comment says what it reads; the facts type is what `can()` is given, the columns type
 * what a list names for the SQL form. Rules whose facts are not columns of any list (a target role, a fact the
 * service computes) use `jsOnly` atoms and have no SQL form: 'role.switch', 'student.place', 'course.create'.
 */

const manager = role(...ACADEMIC_MANAGERS);
const teacher = role(Role.Teacher);
const student = role(Role.Student);
const parent = role(Role.Parent);
const webSession = actorAtom((a) => !a.credential);
/** The session acts in its user's own role (not viewing as another). */
const ownRole = actorAtom((a) => !a.impersonating);
const ROSTER = [SCOPES.schoolRead, ...ROSTER_SCOPES];
const GRADEBOOK = [SCOPES.schoolRead, SCOPES.gradebookRead];
/** What SuperAdmin and Admin read, the school-wide read scope reads too (writes stay refused: 'credential.write'). */
const readsSchool = anyOf(manager, app(SCOPES.schoolRead));

/** What the user rules know about the user acted on (users/users.repository.ts userFacts loads it). */
export interface UserFacts {
  id: string;
  role: Role;
  /** A student placed in a class and year the viewer teaches, or a parent of such a student (only asked for a Teacher viewer). */
  taughtByViewer: boolean;
}
/** The columns of a user row. */
export interface UserCols {
  id: string;
  role: string;
}
/**
 * Whom an actor may edit, re-invite or delete: SuperAdmin and Admin any user of a role they may create; a Teacher
 * only their own students and those students' parents, never another member of staff (an email change by a
 * teacher was a way to take another teacher's account over).
 */
const managesUser = anyOf(allOf(manager, assignable), allOf(teacher, roleOf(Role.Student, Role.Parent), taughtByViewer));

/** What the course rules need to know about a course and the viewer (loaded in one statement by the course gate). */
export interface CourseFacts {
  teacherIds: string[];
  /** The viewer is a student placed in the course's class and academic year. */
  viewerInClass: boolean;
}
/** The columns a course rule reads: the course's id (its teachers and class are looked up from it). */
export interface CourseRef {
  courseId: string;
  /** A relation holding at least this course's (course_id, teacher_id) rows, instead of the course_teachers view (taughtBy). */
  teachers?: string;
}
/** An item of a course (module, content item, announcement): its course and whether it is visible. */
export interface ItemRef extends CourseRef {
  /** A boolean expression: the item is shown to students (for content: the item and its module). */
  visible: string;
}
interface ItemFacts {
  course: CourseFacts;
  visible: boolean;
}
/** An assessment: its course, whether it and its module are visible, whether it is for the whole class, its id. */
export interface AssessmentRef extends ItemRef {
  wholeClass: string;
  assessmentId: string;
}
interface AssessmentFacts extends ItemFacts {
  wholeClass: boolean;
  targetsViewer: boolean;
}
/** A submission: its student and its item (the item's columns as in AssessmentRef, on the same row). */
export interface SubmissionRef extends AssessmentRef {
  studentId: string;
}
const ofCourse = (f: { course: CourseFacts }) => f.course;
const cols = (r: CourseRef) => r;

/** The viewer teaches the course. */
const teaches = allOf(teacher, taughtBy);
/** The viewer is a student placed in the course's class and year. */
const inClass = allOf(student, placedIn);
const readsCourse = anyOf(manager, app(...ROSTER, SCOPES.gradebookRead), teaches, inClass);
const seesHidden = anyOf(readsSchool, teaches);
/** Those who hold the answer key: the course's teachers, SuperAdmin and Admin (and the school-wide read scope). */
const keyHolder = seesHidden;
/** Scores and who graded: those who hold the key, and an application that reads gradebooks (never the key itself). */
const seesScores = anyOf(keyHolder, app(...GRADEBOOK));
/** The viewer acts as the student whose work it is. */
const ownWork = allOf(student, viewerIs('studentId'));
/** The viewer acts as a Parent linked to this student (Actor.childIds comes with the session; parent_students in SQL). */
const parentOf = allOf(parent, linkedParent);
/** The student's own work, or a linked parent's view of it: the same results, never more (correct answers and files stay the student's). */
const ownOrChild = anyOf(ownWork, parentOf);
/** Who reads a student's own view (courses, items, grades, attendance) as the student sees it: the student, a linked parent, SuperAdmin and Admin. */
const readsStudentView = anyOf(ownWork, parentOf, readsSchool);

/**
 * The assessment is shown to the student that `viewer` names: they are placed in the course's class and year, and
 * it (and its module) is visible and for the whole class or names them. This is 'assessment.read' for a Student,
 * named as a relation so a submission's student, a parent's child or a calendar's student need no actor of theirs.
 */
export const shownToStudent = allOf(at(placedIn, ofCourse, cols), flag('visible'), anyOf(flag('wholeClass'), targeted));
/** 'itemShownToStudent': the submission's student may read its item now (hiding an item, or its module, hides its submissions from the student and their parents). */
const shownToItsStudent = atom<{ itemShownToStudent: boolean }, SubmissionRef>(
  (_a, f) => f.itemShownToStudent,
  (_a, r) => shownToStudent.sql!(null, r, r.studentId),
);

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
/** The columns of a submission with its item for result visibility. */
export interface SubmissionViewRef extends CourseRef {
  studentId: string;
  graded: string;
  visibility: string;
  released: string;
  autoSubmitted: string;
}
/**
 * The submission's results are shown to its own student: graded, and not manual unless released. A relation of the
 * submission alone (the actor plays no part), so what a student sees is asked without an actor standing in for them.
 */
export const resultsShown = allOf(flag('graded'), anyOf(not(equals('visibility', 'manual')), flag('released')));

/** A rule: its JS form, callable as before (`rules[action](actor, facts)`), with the expression it came from. */
export type RuleFn<F, R> = ((a: Actor, f: F) => boolean) & { readonly pred: Pred<F, R> };
const rule = <F = unknown, R = never>(p: Pred<F, R>): RuleFn<F, R> => Object.assign((a: Actor, f: F) => p.js(a, f), { pred: p });
/** What the question-bank rules know about a bank and the viewer (question-banks.queries.ts loads it). */
export interface BankFacts {
  ownerId: string;
  sharing: 'private' | 'read' | 'edit';
  /** The viewer is a teacher with an allocation of the bank's subject (any class, any year). */
  viewerTeachesSubject: boolean;
}
/** The columns of a bank row. */
export interface BankRef {
  ownerId: string;
  subjectId: string;
  sharing: string;
}
/** The viewer (whoever `viewer` names) has an allocation of the subject, any class and year. */
export const teachesSubjectSql = (subjectId: string, teacher: string) =>
  `EXISTS (SELECT 1 FROM allocations alb JOIN allocation_teachers atb ON atb.allocation_id = alb.id
            WHERE alb.subject_id = ${subjectId} AND atb.teacher_id = ${teacher})`;
const teachesSubject = atom<{ viewerTeachesSubject: boolean }, { subjectId: string }>(
  (_a, f) => f.viewerTeachesSubject,
  (_a, r, v) => teachesSubjectSql(r.subjectId, v),
);
/** SuperAdmin and Admin themselves (never an application: banks hold answer keys). */
const staffManager = allOf(manager, person);
const ownsBank = allOf(teacher, viewerIs('ownerId'));
const sharedToRead = allOf(teacher, teachesSubject, anyOf(equals('sharing', 'read'), equals('sharing', 'edit')));
const sharedToEdit = allOf(teacher, teachesSubject, equals('sharing', 'edit'));

/**
 * Every rule of the system, by action. A rule sees the actor and the object acted on (never the role
 * alone where ownership matters). Domains add their rules here so the whole table reads in one place.
 */
export const rules = {
  /** list users (the user-management and placement pages) */
  'user.list': rule(anyOf(role(...USER_MANAGERS), app(...ROSTER))),
  /** read one user: yourself, or any user for staff who manage users */
  'user.read': rule<{ id: string }, { id: string }>(anyOf(viewerIs('id'), role(...USER_MANAGERS), app(...ROSTER))),
  /** create a user with the given role */
  'user.create': rule<{ role: Role }, { role: string }>(allOf(role(...USER_MANAGERS), assignable)),
  /** delete a user: never yourself; SuperAdmin and Admin users of a role they could have created, a Teacher only their own students and their parents (lists: userDeletableSql) */
  'user.delete': rule<UserFacts, UserCols>(allOf(not(viewerIs('id')), managesUser)),
  /** edit a user (name, email, role) or resend their invitation: as delete, without "never yourself" (changing your own role is refused by the service; lists: userEditableSql) */
  'user.update': rule<UserFacts, UserCols>(managesUser),
  /** change another user's sign-in email (it still waits for the new address): SuperAdmin and Admin only, never a Teacher; one's own through the account */
  'user.changeEmail': rule<UserFacts, UserCols>(allOf(manager, managesUser)),
  /** view the app as another role; decided by the stored role, so an impersonating user can still move */
  'role.switch': rule<{ role: Role }>(
    allOf(
      person,
      jsOnly((a: Actor, t: { role: Role }) => SWITCHABLE_ROLES[a.role as Role].includes(t.role)),
    ),
  ),
  /** change academic years, classes, subjects and allocations (which teachers teach what) */
  'academic.manage': rule(manager),
  /** read academic years, classes and subjects: every signed-in role (the course-management tree is for all), an application with a roster scope */
  'academic.read': rule(anyOf(person, app(...ROSTER))),
  /** list one teacher's allocations: academic managers for any teacher, a teacher only their own */
  'allocation.listOfTeacher': rule<{ teacherId: string }, { teacherId: string }>(
    anyOf(manager, app(...ROSTER), allOf(teacher, viewerIs('teacherId'))),
  ),
  /** read one allocation: academic managers, or a teacher who is one of its teachers (lists: allocationReadableSql) */
  'allocation.read': rule<{ teacherIds: string[] }, { allocationId: string }>(
    anyOf(manager, app(...ROSTER), allOf(teacher, allocationTaughtBy)),
  ),
  /** use student placement at all (assessments.md section 6: teachers assign students) */
  'student.placeAny': rule(role(Role.SuperAdmin, Role.Admin, Role.Teacher)),
  /** place a student: only students; academic managers into any class, a teacher only where they teach */
  'student.place': rule<{ studentRole: Role; actorTeachesThere: boolean }>(
    allOf(
      jsOnly((_a, p: { studentRole: Role }) => p.studentRole === Role.Student),
      anyOf(
        manager,
        allOf(
          teacher,
          jsOnly((_a, p: { actorTeachesThere: boolean }) => p.actorTeachesThere),
        ),
      ),
    ),
  ),
  /** open class attendance at all (roster, date view, chart, marking): teachers and academic managers */
  'attendance.staff': rule(anyOf(readsSchool, teacher)),
  /** mark, and read the roster and records of, one class and subject: academic managers or its assigned teachers */
  'attendance.mark': rule<{ teacherIds: string[] }, { allocationId: string }>(anyOf(readsSchool, allOf(teacher, allocationTaughtBy))),
  /** read one's own attendance (assessments.md section 6: students see only their own); filtered in SQL by student */
  'attendance.readOwn': rule(student),
  /** create a course (or clone one into): a Teacher assigned to that class, subject and year */
  'course.create': rule<{ assigned: boolean }>(
    allOf(
      teacher,
      jsOnly((_a, t: { assigned: boolean }) => t.assigned),
    ),
  ),
  /** list every course (the dashboard list for SuperAdmin and Admin) */
  'course.listAll': rule(anyOf(manager, app(...ROSTER, SCOPES.gradebookRead))),
  /** list one teacher's courses: SuperAdmin and Admin any teacher's, a teacher their own */
  'course.listOfTeacher': rule<{ teacherId: string }, { teacherId: string }>(
    anyOf(manager, app(...ROSTER, SCOPES.gradebookRead), allOf(teacher, viewerIs('teacherId'))),
  ),
  /** list the courses of one's own class and academic year */
  'course.listOfOwnClass': rule(student),
  /** read a course: SuperAdmin and Admin any, a teacher the ones they teach, a student those of their class and year; never a parent */
  'course.read': rule<CourseFacts, CourseRef>(readsCourse),
  /** see hidden modules, content and announcements: SuperAdmin, Admin and the course's teachers */
  'course.seeHidden': rule<CourseFacts, CourseRef>(allOf(readsCourse, seesHidden)),
  /** change a course and what is in it (modules, content, announcements); reuse sources and targets too */
  'course.manage': rule<CourseFacts, CourseRef>(teaches),
  /** delete a course with everything in it: its teachers, SuperAdmin and Admin */
  'course.delete': rule<CourseFacts, CourseRef>(anyOf(teaches, manager)),
  /** read one module, content item (or its file) or announcement: hidden ones only for those who see hidden */
  'course.readItem': rule<ItemFacts, ItemRef>(
    allOf(at(readsCourse, ofCourse, cols), anyOf(allOf(flag('visible'), person), at(seesHidden, ofCourse, cols))),
  ),
  /**
   * read an assessment (assignment, exam, quiz): whoever sees the course's hidden items; a student of the
   * course's class and year only when it (and its module) is visible and it is for the whole class or names them
   */
  'assessment.read': rule<AssessmentFacts, AssessmentRef>(
    allOf(
      at(readsCourse, ofCourse, cols),
      anyOf(at(seesHidden, ofCourse, cols), app(...GRADEBOOK), allOf(person, flag('visible'), anyOf(flag('wholeClass'), targeted))),
    ),
  ),
  /** receive the answer key (isCorrect, accepted answers and weights, partial marking) and the targets: the course's teachers, SuperAdmin and Admin */
  'assessment.seeKey': rule<{ teacherIds: string[] }, CourseRef>(keyHolder),
  /** submit, resubmit or autosave work at all: students (the item itself must pass 'assessment.read') */
  'submission.submitAny': rule(student),
  /** release the results of a manual-visibility item: the course's teachers */
  'assessment.release': rule<CourseFacts, CourseRef>(teaches),
  /**
   * grade a submission (scores, feedback, overrides of automatic scores) and create one for manual grading
   * for an overdue student: the course's teachers only (SuperAdmin and Admin read but do not grade, as with
   * 'assessment.release')
   */
  'submission.grade': rule<{ teacherIds: string[] }, CourseRef>(teaches),
  /** keep a comment bank of feedback snippets at all: teachers (issue 25) */
  'commentBank.use': rule(teacher),
  /** read or delete a comment snippet: only the teacher who saved it (lists: commentSnippetOwnSql) */
  'commentSnippet.own': rule<{ teacherId: string }, { teacherId: string }>(allOf(teacher, viewerIs('teacherId'))),
  /** reopen a student's work with a new due date, and 'Extend Again': the course's teachers only */
  'submission.reopen': rule<{ teacherIds: string[] }, CourseRef>(teaches),
  /** who graded and the automatic score an override replaced: the course's teachers, SuperAdmin and Admin; never the student */
  'submission.seeGrading': rule<{ teacherIds: string[] }, CourseRef>(seesScores),
  /**
   * read a submission: the course's teachers, SuperAdmin and Admin (and an application that reads gradebooks); its
   * student and the student's linked parents only while the student may read the item (hiding an item hides its
   * submissions too; lists: submissionReadableSql)
   */
  'submission.read': rule<{ studentId: string; teacherIds: string[]; itemShownToStudent: boolean }, SubmissionRef>(
    anyOf(allOf(ownOrChild, shownToItsStudent), seesScores),
  ),
  /** download a long-answer file: the student who sent it and the course's teachers only */
  'submission.download': rule<{ studentId: string; teacherIds: string[] }, { studentId: string; courseId: string }>(
    anyOf(ownWork, teaches),
  ),
  /** the total score: those who hold the key; the student (and their linked parents, never more) once graded and not manual (unless released) */
  'submission.seeResults': rule<SubmissionView, SubmissionViewRef>(anyOf(seesScores, allOf(ownOrChild, resultsShown))),
  /** per-question scores and feedback: as results (the student and their linked parents), but not under scoreOnly (the total alone) */
  'submission.seeGrades': rule<SubmissionView, SubmissionViewRef>(
    anyOf(seesScores, allOf(ownOrChild, resultsShown, not(equals('visibility', 'scoreOnly')))),
  ),
  /** correct answers and explanations: as grades, only for immediate (or released) work not auto-submitted */
  'submission.seeCorrect': rule<SubmissionView, SubmissionViewRef>(
    anyOf(keyHolder, allOf(ownWork, resultsShown, not(equals('visibility', 'scoreOnly')), not(flag('autoSubmitted')))),
  ),
  /** an item's grading dashboard, its changes and its summary (issue 13): the course's teachers, SuperAdmin and Admin */
  'assessment.review': rule<CourseFacts, CourseRef>(anyOf(teaches, readsSchool)),
  /** auto-submit an item's overdue students now: the course's teachers (SuperAdmin and Admin change nothing in courses) */
  'assessment.autoSubmit': rule<CourseFacts, CourseRef>(teaches),
  /** the review lists (Assignment, Quiz and Exam Review): teachers (their courses' items), SuperAdmin and Admin (all) */
  'review.list': rule(anyOf(readsSchool, teacher)),
  // ---- Question banks (issue 30): never a student, a parent or an application (a bank holds answer keys) ----
  /** open question banks at all (the list, the pickers): teachers, SuperAdmin and Admin */
  'questionBank.use': rule(allOf(person, anyOf(manager, teacher))),
  /** make a bank: a teacher, in a subject they teach */
  'questionBank.create': rule<{ viewerTeachesSubject: boolean }, { subjectId: string }>(allOf(teacher, teachesSubject)),
  /** read a bank with its keys: its owner, the subject's other teachers when shared (read or edit), SuperAdmin and Admin (lists: questionBankReadableSql) */
  'questionBank.read': rule<BankFacts, BankRef>(anyOf(staffManager, ownsBank, sharedToRead)),
  /** add, change, delete and move its questions: its owner, the subject's other teachers when shared to edit, SuperAdmin and Admin */
  'questionBank.edit': rule<BankFacts, BankRef>(anyOf(staffManager, ownsBank, sharedToEdit)),
  /** rename, share or delete the bank itself: its owner, SuperAdmin and Admin */
  'questionBank.manage': rule<BankFacts, BankRef>(anyOf(staffManager, ownsBank)),
  // ---- end of Question banks ----
  // ---- Grades (issue 17): a student's grades report and a course's gradebook ----
  /** one's own grades report (myGrades): students; another student's report is 'family.readStudentView' */
  'grades.readOwn': rule(student),
  /** a course's gradebook (its students x its assessments, CSV export): the course's teachers, SuperAdmin and Admin */
  'grades.gradebook': rule<CourseFacts, CourseRef>(anyOf(teaches, manager, app(...GRADEBOOK))),
  // ---- end of Grades ----
  // ---- Calendar (issue 17): due dates by month and week, and the ICS feed ----
  /** whose due dates a calendar (and its feed) holds: a student their own, a parent their linked children's, each as the child sees them (a teacher's are the courses they teach, SuperAdmin's and Admin's the whole school's; lists: calendarStudentSql) */
  'calendar.dueDatesOf': rule<{ studentId: string }, { studentId: string }>(ownOrChild),
  /** create, reset or turn off one's own feed link: not while viewing as another role (the feed answers with the stored role) */
  'calendar.manageFeed': rule(allOf(ownRole, person)),
  // ---- end of Calendar ----
  // ---- Families (issue 17): parents linked to students, and what a parent reads of a linked child ----
  /** link a parent to a student or unlink them: SuperAdmin and Admin */
  'family.manage': rule(manager),
  /** see a user's links (a parent's children, a student's parents): SuperAdmin and Admin any user's, a parent their own */
  'family.readLinks': rule<{ id: string }, { id: string }>(anyOf(readsSchool, allOf(parent, viewerIs('id')))),
  /** read a linked child's courses, work (as the child sees it, never more), attendance and feedback: their parents only (lists: parentOfSql) */
  'family.readChild': rule<{ studentId: string }, { studentId: string }>(parentOf),
  /** read a student's own view (courses, work, attendance): the student, a linked parent, SuperAdmin and Admin */
  'family.readStudentView': rule<{ studentId: string }, { studentId: string }>(readsStudentView),
  /** a course of a student's view (their report, a parent's child's courses): the reader may read the student's view and the student is placed in the course (lists: studentCourseSql) */
  'family.readStudentCourse': rule<{ studentId: string; studentInClass: boolean }, { studentId: string; courseId: string }>(
    allOf(readsStudentView, studentPlacedIn),
  ),
  /** an item of a student's view, as the student sees it: the reader may read the student's view and the item is shown to the student (lists: studentItemSql) */
  'family.readStudentItem': rule<{ studentId: string; itemShownToStudent: boolean }, SubmissionRef>(
    allOf(readsStudentView, shownToItsStudent),
  ),
  // ---- end of Families ----
  // ---- Audit log (issue 23): who changed whose account, role switches, grade changes ----
  /** open the audit log at all: SuperAdmin and Admin (every row), teachers (the grade changes of the courses they teach) */
  'audit.list': rule(role(...ACADEMIC_MANAGERS, Role.Teacher)),
  /** read one audit row: SuperAdmin and Admin any; a teacher a grade change in a course they teach (lists: auditReadableSql) */
  'audit.read': rule<{ kind: string; courseTeacherIds: string[] }, { kind: string; courseId: string }>(
    anyOf(
      manager,
      allOf(
        teacher,
        equals('kind', 'GRADE_CHANGED'),
        at(
          taughtBy,
          (e: { courseTeacherIds: string[] }) => ({ teacherIds: e.courseTeacherIds }),
          (r: CourseRef) => r,
        ),
      ),
    ),
  ),
  // ---- end of Audit log ----
  // ---- Notifications (issue 17): the bell, the To Do ----
  /** read or mark a notification: only its recipient (lists: notificationOwnSql) */
  'notification.read': rule<{ userId: string }, { userId: string }>(viewerIs('userId')),
  /** the To Do (due soon, not submitted): a student, of their own work */
  'notification.todo': rule(student),
  // ---- end of Notifications ----
  /** send a file at all (checked before the upload is read; the module's course is checked after) */
  'content.uploadAny': rule(teacher),
  /** start a discussion or reply: the course's teachers and its students */
  'discussion.post': rule<CourseFacts, CourseRef>(anyOf(teaches, inClass)),
  /** edit or delete a discussion or reply: a teacher of the course, or its author while they can read the course */
  'discussion.change': rule<{ course: CourseFacts; authorId: string | null }, CourseRef & { authorId: string }>(
    anyOf(at(teaches, ofCourse, cols), allOf(at(readsCourse, ofCourse, cols), viewerIs('authorId'))),
  ),
  // ---- Integrations (issue 26): personal access tokens and applications ----
  /**
   * change anything (GraphQL mutations, /api paths other than GET): a web session, or a personal access token
   * of scope READ_WRITE; never a READ token, never an application (its OneRoster writes come with their own routes)
   */
  'credential.write': rule(
    actorAtom((a) => !a.credential || (a.credential.kind === 'token' && a.credential.scope === AccessTokenScope.READ_WRITE)),
  ),
  /** what belongs to a signed-in browser (switch role, change the password, sign out a session): a web session, never a token */
  'session.manage': rule(webSession),
  /** create, list and revoke one's own personal access tokens: a person in a web session of their own role (a token acts in the stored role) */
  'accessToken.manage': rule(allOf(webSession, person, ownRole)),
  /** register, list, rotate and revoke applications: SuperAdmin and Admin, in a web session */
  'application.manage': rule(allOf(webSession, manager)),
  // ---- end of Integrations ----
  // ---- OneRoster 1.2 (issue 27): its REST services answer applications holding their scopes ----
  /** the rostering service (orgs, academic sessions, courses, classes, users, enrollments) */
  'oneroster.roster.read': rule(app(...ROSTER_SCOPES)),
  /** the gradebook service's reads (categories, line items, results) */
  'oneroster.gradebook.read': rule(app(SCOPES.gradebookRead)),
  /** create or replace categories, line items and results */
  'oneroster.gradebook.write': rule(app(SCOPES.gradebookWrite)),
  /** delete them */
  'oneroster.gradebook.delete': rule(app(SCOPES.gradebookDelete)),
  /** import a OneRoster CSV zip (preview and apply): SuperAdmin and Admin */
  'oneroster.csv': rule(manager),
  /** the imports with their reports, the OneRoster addresses, the exported zip: what SuperAdmin and Admin read */
  'oneroster.read': rule(readsSchool),
  // ---- end of OneRoster ----
} satisfies Record<string, (actor: Actor, object: never) => boolean>;

export type Action = keyof typeof rules;
export type ObjectOf<A extends Action> = Parameters<(typeof rules)[A]>[1];

/** The expression a rule was written as, or undefined for a rule written as a plain function. */
export const predOf = (action: Action): Pred<unknown, unknown> | undefined => (rules[action] as Partial<RuleFn<unknown, unknown>>).pred;
