import { DataSource, EntityManager } from 'typeorm';

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

export type Guarded<T> = { skipped: true } | { skipped: false; value: T };

/**
 * Runs `work` in one transaction holding the advisory lock `key`. When another instance (or connection)
 * holds it, the run is skipped rather than queued: it is doing the same work, and the next run catches up.
 * The lock goes with the transaction, so a crashed instance never leaves it held.
 */
export async function underAdvisoryLock<T>(ds: DataSource, key: number, work: (m: EntityManager) => Promise<T>): Promise<Guarded<T>> {
  return ds.transaction(async (m): Promise<Guarded<T>> => {
    const [{ got }] = await m.query('SELECT pg_try_advisory_xact_lock($1) AS got', [key]);
    if (!got) return { skipped: true };
    return { skipped: false, value: await work(m) };
  });
}
