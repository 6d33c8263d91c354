import { DataSource } from 'typeorm';
import { validation } from '../../errors/domain-error';
import { wholeNumber } from '../../core/input';
import { Actor, authorize } from '../../policies';
import { AUDIT_KIND_LABEL, AuditKind } from './audit.kinds';
import { recordAudit } from './audit.record';
import { auditEventsPage } from './audit.repository';

export const AUDIT_TEXT = {
  cannotRead: 'You do not have permission to read the audit log',
  badFirst: (max: number) => `first must be a whole number from 1 to ${max}`,
  badCursor: 'The cursor is not one this list gave out',
  badKind: 'Unknown kind of audit event',
  badDate: 'Dates must be ISO 8601 dates or times',
} as const;

/** The most rows one page may hold. */
export const MAX_AUDIT_PAGE = 100;

export interface AuditFilter {
  /** Part of the name of whoever acted or was acted on. */
  person?: unknown;
  kind?: unknown;
  /** From this time (inclusive) ... */
  from?: unknown;
  /** ... to this time (exclusive). */
  to?: unknown;
  courseId?: unknown;
  submissionId?: unknown;
}

/** One row of the log, as read. */
export interface AuditRow {
  id: string;
  at: Date;
  kind: AuditKind;
  label: string;
  actorId: string | null;
  actorName: string | null;
  actorRole: string | null;
  actingRole: string | null;
  impersonating: boolean;
  targetUserId: string | null;
  targetName: string | null;
  courseId: string | null;
  courseTitle: string | null;
  assessmentId: string | null;
  assessmentTitle: string | null;
  submissionId: string | null;
  from: string | null;
  to: string | null;
  note: string | null;
}

export interface AuditPage {
  items: AuditRow[];
  totalCount: number;
  hasNextPage: boolean;
  endCursor: string | null;
}

export const auditCursor = (id: string) => Buffer.from(`audit:${id}`).toString('base64url');
function idOfCursor(cursor: unknown): string | undefined {
  if (cursor === undefined || cursor === null || cursor === '') return undefined;
  const m = typeof cursor === 'string' ? /^audit:(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString()) : null;
  if (!m) throw validation(AUDIT_TEXT.badCursor);
  return m[1];
}

function dateOf(v: unknown): Date | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const d = v instanceof Date ? v : typeof v === 'string' ? new Date(v) : new Date(NaN);
  if (Number.isNaN(d.getTime())) throw validation(AUDIT_TEXT.badDate);
  return d;
}

const uuidOrNone = (v: unknown) =>
  typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v) ? v : v ? '00000000-0000-0000-0000-000000000000' : undefined;

/**
 * The audit log (issue 23), read by SuperAdmin and Admin (everything) and by teachers (the grade changes of
 * the courses they teach: 'audit.read' in SQL). Newest first, paged by an opaque cursor; a page and the total
 * in one statement whatever the size of the log (audit.repository.ts).
 */
export class AuditService {
  constructor(private readonly ds: DataSource) {}

  /** A change made while viewing as another role, recorded after it committed (audit.switched.ts). */
  async recordSwitchedChange(actor: Actor, what: string): Promise<void> {
    await recordAudit(this.ds, actor, { kind: AuditKind.ACTED_WHILE_SWITCHED, from: actor.role, to: actor.activeRole, note: what });
  }

  async page(actor: Actor, filter: AuditFilter, paging: { first?: unknown; after?: unknown }): Promise<AuditPage> {
    authorize(actor, 'audit.list', undefined, { message: AUDIT_TEXT.cannotRead });
    const first = wholeNumber(paging.first ?? 50, AUDIT_TEXT.badFirst(MAX_AUDIT_PAGE), 1, MAX_AUDIT_PAGE)!;
    const after = idOfCursor(paging.after);
    let kind: AuditKind | undefined;
    if (filter.kind !== undefined && filter.kind !== null && filter.kind !== '') {
      if (!Object.values(AuditKind).includes(filter.kind as AuditKind)) throw validation(AUDIT_TEXT.badKind);
      kind = filter.kind as AuditKind;
    }
    const person = typeof filter.person === 'string' ? filter.person.trim().slice(0, 100) : '';
    const res = await auditEventsPage(
      this.ds,
      actor,
      {
        kind,
        person: person || undefined,
        from: dateOf(filter.from),
        to: dateOf(filter.to),
        courseId: uuidOrNone(filter.courseId),
        submissionId: uuidOrNone(filter.submissionId),
        after,
      },
      first,
    );
    const items = res.rows.slice(0, first).map(toAuditRow);
    return {
      items,
      totalCount: Number(res.total),
      hasNextPage: res.rows.length > first,
      endCursor: items.length ? auditCursor(items[items.length - 1].id) : null,
    };
  }
}

function toAuditRow(r: Record<string, unknown>): AuditRow {
  const kind = r.kind as AuditKind;
  return {
    id: r.id as string,
    at: new Date(r.at as string),
    kind,
    label: AUDIT_KIND_LABEL[kind] ?? kind,
    actorId: r.actor_id as string | null,
    actorName: r.actor_name as string | null,
    actorRole: r.actor_role as string | null,
    actingRole: r.acting_role as string | null,
    impersonating: r.impersonating as boolean,
    targetUserId: r.target_user_id as string | null,
    targetName: r.target_name as string | null,
    courseId: r.course_id as string | null,
    courseTitle: r.course_title as string | null,
    assessmentId: r.assessment_id as string | null,
    assessmentTitle: r.assessment_title as string | null,
    submissionId: r.submission_id as string | null,
    from: r.from as string | null,
    to: r.to as string | null,
    note: r.note as string | null,
  };
}
