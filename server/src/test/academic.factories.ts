import crypto from 'node:crypto';
import { DataSource } from 'typeorm';
import { Role } from '../core/role';
import { makeUsers } from './factories';

/** Academic rows for tests, written as plain SQL so a test sets up its world without the services under test. */
const suffix = () => crypto.randomBytes(4).toString('hex');

export interface Row {
  id: string;
}

export async function makeYear(ds: DataSource, year = `Y-${suffix()}`, isActive = false): Promise<Row & { year: string }> {
  const [row] = await ds.query(`INSERT INTO academic_years (year, is_active) VALUES ($1, $2) RETURNING id, year`, [year, isActive]);
  return row;
}

export async function makeClass(
  ds: DataSource,
  academicYearId: string,
  name = `Class ${suffix()}`,
  grade = '5',
): Promise<Row & { name: string }> {
  const [row] = await ds.query(`INSERT INTO classes (name, grade, academic_year_id) VALUES ($1, $2, $3) RETURNING id, name`, [
    name,
    grade,
    academicYearId,
  ]);
  return row;
}

export async function makeSubject(ds: DataSource, name = `Subject ${suffix()}`): Promise<Row & { name: string }> {
  const [row] = await ds.query(`INSERT INTO subjects (name) VALUES ($1) RETURNING id, name`, [name]);
  return row;
}

export async function makeAllocation(
  ds: DataSource,
  a: { classId: string; subjectId: string; academicYearId: string; teacherIds: string[] },
): Promise<string> {
  const [row] = await ds.query(`INSERT INTO allocations (class_id, subject_id, academic_year_id) VALUES ($1, $2, $3) RETURNING id`, [
    a.classId,
    a.subjectId,
    a.academicYearId,
  ]);
  await ds.query(`INSERT INTO allocation_teachers (allocation_id, teacher_id) SELECT $1, unnest($2::uuid[])`, [row.id, a.teacherIds]);
  return row.id;
}

export async function placeStudent(ds: DataSource, userId: string, classId: string, academicYearId: string): Promise<void> {
  await ds.query(`UPDATE users SET class_id = $2, academic_year_id = $3 WHERE id = $1`, [userId, classId, academicYearId]);
}

/**
 * A whole school in a handful of statements: `years` years of `classesPerYear` classes, each with
 * `subjectsPerClass` allocations (two teachers each, taken from `teacherIds` in turn) and
 * `studentsPerClass` placed students. For tests that prove statement counts do not grow with size.
 */
export async function makeSchool(
  ds: DataSource,
  size: { years: number; classesPerYear: number; subjectsPerClass: number; studentsPerClass: number; teacherIds: string[] },
): Promise<{ yearIds: string[]; classIds: string[] }> {
  const tag = suffix();
  const years: Row[] = await ds.query(
    `INSERT INTO academic_years (year) SELECT 'Bulk ' || $1 || '-' || g FROM generate_series(1, $2) g RETURNING id`,
    [tag, size.years],
  );
  const classes: Array<Row & { academic_year_id: string }> = await ds.query(
    `INSERT INTO classes (name, grade, academic_year_id)
     SELECT 'Class ' || g, '5', y FROM unnest($1::uuid[]) y, generate_series(1, $2) g RETURNING id, academic_year_id`,
    [years.map((y) => y.id), size.classesPerYear],
  );
  const subjects: Row[] = await ds.query(
    `INSERT INTO subjects (name) SELECT 'Bulk subject ' || $1 || '-' || g FROM generate_series(1, $2) g RETURNING id`,
    [tag, size.subjectsPerClass],
  );
  const allocations: Row[] = await ds.query(
    `INSERT INTO allocations (class_id, subject_id, academic_year_id)
     SELECT c.id, s, c.academic_year_id FROM classes c, unnest($2::uuid[]) s WHERE c.id = ANY($1) RETURNING id`,
    [classes.map((c) => c.id), subjects.map((s) => s.id)],
  );
  const t = size.teacherIds;
  await ds.query(
    `INSERT INTO allocation_teachers (allocation_id, teacher_id)
     SELECT a, t FROM unnest($1::uuid[], $2::uuid[]) AS x(a, t)
     UNION SELECT a, t FROM unnest($1::uuid[], $3::uuid[]) AS x(a, t)`,
    [allocations.map((a) => a.id), allocations.map((_, i) => t[i % t.length]), allocations.map((_, i) => t[(i + 1) % t.length])],
  );
  if (size.studentsPerClass > 0) {
    await makeUsers(ds, classes.length * size.studentsPerClass, Role.Student);
    // place the students just created, round robin over the classes
    await ds.query(
      `WITH s AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE role = 'Student' AND class_id IS NULL AND first_name LIKE 'Bulk%'),
            c AS (SELECT id, academic_year_id, row_number() OVER (ORDER BY id) - 1 AS n FROM classes WHERE id = ANY($1))
       UPDATE users u SET class_id = c.id, academic_year_id = c.academic_year_id
         FROM s JOIN c ON c.n = s.n % $2 WHERE u.id = s.id`,
      [classes.map((c) => c.id), classes.length],
    );
  }
  return { yearIds: years.map((y) => y.id), classIds: classes.map((c) => c.id) };
}
