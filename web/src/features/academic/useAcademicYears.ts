import { useMemo } from 'react';
import { confirmAction } from '../../components/confirm';
import {
  useAcademicYearDetailQuery,
  useAcademicYearListQuery,
  useCreateAcademicYearMutation,
  useDeleteAcademicYearMutation,
  useUpdateAcademicYearMutation,
  type AcademicYearItemFragment,
} from '../../gql/graphql';
import {
  ACADEMIC_ROUTES,
  useBanners,
  useCanManageAcademic,
  useEditParam,
  useLeaveEditOnError,
  type FieldErrors,
} from './academicShared';

export type AcademicYearRow = AcademicYearItemFragment;

export interface YearFormValues extends Record<string, unknown> {
  year: string;
  isActive: boolean;
}

export const EMPTY_YEAR: YearFormValues = { year: '', isActive: true };

/** platform.md section 5: year required. */
export function validateYear(v: YearFormValues): FieldErrors<'year'> {
  return v.year.trim() ? {} : { year: 'Year is required' };
}

const FETCH_FAILED = 'Failed to fetch academic years';

/** Academic Year Management: create, edit (`?edit={id}`), list, delete. SuperAdmin and Admin only. */
export function useAcademicYears() {
  const canManage = useCanManageAcademic();
  const { editId, startEdit, leaveEdit } = useEditParam(ACADEMIC_ROUTES.years);

  const list = useAcademicYearListQuery({ skip: !canManage, fetchPolicy: 'cache-and-network' });
  const detail = useAcademicYearDetailQuery({ variables: { id: editId ?? '' }, skip: !canManage || !editId });
  const [createMutation, createState] = useCreateAcademicYearMutation();
  const [updateMutation, updateState] = useUpdateAcademicYearMutation();
  const [deleteMutation, deleteState] = useDeleteAcademicYearMutation();

  const banners = useBanners([{ error: list.error, fallback: FETCH_FAILED }]);
  useLeaveEditOnError(editId ? detail.error : undefined, FETCH_FAILED, banners.showError, leaveEdit);

  const editing = editId ? (detail.data?.academicYear ?? null) : null;
  const initial = useMemo<YearFormValues>(
    () => (editing ? { year: editing.year, isActive: editing.isActive } : EMPTY_YEAR),
    [editing],
  );

  const save = async (values: YearFormValues): Promise<boolean> => {
    const year = values.year.trim();
    try {
      if (editId) {
        if (!editing) return false;
        await updateMutation({
          variables: { input: { id: editing.id, version: editing.version, year, isActive: values.isActive } },
        });
        banners.showSuccess('Academic year updated successfully');
        leaveEdit();
      } else {
        await createMutation({ variables: { input: { year, isActive: values.isActive } } });
        banners.showSuccess('Academic year created successfully');
        await list.refetch().catch(() => undefined);
      }
      return true;
    } catch (error) {
      banners.showError(error, 'Failed to save academic year');
      return false;
    }
  };

  const remove = async (row: AcademicYearRow): Promise<void> => {
    if (!confirmAction(`Are you sure you want to delete the academic year ${row.year}?`)) return;
    try {
      await deleteMutation({ variables: { id: row.id } });
      banners.showSuccess('Academic year deleted successfully');
      if (editId === row.id) leaveEdit();
      await list.refetch().catch(() => undefined);
    } catch (error) {
      banners.showError(error, 'Failed to delete academic year');
    }
  };

  return {
    canManage,
    banners,
    years: list.data?.academicYears ?? [],
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
