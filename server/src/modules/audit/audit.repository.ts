import type { DataSource, EntityManager } from 'typeorm';
import type { Actor } from '../../policies';
import { auditReadableSql } from '../../policies/sql';
import type { AuditKind } from './audit.kinds';

/**
 * Every statement of the audit domain (issue 29): the rows written with each change and the log's pages. The
 * domain writes raw SQL (one INSERT for any number of rows, one SELECT for a page and its total); the service
 * and recordAudit (audit.record.ts) decide and shape, and run nothing themselves.
 */

/** One row to insert, as recordAudit shapes it from an AuditEntry (column names; details already text). */
export interface AuditEventRow {
  kind: AuditKind;
  target_user_id: string | null;
  course_id: string | null;
  assessment_id: string | null;
  submission_id: string | null;
  details: Record<string, string>;
}

/** Whoever acted as the rows name them; null: the system. */
export type AuditActor = Actor | { userId: string; role: string; activeRole: string; impersonating: boolean } | null;

/**
 * Inserts audit rows in the caller's transaction, with the names of the actor and the person acted on copied as
 * they are now (so a row reads the same after a rename or a deletion).
 */
export async function insertAuditEvents(m: EntityManager | DataSource, actor: AuditActor, rows: AuditEventRow[]): Promise<void> {
  await m.query(
    `INSERT INTO audit_events (kind, actor_id, actor_name, actor_role, acting_role, impersonating, target_user_id, target_name,
                               course_id, assessment_id, submission_id, details)
     SELECT e.kind, $2::uuid, (SELECT first_name || ' ' || last_name FROM users WHERE id = $2::uuid), $3, $4, $5,
            e.target_user_id, (SELECT first_name || ' ' || last_name FROM users WHERE id = e.target_user_id),
            e.course_id, e.assessment_id, e.submission_id, e.details
       FROM jsonb_to_recordset($1::jsonb) AS e(kind text, target_user_id uuid, course_id uuid, assessment_id uuid, submission_id uuid, details jsonb)`,
    [JSON.stringify(rows), actor?.userId ?? null, actor?.role ?? null, actor?.activeRole ?? null, actor?.impersonating ?? false],
  );
}

/** A page's filters, already checked by the service: each one given narrows the rows. */
export interface AuditEventsFilter {
  kind?: AuditKind;
  /** Part of the name of whoever acted or was acted on (trimmed, not empty). */
  person?: string;
  from?: Date;
  to?: Date;
  courseId?: string;
  submissionId?: string;
  /** The id of the last row of the page before. */
  after?: string;
}

/** A page of rows (one more than `first` when there are more) and the filter's total: the rows as PostgreSQL shapes them. */
export interface AuditEventsRead {
  total: string;
  rows: Array<Record<string, unknown>>;
}

/**
 * The rows the reader may read ('audit.read' in SQL) that match the filter, newest first, `first` + 1 of them
 * past `after`, and the filter's total: one statement, also past the last page.
 */
export async function auditEventsPage(ds: DataSource, actor: Actor, f: AuditEventsFilter, first: number): Promise<AuditEventsRead> {
  const params: unknown[] = [actor.userId];
  const where = [auditReadableSql(actor, { kind: 'e.kind', courseId: 'e.course_id' }, '$1::uuid')];
  if (f.kind) where.push(`e.kind = $${params.push(f.kind)}`);
  if (f.person) {
    const like = `%${f.person.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(`(e.actor_name ILIKE $${params.push(like)} OR e.target_name ILIKE $${params.length})`);
  }
  if (f.from) where.push(`e.at >= $${params.push(f.from)}`);
  if (f.to) where.push(`e.at < $${params.push(f.to)}`);
  if (f.courseId) where.push(`e.course_id = $${params.push(f.courseId)}`);
  if (f.submissionId) where.push(`e.submission_id = $${params.push(f.submissionId)}`);
  const afterSql = f.after ? `WHERE f.id < $${params.push(f.after)}` : '';
  const [res]: AuditEventsRead[] = await ds.query(
    `WITH f AS (SELECT e.*, $1::uuid AS viewer FROM audit_events e WHERE ${where.join(' AND ')}),
            p AS (SELECT f.id::text AS id, f.at, f.kind, f.actor_id, f.actor_name, f.actor_role, f.acting_role, f.impersonating,
                         f.target_user_id, f.target_name, f.course_id, c.title AS course_title, f.assessment_id,
                         a.title AS assessment_title, f.submission_id, f.details->>'from' AS "from", f.details->>'to' AS "to",
                         f.details->>'note' AS note, f.id AS n
                    FROM f LEFT JOIN courses c ON c.id = f.course_id LEFT JOIN assessments a ON a.id = f.assessment_id
                    ${afterSql} ORDER BY f.id DESC LIMIT ${first + 1})
       SELECT (SELECT count(*) FROM f) AS total, COALESCE((SELECT json_agg(p ORDER BY p.n DESC) FROM p), '[]'::json) AS rows`,
    params,
  );
  return res;
}
