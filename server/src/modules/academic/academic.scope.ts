import { Actor, can } from '../../policies';

/**
 * Which allocations a list may show to this actor, decided by the policy table and applied in
 * SQL: everything for academic managers, a teacher's own for a teacher, nothing for anyone else.
 */
export type AllocationScope = { kind: 'all' } | { kind: 'teacher'; teacherId: string } | { kind: 'none' };

export function allocationScope(actor: Actor): AllocationScope {
  if (can(actor, 'allocation.listAll')) return { kind: 'all' };
  if (can(actor, 'allocation.listOfTeacher', { teacherId: actor.userId })) return { kind: 'teacher', teacherId: actor.userId };
  return { kind: 'none' };
}

/** A stable key for DataLoaders whose results depend on the scope. */
export function scopeKey(scope: AllocationScope): string {
  return scope.kind === 'teacher' ? `teacher:${scope.teacherId}` : scope.kind;
}
