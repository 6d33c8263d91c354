import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useMyAttendanceQuery, type MyAttendanceRowFragment } from './attendance.generated';
import { useCursorPages } from '../../components/useCursorPages';

export type MyRecord = MyAttendanceRowFragment;

export const DEFAULT_PAGE_SIZE = 25;
/** The select value for 'All Classes' / 'All Subjects'. */
export const ALL = '';

/**
 * My Attendance (assessments.md section 2). The class filter starts at the student's own class (from the
 * session); the tiles are the server's summary of the filtered records.
 */
export function useMyAttendance() {
  const { abilities, user } = useSession();
  const canView = abilities?.viewOwnAttendance ?? false;
  // the session knows the student's class, so the first list asked for is already filtered on it
  const [chosenClassId, setClassIdState] = useState<string | undefined>(undefined);
  const classId = chosenClassId ?? user?.class?.id ?? ALL;
  const [subjectId, setSubjectIdState] = useState(ALL);
  const pages = useCursorPages();
  const [pageSize, setPageSizeState] = useState(DEFAULT_PAGE_SIZE);
  const [dismissedError, setDismissedError] = useState<unknown>(null);

  const query = useMyAttendanceQuery({
    variables: {
      classId: classId || null,
      subjectId: subjectId || null,
      after: pages.after,
      first: pageSize,
    },
    skip: !canView,
    fetchPolicy: 'cache-and-network',
  });
  const data = query.data?.myAttendance;
  const ownClass = data?.studentInfo.class ?? null;

  /** The classes with records, plus the student's own class even before it has any. */
  const classes = useMemo(() => {
    const list = [...(data?.classes ?? [])];
    if (ownClass && !list.some((c) => c.id === ownClass.id)) list.unshift(ownClass);
    return list;
  }, [data?.classes, ownClass]);

  const error = query.error && query.error !== dismissedError ? errorMessage(query.error, 'Failed to fetch attendance records') : null;

  return {
    canView,
    loading: query.loading && !query.data,
    records: data?.records.nodes ?? [],
    total: data?.records.totalCount ?? 0,
    summary: data?.summary ?? null,
    classes,
    subjects: data?.subjects ?? [],
    classId,
    subjectId,
    setClassId: (id: string) => {
      setClassIdState(id);
      pages.reset();
    },
    setSubjectId: (id: string) => {
      setSubjectIdState(id);
      pages.reset();
    },
    page: pages.page,
    pageSize,
    setPage: (next: number) => pages.setPage(next, data?.records.pageInfo.endCursor ?? null),
    setPageSize: (size: number) => {
      setPageSizeState(size);
      pages.reset();
    },
    error,
    clearError: useCallback(() => setDismissedError(query.error ?? null), [query.error]),
  };
}
