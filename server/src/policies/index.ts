import { DomainError } from '../errors/domain-error';
import { Actor } from './actor';
import { Action, ObjectOf, rules } from './rules';
import { ASSIGNABLE_ROLES, SWITCHABLE_ROLES } from './roles';
import { Role } from '../core/role';

export type { Actor } from './actor';
export type { Action } from './rules';

export function can<A extends Action>(actor: Actor, action: A, object?: ObjectOf<A>): boolean {
  const rule = rules[action] as (actor: Actor, object: unknown) => boolean;
  return rule(actor, object);
}

interface DenyAs {
  /** 'notFound' for reads of one object, so a denial does not reveal that it exists. */
  as?: 'forbidden' | 'notFound';
  message?: string;
}

/** Throws unless the rule allows it; services call this on the object they act on. */
export function authorize<A extends Action>(actor: Actor, action: A, object?: ObjectOf<A>, deny: DenyAs = {}): void {
  if (can(actor, action, object)) return;
  if (deny.as === 'notFound') throw new DomainError('NOT_FOUND', deny.message ?? 'Not found');
  throw new DomainError('FORBIDDEN', deny.message ?? 'You do not have permission to do this');
}

/** What the client may show; hiding a button is a courtesy, the rules above are the protection. */
export function abilitiesOf(actor: Actor) {
  return {
    manageUsers: can(actor, 'user.list'),
    assignableRoles: ASSIGNABLE_ROLES[actor.activeRole as Role] ?? [],
    switchableRoles: (SWITCHABLE_ROLES[actor.role as Role] ?? []) as Role[],
    manageAcademicStructure: can(actor, 'academic.manage'),
    markAttendance: can(actor, 'attendance.staff'),
    viewOwnAttendance: can(actor, 'attendance.readOwn'),
    manageFamilies: can(actor, 'family.manage'),
    manageApplications: can(actor, 'application.manage'),
    manageAccessTokens: can(actor, 'accessToken.manage'),
  };
}
