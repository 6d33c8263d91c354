import { useEffect } from 'react';
import { errorMessage } from '../../app/errors';
import { useDashboardCoursesQuery } from '../courses/courses.generated';
import { useStudentCoursesQuery } from '../classes/classes.generated';

/**
 * Dashboard data that comes from courses and assessments. Courses come from the server (`courses` for
 * the teacher, `studentCourses` for the student); the contract has no assessment queries yet, so the
 * assignments hook answers "nothing loaded" (the dashboard shows its empty state, never sample data).
 * The pages use { items, loading, error }.
 */

export interface DashboardCourse {
  id: string;
  title: string;
  subjectName: string;
  className: string;
}

export interface DashboardAssignment {
  id: string;
  title: string;
  totalPoints: number;
  dueDate: string;
  subjectName: string;
}

interface ListState<T> {
  items: T[];
  loading: boolean;
  /** Text to show, or null. */
  error: string | null;
}

/** Dashboard shows the first 3 of the student's courses and the first 5 assignments (spec section 9). */
export const STUDENT_DASHBOARD_COURSES = 3;
export const STUDENT_DASHBOARD_ASSIGNMENTS = 5;

type CourseLike = { id: string; title: string; subject: { name: string }; class: { name: string } };

function toDashboardCourse(c: CourseLike): DashboardCourse {
  return { id: c.id, title: c.title, subjectName: c.subject.name, className: c.class.name };
}

/** The teacher's courses (failure: 'Failed to fetch courses', not displayed for teachers). */
export function useTeacherCourses(): ListState<DashboardCourse> {
  const query = useDashboardCoursesQuery({ fetchPolicy: 'cache-and-network' });
  useEffect(() => {
    if (query.error) console.error('Failed to fetch courses', query.error);
  }, [query.error]);
  return { items: (query.data?.courses ?? []).map(toDashboardCourse), loading: query.loading && !query.data, error: null };
}

/** The student's courses (failure: 'Failed to fetch courses', shown in a red box). */
export function useStudentCourses(): ListState<DashboardCourse> {
  const query = useStudentCoursesQuery({ fetchPolicy: 'cache-and-network' });
  return {
    items: (query.data?.studentCourses.courses ?? []).map(toDashboardCourse),
    loading: query.loading && !query.data,
    error: query.error ? errorMessage(query.error, 'Failed to fetch courses') : null,
  };
}

/** The student's assignments; load failures are only logged. */
export function useStudentAssignments(): ListState<DashboardAssignment> {
  return { items: [], loading: false, error: null };
}
