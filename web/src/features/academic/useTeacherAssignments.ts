import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../app/errors';
import { confirmAction } from '../../components/confirm';
import {
  useAcademicYearListQuery,
  useAssignableTeachersQuery,
  useClassListQuery,
  useCreateTeacherAssignmentMutation,
  useDeleteTeacherAssignmentMutation,
  useSubjectListQuery,
  useTeacherAssignmentDetailQuery,
  useTeacherAssignmentListQuery,
  useUpdateTeacherAssignmentMutation,
  type AssignableTeachersQuery,
  type TeacherAssignmentItemFragment,
} from '../../gql/graphql';
import {
  ACADEMIC_ROUTES,
  byText,
  useBanners,
  useCanManageAcademic,
  useEditParam,
  useFormState,
  useLeaveEditOnError,
  type FieldErrors,
} from './academicShared';

export type TeacherAssignmentRow = TeacherAssignmentItemFragment;
export type TeacherOption = AssignableTeachersQuery['users']['items'][number];

export interface AssignmentFormValues extends Record<string, unknown> {
  academicYearId: string;
  classId: string;
  subjectId: string;
  teacherIds: string[];
}

type AssignmentField = 'academicYearId' | 'classId' | 'subjectId' | 'teacherIds';

/** platform.md section 5: academic year, class, subject and at least one teacher required. */
export function validateAssignment(v: AssignmentFormValues): FieldErrors<AssignmentField> {
  const errors: FieldErrors<AssignmentField> = {};
  if (!v.academicYearId) errors.academicYearId = 'Academic year is required';
  if (!v.classId) errors.classId = 'Class is required';
  if (!v.subjectId) errors.subjectId = 'Subject is required';
  if (v.teacherIds.length === 0) errors.teacherIds = 'Please select at least one teacher';
  return errors;
}

/** Shown under the disabled class choice (platform.md section 2). */
export const SELECT_YEAR_FIRST = 'Please select an academic year first';

const FETCH_FAILED = 'Failed to fetch teacher assignments';

/**
 * Teacher Assignment: create (`?class={classId}&year={yearId}` prefill), edit (`?edit={id}`), list (filtered
 * by year), delete. Only SuperAdmin and Admin may change assignments (DESIGN.md), so only they see the page.
 */
export function useTeacherAssignments() {
  const canManage = useCanManageAcademic();
  const { editId, params, startEdit, leaveEdit } = useEditParam(ACADEMIC_ROUTES.assignments);
  const prefillYearId = params.get('year') ?? '';
  const prefillClassId = prefillYearId ? (params.get('class') ?? '') : '';
  const [yearFilter, setYearFilter] = useState(prefillYearId);

  const years = useAcademicYearListQuery({ skip: !canManage, fetchPolicy: 'cache-and-network' });
  const subjects = useSubjectListQuery({ skip: !canManage, fetchPolicy: 'cache-and-network' });
  const teachers = useAssignableTeachersQuery({ skip: !canManage, fetchPolicy: 'cache-and-network' });
  const list = useTeacherAssignmentListQuery({
    variables: { academicYearId: yearFilter || null },
    skip: !canManage,
    fetchPolicy: 'cache-and-network',
  });
  const detail = useTeacherAssignmentDetailQuery({ variables: { id: editId ?? '' }, skip: !canManage || !editId });
  const [createMutation, createState] = useCreateTeacherAssignmentMutation();
  const [updateMutation, updateState] = useUpdateTeacherAssignmentMutation();
  const [deleteMutation, deleteState] = useDeleteTeacherAssignmentMutation();

  const banners = useBanners([
    { error: list.error, fallback: FETCH_FAILED },
    { error: years.error, fallback: 'Failed to fetch academic years' },
    { error: subjects.error, fallback: 'Failed to fetch subjects' },
    { error: teachers.error, fallback: 'Failed to fetch teachers' },
  ]);
  useLeaveEditOnError(editId ? detail.error : undefined, FETCH_FAILED, banners.showError, leaveEdit);

  const editing = editId ? (detail.data?.teacherAssignment ?? null) : null;
  const initial = useMemo<AssignmentFormValues>(
    () =>
      editing
        ? {
            academicYearId: editing.academicYear.id,
            classId: editing.class.id,
            subjectId: editing.subject.id,
            teacherIds: editing.teachers.map((t) => t.id),
          }
        : { academicYearId: prefillYearId, classId: prefillClassId, subjectId: '', teacherIds: [] },
    [editing, prefillYearId, prefillClassId],
  );

  /** Every teacher, plus those already on the edited assignment (should the list not hold them). */
  const teacherOptions = useMemo(() => {
    const all = new Map((teachers.data?.users.items ?? []).map((t) => [t.id, t]));
    for (const t of editing?.teachers ?? []) if (!all.has(t.id)) all.set(t.id, t);
    return [...all.values()].sort(byText<TeacherOption>((t) => `${t.lastName} ${t.firstName}`));
  }, [teachers.data, editing]);

  const assignments = useMemo(
    () =>
      [...(list.data?.teacherAssignments ?? [])].sort(
        (a, b) =>
          -byText<TeacherAssignmentRow>((r) => r.academicYear.year)(a, b) ||
          byText<TeacherAssignmentRow>((r) => r.class.name)(a, b) ||
          byText<TeacherAssignmentRow>((r) => r.subject.name)(a, b),
      ),
    [list.data],
  );

  const save = async (values: AssignmentFormValues): Promise<boolean> => {
    const fields = {
      academicYearId: values.academicYearId,
      classId: values.classId,
      subjectId: values.subjectId,
      teacherIds: values.teacherIds,
    };
    try {
      if (editId) {
        if (!editing) return false;
        await updateMutation({ variables: { input: { id: editing.id, version: editing.version, ...fields } } });
        banners.showSuccess('Teacher assignment updated successfully');
        leaveEdit();
        await list.refetch().catch(() => undefined);
      } else {
        await createMutation({ variables: { input: fields } });
        banners.showSuccess('Teacher assignment created successfully');
        await list.refetch().catch(() => undefined);
      }
      return true;
    } catch (error) {
      banners.showError(error, 'Failed to save teacher assignment');
      return false;
    }
  };

  const remove = async (row: TeacherAssignmentRow): Promise<void> => {
    const what = `${row.subject.name} in ${row.class.name} (${row.academicYear.year})`;
    if (!confirmAction(`Are you sure you want to delete the teacher assignment for ${what}?`)) return;
    try {
      await deleteMutation({ variables: { id: row.id } });
      banners.showSuccess('Teacher assignment deleted successfully');
      if (editId === row.id) leaveEdit();
      await list.refetch().catch(() => undefined);
    } catch (error) {
      banners.showError(error, 'Failed to delete teacher assignment');
    }
  };

  return {
    canManage,
    banners,
    years: years.data?.academicYears ?? [],
    yearsLoading: years.loading && !years.data,
    subjects: subjects.data?.subjects ?? [],
    subjectsLoading: subjects.loading && !subjects.data,
    teacherOptions,
    teachersLoading: teachers.loading && !teachers.data,
    yearFilter,
    setYearFilter,
    assignments,
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

/**
 * The assignment form's state: the class choice depends on the chosen year (loaded per year) and is
 * cleared when the year changes.
 */
export function useTeacherAssignmentForm(
  initial: AssignmentFormValues,
  onSave: (values: AssignmentFormValues) => Promise<boolean>,
  editing: boolean,
) {
  const form = useFormState(initial, validateAssignment, onSave, { resetOnSuccess: !editing });
  const yearId = form.values.academicYearId;
  // skipped until a year is chosen; the placeholder only satisfies the variable type
  const classes = useClassListQuery({ variables: { academicYearId: yearId || null }, skip: !yearId, fetchPolicy: 'cache-and-network' });
  const { setField } = form;

  const setYear = useCallback(
    (id: string) => {
      setField('academicYearId', id);
      setField('classId', '');
    },
    [setField],
  );

  return {
    ...form,
    setYear,
    classes: [...(classes.data?.classes ?? [])].sort(byText((c) => c.name)),
    classesLoading: Boolean(yearId) && classes.loading && !classes.data,
    classesError: classes.error ? errorMessage(classes.error, 'Failed to fetch classes') : null,
  };
}
