import DataLoader from 'dataloader';
import { DataSource } from 'typeorm';
import { byIdLoader, listLoader } from '../../core/dataloaders';
import { windowedLoader } from '../../core/paging';
import { User, usersByIds, usersByName } from '../users';
import { Subject } from './subject.entity';
import { Allocation } from './allocation.entity';
import { Actor } from '../../policies';
import {
  type AllocationTreeRow,
  allocationRowsOfClasses,
  classesByIds,
  classesOfYears,
  periodsOfYears,
  studentCounts,
  studentsInWindow,
  subjectsByIds,
  teacherLinks,
  yearsByIds,
} from './academic.repository.loaders';

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    out.set(k, [...(out.get(k) ?? []), row]);
  }
  return out;
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
    yearById: byIdLoader((ids) => yearsByIds(ds, ids)),
    classById: byIdLoader((ids) => classesByIds(ds, ids)),
    subjectById: byIdLoader((ids) => subjectsByIds(ds, ids)),

    periodsByYearId: listLoader(
      (yearIds) => periodsOfYears(ds, yearIds),
      (p) => p.academicYearId,
    ),

    classesByYearId: listLoader(
      (yearIds) => classesOfYears(ds, yearIds),
      (c) => c.academicYearId,
    ),

    /**
     * Filtered in SQL by 'allocation.read'; subject and teachers come by joins in the same statement. A plain
     * statement mapped to entity instances (not TypeORM's hydration, which dominated the course-management
     * tree's CPU); timestamps as epoch milliseconds. Each subject and teacher is built once per statement and
     * shared by the allocations that name it.
     */
    allocationsByClass: listLoader(
      async (classIds) => allocationsFromRows(await allocationRowsOfClasses(ds, actor, classIds)),
      (a) => a.classId,
    ),

    /**
     * A window of each class's students, by last name, first name and id (as `users` orders them): their
     * positions and the totals in two statements, the users in a third, however many classes.
     */
    studentsByClass: windowedLoader<User>(async (classIds, window) => {
      const placed = await studentsInWindow(ds, classIds, window);
      const counts = await studentCounts(ds, classIds);
      const users = new Map(
        (placed.length
          ? await usersByIds(
              ds,
              placed.map((p) => p.id),
            )
          : []
        ).map((u) => [u.id, u]),
      );
      const items = new Map<string, User[]>();
      for (const p of placed) items.set(p.class_id, [...(items.get(p.class_id) ?? []), users.get(p.id)!]);
      return { items, totals: new Map(counts.map((c) => [c.class_id, c.n])) };
    }),

    /** For allocations whose teachers were not joined already. */
    teachersByAllocationId: new DataLoader<string, User[]>(async (ids) => {
      const rows = await teacherLinks(ds, [...ids]);
      const users = rows.length ? await usersByName(ds, [...new Set(rows.map((r) => r.teacher_id))]) : [];
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
