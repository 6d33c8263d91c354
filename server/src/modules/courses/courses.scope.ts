import { Actor, can } from '../../policies';

/**
 * Which courses a list may show to this actor, decided by the policy table and applied in SQL: all for
 * SuperAdmin and Admin, the ones they teach for a teacher, their class's for a student, none for a parent.
 */
export type CourseScope =
  { kind: 'all' } | { kind: 'teacher'; teacherId: string } | { kind: 'student'; studentId: string } | { kind: 'none' };

export function courseScope(actor: Actor): CourseScope {
  if (can(actor, 'course.listAll')) return { kind: 'all' };
  if (can(actor, 'course.listOfTeacher', { teacherId: actor.userId })) return { kind: 'teacher', teacherId: actor.userId };
  if (can(actor, 'course.listOfOwnClass')) return { kind: 'student', studentId: actor.userId };
  return { kind: 'none' };
}
