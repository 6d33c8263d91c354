import type { DataSource } from 'typeorm';
import { assertId } from '../app/ids';
import { Role } from '../modules/users/role';
import { storedRoleActor, type Actor } from './actor';
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
 * The student's own actor, to compute what the student sees on their behalf: a linked parent (and SuperAdmin
 * or Admin) reads a child's courses, work and attendance through the student's own queries, so the answer can
 * never hold more than the student would get. Denied as "not found" ('family.readStudentView').
 */
export function studentViewer(actor: Actor, studentId: unknown, notFoundText = 'Student not found'): Actor {
  return studentActor(readableStudent(actor, studentId, notFoundText));
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

/**
 * A student as a viewer, for deciding what that student may see whoever is looking (a parent, an admin, the
 * gradebook's average column); no session stands behind it. An empty id stands for "any student" where the SQL
 * twins are given the student's id column as the viewer.
 */
export const studentActor = (studentId: string): Actor => storedRoleActor(studentId, Role.Student);
