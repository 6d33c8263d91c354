import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { confirmAction } from '../../components/confirm';
import {
  useAcademicYearPeriodsQuery,
  useCreateAcademicPeriodMutation,
  useDeleteAcademicPeriodMutation,
  useUpdateAcademicPeriodMutation,
  type AcademicPeriodItemFragment,
} from './academic.generated';
import type { AcademicPeriodType as PeriodType } from '../../gql/types';
import type { FieldErrors } from './academicShared';
import { validateSpan } from './useAcademicYears';

export type { PeriodType };

export type PeriodRow = AcademicPeriodItemFragment;

export interface PeriodFormValues extends Record<string, unknown> {
  type: PeriodType;
  title: string;
  startDate: string;
  endDate: string;
  /** A grading period's term ('' for none). */
  parentId: string;
}

export const PERIOD_TYPE_LABEL: Record<PeriodType, string> = { TERM: 'Term', GRADING_PERIOD: 'Grading period' };
const EMPTY_PERIOD: PeriodFormValues = { type: 'TERM', title: '', startDate: '', endDate: '', parentId: '' };

/** Title and both days required, the start first; the server also keeps a period inside its year and term. */
export function validatePeriod(v: PeriodFormValues): FieldErrors<'title' | 'startDate' | 'endDate'> {
  return { ...(v.title.trim() ? {} : { title: 'Title is required' }), ...validateSpan(v, false) };
}

const REFETCH = { refetchQueries: ['AcademicYearPeriods'], awaitRefetchQueries: true };

/** The terms and grading periods of one academic year (issue 27): list, add, edit, remove. SuperAdmin and Admin. */
export function useAcademicPeriods(yearId: string) {
  const query = useAcademicYearPeriodsQuery({ variables: { id: yearId }, fetchPolicy: 'cache-and-network' });
  const [create, created] = useCreateAcademicPeriodMutation(REFETCH);
  const [update, updated] = useUpdateAcademicPeriodMutation(REFETCH);
  const [remove, removed] = useDeleteAcademicPeriodMutation(REFETCH);
  const [editId, setEditId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const periods = query.data?.academicYear.periods ?? [];
  const editing = periods.find((p) => p.id === editId) ?? null;

  const save = async (v: PeriodFormValues): Promise<boolean> => {
    const fields = {
      title: v.title.trim(),
      startDate: v.startDate,
      endDate: v.endDate,
      parentId: v.type === 'GRADING_PERIOD' && v.parentId ? v.parentId : null,
    };
    try {
      if (editing) await update({ variables: { input: { id: editing.id, ...fields } } });
      else await create({ variables: { input: { academicYearId: yearId, type: v.type, ...fields } } });
      setError(null);
      setEditId(null);
      return true;
    } catch (e) {
      setError(errorMessage(e, 'Failed to save the term or grading period'));
      return false;
    }
  };

  const del = async (p: PeriodRow): Promise<void> => {
    const what = p.type === 'TERM' ? `the term ${p.title} and its grading periods` : `the grading period ${p.title}`;
    if (!confirmAction(`Are you sure you want to remove ${what}?`)) return;
    try {
      await remove({ variables: { id: p.id } });
      setError(null);
      if (editId === p.id) setEditId(null);
    } catch (e) {
      setError(errorMessage(e, 'Failed to remove the term or grading period'));
    }
  };

  return {
    yearDates: query.data ? { startDate: query.data.academicYear.startDate, endDate: query.data.academicYear.endDate } : null,
    periods,
    terms: periods.filter((p) => p.type === 'TERM'),
    loading: query.loading && !query.data,
    editing,
    initial: editing
      ? {
          type: editing.type,
          title: editing.title,
          startDate: editing.startDate,
          endDate: editing.endDate,
          parentId: editing.parentId ?? '',
        }
      : EMPTY_PERIOD,
    startEdit: setEditId,
    cancelEdit: () => setEditId(null),
    save,
    del,
    saving: created.loading || updated.loading,
    deleting: removed.loading,
    error: error ?? (query.error ? errorMessage(query.error, 'Failed to fetch the terms and grading periods') : null),
    clearError: () => setError(null),
  };
}
