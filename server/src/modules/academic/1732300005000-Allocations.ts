import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The teacher's class-and-subject allocation (which teachers teach a subject to a class in a year) has one
 * internal name, "allocation", so that "assignment" means the assessments: teacher_assignments becomes
 * allocations, teacher_assignment_teachers becomes allocation_teachers with allocation_id, and every
 * constraint and index follows (services map constraint names to messages). Only names change; the REST
 * paths (/api/teacher-assignments) and the texts users see stay the spec's.
 */
export class Allocations1732300005000 implements MigrationInterface {
  name = 'Allocations1732300005000';

  async up(q: QueryRunner): Promise<void> {
    await rename(q, NAMES);
  }

  async down(q: QueryRunner): Promise<void> {
    await rename(q, reversed(NAMES));
  }
}

interface Names {
  tables: Array<[string, string]>;
  columns: Array<[table: string, from: string, to: string]>;
  constraints: Array<[table: string, from: string, to: string]>;
  indexes: Array<[string, string]>;
}

/** Old name -> new name; a table's constraints are named on the table's new name (they follow the table). */
const NAMES: Names = {
  tables: [
    ['teacher_assignments', 'allocations'],
    ['teacher_assignment_teachers', 'allocation_teachers'],
  ],
  columns: [['allocation_teachers', 'assignment_id', 'allocation_id']],
  constraints: [
    // a primary key's and a unique constraint's index is renamed with the constraint
    ['allocations', 'teacher_assignments_pkey', 'allocations_pkey'],
    ['allocations', 'teacher_assignments_subject_id_fkey', 'allocations_subject_id_fkey'],
    ['allocations', 'teacher_assignments_academic_year_id_fkey', 'allocations_academic_year_id_fkey'],
    ['allocations', 'teacher_assignments_class_year_fk', 'allocations_class_year_fk'],
    ['allocations', 'teacher_assignments_class_subject_year_key', 'allocations_class_subject_year_key'],
    ['allocation_teachers', 'teacher_assignment_teachers_pkey', 'allocation_teachers_pkey'],
    ['allocation_teachers', 'teacher_assignment_teachers_assignment_id_fkey', 'allocation_teachers_allocation_id_fkey'],
    ['allocation_teachers', 'teacher_assignment_teachers_teacher_role_check', 'allocation_teachers_teacher_role_check'],
    ['allocation_teachers', 'teacher_assignment_teachers_teacher_fk', 'allocation_teachers_teacher_fk'],
  ],
  indexes: [
    ['teacher_assignments_subject_idx', 'allocations_subject_idx'],
    ['teacher_assignments_year_idx', 'allocations_year_idx'],
    ['teacher_assignment_teachers_teacher_idx', 'allocation_teachers_teacher_idx'],
  ],
};

function reversed(n: Names): Names {
  const tableBack = new Map(n.tables.map(([from, to]) => [to, from]));
  return {
    tables: n.tables.map(([from, to]) => [to, from]),
    columns: n.columns.map(([table, from, to]) => [tableBack.get(table) ?? table, to, from]),
    constraints: n.constraints.map(([table, from, to]) => [tableBack.get(table) ?? table, to, from]),
    indexes: n.indexes.map(([from, to]) => [to, from]),
  };
}

async function rename(q: QueryRunner, n: Names): Promise<void> {
  for (const [from, to] of n.tables) await q.query(`ALTER TABLE ${from} RENAME TO ${to}`);
  for (const [table, from, to] of n.columns) await q.query(`ALTER TABLE ${table} RENAME COLUMN ${from} TO ${to}`);
  for (const [table, from, to] of n.constraints) await q.query(`ALTER TABLE ${table} RENAME CONSTRAINT ${from} TO ${to}`);
  for (const [from, to] of n.indexes) await q.query(`ALTER INDEX ${from} RENAME TO ${to}`);
}
