import DataLoader from 'dataloader';
import { DataSource, In } from 'typeorm';
import { byIdLoader, listLoader } from '../../core/dataloaders';
import { windowedLoader } from '../../core/paging';
import { User } from '../users';
import { Role } from '../../core/role';
import { AcademicYear } from './academic-year.entity';
import { AcademicPeriod } from './academic-period.entity';
import { SchoolClass } from './class.entity';
import { Subject } from './subject.entity';
import { Allocation } from './allocation.entity';
import { Actor } from '../../policies';
import { allocationReadableSql } from '../../policies/sql';

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    out.set(k, [...(out.get(k) ?? []), row]);
  }
  return out;
}

interface AllocationTreeRow {
  id: string;
  class_id: string;
  subject_id: string;
  academic_year_id: string;
  version: number;
  created_ms: number;
  s_name: string;
  s_description: string;
  s_is_active: boolean;
  s_version: number;
  s_created_ms: number;
  t_id: string | null;
  t_first_name: string;
  t_last_name: string;
  t_email: string;
  t_role: Role;
  t_activated: boolean;
  t_class_id: string | null;
  t_academic_year_id: string | null;
  t_created_ms: number;
}

/** One allocation per id in the rows' order, its teachers in row order (rows come one per allocation and teacher). */
function allocationsFromRows(rows: AllocationTreeRow[]): Allocation[] {
  const subjects = new Map<string, Subject>();
  const teachers = new Map<string, User>();
  const out: Allocation[] = [];
  let current: Allocation | undefined;
  for (const r of rows) {
    if (current?.id !== r.id) {
      let subject = subjects.get(r.subject_id);
      if (!subject) {
        subject = Object.assign(new Subject(), {
          id: r.subject_id,
          name: r.s_name,
          description: r.s_description,
          isActive: r.s_is_active,
          version: r.s_version,
          createdAt: new Date(r.s_created_ms),
        });
        subjects.set(r.subject_id, subject);
      }
      current = Object.assign(new Allocation(), {
        id: r.id,
        classId: r.class_id,
        subjectId: r.subject_id,
        academicYearId: r.academic_year_id,
        version: r.version,
        createdAt: new Date(r.created_ms),
        subject,
        teachers: [] as User[],
      });
      out.push(current);
    }
    if (r.t_id === null) continue;
    let teacher = teachers.get(r.t_id);
    if (!teacher) {
      teacher = Object.assign(new User(), {
        id: r.t_id,
        firstName: r.t_first_name,
        lastName: r.t_last_name,
        email: r.t_email,
        role: r.t_role,
        activated: r.t_activated,
        classId: r.t_class_id,
        academicYearId: r.t_academic_year_id,
        createdAt: new Date(r.t_created_ms),
      });
      teachers.set(r.t_id, teacher);
    }
    current.teachers!.push(teacher);
  }
  return out;
}

/**
 * One statement per level whatever the school size: the academic tree (years -> classes -> allocations
 * with subject and teachers) and the placement fields of users resolve through these.
 */
export function academicLoaders(ds: DataSource, actor: Actor | null) {
  return {
    yearById: byIdLoader((ids) => ds.getRepository(AcademicYear).findBy({ id: In(ids) })),
    classById: byIdLoader((ids) => ds.getRepository(SchoolClass).findBy({ id: In(ids) })),
    subjectById: byIdLoader((ids) => ds.getRepository(Subject).findBy({ id: In(ids) })),

    periodsByYearId: listLoader(
      (yearIds) =>
        ds
          .getRepository(AcademicPeriod)
          .find({ where: { academicYearId: In(yearIds) }, order: { startDate: 'ASC', type: 'DESC', title: 'ASC' } }),
      (p) => p.academicYearId,
    ),

    classesByYearId: listLoader(
      (yearIds) => ds.getRepository(SchoolClass).find({ where: { academicYearId: In(yearIds) }, order: { name: 'ASC', id: 'ASC' } }),
      (c) => c.academicYearId,
    ),

    /**
     * Filtered in SQL by 'allocation.read' (its twin: all for academic managers, a teacher's own); subject and teachers come by joins in the same statement. A plain
     * statement mapped to entity instances (not TypeORM's hydration, which dominated the course-management
     * tree's CPU): every column a GraphQL field of Allocation, Subject or User reads (and the ids their
     * field resolvers need), timestamps as epoch milliseconds; not `updatedAt`, which no field shows. Each
     * subject and teacher is built once per statement and shared by the allocations that name it.
     */
    allocationsByClass: listLoader(
      async (classIds) =>
        allocationsFromRows(
          await ds.query(
            `SELECT a.id, a.class_id, a.subject_id, a.academic_year_id, a.version,
              floor(extract(epoch FROM a.created_at) * 1000)::float8 AS created_ms,
              s.name AS s_name, s.description AS s_description, s.is_active AS s_is_active, s.version AS s_version,
              floor(extract(epoch FROM s.created_at) * 1000)::float8 AS s_created_ms,
              t.id AS t_id, t.first_name AS t_first_name, t.last_name AS t_last_name, t.email AS t_email,
              t.role AS t_role, t.activated AS t_activated, t.class_id AS t_class_id,
              t.academic_year_id AS t_academic_year_id,
              floor(extract(epoch FROM t.created_at) * 1000)::float8 AS t_created_ms, $2::uuid AS viewer
         FROM allocations a
         JOIN subjects s ON s.id = a.subject_id
         LEFT JOIN allocation_teachers tat ON tat.allocation_id = a.id
         LEFT JOIN users t ON t.id = tat.teacher_id
        WHERE a.class_id = ANY($1::uuid[]) AND ${allocationReadableSql(actor, 'a.id', '$2')}
        ORDER BY s.name ASC, a.id ASC, t.last_name ASC, t.first_name ASC`,
            [classIds, actor?.userId ?? null],
          ),
        ),
      (a) => a.classId,
    ),

    /**
     * A window of each class's students, by last name, first name and id (as `users` orders them): their
     * positions and the totals in two statements, the users in a third, however many classes.
     */
    studentsByClass: windowedLoader<User>(async (classIds, window) => {
      const placed: Array<{ id: string; class_id: string }> = await ds.query(
        `SELECT id, class_id FROM (
           SELECT id, class_id, row_number() OVER (PARTITION BY class_id ORDER BY last_name, first_name, id) - 1 AS pos
             FROM users WHERE class_id = ANY($1::uuid[]) AND role = $2) x
          WHERE pos >= $3 AND pos < $3 + $4 ORDER BY class_id, pos`,
        [classIds, Role.Student, window.offset, window.limit],
      );
      const counts: Array<{ class_id: string; n: number }> = await ds.query(
        `SELECT class_id, count(*)::int AS n FROM users WHERE class_id = ANY($1::uuid[]) AND role = $2 GROUP BY class_id`,
        [classIds, Role.Student],
      );
      const users = new Map(
        (placed.length ? await ds.getRepository(User).findBy({ id: In(placed.map((p) => p.id)) }) : []).map((u) => [u.id, u]),
      );
      const items = new Map<string, User[]>();
      for (const p of placed) items.set(p.class_id, [...(items.get(p.class_id) ?? []), users.get(p.id)!]);
      return { items, totals: new Map(counts.map((c) => [c.class_id, c.n])) };
    }),

    /** For allocations whose teachers were not joined already. */
    teachersByAllocationId: new DataLoader<string, User[]>(async (ids) => {
      const rows: Array<{ allocation_id: string; teacher_id: string }> = await ds.query(
        `SELECT allocation_id, teacher_id FROM allocation_teachers WHERE allocation_id = ANY($1)`,
        [[...ids]],
      );
      const users = rows.length
        ? await ds
            .getRepository(User)
            .find({ where: { id: In([...new Set(rows.map((r) => r.teacher_id))]) }, order: { lastName: 'ASC', firstName: 'ASC' } })
        : [];
      const order = new Map(users.map((u, i) => [u.id, i]));
      const byId = new Map(users.map((u) => [u.id, u]));
      const groups = groupBy(rows, (r) => r.allocation_id);
      return ids.map((id) =>
        (groups.get(id) ?? [])
          .map((r) => byId.get(r.teacher_id)!)
          .filter(Boolean)
          .sort((a, b) => order.get(a.id)! - order.get(b.id)!),
      );
    }),
  };
}
