import { DataSource, In } from 'typeorm';
import { PageWindow } from '../../core/paging';
import { Role } from '../../core/role';
import { Actor } from '../../policies';
import { allocationReadableSql } from '../../policies/sql';
import { AcademicYear } from './academic-year.entity';
import { AcademicPeriod } from './academic-period.entity';
import { SchoolClass } from './class.entity';
import { Subject } from './subject.entity';

/*
 * The batch reads behind the academic domain's loaders (issue 29): one statement per level whatever the school
 * size. TypeORM for the rows loaded by id or parent; raw SQL where a window, a count or the allocations' joined
 * rows (mapped to entities by academic.loaders.ts, without TypeORM's hydration) are read.
 */

export function yearsByIds(ds: DataSource, ids: string[]): Promise<AcademicYear[]> {
  return ds.getRepository(AcademicYear).findBy({ id: In(ids) });
}

export function classesByIds(ds: DataSource, ids: string[]): Promise<SchoolClass[]> {
  return ds.getRepository(SchoolClass).findBy({ id: In(ids) });
}

export function subjectsByIds(ds: DataSource, ids: string[]): Promise<Subject[]> {
  return ds.getRepository(Subject).findBy({ id: In(ids) });
}

/** The terms and grading periods of these years, in AcademicYear.periods' order. */
export function periodsOfYears(ds: DataSource, yearIds: string[]): Promise<AcademicPeriod[]> {
  return ds
    .getRepository(AcademicPeriod)
    .find({ where: { academicYearId: In(yearIds) }, order: { startDate: 'ASC', type: 'DESC', title: 'ASC' } });
}

/** The classes of these years, by name. */
export function classesOfYears(ds: DataSource, yearIds: string[]): Promise<SchoolClass[]> {
  return ds.getRepository(SchoolClass).find({ where: { academicYearId: In(yearIds) }, order: { name: 'ASC', id: 'ASC' } });
}

/** One allocation and one of its teachers (none: the t_ columns are null), with its subject; timestamps in epoch ms. */
export interface AllocationTreeRow {
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

/**
 * The allocations of these classes the reader may read ('allocation.read', its twin: all for academic managers,
 * a teacher's own), one row per allocation and teacher, by subject name, id, then teacher name: every column a
 * GraphQL field of Allocation, Subject or User reads (and the ids their field resolvers need); not `updatedAt`,
 * which no field shows.
 */
export function allocationRowsOfClasses(ds: DataSource, actor: Actor | null, classIds: string[]): Promise<AllocationTreeRow[]> {
  return ds.query(
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
  );
}

/** The students of each class inside the window, by class then position (last name, first name, id, as `users` orders them). */
export function studentsInWindow(ds: DataSource, classIds: string[], window: PageWindow): Promise<Array<{ id: string; class_id: string }>> {
  return ds.query(
    `SELECT id, class_id FROM (
           SELECT id, class_id, row_number() OVER (PARTITION BY class_id ORDER BY last_name, first_name, id) - 1 AS pos
             FROM users WHERE class_id = ANY($1::uuid[]) AND role = $2) x
          WHERE pos >= $3 AND pos < $3 + $4 ORDER BY class_id, pos`,
    [classIds, Role.Student, window.offset, window.limit],
  );
}

/** How many students each class has (classes with none are left out). */
export function studentCounts(ds: DataSource, classIds: string[]): Promise<Array<{ class_id: string; n: number }>> {
  return ds.query(`SELECT class_id, count(*)::int AS n FROM users WHERE class_id = ANY($1::uuid[]) AND role = $2 GROUP BY class_id`, [
    classIds,
    Role.Student,
  ]);
}

/** The teacher links of these allocations. */
export function teacherLinks(ds: DataSource, allocationIds: string[]): Promise<Array<{ allocation_id: string; teacher_id: string }>> {
  return ds.query(`SELECT allocation_id, teacher_id FROM allocation_teachers WHERE allocation_id = ANY($1)`, [allocationIds]);
}
