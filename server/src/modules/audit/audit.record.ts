import type { DataSource, EntityManager } from 'typeorm';
import type { Actor } from '../../policies';
import { AuditKind } from './audit.kinds';

/** One change to put on record. `from` and `to` are what a person would read (an email, a role, a score). */
export interface AuditEntry {
  kind: AuditKind;
  targetUserId?: string | null;
  courseId?: string | null;
  assessmentId?: string | null;
  submissionId?: string | null;
  from?: string | number | null;
  to?: string | number | null;
  /** Anything else worth reading later (a question's number, an operation's name, a count). */
  note?: string | null;
}

/**
 * Writes audit rows in the caller's transaction (pass its EntityManager), so a change and its record commit or
 * roll back together. One statement for any number of rows; the names of the actor and the person acted on are
 * copied as they are now, so the row reads the same after a rename or a deletion. `actor` null: the system (a
 * link opened by someone not signed in names the link's owner as the actor instead).
 */
export async function recordAudit(
  m: EntityManager | DataSource,
  actor: Actor | { userId: string; role: string; activeRole: string; impersonating: boolean } | null,
  entries: AuditEntry | AuditEntry[],
): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (!list.length) return;
  const rows = list.map((e) => ({
    kind: e.kind,
    target_user_id: e.targetUserId ?? null,
    course_id: e.courseId ?? null,
    assessment_id: e.assessmentId ?? null,
    submission_id: e.submissionId ?? null,
    details: Object.fromEntries(
      Object.entries({ from: e.from, to: e.to, note: e.note })
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => [k, String(v)]),
    ),
  }));
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
