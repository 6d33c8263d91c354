import { useMemo } from 'react';
import { confirmAction } from '../../components/confirm';
import {
  useCreateSubjectMutation,
  useDeleteSubjectMutation,
  useSubjectDetailQuery,
  useSubjectListQuery,
  useUpdateSubjectMutation,
  type SubjectItemFragment,
} from '../../gql/graphql';
import {
  ACADEMIC_ROUTES,
  useBanners,
  useCanManageAcademic,
  useEditParam,
  useLeaveEditOnError,
  type FieldErrors,
} from './academicShared';

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

/** Subject Management: create, edit (`?edit={id}`), list, delete. SuperAdmin and Admin only. */
export function useSubjects() {
  const canManage = useCanManageAcademic();
  const { editId, startEdit, leaveEdit } = useEditParam(ACADEMIC_ROUTES.subjects);

  const list = useSubjectListQuery({ skip: !canManage, fetchPolicy: 'cache-and-network' });
  const detail = useSubjectDetailQuery({ variables: { id: editId ?? '' }, skip: !canManage || !editId });
  const [createMutation, createState] = useCreateSubjectMutation();
  const [updateMutation, updateState] = useUpdateSubjectMutation();
  const [deleteMutation, deleteState] = useDeleteSubjectMutation();

  const banners = useBanners([{ error: list.error, fallback: FETCH_FAILED }]);
  useLeaveEditOnError(editId ? detail.error : undefined, FETCH_FAILED, banners.showError, leaveEdit);

  const editing = editId ? (detail.data?.subject ?? null) : null;
  const initial = useMemo<SubjectFormValues>(
    () => (editing ? { name: editing.name, description: editing.description, isActive: editing.isActive } : EMPTY_SUBJECT),
    [editing],
  );

  const save = async (values: SubjectFormValues): Promise<boolean> => {
    const fields = { name: values.name.trim(), description: values.description.trim(), isActive: values.isActive };
    try {
      if (editId) {
        if (!editing) return false;
        await updateMutation({ variables: { input: { id: editing.id, version: editing.version, ...fields } } });
        banners.showSuccess('Subject updated successfully');
        leaveEdit();
      } else {
        await createMutation({ variables: { input: fields } });
        banners.showSuccess('Subject created successfully');
        await list.refetch().catch(() => undefined);
      }
      return true;
    } catch (error) {
      banners.showError(error, 'Failed to save subject');
      return false;
    }
  };

  const remove = async (row: SubjectRow): Promise<void> => {
    if (!confirmAction(`Are you sure you want to delete the subject ${row.name}?`)) return;
    try {
      await deleteMutation({ variables: { id: row.id } });
      banners.showSuccess('Subject deleted successfully');
      if (editId === row.id) leaveEdit();
      await list.refetch().catch(() => undefined);
    } catch (error) {
      banners.showError(error, 'Failed to delete subject');
    }
  };

  return {
    canManage,
    banners,
    subjects: list.data?.subjects ?? [],
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
