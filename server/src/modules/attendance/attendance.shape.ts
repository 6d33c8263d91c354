import { presenter } from '../../core/rest';
import { Actor } from '../../policies';
import { User, presentPersonName } from '../users';
import { LoadedRecord, Placement } from './attendance.queries';
import { AttendanceSummary, AttendanceWeek } from './attendance.types';

/**
 * Attendance for REST (assessments.md sections 3 and 7): people as {_id, firstName, lastName, email} (email
 * only for viewers who may read that user), class {_id, name, grade}, subject {_id, name}, academicYear
 * {_id, year}.
 */
export const presentAttendanceRecord = presenter((viewer: Actor, r: LoadedRecord) => ({
  id: r.id,
  date: r.date,
  status: r.status,
  notes: r.notes,
  version: r.version,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  student: presentPersonName(viewer, r.student),
  class: { id: r.class.id, name: r.class.name, grade: r.class.grade },
  subject: { id: r.subject.id, name: r.subject.name },
  academicYear: { id: r.academicYear.id, year: r.academicYear.year },
  teacher: presentPersonName(viewer, r.teacher),
}));

/** A student to mark. */
export const presentRosterStudent = presenter((viewer: Actor, u: User) => presentPersonName(viewer, u)!);

/** studentInfo of GET /attendance/student: where the student is placed now. */
export const presentAttendanceStudentInfo = presenter((_viewer: Actor, p: Placement) => ({
  class: p.class ? { id: p.class.id, name: p.class.name, grade: p.class.grade } : null,
  academicYear: p.academicYear ? { id: p.academicYear.id, year: p.academicYear.year } : null,
}));

export const presentAttendanceSummary = presenter((_viewer: Actor, s: AttendanceSummary) => ({
  total: s.total,
  present: s.present,
  absent: s.absent,
  late: s.late,
  rate: s.rate,
}));

/** A week of the trend chart (its GraphQL id is for client caches only). */
export const presentAttendanceWeek = presenter((_viewer: Actor, w: AttendanceWeek) => ({
  weekStart: w.weekStart,
  present: w.present,
  late: w.late,
  absent: w.absent,
  rate: w.rate,
}));
