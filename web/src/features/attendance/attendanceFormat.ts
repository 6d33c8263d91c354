import type { AttendanceStatus } from '../../gql/types';

/** assessments.md section 9: the spec's words for the schema's ALL_CAPS values, in the sheet's order. */
export const ATTENDANCE_STATUS_LABEL: Record<AttendanceStatus, string> = { PRESENT: 'Present', ABSENT: 'Absent', LATE: 'Late' };
export const ATTENDANCE_STATUSES = Object.keys(ATTENDANCE_STATUS_LABEL) as readonly AttendanceStatus[];
export const DEFAULT_STATUS: AttendanceStatus = 'PRESENT';
export const NOTES_MAX = 200;

export const STATUS_COLOURS: Record<AttendanceStatus, 'success' | 'error' | 'warning'> = {
  PRESENT: 'success',
  ABSENT: 'error',
  LATE: 'warning',
};

/** Today in the user's own time zone, as the date input wants it (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A calendar date (no time zone) shown in the user's locale, without shifting it a day. */
export function formatDay(
  isoDay: string,
  options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' },
): string {
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
