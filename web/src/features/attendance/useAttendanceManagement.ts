import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../app/errors';
import { useSession } from '../../app/session';
import type { AttendanceStatus } from '../../gql/types';
import { useAttendanceAssignmentsQuery, useAttendanceSheetQuery, useAttendanceTrendQuery, useMarkAttendanceMutation, type AttendanceAssignmentsQuery } from './attendance.generated';
import { DEFAULT_STATUS, allocationLabel, localToday } from './attendanceFormat';

export type Allocation = AttendanceAssignmentsQuery['teacherAssignments'][number];

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
 */
export function useAttendanceManagement() {
  const { abilities } = useSession();
  const canMark = abilities?.markAttendance ?? false;
  const [allocationId, setAllocationId] = useState('');
  const [date, setDateState] = useState(localToday);
  const [edits, setEdits] = useState<Edits>({});
  const [success, setSuccess] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const assignments = useAttendanceAssignmentsQuery({ skip: !canMark, fetchPolicy: 'cache-and-network' });
  const allocations = useMemo(
    () => [...(assignments.data?.teacherAssignments ?? [])].sort((a, b) => allocationLabel(a).localeCompare(allocationLabel(b))),
    [assignments.data],
  );
  const allocation = allocations.find((a) => a.id === allocationId) ?? null;
  const ids = allocation
    ? { classId: allocation.class.id, subjectId: allocation.subject.id, academicYearId: allocation.academicYear.id }
    : null;
  // the queries are skipped until an allocation is chosen; these only satisfy their variable types
  const vars = ids ?? { classId: '', subjectId: '', academicYearId: '' };

  const sheet = useAttendanceSheetQuery({
    variables: { ...vars, date },
    skip: !ids || !date,
    fetchPolicy: 'network-only',
  });
  const trend = useAttendanceTrendQuery({
    variables: { ...vars, weeks: TREND_WEEKS },
    skip: !ids,
    fetchPolicy: 'cache-and-network',
  });
  const [markMutation, markState] = useMarkAttendanceMutation();

  const existing = sheet.data?.attendanceForDate ?? [];
  const isUpdate = existing.length > 0;

  /** Saved values first, the teacher's unsaved changes over them; Present by default (section 5). */
  const rows: SheetRow[] = useMemo(() => {
    const saved = new Map((sheet.data?.attendanceForDate ?? []).map((r) => [r.student.id, r]));
    return (sheet.data?.attendanceRoster ?? []).map((s) => {
      const record = saved.get(s.id);
      const edit = edits[s.id] ?? {};
      return {
        studentId: s.id,
        name: `${s.firstName} ${s.lastName}`,
        email: s.email,
        status: edit.status ?? record?.status ?? DEFAULT_STATUS,
        notes: edit.notes ?? record?.notes ?? '',
        version: record?.version ?? 0,
      };
    });
  }, [sheet.data, edits]);

  const selectAllocation = (id: string) => {
    setAllocationId(id);
    setEdits({});
  };
  const setDate = (value: string) => {
    setDateState(value);
    setEdits({});
  };
  const setStatus = (studentId: string, status: AttendanceStatus) =>
    setEdits((e) => ({ ...e, [studentId]: { ...e[studentId], status } }));
  const setNotes = (studentId: string, notes: string) =>
    setEdits((e) => ({ ...e, [studentId]: { ...e[studentId], notes } }));

  const submit = async (): Promise<void> => {
    if (!ids || rows.length === 0) return;
    setActionError(null);
    try {
      const { data } = await markMutation({
        variables: {
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
      });
      setSuccess(data?.markAttendance.message ?? (isUpdate ? 'Attendance updated successfully!' : 'Attendance marked successfully!'));
      setEdits({});
      await Promise.all([sheet.refetch(), trend.refetch()]);
    } catch (error) {
      setActionError(errorMessage(error, 'Failed to mark attendance'));
      // someone else may have changed the date meanwhile: show what is saved now
      void sheet.refetch();
    }
  };

  const loadError =
    (assignments.error && errorMessage(assignments.error, 'Failed to fetch data')) ||
    (sheet.error && errorMessage(sheet.error, 'Failed to fetch attendance records')) ||
    null;

  return {
    canMark,
    allocations,
    allocationsLoading: assignments.loading && !assignments.data,
    allocationId,
    selectAllocation,
    date,
    maxDate: localToday(),
    setDate,
    rows,
    sheetLoading: sheet.loading && !sheet.data,
    hasSelection: Boolean(ids && date),
    isUpdate,
    setStatus,
    setNotes,
    submit,
    saving: markState.loading,
    trend: trend.data?.attendanceTrend ?? [],
    trendLoading: trend.loading && !trend.data,
    selectedLabel: allocation ? allocationLabel(allocation) : '',
    success,
    error: actionError ?? loadError,
    clearSuccess: useCallback(() => setSuccess(null), []),
    clearError: useCallback(() => setActionError(null), []),
  };
}
