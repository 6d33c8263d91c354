import { Actor, can } from '../../policies';
import { Role } from '../../core/role';
import { normalizeEmail } from './users.validation';

/**
 * Family links in a CSV import (issue 17): a Student row may name its parents (`parentEmails`), a Parent row
 * its children (`childEmails`), several emails separated by ';' or spaces. Each named user must be a valid row
 * of the same file with the right role, or an existing user with that role. Only SuperAdmin and Admin link.
 */
export const IMPORT_LINK_TEXT = {
  cannotLink: 'Only SuperAdmin and Admin can link parents and students',
  parentEmailsOnStudents: 'parentEmails is for Student rows only',
  childEmailsOnParents: 'childEmails is for Parent rows only',
  invalidEmail: (column: string, email: string) => `${column}: ${email} is not a valid email address`,
  notA: (column: string, email: string, role: Role) => `${column}: ${email} is not a ${role} in this file or the school`,
} as const;

/** The emails of one link column, normalised and without repeats. */
export function linkEmails(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [
    ...new Set(
      value
        .split(/[;\s]+/)
        .map(normalizeEmail)
        .filter(Boolean),
    ),
  ];
}

/** One row's links as the file asks for them: [parentEmail, studentEmail] pairs, or why they cannot be. */
export function rowLinks(
  actor: Actor,
  row: { email: string; role: unknown; parentEmails?: unknown; childEmails?: unknown },
): { pairs: Array<[string, string]>; named: Array<{ column: string; email: string; role: Role }>; error: string | null } {
  const parents = linkEmails(row.parentEmails);
  const children = linkEmails(row.childEmails);
  const none = { pairs: [], named: [] };
  if (!parents.length && !children.length) return { ...none, error: null };
  if (!can(actor, 'family.manage')) return { ...none, error: IMPORT_LINK_TEXT.cannotLink };
  if (parents.length && row.role !== Role.Student) return { ...none, error: IMPORT_LINK_TEXT.parentEmailsOnStudents };
  if (children.length && row.role !== Role.Parent) return { ...none, error: IMPORT_LINK_TEXT.childEmailsOnParents };
  const named = [
    ...parents.map((email) => ({ column: 'parentEmails', email, role: Role.Parent })),
    ...children.map((email) => ({ column: 'childEmails', email, role: Role.Student })),
  ];
  const bad = named.find((n) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(n.email));
  if (bad) return { ...none, error: IMPORT_LINK_TEXT.invalidEmail(bad.column, bad.email) };
  const pairs = named.map((n): [string, string] => (n.role === Role.Parent ? [n.email, row.email] : [row.email, n.email]));
  return { pairs, named, error: null };
}

/** Links by email, in one statement (the users exist by now: earlier, or inserted in the same transaction). */
export const INSERT_LINKS_SQL = `
  INSERT INTO parent_students (parent_id, student_id)
  SELECT p.id, s.id FROM unnest($1::text[], $2::text[]) AS x(parent_email, student_email)
    JOIN users p ON lower(p.email) = x.parent_email JOIN users s ON lower(s.email) = x.student_email
  ON CONFLICT DO NOTHING`;
