import { DataSource } from 'typeorm';
import { logger } from '../core/logger';
import { autoSubmitBatch } from '../modules/grading';
import { JOB_LOCKS, underAdvisoryLock } from './advisory';
import { ScheduledJob, schedule } from './schedule';

/**
 * Submissions each statement of a batch takes at most (new ones, reopened ones taken back, reopened ones
 * closed). On the large bench school a batch of 250 writes its answers and grades in about 0.4 s (500: 0.65 s).
 */
export const SWEEP_BATCH = 250;
/** Batches one run takes at most; a larger backlog goes on at the next run. */
export const SWEEP_BATCHES = 20;

/**
 * The overdue sweep (issues 13 and 24; DESIGN.md "overdue work"): at the due date (or a reopened submission's
 * customDueDate) of every visible item, submits, with isAutoSubmitted, the work each student started (their
 * draft), automatic questions graded. A student with nothing stays overdue: the clock alone never makes a
 * zero (the teacher's "Mark all missing as 0" does). One instance at a
 * time (the advisory lock; the others skip their turn); the writes are idempotent on their own as well, so a
 * teacher's autoSubmitOverdue running meanwhile never doubles a submission. A backlog (the first run over a large
 * school, an instance down for a while) goes in batches of SWEEP_BATCH, each its own transaction.
 */
export async function sweepOverdue(
  ds: DataSource,
  o: { batch?: number; batches?: number } = {},
): Promise<{ skipped: boolean; submitted: number }> {
  const batch = o.batch ?? SWEEP_BATCH;
  let submitted = 0;
  for (let i = 0; i < (o.batches ?? SWEEP_BATCHES); i++) {
    const run = await underAdvisoryLock(ds, JOB_LOCKS.overdueSweep, (m) =>
      autoSubmitBatch(m, { visibleOnly: true, missing: 'leave', limit: batch }),
    );
    // a table it needs is locked (JOB_LOCK_TIMEOUT_MS): the turn is over; another instance holds the job's lock: it is sweeping
    if (run.skipped) return { skipped: run.locked || i === 0, submitted };
    submitted += run.value.claimed.length;
    if (!run.value.more) break;
  }
  return { skipped: false, submitted };
}

/** Every `intervalMs` milliseconds (OVERDUE_SWEEP_INTERVAL_MS; 0: never in this instance). */
export function startOverdueSweep(ds: DataSource, intervalMs: number): ScheduledJob {
  return schedule('overdue-sweep', intervalMs / 1000, async () => {
    const { skipped, submitted } = await sweepOverdue(ds);
    if (submitted) logger.info({ submitted }, 'overdue work auto-submitted');
    else logger.debug({ skipped }, skipped ? 'overdue sweep skipped: another instance is sweeping' : 'overdue sweep: nothing overdue');
  });
}
