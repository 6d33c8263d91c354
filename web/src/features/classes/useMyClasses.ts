import { errorMessage } from '../../lib/errors';
import { useStudentCoursesQuery, type StudentCoursesQuery } from './classes.generated';

export type StudentCourse = StudentCoursesQuery['studentCourses']['courses'][number];

export interface ClassGroup {
  key: string;
  className: string;
  courses: StudentCourse[];
}

export interface YearGroup {
  key: string;
  year: string;
  isCurrent: boolean;
  classes: ClassGroup[];
}

/** Courses grouped by academic year, then class, in the server's order (subject, then title). */
export function groupCourses(courses: readonly StudentCourse[], currentYearId: string | null): YearGroup[] {
  const years = new Map<string, YearGroup>();
  for (const c of courses) {
    const yearKey = c.academicYear?.id ?? 'unknown';
    let year = years.get(yearKey);
    if (!year) {
      year = {
        key: yearKey,
        year: c.academicYear?.year ?? 'Unknown Year',
        isCurrent: currentYearId !== null ? c.academicYear?.id === currentYearId : Boolean(c.academicYear?.isActive),
        classes: [],
      };
      years.set(yearKey, year);
    }
    const classKey = c.class?.id ?? 'unknown';
    let group = year.classes.find((g) => g.key === classKey);
    if (!group) {
      group = { key: classKey, className: c.class?.name ?? 'Unknown Class', courses: [] };
      year.classes.push(group);
    }
    group.courses.push(c);
  }
  return [...years.values()];
}

/** /dashboard/classes: the student's placement and courses. */
export function useMyClasses() {
  const query = useStudentCoursesQuery({ fetchPolicy: 'cache-and-network' });
  const info = query.data?.studentCourses.studentInfo ?? null;
  const courses = query.data?.studentCourses.courses ?? [];
  return {
    loading: query.loading && !query.data,
    error: query.error ? errorMessage(query.error, 'Failed to fetch your courses. Please try again later.') : null,
    yearLabel: info?.academicYear?.year ?? 'Not Assigned',
    classLabel: info?.class?.name ?? 'Not Assigned',
    groups: groupCourses(courses, info?.academicYear?.id ?? null),
    empty: courses.length === 0,
  };
}
