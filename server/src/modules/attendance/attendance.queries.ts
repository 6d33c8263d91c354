import { EntityManager } from 'typeorm';
import { AttendanceStatus } from './attendance-status';
import { AttendanceRecord } from './attendance.entity';
import { AttendanceCounts } from './attendance.validation';
import { User } from '../users';
import { SchoolClass, Subject, AcademicYear } from '../academic';

/** A record with the student, class, subject, year and teacher joined in (null teacher once their account is gone). */
export type LoadedRecord = AttendanceRecord & {
  student: User;
  class: SchoolClass;
  subject: Subject;
  academicYear: AcademicYear;
  teacher: User | null;
};

// raw rows of the hand-written statements below, read column by column into typed objects
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = Record<string, any>;

/** An allocation with its teachers: the object the attendance rules are checked on. */
export interface Allocation {
  id: string;
  classId: string;
  subjectId: string;
  academicYearId: string;
  teacherIds: string[];
}

const ALLOCATION_SELECT = `
  SELECT al.id, al.class_id, al.subject_id, al.academic_year_id,
         coalesce(array_agg(alt.teacher_id::text) FILTER (WHERE alt.teacher_id IS NOT NULL), '{}') AS teacher_ids
    FROM allocations al
    LEFT JOIN allocation_teachers alt ON alt.allocation_id = al.id`;

function toAllocation(row: Row | undefined): Allocation | null {
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

export interface Sheet {
  studentId: string;
  status: AttendanceStatus;
  notes: string | null;
}

/**
 * The SQL of marking attendance and of the trend chart; the reads of records, rosters and a student's own
 * attendance are one statement each in attendance.reads.ts.
 */
export const attendanceSql = {
  /** The allocation of a class, subject and year (one at most: the academic tables keep it unique). */
  async allocation(m: EntityManager, classId: string, subjectId: string, academicYearId: string): Promise<Allocation | null> {
    const rows = await m.query(
      `${ALLOCATION_SELECT} WHERE al.class_id = $1 AND al.subject_id = $2 AND al.academic_year_id = $3 GROUP BY al.id`,
      [classId, subjectId, academicYearId],
    );
    return toAllocation(rows[0]);
  },

  /** Which of these ids are students placed in the class for the year. */
  async placedStudentIds(m: EntityManager, ids: string[], classId: string, academicYearId: string): Promise<Set<string>> {
    const rows: Row[] = await m.query(
      `SELECT id FROM users WHERE id = ANY($1::uuid[]) AND role = 'Student' AND class_id = $2 AND academic_year_id = $3`,
      [ids, classId, academicYearId],
    );
    return new Set(rows.map((r) => r.id as string));
  },

  /** Serializes markings of one class, subject and date, so the version check below cannot race. */
  async lockSheet(m: EntityManager, classId: string, subjectId: string, date: string): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(7243003, hashtext($1))`, [`${classId}/${subjectId}/${date}`]);
  },

  /** student id -> version of the records already there for the date. */
  async versionsForDate(m: EntityManager, classId: string, subjectId: string, date: string): Promise<Map<string, number>> {
    const rows: Row[] = await m.query(
      `SELECT student_id, version FROM attendance_records WHERE class_id = $1 AND subject_id = $2 AND date = $3::date`,
      [classId, subjectId, date],
    );
    return new Map(rows.map((r) => [r.student_id as string, r.version as number]));
  },

  /** One statement for the whole sheet: new rows are inserted, existing ones updated on the unique key. */
  async upsert(
    m: EntityManager,
    at: { classId: string; subjectId: string; academicYearId: string; date: string; teacherId: string },
    sheet: Sheet[],
  ): Promise<void> {
    await m.query(
      `INSERT INTO attendance_records (student_id, class_id, subject_id, academic_year_id, date, status, notes, teacher_id)
       SELECT x.student_id, $4, $5, $6, $7::date, x.status, x.notes, $8
         FROM unnest($1::uuid[], $2::text[], $3::text[]) AS x(student_id, status, notes)
       ON CONFLICT (student_id, class_id, subject_id, date) DO UPDATE
         SET status = EXCLUDED.status, notes = EXCLUDED.notes, teacher_id = EXCLUDED.teacher_id,
             academic_year_id = EXCLUDED.academic_year_id,
             version = attendance_records.version + 1, updated_at = now()`,
      [
        sheet.map((s) => s.studentId),
        sheet.map((s) => s.status),
        sheet.map((s) => s.notes),
        at.classId,
        at.subjectId,
        at.academicYearId,
        at.date,
        at.teacherId,
      ],
    );
  },

  /** Present, late and absent per week for the `weeks` weeks that end with the one holding `today`. */
  async weekly(
    m: EntityManager,
    a: { classId: string; subjectId: string; academicYearId: string },
    today: string,
    weeks: number,
  ): Promise<Array<AttendanceCounts & { weekStart: string }>> {
    const rows: Row[] = await m.query(
      `WITH w AS (
         SELECT (date_trunc('week', $4::date) - make_interval(weeks => g))::date AS week_start
           FROM generate_series(0, $5::int - 1) AS g
       )
       SELECT w.week_start::text AS week_start,
              count(r.id) FILTER (WHERE r.status = 'Present')::int AS present,
              count(r.id) FILTER (WHERE r.status = 'Absent')::int AS absent,
              count(r.id) FILTER (WHERE r.status = 'Late')::int AS late
         FROM w
         LEFT JOIN attendance_records r
           ON r.class_id = $1 AND r.subject_id = $2 AND r.academic_year_id = $3
          AND r.date >= w.week_start AND r.date < w.week_start + 7
        GROUP BY w.week_start
        ORDER BY w.week_start`,
      [a.classId, a.subjectId, a.academicYearId, today, weeks],
    );
    return rows.map((r) => ({ weekStart: r.week_start, present: r.present, absent: r.absent, late: r.late }));
  },
};
