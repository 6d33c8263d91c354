import { useCallback, useState } from 'react';
import { errorCode, errorMessage } from '../../lib/errors';
import { useStudentCourseDetailQuery, type StudentModulesTabFragment } from './classes.generated';
import { downloadContent } from '../../lib/download';

export type StudentModule = StudentModulesTabFragment['modules'][number];
export type StudentContent = StudentModule['contents'][number];

/**
 * The student course page (/dashboard/courses/{courseId}): one query for the course header and every tab (visible modules
 * with visible content, announcements, discussions).
 */
export function useStudentCourse(courseId: string) {
  const query = useStudentCourseDetailQuery({ variables: { courseId }, fetchPolicy: 'cache-and-network' });
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const course = query.data?.course ?? null;
  const notFound = errorCode(query.error) === 'NOT_FOUND';

  const download = async (c: StudentContent): Promise<void> => {
    setDownloadError(null);
    try {
      await downloadContent(c.id, c.fileName);
    } catch (error) {
      console.error('Failed to download file', error);
      setDownloadError('Failed to download file. Please try again later.');
    }
  };

  return {
    course,
    loading: query.loading && !query.data,
    notFound,
    error: query.error && !notFound ? errorMessage(query.error, 'Failed to fetch course modules. Please try again later.') : null,
    downloadError,
    clearDownloadError: useCallback(() => setDownloadError(null), []),
    download,
  };
}
