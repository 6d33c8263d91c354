import { confirmAction } from '../../components/confirm';
import {
  AcademicYearListDocument,
  useAcademicYearDetailQuery,
  useAcademicYearListQuery,
  useCreateAcademicYearMutation,
  useDeleteAcademicYearMutation,
  useUpdateAcademicYearMutation,
  type AcademicYearItemFragment,
} from './academic.generated';
import { ACADEMIC_ROUTES, byText, type FieldErrors } from './academicShared';
import { useEditMode, useManagedList } from './useManagedList';

export type AcademicYearRow = AcademicYearItemFragment;

export interface YearFormValues extends Record<string, unknown> {
  year: string;
  isActive: boolean;
  /** YYYY-MM-DD, or '' for none. */
  startDate: string;
  endDate: string;
}

// Active starts off: one confirmation must not hand the active year over by surprise (issue 25)
export const EMPTY_YEAR: YearFormValues = { year: '', isActive: false, startDate: '', endDate: '' };

/**
 * A span of days as a form holds them: both or neither (`optional`), the start before the end. The server
 * checks the same (and that periods lie inside their year); this spares a round trip.
 */
export function validateSpan(v: { startDate: string; endDate: string }, optional: boolean): FieldErrors<'startDate' | 'endDate'> {
  if (optional && !v.startDate && !v.endDate) return {};
  if (!v.startDate) return { startDate: optional ? 'Give both a start and an end date, or neither' : 'Start date is required' };
  if (!v.endDate) return { endDate: optional ? 'Give both a start and an end date, or neither' : 'End date is required' };
  return v.startDate < v.endDate ? {} : { endDate: 'The start date must be before the end date' };
}

/** platform.md section 5: year required; issue 27: the year's dates, both or neither. */
export function validateYear(v: YearFormValues): FieldErrors<'year' | 'startDate' | 'endDate'> {
  return { ...(v.year.trim() ? {} : { year: 'Year is required' }), ...validateSpan(v, true) };
}

const FETCH_FAILED = 'Failed to fetch academic years';

const emptyValues = () => EMPTY_YEAR;
const toValues = (y: AcademicYearRow): YearFormValues => ({
  year: y.year,
  isActive: y.isActive,
  startDate: y.startDate ?? '',
  endDate: y.endDate ?? '',
});
const toInput = (v: YearFormValues) => ({
  year: v.year.trim(),
  isActive: v.isActive,
  startDate: v.startDate || null,
  endDate: v.endDate || null,
});
/** Newest first, as the server lists them. */
export const newestYearFirst = (a: { year: string }, b: { year: string }) => -byText<{ year: string }>((y) => y.year)(a, b);

/** Academic Year Management: create, edit (`?edit={id}`), list, delete. SuperAdmin and Admin only. */
export function useAcademicYears() {
  const mode = useEditMode(ACADEMIC_ROUTES.years);
  const list = useAcademicYearListQuery(mode.listOptions);
  const detail = useAcademicYearDetailQuery(mode.detailOptions);
  return useManagedList({
    mode,
    noun: 'academic year',
    fetchFailed: FETCH_FAILED,
    loadErrors: [{ error: list.error, fallback: FETCH_FAILED }],
    typename: 'AcademicYear',
    list,
    // sorted here too: an edited year keeps its place by its new text
    rows: [...(list.data?.academicYears ?? [])].sort(newestYearFirst),
    detail,
    item: detail.data?.academicYear,
    emptyValues,
    toValues,
    createInput: toInput,
    updateInput: toInput,
    addCreated: (cache, { createAcademicYear }) =>
      cache.updateQuery(
        { query: AcademicYearListDocument },
        (d) => d && { academicYears: [...d.academicYears, createAcademicYear].sort(newestYearFirst) },
      ),
    deleteWhat: (row) => `the academic year ${row.year}`,
    // one active year (the database keeps it so): making another one active deactivates this one, so ask first
    confirmSave: (values, editing) => {
      const active = values.isActive ? list.data?.academicYears.find((y) => y.isActive && y.id !== editing?.id) : undefined;
      return !active || confirmAction(`Make ${values.year.trim()} the active academic year? This deactivates ${active.year}.`);
    },
    // the server deactivated the other year in the same transaction: show it so
    afterSave: (values) => {
      if (values.isActive) void list.refetch();
    },
    mutations: {
      create: useCreateAcademicYearMutation(),
      update: useUpdateAcademicYearMutation(),
      remove: useDeleteAcademicYearMutation(),
    },
  });
}
