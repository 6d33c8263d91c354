import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { StudentCoursePage } from '../classes/StudentCoursePage';
import { CourseDetailPage } from './CourseDetailPage';
import { pathTo } from '@lms/routes';

/**
 * /dashboard/courses/{courseId}: one address of a course for every role, so a shared link works (issue 14).
 * A student gets the learner's view (visible modules with their quizzes, their own work); staff get the
 * course page, whose Edit, Add and Delete controls each follow the server's per-course answer.
 */
export function CoursePage() {
  const { activeRole } = useSession();
  return activeRole === 'STUDENT' ? <StudentCoursePage /> : <CourseDetailPage />;
}

/** The spec's student address /dashboard/student/course/{courseId}/modules, kept for old links: the one course page. */
export function StudentCourseRedirect() {
  const { courseId = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`${pathTo('course', { courseId })}${search}`} replace />;
}
