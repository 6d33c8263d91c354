import { DataSource } from 'typeorm';
import { logger } from '../app/logger';
import { autoSubmitOverdue } from '../modules/review/review.autosubmit';
import { JOB_LOCKS, underAdvisoryLock } from './advisory';
import { ScheduledJob, schedule } from './schedule';

/**
 * The overdue sweep (issue 13; DESIGN.md "overdue work"): auto-submits, with isAutoSubmitted, the work of
 * every student whose due date (or a reopened submission's customDueDate) has passed, on every visible item:
 * the saved draft when there is one, else an empty submission, automatic questions graded. One instance at a
 * time (the advisory lock; the others skip their turn); the writes are idempotent on their own as well, so a
 * teacher's autoSubmitOverdue running meanwhile never doubles a submission.
 */
export async function sweepOverdue(ds: DataSource): Promise<{ skipped: boolean; submitted: number }> {
  const run = await underAdvisoryLock(ds, JOB_LOCKS.overdueSweep, (m) => autoSubmitOverdue(m, { visibleOnly: true }));
  return run.skipped ? { skipped: true, submitted: 0 } : { skipped: false, submitted: run.value.length };
}

/** Every `intervalMs` milliseconds (OVERDUE_SWEEP_INTERVAL_MS; 0: never in this instance). */
export function startOverdueSweep(ds: DataSource, intervalMs: number): ScheduledJob {
  return schedule('overdue-sweep', intervalMs / 1000, async () => {
    const { skipped, submitted } = await sweepOverdue(ds);
    if (submitted) logger.info({ submitted }, 'overdue work auto-submitted');
    else logger.debug({ skipped }, skipped ? 'overdue sweep skipped: another instance is sweeping' : 'overdue sweep: nothing overdue');
  });
}
