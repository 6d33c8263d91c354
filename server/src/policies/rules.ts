import { Actor } from './actor';
import { Role } from '../modules/users/role';
import { ACADEMIC_MANAGERS, ASSIGNABLE_ROLES, SWITCHABLE_ROLES, USER_MANAGERS } from './roles';

const has = (actor: Actor, roles: Role[]) => roles.includes(actor.activeRole);

/** What the course rules need to know about a course and the viewer (loaded in one statement by the course gate). */
export interface CourseFacts {
  teacherIds: string[];
  /** The viewer is a student placed in the course's class and academic year. */
  viewerInClass: boolean;
}
const teaches = (a: Actor, c: CourseFacts) => a.activeRole === Role.Teacher && c.teacherIds.includes(a.userId);
const readsCourse = (a: Actor, c: CourseFacts) =>
  has(a, ACADEMIC_MANAGERS) || teaches(a, c) || (a.activeRole === Role.Student && c.viewerInClass);
const seesHidden = (a: Actor, c: CourseFacts) => has(a, ACADEMIC_MANAGERS) || teaches(a, c);

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
const seesWork = (a: Actor, s: { teacherIds: string[] }) =>
  has(a, ACADEMIC_MANAGERS) || (a.activeRole === Role.Teacher && s.teacherIds.includes(a.userId));
const resultsShown = (s: SubmissionView) => s.graded && (s.visibility !== 'manual' || s.released);

/**
 * Every rule of the system, by action. A rule sees the actor and the object acted on (never the role
 * alone where ownership matters). Domains add their rules here so the whole table reads in one place.
 */
export const rules = {
  /** list users (the user-management and placement pages) */
  'user.list': (a: Actor) => has(a, USER_MANAGERS),
  /** read one user: yourself, or any user for staff who manage users */
  'user.read': (a: Actor, target: { id: string }) => a.userId === target.id || has(a, USER_MANAGERS),
  /** create a user with the given role */
  'user.create': (a: Actor, target: { role: Role }) =>
    has(a, USER_MANAGERS) && ASSIGNABLE_ROLES[a.activeRole].includes(target.role),
  /** delete a user: never yourself, and only users of a role you could have created */
  'user.delete': (a: Actor, target: { id: string; role: Role }) =>
    has(a, USER_MANAGERS) && a.userId !== target.id && ASSIGNABLE_ROLES[a.activeRole].includes(target.role),
  /** edit a user (name, email, role) or resend their invitation: only users of a role you could have created (the delete rule without "never yourself"; changing your own role is refused by the service) */
  'user.update': (a: Actor, target: { role: Role }) =>
    has(a, USER_MANAGERS) && ASSIGNABLE_ROLES[a.activeRole].includes(target.role),
  /** view the app as another role; decided by the stored role, so an impersonating user can still move */
  'role.switch': (a: Actor, target: { role: Role }) => SWITCHABLE_ROLES[a.role].includes(target.role),
  /** change academic years, classes, subjects and allocations (which teachers teach what) */
  'academic.manage': (a: Actor) => has(a, ACADEMIC_MANAGERS),
  /** read academic years, classes and subjects: every signed-in role (the course-management tree is for all) */
  'academic.read': (_a: Actor) => true,
  /** list one teacher's allocations: academic managers for any teacher, a teacher only their own */
  'allocation.listOfTeacher': (a: Actor, t: { teacherId: string }) =>
    has(a, ACADEMIC_MANAGERS) || (a.activeRole === Role.Teacher && a.userId === t.teacherId),
  /** read one allocation: academic managers, or a teacher who is one of its teachers (lists: allocationReadableSql) */
  'allocation.read': (a: Actor, alloc: { teacherIds: string[] }) =>
    has(a, ACADEMIC_MANAGERS) || (a.activeRole === Role.Teacher && alloc.teacherIds.includes(a.userId)),
  /** use student placement at all (assessments.md section 6: teachers assign students) */
  'student.placeAny': (a: Actor) => has(a, [Role.SuperAdmin, Role.Admin, Role.Teacher]),
  /** place a student: only students; academic managers into any class, a teacher only where they teach */
  'student.place': (a: Actor, p: { studentRole: Role; actorTeachesThere: boolean }) =>
    p.studentRole === Role.Student &&
    (has(a, ACADEMIC_MANAGERS) || (a.activeRole === Role.Teacher && p.actorTeachesThere)),
  /** open class attendance at all (roster, date view, chart, marking): teachers and academic managers */
  'attendance.staff': (a: Actor) => has(a, [...ACADEMIC_MANAGERS, Role.Teacher]),
  /** mark, and read the roster and records of, one class and subject: academic managers or its assigned teachers */
  'attendance.mark': (a: Actor, alloc: { teacherIds: string[] }) =>
    has(a, ACADEMIC_MANAGERS) || (a.activeRole === Role.Teacher && alloc.teacherIds.includes(a.userId)),
  /** read one's own attendance (assessments.md section 6: students see only their own); filtered in SQL by student */
  'attendance.readOwn': (a: Actor) => a.activeRole === Role.Student,
  /** create a course (or clone one into): a Teacher assigned to that class, subject and year */
  'course.create': (a: Actor, t: { assigned: boolean }) => a.activeRole === Role.Teacher && t.assigned,
  /** list every course (the dashboard list for SuperAdmin and Admin) */
  'course.listAll': (a: Actor) => has(a, ACADEMIC_MANAGERS),
  /** list one teacher's courses: SuperAdmin and Admin any teacher's, a teacher their own */
  'course.listOfTeacher': (a: Actor, t: { teacherId: string }) =>
    has(a, ACADEMIC_MANAGERS) || (a.activeRole === Role.Teacher && a.userId === t.teacherId),
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
    readsCourse(a, i.course) && (i.visible || seesHidden(a, i.course)),
  /**
   * read an assessment (assignment, exam, quiz): whoever sees the course's hidden items; a student of the
   * course's class and year only when it (and its module) is visible and it is for the whole class or names them
   */
  'assessment.read': (a: Actor, x: { course: CourseFacts; visible: boolean; wholeClass: boolean; targetsViewer: boolean }) =>
    readsCourse(a, x.course) && (seesHidden(a, x.course) || (x.visible && (x.wholeClass || x.targetsViewer))),
  /** receive the answer key (isCorrect, accepted answers and weights, partial marking) and the targets: the course's teachers, SuperAdmin and Admin */
  'assessment.seeKey': (a: Actor, x: { teacherIds: string[] }) =>
    has(a, ACADEMIC_MANAGERS) || (a.activeRole === Role.Teacher && x.teacherIds.includes(a.userId)),
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
  /** reopen a student's work with a new due date, and 'Extend Again': the course's teachers only */
  'submission.reopen': (a: Actor, s: { teacherIds: string[] }) => a.activeRole === Role.Teacher && s.teacherIds.includes(a.userId),
  /** who graded and the automatic score an override replaced: the course's teachers, SuperAdmin and Admin; never the student */
  'submission.seeGrading': (a: Actor, s: { teacherIds: string[] }) => seesWork(a, s),
  /** read a submission: its student, the course's teachers, SuperAdmin and Admin (lists: submissionReadableSql) */
  'submission.read': (a: Actor, s: { studentId: string; teacherIds: string[] }) =>
    ownWork(a, s) || has(a, ACADEMIC_MANAGERS) || (a.activeRole === Role.Teacher && s.teacherIds.includes(a.userId)),
  /** download a long-answer file: the student who sent it and the course's teachers only */
  'submission.download': (a: Actor, s: { studentId: string; teacherIds: string[] }) =>
    ownWork(a, s) || (a.activeRole === Role.Teacher && s.teacherIds.includes(a.userId)),
  /** the total score: those who hold the key; the student once graded and not manual (unless released) */
  'submission.seeResults': (a: Actor, s: SubmissionView) => seesWork(a, s) || (ownWork(a, s) && resultsShown(s)),
  /** per-question scores and feedback: as results, but not under scoreOnly (the total alone) */
  'submission.seeGrades': (a: Actor, s: SubmissionView) =>
    seesWork(a, s) || (ownWork(a, s) && resultsShown(s) && s.visibility !== 'scoreOnly'),
  /** correct answers and explanations: as grades, only for immediate (or released) work not auto-submitted */
  'submission.seeCorrect': (a: Actor, s: SubmissionView) =>
    seesWork(a, s) || (ownWork(a, s) && resultsShown(s) && s.visibility !== 'scoreOnly' && !s.autoSubmitted),
  /** an item's grading dashboard, its changes and its summary (issue 13): the course's teachers, SuperAdmin and Admin */
  'assessment.review': (a: Actor, c: CourseFacts) => teaches(a, c) || has(a, ACADEMIC_MANAGERS),
  /** auto-submit an item's overdue students now: the course's teachers (SuperAdmin and Admin change nothing in courses) */
  'assessment.autoSubmit': (a: Actor, c: CourseFacts) => teaches(a, c),
  /** the review lists (Assignment, Quiz and Exam Review): teachers (their courses' items), SuperAdmin and Admin (all) */
  'review.list': (a: Actor) => has(a, [...ACADEMIC_MANAGERS, Role.Teacher]),
  /** send a file at all (checked before the upload is read; the module's course is checked after) */
  'content.uploadAny': (a: Actor) => a.activeRole === Role.Teacher,
  /** start a discussion or reply: the course's teachers and its students */
  'discussion.post': (a: Actor, c: CourseFacts) => teaches(a, c) || (a.activeRole === Role.Student && c.viewerInClass),
  /** edit or delete a discussion or reply: a teacher of the course, or its author while they can read the course */
  'discussion.change': (a: Actor, d: { course: CourseFacts; authorId: string | null }) =>
    teaches(a, d.course) || (readsCourse(a, d.course) && d.authorId !== null && d.authorId === a.userId),
} satisfies Record<string, (actor: Actor, object: never) => boolean>;

export type Action = keyof typeof rules;
export type ObjectOf<A extends Action> = Parameters<(typeof rules)[A]>[1];
