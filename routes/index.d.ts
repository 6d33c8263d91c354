/**
 * Types of index.js (the route table and its helpers). The table itself is index.js's ROUTES: the names below
 * repeat its keys as a type only, and web/src/app/routes.test.ts fails when the two lists differ.
 */

export type RouteName =
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'resetPassword'
  | 'confirmEmail'
  | 'reportEmailChange'
  | 'unauthorized'
  | 'home'
  | 'questionBanksShortcut'
  | 'profile'
  | 'settings'
  | 'accessTokens'
  | 'integrations'
  | 'dashboard'
  | 'users'
  | 'attendance'
  | 'studentAttendance'
  | 'courseManagement'
  | 'academicYearManagement'
  | 'classManagement'
  | 'subjectManagement'
  | 'teacherAssignment'
  | 'studentAssignment'
  | 'courses'
  | 'course'
  | 'gradebook'
  | 'grades'
  | 'childOverview'
  | 'child'
  | 'module'
  | 'classes'
  | 'calendar'
  | 'audit'
  | 'questionBanks'
  | 'questionBank'
  | 'studentCourseModules'
  | 'assignments'
  | 'assignmentSubmit'
  | 'assignmentView'
  | 'quizzes'
  | 'quizSubmit'
  | 'quizView'
  | 'exams'
  | 'examSubmit'
  | 'examView'
  | 'assignmentSubmissions'
  | 'quizSubmissions'
  | 'examSubmissions'
  | 'assignmentReview'
  | 'quizReview'
  | 'examReview'
  | 'schools'
  | 'impersonate'
  | 'logs'
  | 'reports'
  | 'messages'
  | 'liveClasses'
  | 'liveSessions'
  | 'studentDiary'
  | 'forums'
  | 'transcript'
  | 'diary'
  | 'payments';

/** Page name -> path pattern (react-router's `:param` segments). */
export declare const ROUTES: Readonly<Record<RouteName, string>>;

/** The kinds of item (the server's AssessmentKind). */
export type ItemKind = 'ASSIGNMENT' | 'QUIZ' | 'EXAM';
/** An item's pages: the student's submit and view pages, the teacher's grading dashboard. */
export type ItemPage = 'submit' | 'view' | 'submissions';

export declare const ITEM_ROUTES: Readonly<Record<ItemKind, Readonly<Record<ItemPage | 'list', RouteName>>>>;

export type RouteParams = Readonly<Record<string, string | number>>;
export type RouteQuery = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** The names of a route's `:params`, in order. */
export declare function paramsOf(name: RouteName): string[];
/** The path of a page with its params filled and an optional query; throws on a missing param. */
export declare function pathTo(name: RouteName, params?: RouteParams, query?: RouteQuery): string;
/** The decoded params of `pathname` when it is the page's address, else null. */
export declare function matchRoute(name: RouteName, pathname: string): Record<string, string> | null;
/** The path of an item's page. */
export declare function itemPath(itemKind: ItemKind, page: ItemPage, id: string): string;

/** What a notification or calendar event points at: typed data, turned into a path by targetPath. */
export type Target =
  | { to: 'item'; itemKind: ItemKind; itemId: string; page: ItemPage }
  | { to: 'course'; courseId: string; tab?: string }
  | { to: 'child'; studentId: string; tab?: string }
  | { to: 'dashboard' };

export declare function targetPath(target: Target): string;
