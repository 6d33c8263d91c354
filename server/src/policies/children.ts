import type { DataSource } from 'typeorm';
import { assertId } from '../core/ids';
import type { Actor } from './actor';
import { authorize } from './index';

/**
 * A parent's linked children (families, issue 17), as one SQL expression: the session lookup embeds it so
 * Actor.childIds costs no statement of its own. Ordered so the same links always give the same array.
 */
export const CHILD_IDS_SQL = (parentId: string) =>
  `ARRAY(SELECT ps.student_id::text FROM parent_students ps WHERE ps.parent_id = ${parentId} ORDER BY ps.student_id)`;

/** The same list on its own, for an actor built outside the session lookup (a fresh sign-in). */
export async function childIdsOf(ds: DataSource, parentId: string): Promise<string[]> {
  const [row]: Array<{ ids: string[] }> = await ds.query(`SELECT ${CHILD_IDS_SQL('$1')} AS ids`, [parentId]);
  return row.ids;
}

/**
 * The student's id once the actor may read the student's own view ('family.readStudentView': the student, a linked
 * parent, SuperAdmin and Admin), for a query that names the student rather than acting as them. Denied as "not found".
 */
export function readableStudent(actor: Actor, studentId: unknown, notFoundText = 'Student not found'): string {
  const id = assertId(studentId, notFoundText);
  authorize(actor, 'family.readStudentView', { studentId: id }, { as: 'notFound', message: notFoundText });
  return id;
}
