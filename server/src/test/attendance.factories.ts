import crypto from 'node:crypto';
import { DataSource } from 'typeorm';
import { Role } from '../core/role';
import { User } from '../modules/users';
import { makeUser } from './factories';

/**
 * Academic rows for attendance tests, written as plain SQL so the attendance tests depend only on the
 * tables, not on another module's services.
 */
const suffix = () => crypto.randomBytes(3).toString('hex');

export async function makeYear(ds: DataSource, year = `Y-${suffix()}`): Promise<{ id: string; year: string }> {
  const [row] = await ds.query(`INSERT INTO academic_years (year) VALUES ($1) RETURNING id, year`, [year]);
  return row;
}

export async function makeClass(
  ds: DataSource,
  academicYearId: string,
  name = `Class ${suffix()}`,
  grade = '5',
): Promise<{ id: string; name: string; grade: string }> {
  const [row] = await ds.query(`INSERT INTO classes (name, grade, academic_year_id) VALUES ($1, $2, $3) RETURNING id, name, grade`, [
    name,
    grade,
    academicYearId,
  ]);
  return row;
}

export async function makeSubject(ds: DataSource, name = `Subject ${suffix()}`): Promise<{ id: string; name: string }> {
  const [row] = await ds.query(`INSERT INTO subjects (name) VALUES ($1) RETURNING id, name`, [name]);
  return row;
}

export async function makeAllocation(
  ds: DataSource,
  a: { classId: string; subjectId: string; academicYearId: string },
  teacherIds: string[],
): Promise<string> {
  const [row] = await ds.query(`INSERT INTO allocations (class_id, subject_id, academic_year_id) VALUES ($1, $2, $3) RETURNING id`, [
    a.classId,
    a.subjectId,
    a.academicYearId,
  ]);
  for (const t of teacherIds) {
    await ds.query(`INSERT INTO allocation_teachers (allocation_id, teacher_id) VALUES ($1, $2)`, [row.id, t]);
  }
  return row.id;
}

export async function placeStudents(ds: DataSource, ids: string[], classId: string, academicYearId: string): Promise<void> {
  await ds.query(`UPDATE users SET class_id = $2, academic_year_id = $3 WHERE id = ANY($1::uuid[])`, [ids, classId, academicYearId]);
}

/** Students placed in the class; `count` of them, made in one go. */
export async function makePlacedStudents(ds: DataSource, count: number, classId: string, academicYearId: string): Promise<User[]> {
  const made: User[] = [];
  for (let i = 0; i < count; i++) made.push(await makeUser(ds, { role: Role.Student, firstName: `Pupil${String(i).padStart(3, '0')}` }));
  await placeStudents(
    ds,
    made.map((u) => u.id),
    classId,
    academicYearId,
  );
  return made;
}

/** A class, a subject and an allocation of the given teachers, in a fresh year. */
export async function makeTeaching(ds: DataSource, teacherIds: string[]) {
  const year = await makeYear(ds);
  const klass = await makeClass(ds, year.id);
  const subject = await makeSubject(ds);
  const at = { classId: klass.id, subjectId: subject.id, academicYearId: year.id };
  const allocationId = await makeAllocation(ds, at, teacherIds);
  return { year, klass, subject, at, allocationId };
}

/** Records written directly (for reads that must not depend on the marking code). */
export async function insertAttendance(
  ds: DataSource,
  at: { classId: string; subjectId: string; academicYearId: string },
  rows: Array<{ studentId: string; date: string; status: string; notes?: string | null; teacherId?: string | null }>,
): Promise<void> {
  if (!rows.length) return;
  await ds.query(
    `INSERT INTO attendance_records (student_id, class_id, subject_id, academic_year_id, date, status, notes, teacher_id)
     SELECT x.s, $6, $7, $8, x.d, x.st, x.n, x.t
       FROM unnest($1::uuid[], $2::date[], $3::text[], $4::text[], $5::uuid[]) AS x(s, d, st, n, t)`,
    [
      rows.map((r) => r.studentId),
      rows.map((r) => r.date),
      rows.map((r) => r.status),
      rows.map((r) => r.notes ?? null),
      rows.map((r) => r.teacherId ?? null),
      at.classId,
      at.subjectId,
      at.academicYearId,
    ],
  );
}

/** YYYY-MM-DD of today (UTC) moved by `days`. */
export function isoDay(days = 0, from = new Date()): string {
  return new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days)).toISOString().slice(0, 10);
}
