import type { EntityManager } from 'typeorm';
import type { Plan } from './oneroster.import-plan';

/*
 * The writes of an applied import (issue 29), in raw SQL as the whole domain writes it, each run in the caller's
 * transaction (oneroster.imports.ts holds it, oneroster.import-apply.ts decides which run and in which order).
 * Rows that can be many (users, links, placements, teachers, classes, allocations) go in one statement per kind,
 * with the plan's columns as arrays (unnest).
 */

type Of<K extends keyof Plan> = Plan[K] extends Array<infer E> ? E : never;

/** A sourcedId worth keeping: one that is not our own id. */
const own = (sid: string | null, id: string) => (sid && sid !== id ? sid : null);

/** The school's or the district's org: created, or given the file's sourcedId, name and identifier when they changed. */
export async function upsertOrg(m: EntityManager, type: 'school' | 'district', o: NonNullable<Plan['school']>): Promise<void> {
  await m.query(
    `INSERT INTO oneroster_orgs (sourced_id, name, type, identifier) VALUES ($1, $2, $3, $4)
       ON CONFLICT (type) DO UPDATE SET sourced_id = $1, name = $2, identifier = $4, updated_at = now()
       WHERE (oneroster_orgs.sourced_id, oneroster_orgs.name, oneroster_orgs.identifier) IS DISTINCT FROM ($1, $2, $4)`,
    [o.sid, o.name, type, o.identifier],
  );
}

/** A new academic year (inactive: an admin chooses the active one). */
export async function insertYear(m: EntityManager, y: Of<'years'>): Promise<void> {
  await m.query(`INSERT INTO academic_years (id, year, start_date, end_date, sourced_id, is_active) VALUES ($1, $2, $3, $4, $5, false)`, [
    y.id,
    y.year,
    y.start,
    y.end,
    own(y.sid, y.id),
  ]);
}

/** A year's new name and dates (its sourcedId kept when the file brings none). */
export async function updateYear(m: EntityManager, y: Of<'years'>): Promise<void> {
  await m.query(
    `UPDATE academic_years SET year = $2, start_date = $3, end_date = $4, sourced_id = coalesce($5, sourced_id), updated_at = now(),
        version = version + 1 WHERE id = $1`,
    [y.id, y.year, y.start, y.end, own(y.sid, y.id)],
  );
}

/** A term or grading period, created or replaced. */
export async function upsertPeriod(m: EntityManager, p: Of<'periods'>): Promise<void> {
  await m.query(
    `INSERT INTO academic_periods (id, academic_year_id, parent_id, type, title, start_date, end_date, sourced_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (id) DO UPDATE SET academic_year_id = $2, parent_id = $3, type = $4, title = $5, start_date = $6, end_date = $7, updated_at = now()`,
    [p.id, p.yearId, p.parentId, p.type, p.title, p.start, p.end, own(p.sid, p.id)],
  );
}

export async function insertSubjects(m: EntityManager, subjects: Plan['subjects']): Promise<void> {
  await m.query(`INSERT INTO subjects (id, name) SELECT * FROM unnest($1::uuid[], $2::text[])`, [
    subjects.map((s) => s.id),
    subjects.map((s) => s.name),
  ]);
}

export async function insertClasses(m: EntityManager, classes: Plan['classes']): Promise<void> {
  await m.query(
    `INSERT INTO classes (id, name, grade, academic_year_id) SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[])`,
    [classes.map((c) => c.id), classes.map((c) => c.name), classes.map((c) => c.grade), classes.map((c) => c.yearId)],
  );
}

/** The sourcedIds an SIS gave to subjects at a grade (its courses), replacing earlier ones. */
export async function upsertCourseSids(m: EntityManager, courseSids: Plan['courseSids']): Promise<void> {
  await m.query(
    `INSERT INTO oneroster_courses (subject_id, grade, sourced_id) SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[])
      ON CONFLICT (subject_id, grade) DO UPDATE SET sourced_id = EXCLUDED.sourced_id, updated_at = now()`,
    [courseSids.map((c) => c.subjectId), courseSids.map((c) => c.grade), courseSids.map((c) => c.sid)],
  );
}

export async function insertAllocations(m: EntityManager, allocations: Plan['allocations']): Promise<void> {
  await m.query(
    `INSERT INTO allocations (id, class_id, subject_id, academic_year_id, sourced_id)
      SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[])`,
    [
      allocations.map((a) => a.id),
      allocations.map((a) => a.classId),
      allocations.map((a) => a.subjectId),
      allocations.map((a) => a.yearId),
      allocations.map((a) => own(a.sid, a.id)),
    ],
  );
}

/** Gives existing allocations the sourcedIds the file names them by. */
export async function linkAllocations(m: EntityManager, allocations: Plan['allocations']): Promise<void> {
  await m.query(
    `UPDATE allocations a SET sourced_id = x.s, updated_at = now() FROM unnest($1::uuid[], $2::text[]) AS x(id, s) WHERE a.id = x.id`,
    [allocations.map((a) => a.id), allocations.map((a) => own(a.sid, a.id))],
  );
}

/** New users, not activated (each gets an invitation in the same transaction). */
export async function insertUsers(m: EntityManager, nu: Plan['newUsers']): Promise<void> {
  await m.query(
    `INSERT INTO users (id, first_name, last_name, email, role, activated, sourced_id)
       SELECT id, f, l, e, r, false, s FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS x(id, f, l, e, r, s)`,
    [
      nu.map((u) => u.id),
      nu.map((u) => u.firstName),
      nu.map((u) => u.lastName),
      nu.map((u) => u.email),
      nu.map((u) => u.role),
      nu.map((u) => own(u.sid, u.id)),
    ],
  );
}

/** Users' new names and emails (their sourcedIds kept when the file brings none). */
export async function updateUsers(m: EntityManager, cu: Plan['changedUsers']): Promise<void> {
  await m.query(
    `UPDATE users u SET first_name = x.f, last_name = x.l, email = x.e, sourced_id = coalesce(x.s, u.sourced_id), updated_at = now()
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[]) AS x(id, f, l, e, s) WHERE u.id = x.id`,
    [cu.map((u) => u.id), cu.map((u) => u.firstName), cu.map((u) => u.lastName), cu.map((u) => u.email), cu.map((u) => own(u.sid, u.id))],
  );
}

/** Parent-student links (those already there stay as they are). */
export async function insertLinks(m: EntityManager, links: Plan['links']): Promise<void> {
  await m.query(`INSERT INTO parent_students (parent_id, student_id) SELECT * FROM unnest($1::uuid[], $2::uuid[]) ON CONFLICT DO NOTHING`, [
    links.map((l) => l.parentId),
    links.map((l) => l.studentId),
  ]);
}

/** Teachers of allocations (those already there stay as they are). */
export async function insertTeaching(m: EntityManager, teaching: Plan['teaching']): Promise<void> {
  await m.query(
    `INSERT INTO allocation_teachers (allocation_id, teacher_id) SELECT * FROM unnest($1::uuid[], $2::uuid[]) ON CONFLICT DO NOTHING`,
    [teaching.map((t) => t.allocationId), teaching.map((t) => t.teacherId)],
  );
}

export async function deleteTeaching(m: EntityManager, untaught: Plan['untaught']): Promise<void> {
  await m.query(
    `DELETE FROM allocation_teachers t USING unnest($1::uuid[], $2::uuid[]) AS x(a, u) WHERE t.allocation_id = x.a AND t.teacher_id = x.u`,
    [untaught.map((t) => t.allocationId), untaught.map((t) => t.teacherId)],
  );
}

export async function deleteAllocations(m: EntityManager, ids: string[]): Promise<void> {
  await m.query(`DELETE FROM allocations WHERE id = ANY($1::uuid[])`, [ids]);
}

export async function deletePeriods(m: EntityManager, ids: string[]): Promise<void> {
  await m.query(`DELETE FROM academic_periods WHERE id = ANY($1::uuid[])`, [ids]);
}

export async function deleteLinks(m: EntityManager, unlinked: Plan['unlinked']): Promise<void> {
  await m.query(
    `DELETE FROM parent_students p USING unnest($1::uuid[], $2::uuid[]) AS x(p, s) WHERE p.parent_id = x.p AND p.student_id = x.s`,
    [unlinked.map((l) => l.parentId), unlinked.map((l) => l.studentId)],
  );
}

/** Places users in their class and year (students) or in none. */
export async function placeUsers(m: EntityManager, placements: Plan['placements']): Promise<void> {
  await m.query(
    `UPDATE users u SET class_id = x.c, academic_year_id = x.y, updated_at = now() FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) AS x(id, c, y) WHERE u.id = x.id`,
    [placements.map((p) => p.userId), placements.map((p) => p.classId), placements.map((p) => p.yearId)],
  );
}
