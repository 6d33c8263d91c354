import type { AttendanceStatus } from '../../gql/types';

/** assessments.md section 9. */
export const ATTENDANCE_STATUSES: readonly AttendanceStatus[] = ['Present', 'Absent', 'Late'];
export const DEFAULT_STATUS: AttendanceStatus = 'Present';
export const NOTES_MAX = 200;

export const STATUS_COLOURS: Record<AttendanceStatus, 'success' | 'error' | 'warning'> = {
  Present: 'success',
  Absent: 'error',
  Late: 'warning',
};

/** Today in the user's own time zone, as the date input wants it (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A calendar date (no time zone) shown in the user's locale, without shifting it a day. */
export function formatDay(isoDay: string, options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' }): string {
  const [y, m, d] = isoDay.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString(undefined, options);
}

export function personName(p: { firstName: string; lastName: string } | null | undefined): string {
  return p ? `${p.firstName} ${p.lastName}` : '-';
}

/** The spec's label of a teaching allocation: class name - subject name (academic year). */
export function allocationLabel(a: { class: { name: string }; subject: { name: string }; academicYear: { year: string } }): string {
  return `${a.class.name} - ${a.subject.name} (${a.academicYear.year})`;
}

export function classLabel(c: { name: string; grade: string }): string {
  return `${c.name} (Grade ${c.grade})`;
}
