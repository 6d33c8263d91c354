import { ASSESSMENT_REF } from '../assessments';
import { inRosterSql, rosterSql } from './dashboards.queries';

/** Which items an auto-submit covers, and what becomes of students who started nothing. */
export interface AutoSubmitScope {
  assessmentId?: string;
  /**
   * Only items students can see (the sweep): a hidden item (or one in a hidden module) was never open to
   * its students, so nobody is overdue on it until it is shown. A teacher's explicit call covers it anyway.
   */
  visibleOnly: boolean;
  /**
   * 'leave' (the clock, issue 24): only work a student started (a draft) is submitted; a student with nothing
   * stays overdue for the teacher to reopen or grade, and reopened work that expired with nothing handed in
   * is taken back, so the student is overdue again. 'zero' (the teacher's "Mark all missing as 0"): every
   * overdue student without work gets an empty submission, automatic questions graded (so mostly 0).
   */
  missing: 'leave' | 'zero';
  /**
   * At most this many rows per statement of one call (new submissions, reopened ones taken back, reopened ones
   * closed: the sweep's batches, each in its own transaction, so no statement grows with the school's
   * backlog); the rest is left for the next call, oldest due first. None: all of them (a teacher's call
   * covers one item).
   */
  limit?: number;
}

/**
 * The texts of an auto-submit's three claims, which share their parameters (grading.repository.overdue.ts runs them):
 * `created`, the new submissions of overdue students; `removed`, the expired reopened work taken back ('leave'
 * only); `expired`, the expired reopened work closed.
 */
export interface OverdueClaimSql {
  params: unknown[];
  created: string;
  removed: string;
  expired: string;
}

/** The claims of an auto-submit of `scope` (see autoSubmitOverdue, auto-submit.ts). */
export function overdueClaimSql(scope: AutoSubmitScope): OverdueClaimSql {
  const params: unknown[] = [];
  const one = scope.assessmentId ? ` AND a.id = $${params.push(scope.assessmentId)}::uuid` : '';
  const visible = scope.visibleOnly ? ` AND ${ASSESSMENT_REF.visible}` : '';
  const zero = scope.missing === 'zero';
  const limitRef = scope.limit === undefined ? null : `$${params.push(scope.limit)}::int`;
  const firstOf = (order: string) => (limitRef ? ` ORDER BY ${order} LIMIT ${limitRef}` : '');
  const hasDraft = (aid: string, sid: string) =>
    `EXISTS (SELECT 1 FROM submission_drafts d WHERE d.assessment_id = ${aid} AND d.student_id = ${sid})`;
  // work handed in before a reopening: it stands when the reopening ends
  const handedInOf = (
    x: string,
  ) => `(${x}.submitted_at IS NOT NULL OR EXISTS (SELECT 1 FROM submission_answers sa WHERE sa.submission_id = ${x}.id)
                     OR EXISTS (SELECT 1 FROM grades g WHERE g.submission_id = ${x}.id))`;
  const handedIn = handedInOf('s');
  // what 'leave' takes back: nothing handed in, nothing started
  const emptyOf = (x: string) => `NOT ${handedInOf(x)} AND NOT ${hasDraft(`${x}.assessment_id`, `${x}.student_id`)}`;
  // 'leave' claims only started work, so it starts from the drafts and tests each one's roster: listing the
  // roster of every overdue item (hundreds of thousands of pairs on a large school) to find the few with a
  // draft cost the sweep that much work every minute
  const candidates = zero
    ? `SELECT r.assessment_id, r.student_id FROM (${rosterSql(`a.due_date < now()${one}${visible}`)}) r`
    : `SELECT d.assessment_id, d.student_id FROM submission_drafts d JOIN assessments a ON a.id = d.assessment_id
        WHERE a.due_date < now()${one}${visible} AND ${inRosterSql('d.student_id')}`;
  const created = `INSERT INTO submissions (assessment_id, student_id, status, is_auto_submitted, submitted_at, max_score, updated_at)
     SELECT r.assessment_id, r.student_id, 'pending', true, now(), a.total_points, clock_timestamp()
       FROM (${candidates}) r JOIN assessments a ON a.id = r.assessment_id
      WHERE NOT EXISTS (SELECT 1 FROM submissions s WHERE s.assessment_id = r.assessment_id AND s.student_id = r.student_id)
     ${firstOf('a.due_date')}
     ON CONFLICT (assessment_id, student_id) DO NOTHING
     RETURNING id, assessment_id, student_id, false AS reopened`;
  // the reopened submissions a statement may take: with a limit, the oldest due of those it would take (each
  // statement its own window, so the UPDATE never closes one the DELETE would have taken back); the outer
  // conditions are checked again on a row a concurrent Resubmit changed
  const expiring = (which: (w: string) => string) =>
    `s.status = 'reopened' AND s.custom_due_date < now()${one}${visible}${
      !limitRef
        ? ''
        : `
          AND s.id IN (SELECT w.id FROM submissions w JOIN assessments a ON a.id = w.assessment_id
                        WHERE w.status = 'reopened' AND w.custom_due_date < now()${one}${visible} AND ${which('w')}${firstOf('w.custom_due_date, w.id')})`
    }`;
  const removed = `WITH gone AS (DELETE FROM submissions s USING assessments a
        WHERE a.id = s.assessment_id AND ${expiring(emptyOf)} AND ${emptyOf('s')} RETURNING s.id)
       SELECT count(*)::int AS removed FROM gone`;
  // allowed_after_due goes: the reopening is over. What is submitted now (a draft, or nothing when the teacher
  // marks it missing) is auto-submitted; work handed in before the reopening stands as it was handed in, with
  // its own submitted time and mark. custom_due_date stays on record.
  // in a WITH so the driver answers rows (a bare UPDATE ... RETURNING comes back as [rows, count])
  const submitsNow = `(${hasDraft('s.assessment_id', 's.student_id')} OR NOT ${handedIn})`;
  const expired = `WITH claimed AS (UPDATE submissions s SET status = 'pending', allowed_after_due = false,
            is_auto_submitted = CASE WHEN ${submitsNow} THEN true ELSE s.is_auto_submitted END,
            submitted_at = CASE WHEN ${submitsNow} THEN now() ELSE s.submitted_at END,
            version = s.version + 1, updated_at = clock_timestamp()
       FROM assessments a
      WHERE a.id = s.assessment_id AND ${expiring((w) => (zero ? 'true' : `NOT (${emptyOf(w)})`))}
     RETURNING s.id, s.assessment_id, s.student_id, true AS reopened) SELECT * FROM claimed`;
  return { params, created, removed, expired };
}
