import { charCount, freeText, versionOf } from '../../core/input';
import { validation } from '../../errors/domain-error';
import { assertId, isId } from '../../core/ids';
import { AttendanceStatus, isAttendanceStatus } from './attendance-status';

/** assessments.md sections 8 and 9 where quoted; the rest are ours, written for the same banner. */
export const ATTENDANCE_TEXT = {
  marked: 'Attendance marked successfully!',
  updated: 'Attendance updated successfully!',
  markFailed: 'Failed to mark attendance',
  fetchFailed: 'Failed to fetch attendance records',
  empty: 'No attendance records found.',
  notesTooLong: 'Notes can be at most 200 characters',
  statusInvalid: 'Status must be Present, Absent or Late',
  dateRequired: 'Date is required',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD)',
  dateInFuture: 'Attendance cannot be marked for a future date',
  recordsRequired: 'Please mark at least one student',
  studentRequired: 'Each attendance record needs a student',
  duplicateStudent: 'A student appears more than once in this attendance',
  notInClass: 'Some students are not placed in this class for this academic year',
  allocationNotFound: 'Class and subject assignment not found',
  cannotMark: 'You can only mark attendance for classes and subjects you teach',
  studentsOnly: 'Only students have an attendance record',
  staffOnly: 'Only teachers and administrators can view class attendance',
  changedMeanwhile: 'Attendance for this date was changed by someone else. Reload it and try again.',
  weeksRange: 'Weeks must be between 1 and 52',
  filterInvalid: 'Unknown class or subject filter',
} as const;

/** assessments.md section 9. */
export const NOTES_MAX = 200;
export const TREND_MAX_WEEKS = 52;
export const TREND_DEFAULT_WEEKS = 8;

/** The counts behind the tiles and the chart. */
export interface AttendanceCounts {
  present: number;
  absent: number;
  late: number;
}

/** Section 9: round((present + late) / total * 100); no records is 0 %. */
export function attendanceRate({ present, absent, late }: AttendanceCounts): number {
  const total = present + absent + late;
  // (p + l) * 100 / total is exact for whole counts, so a true .5 rounds up as the spec's formula does
  return total === 0 ? 0 : Math.round(((present + late) * 100) / total);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (reads accept any such date; a future one simply has no records). */
export function parseDate(value: unknown): string {
  if (value === undefined || value === null || value === '') throw validation(ATTENDANCE_TEXT.dateRequired, 'date');
  const text = typeof value === 'string' ? value.trim() : '';
  const m = ISO_DATE.exec(text);
  if (!m) throw validation(ATTENDANCE_TEXT.dateInvalid, 'date');
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    throw validation(ATTENDANCE_TEXT.dateInvalid, 'date');
  }
  return text;
}

/**
 * A date to mark: valid and not in the future by the server clock. A school day starts first at UTC+14,
 * so a date is in the future only once it is later than today everywhere on Earth, and a teacher east
 * of the server is never refused their own today.
 */
export function parseAttendanceDate(value: unknown, now: Date = new Date()): string {
  const text = parseDate(value);
  const latest = new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
  if (text > latest) throw validation(ATTENDANCE_TEXT.dateInFuture, 'date');
  return text;
}

export interface MarkRecordFields {
  studentId: string;
  status: AttendanceStatus;
  notes: string | null;
  /** 0: the client saw no record; n: it saw version n; undefined: no check (the spec's REST client). */
  expectedVersion?: number;
}

export interface MarkFields {
  classId: string;
  subjectId: string;
  academicYearId: string;
  date: string;
  records: MarkRecordFields[];
}

export interface MarkInputLike {
  classId?: unknown;
  subjectId?: unknown;
  academicYearId?: unknown;
  date?: unknown;
  records?: unknown;
}

/** Section 5 checks of one marking, before anything is read from the database. */
export function validateMark(input: MarkInputLike, now = new Date()): MarkFields {
  const classId = assertId(input.classId, ATTENDANCE_TEXT.allocationNotFound);
  const subjectId = assertId(input.subjectId, ATTENDANCE_TEXT.allocationNotFound);
  const academicYearId = assertId(input.academicYearId, ATTENDANCE_TEXT.allocationNotFound);
  const date = parseAttendanceDate(input.date, now);
  if (!Array.isArray(input.records) || input.records.length === 0) throw validation(ATTENDANCE_TEXT.recordsRequired, 'records');
  const seen = new Set<string>();
  const records = input.records.map((raw): MarkRecordFields => {
    const r = (raw ?? {}) as { studentId?: unknown; status?: unknown; notes?: unknown; expectedVersion?: unknown };
    if (!isId(r.studentId)) throw validation(ATTENDANCE_TEXT.studentRequired, 'studentId');
    if (seen.has(r.studentId)) throw validation(ATTENDANCE_TEXT.duplicateStudent, 'studentId');
    seen.add(r.studentId);
    if (!isAttendanceStatus(r.status)) throw validation(ATTENDANCE_TEXT.statusInvalid, 'status');
    if (r.notes !== undefined && r.notes !== null && typeof r.notes !== 'string') throw validation(ATTENDANCE_TEXT.notesTooLong, 'notes');
    const notes = freeText(r.notes, 'Notes', Number.MAX_SAFE_INTEGER, undefined, 'notes') ?? '';
    if (charCount(notes, NOTES_MAX) > NOTES_MAX) throw validation(ATTENDANCE_TEXT.notesTooLong, 'notes');
    const expectedVersion = versionOf(r.expectedVersion);
    return { studentId: r.studentId, status: r.status, notes: notes || null, expectedVersion };
  });
  return { classId, subjectId, academicYearId, date, records };
}

export function validateWeeks(weeks: unknown): number {
  if (weeks === undefined || weeks === null) return TREND_DEFAULT_WEEKS;
  if (typeof weeks !== 'number' || !Number.isInteger(weeks) || weeks < 1 || weeks > TREND_MAX_WEEKS) {
    throw validation(ATTENDANCE_TEXT.weeksRange, 'weeks');
  }
  return weeks;
}
