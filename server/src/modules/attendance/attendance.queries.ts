import { AttendanceStatus } from './attendance-status';
import { AttendanceRecord } from './attendance.entity';
import { User } from '../users';
import { SchoolClass, Subject, AcademicYear } from '../academic';

/**
 * The shapes of attendance and the SQL of marking it and of the trend chart: the records, allocations and sheets
 * the service decides on. attendance.repository.ts runs the statements; the reads' texts are in attendance.reads.ts.
 */

/** A record with the student, class, subject, year and teacher joined in (null teacher once their account is gone). */
export type LoadedRecord = AttendanceRecord & {
  student: User;
  class: SchoolClass;
  subject: Subject;
  academicYear: AcademicYear;
  teacher: User | null;
};

// raw rows of the hand-written statements (attendance.repository.ts), read column by column into typed objects
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;

/** An allocation with its teachers: the object the attendance rules are checked on. */
export interface Allocation {
  id: string;
  classId: string;
  subjectId: string;
  academicYearId: string;
  teacherIds: string[];
}

/** An allocation with its teachers, grouped by al.id: the caller adds the WHERE and the GROUP BY. */
export const ALLOCATION_SELECT = `
  SELECT al.id, al.class_id, al.subject_id, al.academic_year_id,
         coalesce(array_agg(alt.teacher_id::text) FILTER (WHERE alt.teacher_id IS NOT NULL), '{}') AS teacher_ids
    FROM allocations al
    LEFT JOIN allocation_teachers alt ON alt.allocation_id = al.id`;

/** A row of ALLOCATION_SELECT as the rules read it; null when there is none. */
export function toAllocation(row: Row | undefined): Allocation | null {
  if (!row) return null;
  return {
    id: row.id,
    classId: row.class_id,
    subjectId: row.subject_id,
    academicYearId: row.academic_year_id,
    teacherIds: row.teacher_ids,
  };
}

/** Where a student is placed, as REST's studentInfo names it. */
export interface Placement {
  class: Pick<SchoolClass, 'id' | 'name' | 'grade'> | null;
  academicYear: Pick<AcademicYear, 'id' | 'year'> | null;
}

/** Filters of a student's own list; the student is always part of the WHERE, never checked afterwards. */
export interface OwnFilter {
  studentId: string;
  classId?: string | null;
  subjectId?: string | null;
}

/** One student's line of a marked sheet. */
export interface Sheet {
  studentId: string;
  status: AttendanceStatus;
  notes: string | null;
}
