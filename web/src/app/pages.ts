import { lazyPage } from '../lib/lazyPage';

/**
 * The pages of AppRoutes.tsx, each loaded on demand so that /login stays small; main.tsx asks for the landing
 * page's code before the first render (preload()).
 */
export const LoginPage = lazyPage(() => import('../features/auth/LoginPage'), 'LoginPage');
export const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
export const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
export const ConfirmEmailPage = lazyPage(() => import('../features/auth/EmailChangePage'), 'ConfirmEmailPage');
export const ReportEmailChangePage = lazyPage(() => import('../features/auth/EmailChangePage'), 'ReportEmailChangePage');
export const UnauthorizedPage = lazyPage(() => import('../features/system/UnauthorizedPage'), 'UnauthorizedPage');
export const NotFoundPage = lazyPage(() => import('../features/system/NotFoundPage'), 'NotFoundPage');
export const NotFoundPanel = lazyPage(() => import('../features/system/NotFoundPage'), 'NotFoundPanel');
export const AppLayout = lazyPage(() => import('../layout/AppLayout'), 'AppLayout');
export const DashboardPage = lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage');
export const UsersPage = lazyPage(() => import('../features/users/UsersPage'), 'UsersPage');
export const AttendancePage = lazyPage(() => import('../features/attendance/AttendancePage'), 'AttendancePage');
export const MyAttendancePage = lazyPage(() => import('../features/attendance/MyAttendancePage'), 'MyAttendancePage');
export const CourseManagementPage = lazyPage(() => import('../features/academic/CourseManagementPage'), 'CourseManagementPage');
export const AcademicYearManagementPage = lazyPage(
  () => import('../features/academic/AcademicYearManagementPage'),
  'AcademicYearManagementPage',
);
export const ClassManagementPage = lazyPage(() => import('../features/academic/ClassManagementPage'), 'ClassManagementPage');
export const SubjectManagementPage = lazyPage(() => import('../features/academic/SubjectManagementPage'), 'SubjectManagementPage');
export const AllocationPage = lazyPage(() => import('../features/academic/AllocationPage'), 'AllocationPage');
export const StudentAssignmentPage = lazyPage(() => import('../features/academic/StudentAssignmentPage'), 'StudentAssignmentPage');
export const MyCoursesPage = lazyPage(() => import('../features/courses/MyCoursesPage'), 'MyCoursesPage');
export const CoursePage = lazyPage(() => import('../features/courses/CoursePage'), 'CoursePage');
export const StudentCourseRedirect = lazyPage(() => import('../features/courses/CoursePage'), 'StudentCourseRedirect');
export const ModuleDetailPage = lazyPage(() => import('../features/content/ModuleDetailPage'), 'ModuleDetailPage');
export const MyClassesPage = lazyPage(() => import('../features/classes/MyClassesPage'), 'MyClassesPage');
export const MyAssignmentsPage = lazyPage(() => import('../features/submissions/MyAssessmentsPage'), 'MyAssignmentsPage');
export const MyQuizzesPage = lazyPage(() => import('../features/submissions/MyAssessmentsPage'), 'MyQuizzesPage');
export const MyExamsPage = lazyPage(() => import('../features/submissions/MyAssessmentsPage'), 'MyExamsPage');
export const AssignmentSubmitPage = lazyPage(() => import('../features/submissions/SubmitPage'), 'AssignmentSubmitPage');
export const QuizSubmitPage = lazyPage(() => import('../features/submissions/SubmitPage'), 'QuizSubmitPage');
export const ExamSubmitPage = lazyPage(() => import('../features/submissions/SubmitPage'), 'ExamSubmitPage');
export const AssignmentViewPage = lazyPage(() => import('../features/submissions/ViewPage'), 'AssignmentViewPage');
export const QuizViewPage = lazyPage(() => import('../features/submissions/ViewPage'), 'QuizViewPage');
export const ExamViewPage = lazyPage(() => import('../features/submissions/ViewPage'), 'ExamViewPage');
export const AssignmentGradingPage = lazyPage(() => import('../features/grading/GradingDashboardPage'), 'AssignmentGradingPage');
export const QuizGradingPage = lazyPage(() => import('../features/grading/GradingDashboardPage'), 'QuizGradingPage');
export const ExamGradingPage = lazyPage(() => import('../features/grading/GradingDashboardPage'), 'ExamGradingPage');
export const AssignmentReviewPage = lazyPage(() => import('../features/review/ReviewListPage'), 'AssignmentReviewPage');
export const QuizReviewPage = lazyPage(() => import('../features/review/ReviewListPage'), 'QuizReviewPage');
export const ExamReviewPage = lazyPage(() => import('../features/review/ReviewListPage'), 'ExamReviewPage');
export const ProfilePage = lazyPage(() => import('../features/account/ProfilePage'), 'ProfilePage');
export const SettingsPage = lazyPage(() => import('../features/account/SettingsPage'), 'SettingsPage');
export const AccessTokensPage = lazyPage(() => import('../features/integrations/AccessTokensPage'), 'AccessTokensPage');
export const ApplicationsPage = lazyPage(() => import('../features/integrations/ApplicationsPage'), 'ApplicationsPage');
export const CalendarPage = lazyPage(() => import('../features/calendar/CalendarPage'), 'CalendarPage');
export const GradesPage = lazyPage(() => import('../features/grades/GradesPage'), 'GradesPage');
export const GradebookPage = lazyPage(() => import('../features/grades/GradebookPage'), 'GradebookPage');
export const ChildPage = lazyPage(() => import('../features/families/ChildPage'), 'ChildPage');
export const ChildrenPage = lazyPage(() => import('../features/families/ChildPage'), 'ChildrenPage');
export const AuditPage = lazyPage(() => import('../features/audit/AuditPage'), 'AuditPage');
export const QuestionBanksPage = lazyPage(() => import('../features/question-banks/QuestionBanksPage'), 'QuestionBanksPage');
export const QuestionBankPage = lazyPage(() => import('../features/question-banks/QuestionBankPage'), 'QuestionBankPage');
