/**
 * Dashboard data that comes from courses and assessments. The GraphQL contract has no
 * course or assessment queries yet, so these hooks answer "nothing loaded" (the dashboards
 * show their empty states, never sample data). When the courses contract lands, replace the
 * bodies with the generated query hooks; the pages keep using { items, loading, error }.
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

/** The teacher's courses (failure: 'Failed to fetch courses', not displayed for teachers). */
export function useTeacherCourses(): ListState<DashboardCourse> {
  return { items: [], loading: false, error: null };
}

/** The student's courses (failure: 'Failed to fetch courses', shown in a red box). */
export function useStudentCourses(): ListState<DashboardCourse> {
  return { items: [], loading: false, error: null };
}

/** The student's assignments; load failures are only logged. */
export function useStudentAssignments(): ListState<DashboardAssignment> {
  return { items: [], loading: false, error: null };
}
