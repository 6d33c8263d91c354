import { useState } from 'react';
import { useAcademicYearListQuery } from './academic.generated';
import { firstLoading, type LoadError } from './academicShared';
import type { EditMode } from './useManagedList';

/**
 * The academic years a page offers in its form and its list filter. The filter starts at the `?year=` the
 * page was opened with (from the course-management tree), so that the prefilled year's rows show.
 */
export function useYearChoice(mode: EditMode) {
  const query = useAcademicYearListQuery(mode.listOptions);
  const [yearFilter, setYearFilter] = useState(mode.params.get('year') ?? '');
  const yearsError: LoadError = { error: query.error, fallback: 'Failed to fetch academic years' };
  return {
    years: query.data?.academicYears ?? [],
    yearsLoading: firstLoading(query),
    yearsError,
    yearFilter,
    setYearFilter,
  };
}
