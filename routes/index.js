/**
 * The web app's addresses, defined once (issue 29): page names to path patterns (react-router's `:param`), and
 * the typed targets that notifications and calendar events carry, turned into paths here. The web's router,
 * sidebar and early module read this table; the server builds every app link it answers or mails (notifications,
 * the To Do, the calendar and its ICS feed, the digest, password and email links) from it, so nothing stores a
 * URL and a change here changes every answer. The paths are the spec's (platform.md section 2, assessments.md).
 *
 * Plain JavaScript (an ES module) so that both sides load it as it is: Vite bundles it, the server's CommonJS
 * requires it (Node >= 20.19 loads an ES module by require). Types: index.d.ts.
 */

/** Page name -> path pattern. Not frozen on purpose: a test changes a route and sees every answer follow. */
export const ROUTES = {
  // outside the signed-in shell
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
  confirmEmail: '/confirm-email/:token',
  reportEmailChange: '/report-email-change/:token',
  unauthorized: '/unauthorized',
  home: '/',
  questionBanksShortcut: '/question-banks',
  // the signed-in shell: the user menu
  profile: '/profile',
  settings: '/settings',
  accessTokens: '/settings/access-tokens',
  integrations: '/settings/integrations',
  // the signed-in shell: /dashboard/...
  dashboard: '/dashboard',
  users: '/dashboard/users',
  attendance: '/dashboard/attendance',
  studentAttendance: '/dashboard/student-attendance',
  courseManagement: '/dashboard/course-management',
  academicYearManagement: '/dashboard/academic-year-management',
  classManagement: '/dashboard/class-management',
  subjectManagement: '/dashboard/subject-management',
  teacherAssignment: '/dashboard/teacher-assignment',
  studentAssignment: '/dashboard/student-assignment',
  courses: '/dashboard/courses',
  course: '/dashboard/courses/:courseId',
  gradebook: '/dashboard/courses/:courseId/gradebook',
  grades: '/dashboard/grades',
  childOverview: '/dashboard/child-overview',
  child: '/dashboard/children/:studentId',
  module: '/dashboard/modules/:moduleId',
  classes: '/dashboard/classes',
  calendar: '/dashboard/calendar',
  audit: '/dashboard/audit',
  questionBanks: '/dashboard/question-banks',
  questionBank: '/dashboard/question-banks/:id',
  studentCourseModules: '/dashboard/student/course/:courseId/modules',
  assignments: '/dashboard/assignments',
  assignmentSubmit: '/dashboard/assignments/:id/submit',
  assignmentView: '/dashboard/assignments/:id/view',
  quizzes: '/dashboard/quizzes',
  quizSubmit: '/dashboard/quizzes/:id/submit',
  quizView: '/dashboard/quizzes/:id/view',
  exams: '/dashboard/exams',
  examSubmit: '/dashboard/exams/:id/submit',
  examView: '/dashboard/exams/:id/view',
  assignmentSubmissions: '/dashboard/assignments/:assignmentId/submissions',
  quizSubmissions: '/dashboard/quizzes/:quizId/quizsubmissions',
  examSubmissions: '/dashboard/exams/:examId/examsubmissions',
  assignmentReview: '/dashboard/teacher/assignments',
  quizReview: '/dashboard/teacher/quizzes',
  examReview: '/dashboard/teacher/exams',
  // the spec's sidebar and navbar links that have no page yet (shown 'Coming soon'; typed by hand: the 404 page)
  schools: '/dashboard/schools',
  impersonate: '/dashboard/impersonate',
  logs: '/dashboard/logs',
  reports: '/dashboard/reports',
  messages: '/dashboard/messages',
  liveClasses: '/dashboard/live-classes',
  liveSessions: '/dashboard/live-sessions',
  studentDiary: '/dashboard/student-diary',
  forums: '/dashboard/forums',
  transcript: '/dashboard/transcript',
  diary: '/dashboard/diary',
  payments: '/dashboard/payments',
};

/** The pages of an item by its kind (the server's AssessmentKind): its list, the student's two pages, the teacher's grading dashboard. */
export const ITEM_ROUTES = {
  ASSIGNMENT: { list: 'assignments', submit: 'assignmentSubmit', view: 'assignmentView', submissions: 'assignmentSubmissions' },
  QUIZ: { list: 'quizzes', submit: 'quizSubmit', view: 'quizView', submissions: 'quizSubmissions' },
  EXAM: { list: 'exams', submit: 'examSubmit', view: 'examView', submissions: 'examSubmissions' },
};

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

function routeOf(name) {
  const pattern = Object.hasOwn(ROUTES, name) ? ROUTES[name] : undefined;
  if (typeof pattern !== 'string') throw new Error(`Unknown route: ${String(name)}`);
  return pattern;
}

/** The names of a pattern's `:params`, in order. */
export function paramsOf(name) {
  return [...routeOf(name).matchAll(PARAM)].map((m) => m[1]);
}

/**
 * The path of page `name` with its `:params` filled (each encoded as one segment) and an optional query
 * (`?key=value`, in the order given; undefined values left out). A missing param is a programming error: it throws.
 */
export function pathTo(name, params = {}, query = undefined) {
  const path = routeOf(name).replace(PARAM, (_m, key) => {
    const value = params[key];
    if (value === undefined || value === null || value === '') throw new Error(`Route ${name} needs ${key}`);
    return encodeURIComponent(String(value));
  });
  const pairs = Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== null);
  return pairs.length ? `${path}?${new URLSearchParams(pairs.map(([k, v]) => [k, String(v)])).toString()}` : path;
}

/**
 * The params of `pathname` when it is page `name`'s address (a trailing slash allowed; the query and hash are not
 * part of a pathname), else null. Params are decoded.
 */
export function matchRoute(name, pathname) {
  const names = paramsOf(name);
  const source = routeOf(name)
    .split(PARAM)
    .map((part, i) => (i % 2 ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const match = new RegExp(`^${source.replace(/\/$/, '')}/?$`).exec(pathname);
  if (!match) return null;
  return Object.fromEntries(names.map((key, i) => [key, decodeURIComponent(match[i + 1])]));
}

/** An item's page: `page` of item `id` of kind `itemKind` (ASSIGNMENT, QUIZ, EXAM). */
export function itemPath(itemKind, page, id) {
  const pages = Object.hasOwn(ITEM_ROUTES, itemKind) ? ITEM_ROUTES[itemKind] : undefined;
  if (!pages) throw new Error(`Unknown item kind: ${String(itemKind)}`);
  const name = pages[page];
  if (!name) throw new Error(`Unknown item page: ${String(page)}`);
  // the grading dashboards name their id after the kind (assignmentId, quizId, examId)
  const [key] = paramsOf(name);
  return pathTo(name, key ? { [key]: id } : {});
}

/**
 * Where a target leads (index.d.ts: Target): what a notification or a calendar event points at, as typed data
 * (a page of an item, a tab of a course, a child's page, the dashboard), never as a stored URL.
 */
export function targetPath(target) {
  switch (target.to) {
    case 'item':
      return itemPath(target.itemKind, target.page, target.itemId);
    case 'course':
      return pathTo('course', { courseId: target.courseId }, { tab: target.tab });
    case 'child':
      return pathTo('child', { studentId: target.studentId }, { tab: target.tab });
    case 'dashboard':
      return pathTo('dashboard');
    default:
      throw new Error(`Unknown target: ${JSON.stringify(target)}`);
  }
}
