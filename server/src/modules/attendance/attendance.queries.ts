import { EntityManager } from 'typeorm';
import { AttendanceStatus } from './attendance-status';
import { AttendanceRecord } from './attendance.entity';
import { AttendanceClass, AttendancePerson, AttendanceSubject, AttendanceYear, ref } from './attendance.refs';
import { AttendanceCounts } from './attendance.validation';

/**
 * The SQL of the attendance module. Every read that returns records loads the student, class, subject,
 * year and teacher in the same statement, so a list costs one statement whatever its length and the
 * GraphQL types need no field resolvers.
 */
const RECORD_SELECT = `
  SELECT r.id, r.date::text AS date, r.status, r.notes, r.version, r.created_at, r.updated_at,
         s.id AS s_id, s.first_name AS s_first, s.last_name AS s_last, s.email AS s_email,
         c.id AS c_id, c.name AS c_name, c.grade AS c_grade,
         sb.id AS sb_id, sb.name AS sb_name,
         y.id AS y_id, y.year AS y_year,
         t.id AS t_id, t.first_name AS t_first, t.last_name AS t_last, t.email AS t_email
    FROM attendance_records r
    JOIN users s ON s.id = r.student_id
    JOIN classes c ON c.id = r.class_id
    JOIN subjects sb ON sb.id = r.subject_id
    JOIN academic_years y ON y.id = r.academic_year_id
    LEFT JOIN users t ON t.id = r.teacher_id`;

type Row = Record<string, any>;

function toRecord(row: Row): AttendanceRecord {
  const r = new AttendanceRecord();
  Object.assign(r, {
    id: row.id,
    date: row.date,
    status: row.status as AttendanceStatus,
    notes: row.notes,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    student: ref(AttendancePerson, { id: row.s_id, firstName: row.s_first, lastName: row.s_last, email: row.s_email }),
    class: ref(AttendanceClass, { id: row.c_id, name: row.c_name, grade: row.c_grade }),
    subject: ref(AttendanceSubject, { id: row.sb_id, name: row.sb_name }),
    academicYear: ref(AttendanceYear, { id: row.y_id, year: row.y_year }),
    teacher: row.t_id
      ? ref(AttendancePerson, { id: row.t_id, firstName: row.t_first, lastName: row.t_last, email: row.t_email })
      : null,
  });
  return r;
}

/** A teacher assignment with its teachers: the object the attendance rules are checked on. */
export interface Allocation {
  id: string;
  classId: string;
  subjectId: string;
  academicYearId: string;
  teacherIds: string[];
}

const ALLOCATION_SELECT = `
  SELECT ta.id, ta.class_id, ta.subject_id, ta.academic_year_id,
         coalesce(array_agg(tat.teacher_id::text) FILTER (WHERE tat.teacher_id IS NOT NULL), '{}') AS teacher_ids
    FROM teacher_assignments ta
    LEFT JOIN teacher_assignment_teachers tat ON tat.assignment_id = ta.id`;

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

/** Filters of a student's own list; the student is always part of the WHERE, never checked afterwards. */
export interface OwnFilter {
  studentId: string;
  classId?: string | null;
  subjectId?: string | null;
}

function ownWhere(f: OwnFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [f.studentId];
  let sql = 'r.student_id = $1';
  if (f.classId) sql += ` AND r.class_id = $${params.push(f.classId)}`;
  if (f.subjectId) sql += ` AND r.subject_id = $${params.push(f.subjectId)}`;
  return { sql, params };
}

export interface Sheet {
  studentId: string;
  status: AttendanceStatus;
  notes: string | null;
}

export const attendanceSql = {
  /** The assignment of a class, subject and year (one at most: the academic tables keep it unique). */
  async allocation(m: EntityManager, classId: string, subjectId: string, academicYearId: string): Promise<Allocation | null> {
    const rows = await m.query(
      `${ALLOCATION_SELECT} WHERE ta.class_id = $1 AND ta.subject_id = $2 AND ta.academic_year_id = $3 GROUP BY ta.id`,
      [classId, subjectId, academicYearId],
    );
    return toAllocation(rows[0]);
  },

  /** A class belongs to one year, so a class and subject name at most one assignment. */
  async allocationOfClass(m: EntityManager, classId: string, subjectId: string): Promise<Allocation | null> {
    const rows = await m.query(`${ALLOCATION_SELECT} WHERE ta.class_id = $1 AND ta.subject_id = $2 GROUP BY ta.id`, [classId, subjectId]);
    return toAllocation(rows[0]);
  },

  /** Students placed in the class for the year, by name. */
  async roster(m: EntityManager, classId: string, academicYearId: string): Promise<AttendancePerson[]> {
    const rows: Row[] = await m.query(
      `SELECT id, first_name, last_name, email FROM users
        WHERE role = 'Student' AND class_id = $1 AND academic_year_id = $2
        ORDER BY last_name, first_name, id`,
      [classId, academicYearId],
    );
    return rows.map((u) => ref(AttendancePerson, { id: u.id, firstName: u.first_name, lastName: u.last_name, email: u.email }));
  },

  /** Which of these ids are students placed in the class for the year. */
  async placedStudentIds(m: EntityManager, ids: string[], classId: string, academicYearId: string): Promise<Set<string>> {
    const rows: Row[] = await m.query(
      `SELECT id FROM users WHERE id = ANY($1::uuid[]) AND role = 'Student' AND class_id = $2 AND academic_year_id = $3`,
      [ids, classId, academicYearId],
    );
    return new Set(rows.map((r) => r.id as string));
  },

  async forDate(m: EntityManager, classId: string, subjectId: string, date: string): Promise<AttendanceRecord[]> {
    const rows = await m.query(
      `${RECORD_SELECT} WHERE r.class_id = $1 AND r.subject_id = $2 AND r.date = $3::date ORDER BY s.last_name, s.first_name, s.id`,
      [classId, subjectId, date],
    );
    return rows.map(toRecord);
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

  async ownCounts(m: EntityManager, f: OwnFilter): Promise<AttendanceCounts> {
    const w = ownWhere(f);
    const [row] = await m.query(
      `SELECT count(*) FILTER (WHERE r.status = 'Present')::int AS present,
              count(*) FILTER (WHERE r.status = 'Absent')::int AS absent,
              count(*) FILTER (WHERE r.status = 'Late')::int AS late
         FROM attendance_records r WHERE ${w.sql}`,
      w.params,
    );
    return { present: row.present, absent: row.absent, late: row.late };
  },

  /** The student's records, newest first; without a limit, all of them (the REST adapter). */
  async ownRecords(m: EntityManager, f: OwnFilter, page?: { offset: number; limit: number }): Promise<AttendanceRecord[]> {
    const w = ownWhere(f);
    let sql = `${RECORD_SELECT} WHERE ${w.sql} ORDER BY r.date DESC, sb.name, r.id`;
    if (page) sql += ` OFFSET $${w.params.push(page.offset)} LIMIT $${w.params.push(page.limit)}`;
    return (await m.query(sql, w.params)).map(toRecord);
  },

  /** Where the student is placed now. */
  async placement(m: EntityManager, studentId: string): Promise<{ class: AttendanceClass | null; academicYear: AttendanceYear | null }> {
    const [row] = await m.query(
      `SELECT c.id AS c_id, c.name AS c_name, c.grade AS c_grade, y.id AS y_id, y.year AS y_year
         FROM users u
         LEFT JOIN classes c ON c.id = u.class_id
         LEFT JOIN academic_years y ON y.id = u.academic_year_id
        WHERE u.id = $1`,
      [studentId],
    );
    return {
      class: row?.c_id ? ref(AttendanceClass, { id: row.c_id, name: row.c_name, grade: row.c_grade }) : null,
      academicYear: row?.y_id ? ref(AttendanceYear, { id: row.y_id, year: row.y_year }) : null,
    };
  },

  /** The classes and subjects a student has records in, for the filters; one statement for both. */
  async ownFilterOptions(m: EntityManager, studentId: string): Promise<{ classes: AttendanceClass[]; subjects: AttendanceSubject[] }> {
    const rows: Row[] = await m.query(
      `SELECT 'class' AS kind, c.id, c.name, c.grade FROM classes c
        WHERE c.id IN (SELECT class_id FROM attendance_records WHERE student_id = $1)
       UNION ALL
       SELECT 'subject' AS kind, s.id, s.name, NULL FROM subjects s
        WHERE s.id IN (SELECT subject_id FROM attendance_records WHERE student_id = $1)
       ORDER BY kind, name, id`,
      [studentId],
    );
    return {
      classes: rows.filter((r) => r.kind === 'class').map((r) => ref(AttendanceClass, { id: r.id, name: r.name, grade: r.grade })),
      subjects: rows.filter((r) => r.kind === 'subject').map((r) => ref(AttendanceSubject, { id: r.id, name: r.name })),
    };
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
