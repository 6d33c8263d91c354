import { Actor } from '../../policies';
import { allocationReadableSql } from '../../policies/sql';
import { classJson, isoSql, subjectJson, userJson, yearJson } from '../../db/json-rows';
import { User } from '../users/user.entity';
import { AcademicYear } from './academic-year.entity';
import { Allocation } from './allocation.entity';
import { SchoolClass } from './class.entity';
import { Subject } from './subject.entity';

/** A year of the tree as academicTreeSql answers it: its classes (by name), each with the allocations the viewer may read. */
export type TreeYear = AcademicYear & { classes: TreeClass[] };
export type TreeClass = SchoolClass & { allocations: Allocation[] };

/** Allocation (allocation.entity.ts) of the row `a` with its subject `s` and its teachers, by last then first name. */
const allocationJson = (a: string, s: string) => `json_build_object('id', ${a}.id, 'classId', ${a}.class_id, 'subjectId', ${a}.subject_id,
  'academicYearId', ${a}.academic_year_id, 'version', ${a}.version, 'createdAt', ${isoSql(`${a}.created_at`)}, 'updatedAt', ${isoSql(`${a}.updated_at`)},
  'subject', ${subjectJson(s)},
  'teachers', (SELECT coalesce(json_agg(${userJson('t')} ORDER BY t.last_name, t.first_name, t.id), '[]'::json)
                 FROM allocation_teachers tat JOIN users t ON t.id = tat.teacher_id WHERE tat.allocation_id = ${a}.id))`;

/**
 * The course-management tree (academicTree) in one statement: the years ($2, or every year when `one` is false;
 * newest first), each with its classes by name and each class with the allocations the viewer $1 may read
 * ('allocation.read', rendered from its one definition), by subject, with their subject and teachers.
 */
export function academicTreeSql(actor: Actor | null, one: boolean): string {
  return `
WITH viewer AS (SELECT $1::uuid AS id)
SELECT coalesce(json_agg(${yearJson('y', `'classes', (
  SELECT coalesce(json_agg(${classJson('c', `'allocations', (
    SELECT coalesce(json_agg(${allocationJson('a', 's')} ORDER BY s.name, a.id), '[]'::json)
      FROM allocations a JOIN subjects s ON s.id = a.subject_id
     WHERE a.class_id = c.id AND ${allocationReadableSql(actor, 'a.id', 'viewer.id')})`)}
    ORDER BY c.name, c.id), '[]'::json)
    FROM classes c WHERE c.academic_year_id = y.id)`)} ORDER BY y.year DESC, y.id), '[]'::json) AS years
  FROM viewer, academic_years y WHERE ${one ? 'y.id = $2::uuid' : '$2::uuid IS NULL'}`;
}

/**
 * The tree's plain objects as instances of the GraphQL types (property copies, no ORM), once per object:
 * type-graphql would otherwise copy a plain root into one for each field resolver that reads it.
 */
export const asTree = (years: TreeYear[]): TreeYear[] => years.map((y) => Object.assign(new AcademicYear(), y, {
  classes: y.classes.map((c) => Object.assign(new SchoolClass(), c, {
    allocations: c.allocations.map((a) => Object.assign(new Allocation(), a, {
      subject: Object.assign(new Subject(), a.subject),
      teachers: a.teachers!.map((t) => Object.assign(new User(), t)),
    })),
  })),
}));
