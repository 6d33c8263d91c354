import { useCallback, useState } from 'react';
import { useAcademicYearListQuery } from './academic.generated';
import { firstLoading, type LoadError } from './academicShared';
import type { EditMode } from './useManagedList';

/**
 * A paged table's year filter, asked of the server (`academicYearId`, null for every year). It starts at the
 * `?year=` the page was opened with (from the course-management tree), so that the prefilled year's rows show;
 * another year starts again at the first page (`onChange`).
 */
export function useYearFilter(mode: EditMode, onChange: () => void) {
  const [yearFilter, setYear] = useState(mode.params.get('year') ?? '');
  const setYearFilter = useCallback(
    (year: string) => {
      setYear(year);
      onChange();
    },
    [onChange],
  );
  return { yearFilter, setYearFilter, academicYearId: yearFilter || null };
}

/** The academic years a page offers in its form and its list filter, and the filter. */
export function useYearChoice(mode: EditMode, onFilterChange: () => void) {
  const query = useAcademicYearListQuery(mode.listOptions);
  const yearsError: LoadError = { error: query.error, fallback: 'Failed to fetch academic years' };
  return {
    years: query.data?.academicYears ?? [],
    yearsLoading: firstLoading(query),
    yearsError,
    ...useYearFilter(mode, onFilterChange),
  };
}
