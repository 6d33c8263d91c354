import { useMemo, useState } from 'react';
import {
  useAllocationDetailQuery,
  useAllocationOptionsQuery,
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
import { useTablePages } from './useTablePages';
import { MAX_PAGE } from '../../lib/listMax';

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
export const allocationLabel = (row: AllocationRow) => `${row.subject.name} in ${row.class.name} (${row.academicYear.year})`;

/**
 * The Teacher Assignment page's allocations: create (`?class={classId}&year={yearId}` prefill), edit (`?edit={id}`),
 * list (a page at a time, filtered by year), delete. Only SuperAdmin and Admin may change allocations (DESIGN.md),
 * so only they see the page. The texts users see keep the spec's words ("teacher assignment").
 *
 * One request loads the page (AllocationPage): the first page of allocations, and the years with their classes,
 * the subjects and the teachers the form offers. Another page or year asks for its rows only; the form's choices
 * stay those the page loaded (read from the cache), so choosing a year and a class in the form asks for nothing.
 */
export function useAllocations() {
  const mode = useEditMode(ACADEMIC_ROUTES.allocations);
  const pages = useTablePages();
  const filter = useYearFilter(mode, pages.reset);
  const variables = { academicYearId: filter.academicYearId, ...pages.variables };
  // the rows the page opened on come with the form's choices; any other rows come alone
  const [opened] = useState(() => JSON.stringify(variables));
  const page = useAllocationPageQuery({
    ...mode.listOptions,
    variables: { ...variables, ...MAX_PAGE, withOptions: JSON.stringify(variables) === opened },
  });
  const options = useAllocationOptionsQuery({ variables: MAX_PAGE, skip: !mode.canManage, fetchPolicy: 'cache-only' });
  const detail = useAllocationDetailQuery(mode.detailOptions);
  // while another page loads, the last rows stay on screen
  const shown = (page.data ?? page.previousData)?.allocations;
  // sorted here too: an edited allocation keeps its place on the page
  const rows = useMemo(() => [...(shown?.nodes ?? [])].sort(byYearClassSubject), [shown]);

  const managed = useManagedList({
    mode,
    typename: 'Allocation',
    noun: 'teacher assignment',
    fetchFailed: FETCH_FAILED,
    loadErrors: [{ error: page.error, fallback: FETCH_FAILED }],
    list: page,
    rows,
    detail,
    item: detail.data?.allocation,
    emptyValues,
    toValues,
    createInput: toInput,
    updateInput: toInput,
    pagedField: 'allocations',
    onEmptied: pages.stepBack,
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
    const all = new Map((options.data?.users.nodes ?? []).map((t) => [t.id, t]));
    for (const t of editing?.teachers ?? []) if (!all.has(t.id)) all.set(t.id, t);
    return [...all.values()].sort(byText<TeacherOption>((t) => `${t.lastName} ${t.firstName}`));
  }, [options.data, editing]);

  const optionsLoading = !options.data && firstLoading(page);
  return {
    ...managed,
    ...filter,
    pagination: pages.pagination(shown),
    years: options.data?.academicYears ?? [],
    yearsLoading: optionsLoading,
    subjects: options.data?.subjects.nodes ?? [],
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
