import type { EntityManager } from 'typeorm';
import type { Plan } from './oneroster.import-plan';
import { deactivateUsers, reactivateUsers } from '../auth';

/** A sourcedId worth keeping: one that is not our own id. */
const own = (sid: string | null, id: string) => (sid && sid !== id ? sid : null);

/**
 * Writes a plan in the caller's transaction, set-based where rows can be many (users, links, placements,
 * teachers, classes, allocations), so a district's zip costs a fixed number of statements (years and periods are few).
 */
export async function applyPlan(m: EntityManager, plan: Plan): Promise<void> {
  for (const [type, o] of [
    ['school', plan.school],
    ['district', plan.district],
  ] as const) {
    if (!o) continue;
    await m.query(
      `INSERT INTO oneroster_orgs (sourced_id, name, type, identifier) VALUES ($1, $2, $3, $4)
       ON CONFLICT (type) DO UPDATE SET sourced_id = $1, name = $2, identifier = $4, updated_at = now()
       WHERE (oneroster_orgs.sourced_id, oneroster_orgs.name, oneroster_orgs.identifier) IS DISTINCT FROM ($1, $2, $4)`,
      [o.sid, o.name, type, o.identifier],
    );
  }
  for (const y of plan.years) {
    if (y.isNew) {
      await m.query(
        `INSERT INTO academic_years (id, year, start_date, end_date, sourced_id, is_active) VALUES ($1, $2, $3, $4, $5, false)`,
        [y.id, y.year, y.start, y.end, own(y.sid, y.id)],
      );
    } else {
      await m.query(
        `UPDATE academic_years SET year = $2, start_date = $3, end_date = $4, sourced_id = coalesce($5, sourced_id), updated_at = now(),
        version = version + 1 WHERE id = $1`,
        [y.id, y.year, y.start, y.end, own(y.sid, y.id)],
      );
    }
  }
  // terms before grading periods (a grading period may name a term of the same file)
  for (const p of [...plan.periods].sort((a, b) => (a.type === b.type ? 0 : a.type === 'term' ? -1 : 1))) {
    await m.query(
      `INSERT INTO academic_periods (id, academic_year_id, parent_id, type, title, start_date, end_date, sourced_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (id) DO UPDATE SET academic_year_id = $2, parent_id = $3, type = $4, title = $5, start_date = $6, end_date = $7, updated_at = now()`,
      [p.id, p.yearId, p.parentId, p.type, p.title, p.start, p.end, own(p.sid, p.id)],
    );
  }
  if (plan.subjects.length) {
    await m.query(`INSERT INTO subjects (id, name) SELECT * FROM unnest($1::uuid[], $2::text[])`, [
      plan.subjects.map((s) => s.id),
      plan.subjects.map((s) => s.name),
    ]);
  }
  if (plan.classes.length) {
    await m.query(
      `INSERT INTO classes (id, name, grade, academic_year_id) SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[])`,
      [plan.classes.map((c) => c.id), plan.classes.map((c) => c.name), plan.classes.map((c) => c.grade), plan.classes.map((c) => c.yearId)],
    );
  }
  if (plan.courseSids.length) {
    await m.query(
      `INSERT INTO oneroster_courses (subject_id, grade, sourced_id) SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[])
      ON CONFLICT (subject_id, grade) DO UPDATE SET sourced_id = EXCLUDED.sourced_id, updated_at = now()`,
      [plan.courseSids.map((c) => c.subjectId), plan.courseSids.map((c) => c.grade), plan.courseSids.map((c) => c.sid)],
    );
  }
  const newAllocations = plan.allocations.filter((a) => a.isNew);
  if (newAllocations.length) {
    await m.query(
      `INSERT INTO allocations (id, class_id, subject_id, academic_year_id, sourced_id)
      SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[])`,
      [
        newAllocations.map((a) => a.id),
        newAllocations.map((a) => a.classId),
        newAllocations.map((a) => a.subjectId),
        newAllocations.map((a) => a.yearId),
        newAllocations.map((a) => own(a.sid, a.id)),
      ],
    );
  }
  const linkedAllocations = plan.allocations.filter((a) => !a.isNew);
  if (linkedAllocations.length) {
    await m.query(
      `UPDATE allocations a SET sourced_id = x.s, updated_at = now() FROM unnest($1::uuid[], $2::text[]) AS x(id, s) WHERE a.id = x.id`,
      [linkedAllocations.map((a) => a.id), linkedAllocations.map((a) => own(a.sid, a.id))],
    );
  }
  const nu = plan.newUsers;
  if (nu.length) {
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
  const cu = plan.changedUsers;
  if (cu.length) {
    await m.query(
      `UPDATE users u SET first_name = x.f, last_name = x.l, email = x.e, sourced_id = coalesce(x.s, u.sourced_id), updated_at = now()
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[]) AS x(id, f, l, e, s) WHERE u.id = x.id`,
      [cu.map((u) => u.id), cu.map((u) => u.firstName), cu.map((u) => u.lastName), cu.map((u) => u.email), cu.map((u) => own(u.sid, u.id))],
    );
  }
  if (plan.links.length) {
    await m.query(
      `INSERT INTO parent_students (parent_id, student_id) SELECT * FROM unnest($1::uuid[], $2::uuid[]) ON CONFLICT DO NOTHING`,
      [plan.links.map((l) => l.parentId), plan.links.map((l) => l.studentId)],
    );
  }
  if (plan.teaching.length) {
    await m.query(
      `INSERT INTO allocation_teachers (allocation_id, teacher_id) SELECT * FROM unnest($1::uuid[], $2::uuid[]) ON CONFLICT DO NOTHING`,
      [plan.teaching.map((t) => t.allocationId), plan.teaching.map((t) => t.teacherId)],
    );
  }
  if (plan.untaught.length) {
    await m.query(
      `DELETE FROM allocation_teachers t USING unnest($1::uuid[], $2::uuid[]) AS x(a, u) WHERE t.allocation_id = x.a AND t.teacher_id = x.u`,
      [plan.untaught.map((t) => t.allocationId), plan.untaught.map((t) => t.teacherId)],
    );
  }
  if (plan.removedAllocations.length) await m.query(`DELETE FROM allocations WHERE id = ANY($1::uuid[])`, [plan.removedAllocations]);
  if (plan.removedPeriods.length) await m.query(`DELETE FROM academic_periods WHERE id = ANY($1::uuid[])`, [plan.removedPeriods]);
  if (plan.unlinked.length) {
    await m.query(
      `DELETE FROM parent_students p USING unnest($1::uuid[], $2::uuid[]) AS x(p, s) WHERE p.parent_id = x.p AND p.student_id = x.s`,
      [plan.unlinked.map((l) => l.parentId), plan.unlinked.map((l) => l.studentId)],
    );
  }
  await deactivateUsers(m, plan.deactivatedUsers);
  await reactivateUsers(m, plan.reactivatedUsers);
  if (plan.placements.length) {
    await m.query(
      `UPDATE users u SET class_id = x.c, academic_year_id = x.y, updated_at = now() FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) AS x(id, c, y) WHERE u.id = x.id`,
      [plan.placements.map((p) => p.userId), plan.placements.map((p) => p.classId), plan.placements.map((p) => p.yearId)],
    );
  }
}
