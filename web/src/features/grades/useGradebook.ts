import { useState } from 'react';
import { errorCode, errorMessage } from '../../lib/errors';
import { downloadFile } from '../../lib/download';
import { useGradebookQuery } from './grades.generated';

/**
 * The gradebook page's state: the course's gradebook (null until it loads; `notFound` when the server says the
 * viewer cannot see the course) and the CSV export (busy while it downloads, its error text until cleared).
 */
export function useGradebook(courseId: string) {
  const q = useGradebookQuery({ variables: { courseId }, fetchPolicy: 'cache-and-network' });
  const book = q.data?.gradebook ?? null;
  const notFound = !!q.error && errorCode(q.error) === 'NOT_FOUND';
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadFile(`/api/courses/${encodeURIComponent(courseId)}/gradebook?format=csv`, 'gradebook.csv');
    } catch (e) {
      setExportError(errorMessage(e, 'The export failed.'));
    } finally {
      setExporting(false);
    }
  };

  return {
    book,
    notFound,
    loading: q.loading && !book,
    loadError: q.error && !notFound ? errorMessage(q.error, 'Could not load the gradebook.') : null,
    exportCsv,
    exporting,
    exportError,
    clearExportError: () => setExportError(null),
  };
}
