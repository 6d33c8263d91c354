import { useMemo } from 'react';
import {
  useClassDetailQuery,
  useClassListQuery,
  useCreateClassMutation,
  useDeleteClassMutation,
  useUpdateClassMutation,
  type SchoolClassItemFragment,
} from './academic.generated';
import { ACADEMIC_ROUTES, byText, type FieldErrors } from './academicShared';
import { useEditMode, useManagedList } from './useManagedList';
import { useYearChoice } from './useYearChoice';
import { useTablePages } from './useTablePages';

export type ClassRow = SchoolClassItemFragment;

export interface ClassFormValues extends Record<string, unknown> {
  academicYearId: string;
  name: string;
  grade: string;
  description: string;
  isActive: boolean;
}

type ClassField = 'academicYearId' | 'name' | 'grade';

/** platform.md section 5: academic year, name and grade required. */
export function validateClass(v: ClassFormValues): FieldErrors<ClassField> {
  const errors: FieldErrors<ClassField> = {};
  if (!v.academicYearId) errors.academicYearId = 'Academic year is required';
  if (!v.name.trim()) errors.name = 'Class name is required';
  if (!v.grade.trim()) errors.grade = 'Grade is required';
  return errors;
}

const FETCH_FAILED = 'Failed to fetch classes';

const emptyValues = (params: URLSearchParams): ClassFormValues => ({
  academicYearId: params.get('year') ?? '',
  name: '',
  grade: '',
  description: '',
  isActive: true,
});
const toValues = (c: ClassRow): ClassFormValues => ({
  academicYearId: c.academicYear.id,
  name: c.name,
  grade: c.grade,
  description: c.description,
  isActive: c.isActive,
});
const fields = (v: ClassFormValues) => ({
  name: v.name.trim(),
  grade: v.grade.trim(),
  description: v.description.trim(),
  isActive: v.isActive,
});
const moved = (v: ClassFormValues, c: ClassRow) => v.academicYearId !== c.academicYear.id;

// newest year first, then by name (Class 5A before Class 10A)
const byYearThenName = (a: ClassRow, b: ClassRow) =>
  -byText<ClassRow>((c) => c.academicYear.year)(a, b) || byText<ClassRow>((c) => c.name)(a, b);

/** What the row is, in its actions' accessible names and the delete question. */
export const classLabel = (row: ClassRow) => `${row.name} (${row.academicYear.year})`;

/**
 * Class Management: create (`?year={yearId}` preselects the year), edit (`?edit={id}`), list (a page at a
 * time, filtered by year), delete. SuperAdmin and Admin only.
 */
export function useClasses() {
  const mode = useEditMode(ACADEMIC_ROUTES.classes);
  const pages = useTablePages();
  const years = useYearChoice(mode, pages.reset);
  const list = useClassListQuery({ ...mode.listOptions, variables: { academicYearId: years.academicYearId, ...pages.variables } });
  const detail = useClassDetailQuery(mode.detailOptions);
  // while another page loads, the last rows stay on screen
  const shown = (list.data ?? list.previousData)?.classes;
  // sorted here too: an edited class keeps its place on the page by its new name
  const rows = useMemo(() => [...(shown?.nodes ?? [])].sort(byYearThenName), [shown]);

  const managed = useManagedList({
    mode,
    typename: 'SchoolClass',
    noun: 'class',
    fetchFailed: FETCH_FAILED,
    loadErrors: [years.yearsError, { error: list.error, fallback: FETCH_FAILED }],
    list,
    rows,
    detail,
    item: detail.data?.class,
    emptyValues,
    toValues,
    createInput: (v) => ({ academicYearId: v.academicYearId, ...fields(v) }),
    // the year only when it changed: the server takes it as a move, refused while students or allocations tie the class
    updateInput: (v, c) => ({ ...fields(v), ...(moved(v, c) ? { academicYearId: v.academicYearId } : {}) }),
    pagedField: 'classes',
    onEmptied: pages.stepBack,
    deleteWhat: classLabel,
    mutations: { create: useCreateClassMutation(), update: useUpdateClassMutation(), remove: useDeleteClassMutation() },
  });
  return { ...managed, ...years, pagination: pages.pagination(shown) };
}
