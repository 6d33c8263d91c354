import type { DataSource, EntityManager } from 'typeorm';
import { AuditKind } from './audit.kinds';
import { AuditActor, AuditEventRow, insertAuditEvents } from './audit.repository';

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
export async function recordAudit(m: EntityManager | DataSource, actor: AuditActor, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (!list.length) return;
  const rows = list.map((e): AuditEventRow => ({
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
  await insertAuditEvents(m, actor, rows);
}
