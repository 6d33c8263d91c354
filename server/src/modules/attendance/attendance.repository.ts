import { EntityManager } from 'typeorm';
import type { PageWindow } from '../../core/paging';
import type { User } from '../users';
import { ALLOCATION_SELECT, Allocation, LoadedRecord, OwnFilter, Row, Sheet, toAllocation } from './attendance.queries';
import {
  AllocationRow,
  OWN_SQL,
  OwnAttendance,
  RECORDS_OF_DATE,
  RecordsWithPlaces,
  SheetRead,
  TEXTS,
  batchText,
  placeRecords,
  toRead,
} from './attendance.reads';
import { AttendanceCounts } from './attendance.validation';

/**
 * Every statement of the attendance domain (issue 29): the marking of a sheet (run in the service's transaction,
 * whose manager each function takes), the trend chart, and the reads of rosters, sheets and a student's own
 * attendance. The domain writes raw SQL; the reads' texts are built once in attendance.reads.ts and run here.
 */

/** The allocation of a class, subject and year (one at most: the academic tables keep it unique). */
export async function findAllocation(
  m: EntityManager,
  classId: string,
  subjectId: string,
  academicYearId: string,
): Promise<Allocation | null> {
  const rows = await m.query(
    `${ALLOCATION_SELECT} WHERE al.class_id = $1 AND al.subject_id = $2 AND al.academic_year_id = $3 GROUP BY al.id`,
    [classId, subjectId, academicYearId],
  );
  return toAllocation(rows[0]);
}

/** Which of these ids are students placed in the class for the year. */
export async function placedStudentIds(m: EntityManager, ids: string[], classId: string, academicYearId: string): Promise<Set<string>> {
  const rows: Row[] = await m.query(
    `SELECT id FROM users WHERE id = ANY($1::uuid[]) AND role = 'Student' AND class_id = $2 AND academic_year_id = $3`,
    [ids, classId, academicYearId],
  );
  return new Set(rows.map((r) => r.id as string));
}

/** Serializes markings of one class, subject and date, so the version check (recordVersionsForDate) cannot race. */
export async function lockSheet(m: EntityManager, classId: string, subjectId: string, date: string): Promise<void> {
  await m.query(`SELECT pg_advisory_xact_lock(7243003, hashtext($1))`, [`${classId}/${subjectId}/${date}`]);
}

/** student id -> version of the records already there for the date. */
export async function recordVersionsForDate(
  m: EntityManager,
  classId: string,
  subjectId: string,
  date: string,
): Promise<Map<string, number>> {
  const rows: Row[] = await m.query(
    `SELECT student_id, version FROM attendance_records WHERE class_id = $1 AND subject_id = $2 AND date = $3::date`,
    [classId, subjectId, date],
  );
  return new Map(rows.map((r) => [r.student_id as string, r.version as number]));
}

/** One statement for the whole sheet: new rows are inserted, existing ones updated on the unique key. */
export async function upsertSheet(
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
}

/** Present, late and absent per week for the `weeks` weeks that end with the one holding `today`. */
export async function weeklyCounts(
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
}

/** The allocation and the rows read with it; null when there is no such allocation. */
async function withAllocation<T>(m: EntityManager, text: string, params: unknown[]): Promise<{ allocation: Allocation; rows: T[] } | null> {
  const [row]: AllocationRow[] = await m.query(text, params);
  return row ? (toRead(row) as { allocation: Allocation; rows: T[] }) : null;
}

/** The allocation of a class, subject and year with its roster (the students placed in the class and year). */
export const rosterWithAllocation = (m: EntityManager, classId: string, subjectId: string, academicYearId: string) =>
  withAllocation<User>(m, TEXTS.roster.whole, [classId, subjectId, academicYearId]);

/** The allocation of a class and subject with the records of one date. */
export const sheetWithAllocation = (m: EntityManager, classId: string, subjectId: string, date: string) =>
  withAllocation<LoadedRecord>(m, TEXTS.sheet.whole, [classId, subjectId, date]);

/** The records of one class, subject and date (after a marking). */
export async function recordsOfDate(m: EntityManager, classId: string, subjectId: string, date: string): Promise<LoadedRecord[]> {
  const [row]: Array<{ rows: RecordsWithPlaces }> = await m.query(`SELECT ${RECORDS_OF_DATE} AS rows`, [classId, subjectId, date]);
  return placeRecords(row.rows);
}

/** A student's own attendance with one window of the records (null: all of them). */
export async function ownAttendance(m: EntityManager, f: OwnFilter, window: PageWindow | null): Promise<OwnAttendance> {
  const [{ own }]: Array<{ own: Omit<OwnAttendance, 'records'> & { records: RecordsWithPlaces } }> = await m.query(OWN_SQL, [
    f.studentId,
    f.classId ?? null,
    f.subjectId ?? null,
    window?.offset ?? 0,
    window ? window.limit : null,
  ]);
  return { ...own, records: placeRecords(own.records) };
}

/**
 * Several allocation reads of one request (the sheet's roster and day, batched by attendance.loaders.ts) in one
 * statement (batchText).
 */
export async function sheetReads(
  m: EntityManager,
  reads: readonly SheetRead[],
): Promise<Array<{ allocation: Allocation; rows: unknown[] } | null>> {
  const [row]: Array<{ reads: Array<AllocationRow | null> }> = await m.query(
    batchText(reads),
    reads.flatMap((r) => r.params),
  );
  return row.reads.map((r) => r && toRead(r));
}
