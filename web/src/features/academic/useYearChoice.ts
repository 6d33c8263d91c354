import { useCallback, useState } from 'react';
import { useAcademicYearListQuery } from './academic.generated';
import { firstLoading, type LoadError } from './academicShared';
import type { EditMode } from './useManagedList';

/**
 * A page's year filter. It starts at the `?year=` the page was opened with (from the course-management tree), so
 * that the prefilled year's rows show. The page loads every row and filters here: changing the filter asks the
 * server nothing.
 */
export function useYearFilter(mode: EditMode) {
  const [yearFilter, setYearFilter] = useState(mode.params.get('year') ?? '');
  /** The rows of the chosen year; every row when no year is chosen. */
  const ofYear = useCallback(
    <T extends { academicYear: { id: string } }>(rows: readonly T[]): T[] => rows.filter((r) => !yearFilter || r.academicYear.id === yearFilter),
    [yearFilter],
  );
  return { yearFilter, setYearFilter, ofYear };
}

/** The academic years a page offers in its form and its list filter, and the filter. */
export function useYearChoice(mode: EditMode) {
  const query = useAcademicYearListQuery(mode.listOptions);
  const yearsError: LoadError = { error: query.error, fallback: 'Failed to fetch academic years' };
  return {
    years: query.data?.academicYears ?? [],
    yearsLoading: firstLoading(query),
    yearsError,
    ...useYearFilter(mode),
  };
}
