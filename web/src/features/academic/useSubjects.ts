import { useMemo } from 'react';
import {
  useCreateSubjectMutation,
  useDeleteSubjectMutation,
  useSubjectDetailQuery,
  useSubjectListQuery,
  useUpdateSubjectMutation,
  type SubjectItemFragment,
} from './academic.generated';
import { ACADEMIC_ROUTES, byText, type FieldErrors } from './academicShared';
import { useEditMode, useManagedList } from './useManagedList';
import { useTablePages } from './useTablePages';

export type SubjectRow = SubjectItemFragment;

export interface SubjectFormValues extends Record<string, unknown> {
  name: string;
  description: string;
  isActive: boolean;
}

export const EMPTY_SUBJECT: SubjectFormValues = { name: '', description: '', isActive: true };

/** platform.md section 5: subject name required. */
export function validateSubject(v: SubjectFormValues): FieldErrors<'name'> {
  return v.name.trim() ? {} : { name: 'Subject name is required' };
}

const FETCH_FAILED = 'Failed to fetch subjects';

const emptyValues = () => EMPTY_SUBJECT;
const toValues = (s: SubjectRow): SubjectFormValues => ({ name: s.name, description: s.description, isActive: s.isActive });
const toInput = (v: SubjectFormValues) => ({ name: v.name.trim(), description: v.description.trim(), isActive: v.isActive });
/** By name, as the server lists them. */
const byName = byText<SubjectRow>((s) => s.name);

/** Subject Management: create, edit (`?edit={id}`), list (a page at a time), delete. SuperAdmin and Admin only. */
export function useSubjects() {
  const mode = useEditMode(ACADEMIC_ROUTES.subjects);
  const pages = useTablePages();
  const list = useSubjectListQuery({ ...mode.listOptions, variables: pages.variables });
  const detail = useSubjectDetailQuery(mode.detailOptions);
  // while another page loads, the last rows stay on screen
  const shown = (list.data ?? list.previousData)?.subjects;
  // sorted here too: a renamed subject moves to its place on the page
  const rows = useMemo(() => [...(shown?.nodes ?? [])].sort(byName), [shown]);
  const managed = useManagedList({
    mode,
    noun: 'subject',
    fetchFailed: FETCH_FAILED,
    loadErrors: [{ error: list.error, fallback: FETCH_FAILED }],
    typename: 'Subject',
    list,
    rows,
    detail,
    item: detail.data?.subject,
    emptyValues,
    toValues,
    createInput: toInput,
    updateInput: toInput,
    pagedField: 'subjects',
    onEmptied: pages.stepBack,
    deleteWhat: (row) => `the subject ${row.name}`,
    mutations: { create: useCreateSubjectMutation(), update: useUpdateSubjectMutation(), remove: useDeleteSubjectMutation() },
  });
  return { ...managed, pagination: pages.pagination(shown) };
}
