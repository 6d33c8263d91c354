import { registerEnumType } from 'type-graphql';

/** What an audit row records. Values are the GraphQL convention (ALL_CAPS); the table's check keeps them so. */
export enum AuditKind {
  USER_CREATED = 'USER_CREATED',
  USER_NAME_CHANGED = 'USER_NAME_CHANGED',
  USER_ROLE_CHANGED = 'USER_ROLE_CHANGED',
  USER_DELETED = 'USER_DELETED',
  EMAIL_CHANGE_REQUESTED = 'EMAIL_CHANGE_REQUESTED',
  EMAIL_CHANGED = 'EMAIL_CHANGED',
  EMAIL_CHANGE_REPORTED = 'EMAIL_CHANGE_REPORTED',
  PASSWORD_CHANGED = 'PASSWORD_CHANGED',
  PASSWORD_RESET = 'PASSWORD_RESET',
  FAMILY_LINKED = 'FAMILY_LINKED',
  FAMILY_UNLINKED = 'FAMILY_UNLINKED',
  ROLE_SWITCHED = 'ROLE_SWITCHED',
  ACTED_WHILE_SWITCHED = 'ACTED_WHILE_SWITCHED',
  GRADE_CHANGED = 'GRADE_CHANGED',
  SUBMISSIONS_DELETED = 'SUBMISSIONS_DELETED',
}

/** How the audit page names each kind. */
export const AUDIT_KIND_LABEL: Record<AuditKind, string> = {
  USER_CREATED: 'Account created',
  USER_NAME_CHANGED: 'Name changed',
  USER_ROLE_CHANGED: 'Role changed',
  USER_DELETED: 'Account deleted',
  EMAIL_CHANGE_REQUESTED: 'Email change requested',
  EMAIL_CHANGED: 'Email changed',
  EMAIL_CHANGE_REPORTED: 'Email change reported and cancelled',
  PASSWORD_CHANGED: 'Password changed',
  PASSWORD_RESET: 'Password set by link',
  FAMILY_LINKED: 'Parent linked',
  FAMILY_UNLINKED: 'Parent unlinked',
  ROLE_SWITCHED: 'Role switched',
  ACTED_WHILE_SWITCHED: 'Change made while viewing as another role',
  GRADE_CHANGED: 'Grade changed',
  SUBMISSIONS_DELETED: 'Submissions deleted',
};

registerEnumType(AuditKind, {
  name: 'AuditKind',
  description: 'What an audit log row records.',
  valuesConfig: Object.fromEntries(Object.entries(AUDIT_KIND_LABEL).map(([k, label]) => [k, { description: `${label}.` }])),
});
