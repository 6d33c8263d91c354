import { useMemo } from 'react';
import {
  AllocationPageDocument,
  useAllocationPageQuery,
  useCreateAllocationMutation,
  useDeleteAllocationMutation,
  useUpdateAllocationMutation,
  type AllocationFormOptionsFragment,
  type AllocationItemFragment,
} from './academic.generated';
import { ACADEMIC_ROUTES, byText, firstLoading, type FieldErrors } from './academicShared';
import { useEditMode, useManagedList } from './useManagedList';
import { useYearFilter } from './useYearChoice';

export type AllocationRow = AllocationItemFragment;
export type YearOption = AllocationFormOptionsFragment['academicYears'][number];
export type TeacherOption = AllocationFormOptionsFragment['users']['nodes'][number];

export interface AllocationFormValues extends Record<string, unknown> {
  academicYearId: string;
  classId: string;
  subjectId: string;
  teacherIds: string[];
}

type AllocationField = 'academicYearId' | 'classId' | 'subjectId' | 'teacherIds';

/** platform.md section 5: academic year, class, subject and at least one teacher required. */
export function validateAllocation(v: AllocationFormValues): FieldErrors<AllocationField> {
  const errors: FieldErrors<AllocationField> = {};
  if (!v.academicYearId) errors.academicYearId = 'Academic year is required';
  if (!v.classId) errors.classId = 'Class is required';
  if (!v.subjectId) errors.subjectId = 'Subject is required';
  if (v.teacherIds.length === 0) errors.teacherIds = 'Please select at least one teacher';
  return errors;
}

/** Shown under the disabled class choice (platform.md section 2). */
export const SELECT_YEAR_FIRST = 'Please select an academic year first';

const FETCH_FAILED = 'Failed to fetch teacher assignments';

/** `?class={classId}&year={yearId}` prefills; a class without its year is ignored (the year decides the classes). */
function emptyValues(params: URLSearchParams): AllocationFormValues {
  const academicYearId = params.get('year') ?? '';
  return { academicYearId, classId: academicYearId ? (params.get('class') ?? '') : '', subjectId: '', teacherIds: [] };
}
const toValues = (a: AllocationRow): AllocationFormValues => ({
  academicYearId: a.academicYear.id,
  classId: a.class.id,
  subjectId: a.subject.id,
  teacherIds: a.teachers.map((t) => t.id),
});
const toInput = ({ academicYearId, classId, subjectId, teacherIds }: AllocationFormValues) => ({
  academicYearId,
  classId,
  subjectId,
  teacherIds,
});

/** Newest year first, then by class and subject. */
const byYearClassSubject = (a: AllocationRow, b: AllocationRow) =>
  -byText<AllocationRow>((r) => r.academicYear.year)(a, b) ||
  byText<AllocationRow>((r) => r.class.name)(a, b) ||
  byText<AllocationRow>((r) => r.subject.name)(a, b);

/** What the row is, in its actions' accessible names and the delete question. */
export const allocationLabel = (row: AllocationRow) =>
  `${row.subject.name} in ${row.class.name} (${row.academicYear.year})`;

/**
 * The Teacher Assignment page's allocations: create (`?class={classId}&year={yearId}` prefill), edit (`?edit={id}`),
 * list (filtered by year), delete. Only SuperAdmin and Admin may change allocations (DESIGN.md), so only they see
 * the page. The texts users see keep the spec's words ("teacher assignment").
 *
 * One request loads the page (AllocationPage): every allocation, and the years with their classes, the subjects
 * and the teachers the form offers. The year filter, the form's class choice and `?edit=` work on what it holds;
 * saving updates the cache from the mutation's answer.
 */
export function useAllocations() {
  const mode = useEditMode(ACADEMIC_ROUTES.allocations);
  const filter = useYearFilter(mode);
  const page = useAllocationPageQuery(mode.listOptions);
  const { ofYear } = filter;
  const rows = useMemo(() => ofYear(page.data?.allocations ?? []).sort(byYearClassSubject), [page.data, ofYear]);

  // the allocation named by ?edit= is one of those loaded; gone (deleted meanwhile): back to create mode
  const { editId } = mode;
  const item = editId ? page.data?.allocations.find((a) => a.id === editId) : undefined;
  const missing = Boolean(editId && page.data && !item);
  const notFound = useMemo(() => (missing ? new Error('not found') : undefined), [missing]);
  const detail = { loading: firstLoading(page), error: notFound };

  const managed = useManagedList({
    mode,
    typename: 'Allocation',
    noun: 'teacher assignment',
    fetchFailed: FETCH_FAILED,
    loadErrors: [{ error: page.error, fallback: FETCH_FAILED }],
    list: page,
    rows,
    detail,
    item,
    emptyValues,
    toValues,
    createInput: toInput,
    updateInput: toInput,
    addCreated: (cache, { createAllocation }) =>
      cache.updateQuery({ query: AllocationPageDocument }, (d) => d && { ...d, allocations: [...d.allocations, createAllocation] }),
    deleteWhat: (row) => `the teacher assignment for ${allocationLabel(row)}`,
    mutations: {
      create: useCreateAllocationMutation(),
      update: useUpdateAllocationMutation(),
      remove: useDeleteAllocationMutation(),
    },
  });

  /** Every teacher, plus those already on the edited allocation (should the list not hold them). */
  const { editing } = managed;
  const teacherOptions = useMemo(() => {
    const all = new Map((page.data?.users.nodes ?? []).map((t) => [t.id, t]));
    for (const t of editing?.teachers ?? []) if (!all.has(t.id)) all.set(t.id, t);
    return [...all.values()].sort(byText<TeacherOption>((t) => `${t.lastName} ${t.firstName}`));
  }, [page.data, editing]);

  const optionsLoading = firstLoading(page);
  return {
    ...managed,
    ...filter,
    years: page.data?.academicYears ?? [],
    yearsLoading: optionsLoading,
    subjects: page.data?.subjects ?? [],
    subjectsLoading: optionsLoading,
    teacherOptions,
    teachersLoading: optionsLoading,
  };
}

/** The classes of the year chosen in the form (none until a year is chosen), from the years the page loaded. */
export function classesOfYear(years: readonly YearOption[], yearId: string) {
  const year = years.find((y) => y.id === yearId);
  return [...(year?.classes ?? [])].sort(byText((c) => c.name));
}
