import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ITEM_ROUTES, ROUTES, itemPath, matchRoute, paramsOf, pathTo, targetPath, type RouteName } from '@lms/routes';

/**
 * The route table (@lms/routes, issue 29): one definition of the app's addresses for the router, the sidebar, the
 * early module and the server's links. Its paths are the spec's (platform.md section 2, assessments.md), so this
 * pins them; pathTo, matchRoute and targetPath are the only logic.
 */
const ROOT = path.resolve(__dirname, '../../..');

describe('the table', () => {
  it('keeps the paths the spec fixes', () => {
    expect(ROUTES).toMatchObject({
      login: '/login',
      register: '/register',
      forgotPassword: '/forgot-password',
      resetPassword: '/reset-password/:token',
      confirmEmail: '/confirm-email/:token',
      reportEmailChange: '/report-email-change/:token',
      unauthorized: '/unauthorized',
      home: '/',
      profile: '/profile',
      settings: '/settings',
      dashboard: '/dashboard',
      users: '/dashboard/users',
      courseManagement: '/dashboard/course-management',
      academicYearManagement: '/dashboard/academic-year-management',
      classManagement: '/dashboard/class-management',
      subjectManagement: '/dashboard/subject-management',
      teacherAssignment: '/dashboard/teacher-assignment',
      courses: '/dashboard/courses',
      course: '/dashboard/courses/:courseId',
      module: '/dashboard/modules/:moduleId',
      assignmentReview: '/dashboard/teacher/assignments',
      quizReview: '/dashboard/teacher/quizzes',
      examReview: '/dashboard/teacher/exams',
      assignmentSubmissions: '/dashboard/assignments/:assignmentId/submissions',
      quizSubmissions: '/dashboard/quizzes/:quizId/quizsubmissions',
      examSubmissions: '/dashboard/exams/:examId/examsubmissions',
      classes: '/dashboard/classes',
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
      studentAssignment: '/dashboard/student-assignment',
      attendance: '/dashboard/attendance',
      studentAttendance: '/dashboard/student-attendance',
      schools: '/dashboard/schools',
      impersonate: '/dashboard/impersonate',
      logs: '/dashboard/logs',
      reports: '/dashboard/reports',
      calendar: '/dashboard/calendar',
      messages: '/dashboard/messages',
      liveClasses: '/dashboard/live-classes',
      liveSessions: '/dashboard/live-sessions',
      studentDiary: '/dashboard/student-diary',
      forums: '/dashboard/forums',
      grades: '/dashboard/grades',
      transcript: '/dashboard/transcript',
      diary: '/dashboard/diary',
      childOverview: '/dashboard/child-overview',
      payments: '/dashboard/payments',
    });
    // one name per address
    expect(new Set(Object.values(ROUTES)).size).toBe(Object.keys(ROUTES).length);
  });

  it('its type (index.d.ts RouteName) names exactly the routes of index.js', () => {
    const types = fs.readFileSync(path.join(ROOT, 'routes/index.d.ts'), 'utf8');
    const union = /export type RouteName =([^;]+);/.exec(types)?.[1] ?? '';
    const named = [...union.matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]);
    expect([...named].sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('is what the router routes: every path of AppRoutes.tsx is a name of the table', () => {
    const source = fs.readFileSync(path.join(__dirname, 'AppRoutes.tsx'), 'utf8');
    const paths = [...source.matchAll(/\bpath=(\{[^}]*\}|"[^"]*")/g)].map((m) => m[1]);
    const literal = paths.filter((p) => !p.startsWith('{ROUTES.'));
    // only the catch-all 404s are written in place
    expect(literal).toEqual(['"*"', '"*"']);
    for (const p of paths.filter((x) => x.startsWith('{ROUTES.'))) expect(Object.keys(ROUTES)).toContain(p.slice('{ROUTES.'.length, -1));
  });
});

describe('pathTo', () => {
  it('fills the params, encoded as one segment, and adds a query in the order given', () => {
    expect(pathTo('course', { courseId: 'c1' })).toBe('/dashboard/courses/c1');
    expect(pathTo('course', { courseId: 'c1' }, { tab: 'announcements' })).toBe('/dashboard/courses/c1?tab=announcements');
    expect(pathTo('child', { studentId: 'a/b c' }, { tab: 'Assessments', edit: undefined })).toBe(
      '/dashboard/children/a%2Fb%20c?tab=Assessments',
    );
    expect(pathTo('dashboard')).toBe('/dashboard');
    expect(pathTo('childOverview', {}, { tab: 'Attendance' })).toBe('/dashboard/child-overview?tab=Attendance');
  });

  it('throws on a missing param or an unknown route', () => {
    expect(() => pathTo('course')).toThrow('Route course needs courseId');
    expect(() => pathTo('course', { courseId: '' })).toThrow();
    expect(() => pathTo('nowhere' as RouteName)).toThrow('Unknown route: nowhere');
    expect(() => pathTo('toString' as RouteName)).toThrow('Unknown route');
  });

  it('names the params of a route', () => {
    expect(paramsOf('quizSubmissions')).toEqual(['quizId']);
    expect(paramsOf('gradebook')).toEqual(['courseId']);
    expect(paramsOf('users')).toEqual([]);
  });
});

describe('matchRoute', () => {
  it('gives the decoded params of a matching address, a trailing slash allowed', () => {
    expect(matchRoute('dashboard', '/dashboard')).toEqual({});
    expect(matchRoute('dashboard', '/dashboard/')).toEqual({});
    expect(matchRoute('course', '/dashboard/courses/a%20b')).toEqual({ courseId: 'a b' });
    expect(matchRoute('course', '/dashboard/courses/c1/')).toEqual({ courseId: 'c1' });
  });

  it('answers null for any other address', () => {
    expect(matchRoute('dashboard', '/dashboard/users')).toBeNull();
    expect(matchRoute('dashboard', '/dashboardx')).toBeNull();
    expect(matchRoute('course', '/dashboard/courses')).toBeNull();
    expect(matchRoute('course', '/dashboard/courses/c1/gradebook')).toBeNull();
    expect(matchRoute('home', '/x')).toBeNull();
    expect(matchRoute('home', '/')).toEqual({});
  });
});

describe('targets', () => {
  it("make each item's pages by its kind", () => {
    expect(itemPath('ASSIGNMENT', 'submit', 'i')).toBe('/dashboard/assignments/i/submit');
    expect(itemPath('QUIZ', 'view', 'i')).toBe('/dashboard/quizzes/i/view');
    expect(itemPath('EXAM', 'submissions', 'i')).toBe('/dashboard/exams/i/examsubmissions');
    expect(itemPath('QUIZ', 'submissions', 'i')).toBe('/dashboard/quizzes/i/quizsubmissions');
    expect(itemPath('ASSIGNMENT', 'submissions', 'i')).toBe('/dashboard/assignments/i/submissions');
    for (const pages of Object.values(ITEM_ROUTES)) for (const name of Object.values(pages)) expect(ROUTES).toHaveProperty(name);
  });

  it('turn each kind of target into its path', () => {
    expect(targetPath({ to: 'item', itemKind: 'EXAM', itemId: 'e', page: 'view' })).toBe('/dashboard/exams/e/view');
    expect(targetPath({ to: 'course', courseId: 'c', tab: 'discussions' })).toBe('/dashboard/courses/c?tab=discussions');
    expect(targetPath({ to: 'course', courseId: 'c' })).toBe('/dashboard/courses/c');
    expect(targetPath({ to: 'child', studentId: 's', tab: 'Assessments' })).toBe('/dashboard/children/s?tab=Assessments');
    expect(targetPath({ to: 'dashboard' })).toBe('/dashboard');
    expect(() => targetPath({ to: 'elsewhere' } as never)).toThrow('Unknown target');
  });
});
