import { DataSource, EntityManager } from 'typeorm';
import { logger } from '../core/logger';

/**
 * Advisory lock keys of the jobs (single bigint form; seeding uses 7243001 and attendance the two-key form
 * 7243003, which PostgreSQL keeps apart). One list so two jobs never share a key by accident.
 */
export const JOB_LOCKS = {
  fileCleanup: 7243101,
  housekeeping: 7243102,
  overdueSweep: 7243103,
  dueSoon: 7243104,
  dailyDigest: 7243105,
} as const;

/**
 * How long a job's statement waits for a table or row lock before the run gives up its turn. A migration or a
 * bulk load (a OneRoster apply, the bench's generator rebuilding a table's indexes) holding what a job reads
 * would otherwise keep the job's pooled connection, and its advisory lock, waiting up to statement_timeout, and
 * the run would fail anyway; a request holds a row for milliseconds. The next run does the work.
 */
export const JOB_LOCK_TIMEOUT_MS = 2000;

/** Skipped: another instance holds the job's advisory lock (`locked` false), or a lock it needed was busy (true). */
export type Guarded<T> = { skipped: true; locked: boolean } | { skipped: false; value: T };

/** PostgreSQL's lock_not_available (lock_timeout), as the driver or TypeORM hands it on. */
const lockUnavailable = (err: unknown) =>
  (err as { driverError?: { code?: string }; code?: string }).driverError?.code === '55P03' || (err as { code?: string }).code === '55P03';

const jobOf = (key: number) => Object.entries(JOB_LOCKS).find(([, k]) => k === key)?.[0] ?? String(key);

/**
 * Runs `work` in one transaction holding the advisory lock `key`. When another instance (or connection)
 * holds it, the run is skipped rather than queued: it is doing the same work, and the next run catches up.
 * The lock goes with the transaction, so a crashed instance never leaves it held. Every statement of the
 * work waits at most JOB_LOCK_TIMEOUT_MS for a lock; past that the transaction rolls back whole, the run is
 * skipped with a warning, and the next run tries again.
 */
export async function underAdvisoryLock<T>(ds: DataSource, key: number, work: (m: EntityManager) => Promise<T>): Promise<Guarded<T>> {
  try {
    return await ds.transaction(async (m): Promise<Guarded<T>> => {
      const [{ got }] = await m.query(`SELECT pg_try_advisory_xact_lock($1) AS got, set_config('lock_timeout', $2, true)`, [
        key,
        `${JOB_LOCK_TIMEOUT_MS}ms`,
      ]);
      if (!got) return { skipped: true, locked: false };
      return { skipped: false, value: await work(m) };
    });
  } catch (err) {
    if (!lockUnavailable(err)) throw err;
    logger.warn({ job: jobOf(key) }, 'a table or row the job needs is locked (a migration or bulk load?): trying again next run');
    return { skipped: true, locked: true };
  }
}
