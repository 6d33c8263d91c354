import { useMemo, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useKeyedMessage } from '../../components/useKeyedMessage';
import type { AttendanceStatus } from '../../gql/types';
import {
  AttendanceSelectionDocument,
  useAttendancePageQuery,
  useAttendanceSelectionQuery,
  useMarkAttendanceMutation,
  type AttendanceAllocationOptionFragment,
  type AttendanceSheetRecordFragment,
  type AttendanceSheetStudentFragment,
} from './attendance.generated';
import { DEFAULT_STATUS, allocationLabel, localToday } from './attendanceFormat';
import { MAX_PAGE } from '../../lib/listMax';

export type Allocation = AttendanceAllocationOptionFragment;

export interface SheetRow {
  studentId: string;
  name: string;
  email: string;
  status: AttendanceStatus;
  notes: string;
  /** The version of the record loaded for the date; 0 when the student has none yet. */
  version: number;
}

type Edits = Record<string, { status?: AttendanceStatus; notes?: string }>;

export const TREND_WEEKS = 8;

/**
 * Attendance Management (assessments.md section 2): pick an allocation and a date, mark each student,
 * save. The server decides who may mark; `abilities.markAttendance` only decides what the page shows.
 *
 * Requests: the page loads with one (the allocations); picking an allocation or a date sends one (students,
 * the date's records and the chart); saving sends one, whose answer updates the cache (the date's records,
 * and the chart's weeks by id), with no refetch.
 */
export function useAttendanceManagement() {
  const { abilities } = useSession();
  const canMark = abilities?.markAttendance ?? false;
  const [allocationId, setAllocationId] = useState('');
  const [date, setDateState] = useState(localToday);
  const [edits, setEdits] = useState<Edits>({});
  // keyed: marking twice in a row shows the second message for its own 3 seconds
  const { message: success, show: setSuccess, clear: clearSuccess } = useKeyedMessage();
  const { message: actionError, show: setActionError, clear: clearActionError } = useKeyedMessage();

  const allocationsQuery = useAttendancePageQuery({ variables: MAX_PAGE, skip: !canMark, fetchPolicy: 'cache-and-network' });
  const allocations = useMemo(
    () => [...(allocationsQuery.data?.allocations.nodes ?? [])].sort((a, b) => allocationLabel(a).localeCompare(allocationLabel(b))),
    [allocationsQuery.data],
  );
  const allocation = allocations.find((a) => a.id === allocationId) ?? null;
  const ids = allocation
    ? { classId: allocation.class.id, subjectId: allocation.subject.id, academicYearId: allocation.academicYear.id }
    : null;
  // the selection query is skipped until an allocation is chosen; these only satisfy its variable types
  const vars = ids ?? { classId: '', subjectId: '', academicYearId: '' };

  const selectionVars = { ...vars, date, weeks: TREND_WEEKS };
  const selection = useAttendanceSelectionQuery({
    variables: selectionVars,
    skip: !ids || !date,
    fetchPolicy: 'cache-and-network',
  });
  const [markMutation, markState] = useMarkAttendanceMutation();

  const existing = selection.data?.attendanceForDate ?? [];
  const isUpdate = existing.length > 0;

  /** Saved values first, the teacher's unsaved changes over them; Present by default (section 5). */
  const rows: SheetRow[] = useMemo(() => {
    const records: AttendanceSheetRecordFragment[] = selection.data?.attendanceForDate ?? [];
    const students: AttendanceSheetStudentFragment[] = selection.data?.attendanceRoster ?? [];
    const saved = new Map(records.map((r) => [r.student.id, r]));
    return students.map((s) => {
      const record = saved.get(s.id);
      const edit = edits[s.id] ?? {};
      return {
        studentId: s.id,
        name: `${s.firstName} ${s.lastName}`,
        email: s.email ?? '',
        status: edit.status ?? record?.status ?? DEFAULT_STATUS,
        notes: edit.notes ?? record?.notes ?? '',
        version: record?.version ?? 0,
      };
    });
  }, [selection.data, edits]);

  const selectAllocation = (id: string) => {
    setAllocationId(id);
    setEdits({});
  };
  const setDate = (value: string) => {
    setDateState(value);
    setEdits({});
  };
  const setStatus = (studentId: string, status: AttendanceStatus) => setEdits((e) => ({ ...e, [studentId]: { ...e[studentId], status } }));
  const setNotes = (studentId: string, notes: string) => setEdits((e) => ({ ...e, [studentId]: { ...e[studentId], notes } }));
  /** 'All present' (issue 25): every student Present, notes kept; one change after it is one tap. */
  const allPresent = () =>
    setEdits((e) => Object.fromEntries(rows.map((r) => [r.studentId, { ...e[r.studentId], status: 'PRESENT' as const }])));
  const counts = useMemo(() => {
    const by: Partial<Record<AttendanceStatus, number>> = {};
    for (const r of rows) by[r.status] = (by[r.status] ?? 0) + 1;
    return by;
  }, [rows]);

  const submit = async (): Promise<void> => {
    if (!ids || rows.length === 0) return;
    setActionError(null);
    try {
      const { data } = await markMutation({
        variables: {
          weeks: TREND_WEEKS,
          input: {
            ...ids,
            date,
            records: rows.map((r) => ({
              studentId: r.studentId,
              status: r.status,
              notes: r.notes.trim() || null,
              expectedVersion: r.version,
            })),
          },
        },
        // the answer's weeks update the chart by id; the date's records replace the list the sheet reads
        update(cache, { data: saved }) {
          if (!saved) return;
          cache.updateQuery({ query: AttendanceSelectionDocument, variables: selectionVars }, (prev) =>
            prev ? { ...prev, attendanceForDate: saved.markAttendance.records } : prev,
          );
        },
      });
      setSuccess(data?.markAttendance.message ?? (isUpdate ? 'Attendance updated successfully!' : 'Attendance marked successfully!'));
      setEdits({});
    } catch (error) {
      setActionError(errorMessage(error, 'Failed to mark attendance'));
      // someone else may have changed the date meanwhile: show what is saved now
      void selection.refetch();
    }
  };

  const loadError =
    (allocationsQuery.error && errorMessage(allocationsQuery.error, 'Failed to fetch data')) ||
    (selection.error && errorMessage(selection.error, 'Failed to fetch attendance records')) ||
    null;

  return {
    canMark,
    allocations,
    allocationsLoading: allocationsQuery.loading && !allocationsQuery.data,
    allocationId,
    selectAllocation,
    date,
    maxDate: localToday(),
    setDate,
    rows,
    sheetLoading: selection.loading && !selection.data,
    hasSelection: Boolean(ids && date),
    isUpdate,
    setStatus,
    setNotes,
    allPresent,
    counts,
    submit,
    saving: markState.loading,
    trend: selection.data?.attendanceTrend ?? [],
    trendLoading: selection.loading && !selection.data,
    selectedLabel: allocation ? allocationLabel(allocation) : '',
    success,
    error: actionError ?? loadError,
    clearSuccess,
    clearError: clearActionError,
  };
}
