import { Suspense } from 'react';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
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
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<Navigate to="/login" replace />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
          <Route path="/confirm-email/:token" element={<ConfirmEmailPage />} />
          <Route path="/report-email-change/:token" element={<ReportEmailChangePage />} />
          <Route path="/unauthorized" element={<UnauthorizedPage />} />
          <Route path="/" element={<Navigate to="/dashboard" replace />} />
          <Route path="/question-banks" element={<Navigate to="/dashboard/question-banks" replace />} />
          {/* The signed-in shell: /dashboard/... and the user menu's /profile and /settings, for every role. */}
          <Route
            element={
              <RequireAuth allowedRoles={ALL_ROLES}>
                <AppLayout />
              </RequireAuth>
            }
          >
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/settings" element={<SettingsPage />} />
            <Route path="/settings/access-tokens" element={<AccessTokensPage />} />
            <Route
              path="/settings/integrations"
              element={
                <RequireAuth allowedRoles={['SUPER_ADMIN', 'ADMIN']}>
                  <ApplicationsPage />
                </RequireAuth>
              }
            />
            <Route path="/dashboard">
              <Route index element={<DashboardPage />} />
              <Route path="users" element={<UsersPage />} />
              <Route path="attendance" element={<AttendancePage />} />
              <Route path="student-attendance" element={<MyAttendancePage />} />
              <Route path="course-management" element={<CourseManagementPage />} />
              <Route path="academic-year-management" element={<AcademicYearManagementPage />} />
              <Route path="class-management" element={<ClassManagementPage />} />
              <Route path="subject-management" element={<SubjectManagementPage />} />
              <Route path="teacher-assignment" element={<AllocationPage />} />
              <Route path="student-assignment" element={<StudentAssignmentPage />} />
              <Route path="courses" element={<MyCoursesPage />} />
              <Route path="courses/:courseId" element={<CoursePage />} />
              <Route path="courses/:courseId/gradebook" element={<GradebookPage />} />
              <Route path="grades" element={<GradesPage />} />
              <Route path="child-overview" element={<ChildrenPage />} />
              <Route path="children/:studentId" element={<ChildPage />} />
              <Route path="modules/:moduleId" element={<ModuleDetailPage />} />
              <Route path="classes" element={<MyClassesPage />} />
              <Route path="calendar" element={<CalendarPage />} />
              <Route path="audit" element={<AuditPage />} />
              {/* issue 30: teachers' question banks (SuperAdmin and Admin may open them too; students and parents never) */}
              <Route
                path="question-banks"
                element={
                  <RequireAuth allowedRoles={['SUPER_ADMIN', 'ADMIN', 'TEACHER']}>
                    <QuestionBanksPage />
                  </RequireAuth>
                }
              />
              <Route
                path="question-banks/:id"
                element={
                  <RequireAuth allowedRoles={['SUPER_ADMIN', 'ADMIN', 'TEACHER']}>
                    <QuestionBankPage />
                  </RequireAuth>
                }
              />
              <Route path="student/course/:courseId/modules" element={<StudentCourseRedirect />} />
              <Route path="assignments" element={<MyAssignmentsPage />} />
              <Route path="assignments/:id/submit" element={<AssignmentSubmitPage />} />
              <Route path="assignments/:id/view" element={<AssignmentViewPage />} />
              <Route path="quizzes" element={<MyQuizzesPage />} />
              <Route path="quizzes/:id/submit" element={<QuizSubmitPage />} />
              <Route path="quizzes/:id/view" element={<QuizViewPage />} />
              <Route path="exams" element={<MyExamsPage />} />
              <Route path="exams/:id/submit" element={<ExamSubmitPage />} />
              <Route path="exams/:id/view" element={<ExamViewPage />} />
              <Route path="assignments/:assignmentId/submissions" element={<AssignmentGradingPage />} />
              <Route path="quizzes/:quizId/quizsubmissions" element={<QuizGradingPage />} />
              <Route path="exams/:examId/examsubmissions" element={<ExamGradingPage />} />
              <Route path="teacher/assignments" element={<AssignmentReviewPage />} />
              <Route path="teacher/quizzes" element={<QuizReviewPage />} />
              <Route path="teacher/exams" element={<ExamReviewPage />} />
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
