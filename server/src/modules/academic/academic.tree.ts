import { Actor } from '../../policies';
import { allocationReadableSql } from '../../policies/sql';
import { allocationJson, classJson, leanJson, subjectJson, userJson, yearJson } from '../../db/json-rows';
import type { AcademicYear } from './academic-year.entity';
import type { SchoolClass } from './class.entity';
import type { Allocation } from './allocation.entity';

/** A class of the tree, with the allocations its reader may see ('allocation.read'), in the allocations field's order. */
export type TreeClass = SchoolClass & { readableAllocations?: Allocation[] };

/** A year of the tree, with its classes in the classes field's order. */
export type TreeYear = AcademicYear & { treeClasses?: TreeClass[] };

/**
 * The fields of each level of the tree that its lean statement builds: what the course-management page asks for
 * and no more: an operation that asks for another field of any level (the class's year, say) reads the whole tree.
 */
export const TREE_LEAN = {
  year: { id: 'id', year: 'year', isActive: 'is_active' },
  class: { id: 'id', name: 'name', grade: 'grade', description: 'description', isActive: 'is_active' },
  allocation: { id: 'id' },
  subject: { id: 'id', name: 'name' },
  teacher: { id: 'id', firstName: 'first_name', lastName: 'last_name' },
} as const;

/** How each level is built: whole (the entities' every field) or lean (TREE_LEAN's). */
const BUILDERS = {
  whole: { year: yearJson, class: classJson, allocation: allocationJson, subject: subjectJson, teacher: userJson },
  lean: {
    year: leanJson(TREE_LEAN.year),
    class: leanJson(TREE_LEAN.class),
    allocation: leanJson(TREE_LEAN.allocation),
    subject: leanJson(TREE_LEAN.subject),
    teacher: leanJson(TREE_LEAN.teacher),
  },
};

/**
 * The course-management tree in one statement (issue 28): the years ($1, or all when null) newest first, each
 * with its classes by name, each with the allocations its reader $2 may read ('allocation.read', from its one
 * definition) by subject name, each with its subject and its teachers by last then first name: the orders the
 * loaders of the same fields keep. Built as TreeYear objects that the fields read without a load. Only the text:
 * academic.repository.ts runs it (academicTree).
 */
export const treeSql = (actor: Actor | null, lean: boolean) => {
  const b = BUILDERS[lean ? 'lean' : 'whole'];
  const teachers = `'teachers', (SELECT coalesce(json_agg(${b.teacher('t')} ORDER BY t.last_name, t.first_name, t.id), '[]'::json)
                 FROM allocation_teachers x JOIN users t ON t.id = x.teacher_id WHERE x.allocation_id = a.id)`;
  const allocations = `'readableAllocations', (
    SELECT coalesce(json_agg(${b.allocation('a', `'subject', ${b.subject('s')}, ${teachers}`)} ORDER BY s.name, a.id), '[]'::json)
      FROM allocations a JOIN subjects s ON s.id = a.subject_id
     WHERE a.class_id = c.id AND ${allocationReadableSql(actor, 'a.id', 'viewer.id')})`;
  const classes = `'treeClasses', (SELECT coalesce(json_agg(${b.class('c', allocations)} ORDER BY c.name, c.id), '[]'::json)
    FROM classes c WHERE c.academic_year_id = y.id)`;
  return `SELECT coalesce(json_agg(${b.year('y', classes)} ORDER BY y.year DESC, y.id), '[]'::json) AS tree
  FROM academic_years y, (SELECT $2::uuid AS id) viewer WHERE $1::uuid IS NULL OR y.id = $1::uuid`;
};
