import { useCallback, useState } from 'react';
import { errorCode, errorMessage } from '../../app/errors';
import { useCourseDetailQuery, useUpdateCourseMutation } from './courses.generated';
import type { CourseFields } from './useMyCourses';

/** The course header of /dashboard/courses/{courseId}: load, 'Course not found.', Edit Course. */
export function useCourseDetail(courseId: string) {
  const query = useCourseDetailQuery({ variables: { id: courseId }, fetchPolicy: 'cache-and-network' });
  const [updateMutation] = useUpdateCourseMutation();
  const [success, setSuccess] = useState<string | null>(null);

  const notFound = errorCode(query.error) === 'NOT_FOUND' || (!query.loading && !query.error && !query.data?.course);
  const loadError = query.error && !notFound ? errorMessage(query.error, 'Failed to fetch course details') : null;
  const course = query.data?.course ?? null;

  /** Resolves to an error text for the dialog, or null when saved. */
  const updateCourse = async (fields: CourseFields): Promise<string | null> => {
    if (!course) return 'Failed to update course';
    try {
      await updateMutation({
        variables: {
          input: { id: course.id, title: fields.title.trim(), description: fields.description.trim(), version: course.version },
        },
      });
      setSuccess('Course updated successfully');
      return null;
    } catch (error) {
      return errorMessage(error, 'Failed to update course');
    }
  };

  return {
    course,
    loading: query.loading && !query.data,
    notFound: notFound && !course,
    loadError,
    success,
    clearSuccess: useCallback(() => setSuccess(null), []),
    updateCourse,
  };
}
