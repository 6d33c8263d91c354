import { errorCode, errorMessage } from '../../lib/errors';
import { useActionMessages } from '../../components/useActionMessages';
import { useCourseDetailQuery, useUpdateCourseMutation } from './courses.generated';
import type { CourseFields } from './useMyCourses';

/**
 * /dashboard/courses/{courseId}: the page's one query (the header and the tabs' fragments), 'Course not found.',
 * Edit Course.
 */
export function useCourseDetail(courseId: string) {
  const query = useCourseDetailQuery({ variables: { id: courseId }, fetchPolicy: 'cache-and-network' });
  const [updateMutation] = useUpdateCourseMutation();
  const msgs = useActionMessages();

  const notFound = errorCode(query.error) === 'NOT_FOUND' || (!query.loading && !query.error && !query.data?.course);
  const loadError = query.error && !notFound ? errorMessage(query.error, 'Failed to fetch course details') : null;
  const course = query.data?.course ?? null;

  /** Resolves to an error text for the dialog, or null when saved. */
  const updateCourse = async (fields: CourseFields): Promise<string | null> => {
    if (!course) return 'Failed to update course';
    const input = { id: course.id, title: fields.title.trim(), description: fields.description.trim(), version: course.version };
    return msgs.attempt(() => updateMutation({ variables: { input } }), 'Course updated successfully', 'Failed to update course');
  };

  return {
    course,
    loading: query.loading && !query.data,
    notFound: notFound && !course,
    loadError,
    success: msgs.success,
    clearSuccess: msgs.clearSuccess,
    updateCourse,
  };
}
