import { Suspense } from 'react';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { ROUTES } from '@lms/routes';
import { KnownRoutes } from '../lib/knownRoutes';
import {
  LoginPage,
  ForgotPasswordPage,
  ResetPasswordPage,
  ConfirmEmailPage,
  ReportEmailChangePage,
  UnauthorizedPage,
  NotFoundPage,
  NotFoundPanel,
  AppLayout,
  DashboardPage,
  UsersPage,
  AttendancePage,
  MyAttendancePage,
  CourseManagementPage,
  AcademicYearManagementPage,
  ClassManagementPage,
  SubjectManagementPage,
  AllocationPage,
  StudentAssignmentPage,
  MyCoursesPage,
  CoursePage,
  StudentCourseRedirect,
  ModuleDetailPage,
  MyClassesPage,
  MyAssignmentsPage,
  MyQuizzesPage,
  MyExamsPage,
  AssignmentSubmitPage,
  QuizSubmitPage,
  ExamSubmitPage,
  AssignmentViewPage,
  QuizViewPage,
  ExamViewPage,
  AssignmentGradingPage,
  QuizGradingPage,
  ExamGradingPage,
  AssignmentReviewPage,
  QuizReviewPage,
  ExamReviewPage,
  ProfilePage,
  SettingsPage,
  AccessTokensPage,
  ApplicationsPage,
  CalendarPage,
  GradesPage,
  GradebookPage,
  ChildPage,
  ChildrenPage,
  AuditPage,
  QuestionBanksPage,
  QuestionBankPage,
} from './pages';
import { RequireAuth } from './RequireAuth';
import { ALL_ROLES } from '../lib/roles';
import { RouteErrorBoundary } from '../components/RouteError';

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    // a page outside the layout (or the layout itself) that fails shows the error with a Reload button
    <RouteErrorBoundary fullPage resetKey={pathname}>
      <Suspense fallback={<Spinner fullPage />}>
        <KnownRoutes>
          <Route path={ROUTES.login} element={<LoginPage />} />
          <Route path={ROUTES.register} element={<Navigate to={ROUTES.login} replace />} />
          <Route path={ROUTES.forgotPassword} element={<ForgotPasswordPage />} />
          <Route path={ROUTES.resetPassword} element={<ResetPasswordPage />} />
          <Route path={ROUTES.confirmEmail} element={<ConfirmEmailPage />} />
          <Route path={ROUTES.reportEmailChange} element={<ReportEmailChangePage />} />
          <Route path={ROUTES.unauthorized} element={<UnauthorizedPage />} />
          <Route path={ROUTES.home} element={<Navigate to={ROUTES.dashboard} replace />} />
          <Route path={ROUTES.questionBanksShortcut} element={<Navigate to={ROUTES.questionBanks} replace />} />
          {/* The signed-in shell: /dashboard/... and the user menu's /profile and /settings, for every role. Every path
              is the route table's (@lms/routes), which the server's links, the sidebar and the early module share. */}
          <Route
            element={
              <RequireAuth allowedRoles={ALL_ROLES}>
                <AppLayout />
              </RequireAuth>
            }
          >
            <Route path={ROUTES.profile} element={<ProfilePage />} />
            <Route path={ROUTES.settings} element={<SettingsPage />} />
            <Route path={ROUTES.accessTokens} element={<AccessTokensPage />} />
            <Route
              path={ROUTES.integrations}
              element={
                <RequireAuth allowedRoles={['SUPER_ADMIN', 'ADMIN']}>
                  <ApplicationsPage />
                </RequireAuth>
              }
            />
            <Route path={ROUTES.dashboard}>
              <Route index element={<DashboardPage />} />
              <Route path={ROUTES.users} element={<UsersPage />} />
              <Route path={ROUTES.attendance} element={<AttendancePage />} />
              <Route path={ROUTES.studentAttendance} element={<MyAttendancePage />} />
              <Route path={ROUTES.courseManagement} element={<CourseManagementPage />} />
              <Route path={ROUTES.academicYearManagement} element={<AcademicYearManagementPage />} />
              <Route path={ROUTES.classManagement} element={<ClassManagementPage />} />
              <Route path={ROUTES.subjectManagement} element={<SubjectManagementPage />} />
              <Route path={ROUTES.teacherAssignment} element={<AllocationPage />} />
              <Route path={ROUTES.studentAssignment} element={<StudentAssignmentPage />} />
              <Route path={ROUTES.courses} element={<MyCoursesPage />} />
              <Route path={ROUTES.course} element={<CoursePage />} />
              <Route path={ROUTES.gradebook} element={<GradebookPage />} />
              <Route path={ROUTES.grades} element={<GradesPage />} />
              <Route path={ROUTES.childOverview} element={<ChildrenPage />} />
              <Route path={ROUTES.child} element={<ChildPage />} />
              <Route path={ROUTES.module} element={<ModuleDetailPage />} />
              <Route path={ROUTES.classes} element={<MyClassesPage />} />
              <Route path={ROUTES.calendar} element={<CalendarPage />} />
              <Route path={ROUTES.audit} element={<AuditPage />} />
              {/* issue 30: teachers' question banks (SuperAdmin and Admin may open them too; students and parents never) */}
              <Route
                path={ROUTES.questionBanks}
                element={
                  <RequireAuth allowedRoles={['SUPER_ADMIN', 'ADMIN', 'TEACHER']}>
                    <QuestionBanksPage />
                  </RequireAuth>
                }
              />
              <Route
                path={ROUTES.questionBank}
                element={
                  <RequireAuth allowedRoles={['SUPER_ADMIN', 'ADMIN', 'TEACHER']}>
                    <QuestionBankPage />
                  </RequireAuth>
                }
              />
              <Route path={ROUTES.studentCourseModules} element={<StudentCourseRedirect />} />
              <Route path={ROUTES.assignments} element={<MyAssignmentsPage />} />
              <Route path={ROUTES.assignmentSubmit} element={<AssignmentSubmitPage />} />
              <Route path={ROUTES.assignmentView} element={<AssignmentViewPage />} />
              <Route path={ROUTES.quizzes} element={<MyQuizzesPage />} />
              <Route path={ROUTES.quizSubmit} element={<QuizSubmitPage />} />
              <Route path={ROUTES.quizView} element={<QuizViewPage />} />
              <Route path={ROUTES.exams} element={<MyExamsPage />} />
              <Route path={ROUTES.examSubmit} element={<ExamSubmitPage />} />
              <Route path={ROUTES.examView} element={<ExamViewPage />} />
              <Route path={ROUTES.assignmentSubmissions} element={<AssignmentGradingPage />} />
              <Route path={ROUTES.quizSubmissions} element={<QuizGradingPage />} />
              <Route path={ROUTES.examSubmissions} element={<ExamGradingPage />} />
              <Route path={ROUTES.assignmentReview} element={<AssignmentReviewPage />} />
              <Route path={ROUTES.quizReview} element={<QuizReviewPage />} />
              <Route path={ROUTES.examReview} element={<ExamReviewPage />} />
              {/* Addresses without a page fall to the 404 page, inside the layout; the sidebar shows their links as 'Coming soon' (KnownRoutes). */}
              <Route path="*" element={<NotFoundPanel />} />
            </Route>
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </KnownRoutes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
