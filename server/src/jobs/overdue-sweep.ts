import { DataSource } from 'typeorm';
import { logger } from '../app/logger';
import { autoSubmitOverdue } from '../modules/review/review.autosubmit';
import { JOB_LOCKS, underAdvisoryLock } from './advisory';
import { ScheduledJob, schedule } from './schedule';

/**
 * The overdue sweep (issues 13 and 24; DESIGN.md "overdue work"): at the due date (or a reopened submission's
 * customDueDate) of every visible item, submits, with isAutoSubmitted, the work each student started (their
 * draft), automatic questions graded. A student with nothing stays overdue: the clock alone never makes a
 * zero (the teacher's "Mark all missing as 0" does). One instance at a
 * time (the advisory lock; the others skip their turn); the writes are idempotent on their own as well, so a
 * teacher's autoSubmitOverdue running meanwhile never doubles a submission.
 */
export async function sweepOverdue(ds: DataSource): Promise<{ skipped: boolean; submitted: number }> {
  const run = await underAdvisoryLock(ds, JOB_LOCKS.overdueSweep, (m) => autoSubmitOverdue(m, { visibleOnly: true, missing: 'leave' }));
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
