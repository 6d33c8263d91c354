import { useMemo } from 'react';
import { errorMessage } from '../../app/errors';
import { useAssignableTeachersQuery, useClassListQuery, useCreateAllocationMutation, useDeleteAllocationMutation, useSubjectListQuery, useAllocationDetailQuery, useAllocationListQuery, useUpdateAllocationMutation, type AssignableTeachersQuery, type AllocationItemFragment } from './academic.generated';
import { ACADEMIC_ROUTES, byText, firstLoading, type FieldErrors } from './academicShared';
import { useEditMode, useManagedList } from './useManagedList';
import { useYearChoice } from './useYearChoice';

export type AllocationRow = AllocationItemFragment;
export type TeacherOption = AssignableTeachersQuery['users']['items'][number];

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
 */
export function useAllocations() {
  const mode = useEditMode(ACADEMIC_ROUTES.allocations);
  const years = useYearChoice(mode);
  const subjects = useSubjectListQuery(mode.listOptions);
  const teachers = useAssignableTeachersQuery(mode.listOptions);
  const list = useAllocationListQuery({ ...mode.listOptions, variables: { academicYearId: years.yearFilter || null } });
  const detail = useAllocationDetailQuery(mode.detailOptions);
  const rows = useMemo(() => [...(list.data?.allocations ?? [])].sort(byYearClassSubject), [list.data]);

  const managed = useManagedList({
    mode,
    noun: 'teacher assignment',
    fetchFailed: FETCH_FAILED,
    loadErrors: [
      { error: list.error, fallback: FETCH_FAILED },
      years.yearsError,
      { error: subjects.error, fallback: 'Failed to fetch subjects' },
      { error: teachers.error, fallback: 'Failed to fetch teachers' },
    ],
    list,
    rows,
    detail,
    item: detail.data?.allocation,
    emptyValues,
    toValues,
    createInput: toInput,
    updateInput: toInput,
    // any of year, class and subject may change, and with them the row's place (or presence) in the list
    refetchAfterUpdate: () => true,
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
    const all = new Map((teachers.data?.users.items ?? []).map((t) => [t.id, t]));
    for (const t of editing?.teachers ?? []) if (!all.has(t.id)) all.set(t.id, t);
    return [...all.values()].sort(byText<TeacherOption>((t) => `${t.lastName} ${t.firstName}`));
  }, [teachers.data, editing]);

  return {
    ...managed,
    ...years,
    subjects: subjects.data?.subjects ?? [],
    subjectsLoading: firstLoading(subjects),
    teacherOptions,
    teachersLoading: firstLoading(teachers),
  };
}

/** The classes of the year chosen in the form (none until a year is chosen). */
export function useClassesOfYear(yearId: string) {
  const query = useClassListQuery({ variables: { academicYearId: yearId || null }, skip: !yearId, fetchPolicy: 'cache-and-network' });
  return {
    classes: [...(query.data?.classes ?? [])].sort(byText((c) => c.name)),
    classesLoading: Boolean(yearId) && query.loading && !query.data,
    classesError: query.error ? errorMessage(query.error, 'Failed to fetch classes') : null,
  };
}
