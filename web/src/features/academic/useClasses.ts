import { useMemo, useState } from 'react';
import { confirmAction } from '../../components/confirm';
import {
  useAcademicYearListQuery,
  useClassDetailQuery,
  useClassListQuery,
  useCreateClassMutation,
  useDeleteClassMutation,
  useUpdateClassMutation,
  type SchoolClassItemFragment,
} from '../../gql/graphql';
import {
  ACADEMIC_ROUTES,
  byText,
  useBanners,
  useCanManageAcademic,
  useEditParam,
  useLeaveEditOnError,
  type FieldErrors,
} from './academicShared';

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

/**
 * Class Management: create (`?year={yearId}` preselects the year), edit (`?edit={id}`), list (filtered by
 * year), delete. SuperAdmin and Admin only.
 */
export function useClasses() {
  const canManage = useCanManageAcademic();
  const { editId, params, startEdit, leaveEdit } = useEditParam(ACADEMIC_ROUTES.classes);
  const prefillYearId = params.get('year') ?? '';
  const [yearFilter, setYearFilter] = useState(prefillYearId);

  const years = useAcademicYearListQuery({ skip: !canManage, fetchPolicy: 'cache-and-network' });
  const list = useClassListQuery({
    variables: { academicYearId: yearFilter || null },
    skip: !canManage,
    fetchPolicy: 'cache-and-network',
  });
  const detail = useClassDetailQuery({ variables: { id: editId ?? '' }, skip: !canManage || !editId });
  const [createMutation, createState] = useCreateClassMutation();
  const [updateMutation, updateState] = useUpdateClassMutation();
  const [deleteMutation, deleteState] = useDeleteClassMutation();

  const banners = useBanners([
    { error: years.error, fallback: 'Failed to fetch academic years' },
    { error: list.error, fallback: FETCH_FAILED },
  ]);
  useLeaveEditOnError(editId ? detail.error : undefined, FETCH_FAILED, banners.showError, leaveEdit);

  const editing = editId ? (detail.data?.class ?? null) : null;
  const initial = useMemo<ClassFormValues>(
    () =>
      editing
        ? {
            academicYearId: editing.academicYear.id,
            name: editing.name,
            grade: editing.grade,
            description: editing.description,
            isActive: editing.isActive,
          }
        : { academicYearId: prefillYearId, name: '', grade: '', description: '', isActive: true },
    [editing, prefillYearId],
  );

  // newest year first, then by name (Class 5A before Class 10A)
  const classes = useMemo(
    () =>
      [...(list.data?.classes ?? [])].sort(
        (a, b) => -byText<ClassRow>((c) => c.academicYear.year)(a, b) || byText<ClassRow>((c) => c.name)(a, b),
      ),
    [list.data],
  );

  const save = async (values: ClassFormValues): Promise<boolean> => {
    const fields = {
      name: values.name.trim(),
      grade: values.grade.trim(),
      description: values.description.trim(),
      isActive: values.isActive,
    };
    try {
      if (editId) {
        if (!editing) return false;
        const moved = values.academicYearId !== editing.academicYear.id;
        await updateMutation({
          variables: {
            input: { id: editing.id, version: editing.version, ...fields, ...(moved ? { academicYearId: values.academicYearId } : {}) },
          },
        });
        banners.showSuccess('Class updated successfully');
        leaveEdit();
        if (moved) await list.refetch().catch(() => undefined);
      } else {
        await createMutation({ variables: { input: { academicYearId: values.academicYearId, ...fields } } });
        banners.showSuccess('Class created successfully');
        await list.refetch().catch(() => undefined);
      }
      return true;
    } catch (error) {
      banners.showError(error, 'Failed to save class');
      return false;
    }
  };

  const remove = async (row: ClassRow): Promise<void> => {
    if (!confirmAction(`Are you sure you want to delete ${row.name} (${row.academicYear.year})?`)) return;
    try {
      await deleteMutation({ variables: { id: row.id } });
      banners.showSuccess('Class deleted successfully');
      if (editId === row.id) leaveEdit();
      await list.refetch().catch(() => undefined);
    } catch (error) {
      banners.showError(error, 'Failed to delete class');
    }
  };

  return {
    canManage,
    banners,
    years: years.data?.academicYears ?? [],
    yearsLoading: years.loading && !years.data,
    yearFilter,
    setYearFilter,
    classes,
    listLoading: list.loading && !list.data,
    editId,
    editing,
    editLoading: Boolean(editId) && !editing && detail.loading,
    initial,
    saving: createState.loading || updateState.loading,
    deleting: deleteState.loading,
    startEdit,
    leaveEdit,
    save,
    remove,
  };
}
