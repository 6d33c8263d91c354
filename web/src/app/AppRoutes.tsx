import { Suspense } from 'react';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { KnownRoutes } from './knownRoutes';
import { lazyPage } from './lazyPage';
import { ALL_ROLES, RequireAuth } from './RequireAuth';
import { RouteErrorBoundary } from './RouteError';

// Each area loads on demand so that /login stays small.
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'), 'LoginPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const UnauthorizedPage = lazyPage(() => import('../features/system/UnauthorizedPage'), 'UnauthorizedPage');
const NotFoundPage = lazyPage(() => import('../features/system/NotFoundPage'), 'NotFoundPage');
const NotFoundPanel = lazyPage(() => import('../features/system/NotFoundPage'), 'NotFoundPanel');
const AppLayout = lazyPage(() => import('../layout/AppLayout'), 'AppLayout');
const DashboardPage = lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage');
const UsersPage = lazyPage(() => import('../features/users/UsersPage'), 'UsersPage');
const AttendancePage = lazyPage(() => import('../features/attendance/AttendancePage'), 'AttendancePage');
const MyAttendancePage = lazyPage(() => import('../features/attendance/MyAttendancePage'), 'MyAttendancePage');
const CourseManagementPage = lazyPage(() => import('../features/academic/CourseManagementPage'), 'CourseManagementPage');
const AcademicYearManagementPage = lazyPage(() => import('../features/academic/AcademicYearManagementPage'), 'AcademicYearManagementPage');
const ClassManagementPage = lazyPage(() => import('../features/academic/ClassManagementPage'), 'ClassManagementPage');
const SubjectManagementPage = lazyPage(() => import('../features/academic/SubjectManagementPage'), 'SubjectManagementPage');
const AllocationPage = lazyPage(() => import('../features/academic/AllocationPage'), 'AllocationPage');
const StudentAssignmentPage = lazyPage(() => import('../features/academic/StudentAssignmentPage'), 'StudentAssignmentPage');
const MyCoursesPage = lazyPage(() => import('../features/courses/MyCoursesPage'), 'MyCoursesPage');
const CoursePage = lazyPage(() => import('../features/courses/CoursePage'), 'CoursePage');
const StudentCourseRedirect = lazyPage(() => import('../features/courses/CoursePage'), 'StudentCourseRedirect');
const ModuleDetailPage = lazyPage(() => import('../features/content/ModuleDetailPage'), 'ModuleDetailPage');
const MyClassesPage = lazyPage(() => import('../features/classes/MyClassesPage'), 'MyClassesPage');
const MyAssignmentsPage = lazyPage(() => import('../features/submissions/MyAssessmentsPage'), 'MyAssignmentsPage');
const MyQuizzesPage = lazyPage(() => import('../features/submissions/MyAssessmentsPage'), 'MyQuizzesPage');
const MyExamsPage = lazyPage(() => import('../features/submissions/MyAssessmentsPage'), 'MyExamsPage');
const AssignmentSubmitPage = lazyPage(() => import('../features/submissions/SubmitPage'), 'AssignmentSubmitPage');
const QuizSubmitPage = lazyPage(() => import('../features/submissions/SubmitPage'), 'QuizSubmitPage');
const ExamSubmitPage = lazyPage(() => import('../features/submissions/SubmitPage'), 'ExamSubmitPage');
const AssignmentViewPage = lazyPage(() => import('../features/submissions/ViewPage'), 'AssignmentViewPage');
const QuizViewPage = lazyPage(() => import('../features/submissions/ViewPage'), 'QuizViewPage');
const ExamViewPage = lazyPage(() => import('../features/submissions/ViewPage'), 'ExamViewPage');
const AssignmentGradingPage = lazyPage(() => import('../features/grading/GradingDashboardPage'), 'AssignmentGradingPage');
const QuizGradingPage = lazyPage(() => import('../features/grading/GradingDashboardPage'), 'QuizGradingPage');
const ExamGradingPage = lazyPage(() => import('../features/grading/GradingDashboardPage'), 'ExamGradingPage');
const AssignmentReviewPage = lazyPage(() => import('../features/review/ReviewListPage'), 'AssignmentReviewPage');
const QuizReviewPage = lazyPage(() => import('../features/review/ReviewListPage'), 'QuizReviewPage');
const ExamReviewPage = lazyPage(() => import('../features/review/ReviewListPage'), 'ExamReviewPage');
const ProfilePage = lazyPage(() => import('../features/account/ProfilePage'), 'ProfilePage');
const SettingsPage = lazyPage(() => import('../features/account/SettingsPage'), 'SettingsPage');
const CalendarPage = lazyPage(() => import('../features/calendar/CalendarPage'), 'CalendarPage');
const GradesPage = lazyPage(() => import('../features/grades/GradesPage'), 'GradesPage');
const GradebookPage = lazyPage(() => import('../features/grades/GradebookPage'), 'GradebookPage');
const ChildPage = lazyPage(() => import('../features/families/ChildPage'), 'ChildPage');
const ChildrenPage = lazyPage(() => import('../features/families/ChildPage'), 'ChildrenPage');

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
          <Route path="/unauthorized" element={<UnauthorizedPage />} />
          <Route path="/" element={<Navigate to="/dashboard" replace />} />
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
