import { useEffect } from 'react';
import { errorMessage } from '../../lib/errors';
import { useDashboardCoursesQuery } from '../courses/courses.generated';
import { useStudentDashboardQuery } from '../classes/classes.generated';
import { openPath, statusLabel } from '../submissions/myItems';
import type { StatusLabel } from '../submissions/StatusChip';
import { STUDENT_KINDS } from '../submissions/studentKinds';
import { DASHBOARD_VARIABLES } from '../../lib/listMax';

/**
 * Dashboard data that comes from courses and assessments: `courses` for the teacher; for the student one
 * request with `studentCourses` and the student's assignments (`myAssessments`). The pages use
 * { items, loading, error }.
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
  /** The due date that applies to the student (an extended one when reopened). */
  dueDate: string;
  subjectName: string;
  status: StatusLabel;
  /** The submit or view page, as the server's opening rule says. */
  to: string;
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
  const query = useDashboardCoursesQuery({ variables: DASHBOARD_VARIABLES, fetchPolicy: 'cache-and-network' });
  useEffect(() => {
    if (query.error) console.error('Failed to fetch courses', query.error);
  }, [query.error]);
  return { items: (query.data?.courses.nodes ?? []).map(toDashboardCourse), loading: query.loading && !query.data, error: null };
}

/**
 * The student's dashboard in one request: the courses (failure: 'Failed to fetch courses', shown in a red box)
 * and the assignments (failures only logged), each shown even when the other failed.
 */
export function useStudentDashboard(): { courses: ListState<DashboardCourse>; assignments: ListState<DashboardAssignment> } {
  const query = useStudentDashboardQuery({ fetchPolicy: 'cache-and-network', errorPolicy: 'all' });
  const loading = query.loading && !query.data;
  const coursesFailed = Boolean(query.error) && !query.data?.studentCourses;
  useEffect(() => {
    if (query.error && !query.data?.myAssessments) console.error('Failed to fetch assignments', query.error);
  }, [query.error, query.data?.myAssessments]);
  return {
    courses: {
      items: (query.data?.studentCourses?.courses ?? []).map(toDashboardCourse),
      loading,
      error: coursesFailed ? errorMessage(query.error, 'Failed to fetch courses') : null,
    },
    assignments: {
      items: (query.data?.myAssessments?.nodes ?? []).map((a) => ({
        id: a.id,
        title: a.title,
        totalPoints: a.totalPoints,
        dueDate: a.myStatus?.dueDate ?? a.dueDate,
        subjectName: a.course.subject.name,
        status: statusLabel(a.myStatus),
        to: openPath(STUDENT_KINDS.assignment, a.id, a.myStatus),
      })),
      loading,
      error: null,
    },
  };
}
