import { DataSource } from 'typeorm';
import { JOB_LOCKS, underAdvisoryLock } from './advisory';
import { ScheduledJob, schedule } from './schedule';

/**
 * Rows that only ever grow: sign-in and reset-link attempts (counted over 15 minutes and an hour), sessions
 * past their expiry, password tokens used or expired, expired access tokens (personal and applications') and
 * applications' per-minute request counts. After a day none of them decides anything, so they go; one instance
 * at a time (the advisory lock).
 */
const SWEEPS = [
  `DELETE FROM login_attempts WHERE created_at < now() - interval '1 day'`,
  `DELETE FROM link_requests WHERE created_at < now() - interval '1 day'`,
  `DELETE FROM sessions WHERE expires_at < now() - interval '1 day'`,
  `DELETE FROM password_tokens WHERE (used_at IS NOT NULL OR expires_at < now()) AND created_at < now() - interval '1 day'`,
  `DELETE FROM access_tokens WHERE expires_at < now() - interval '1 day'`,
  `DELETE FROM application_tokens WHERE expires_at < now() - interval '1 day'`,
  `DELETE FROM application_request_counts WHERE minute < now() - interval '1 day'`,
];

export async function sweepStaleRows(ds: DataSource): Promise<{ skipped: boolean; deleted: number }> {
  const run = await underAdvisoryLock(ds, JOB_LOCKS.housekeeping, async (m) => {
    let deleted = 0;
    for (const sql of SWEEPS) {
      const [{ n }]: Array<{ n: number }> = await m.query(`WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`);
      deleted += n;
    }
    return deleted;
  });
  return run.skipped ? { skipped: true, deleted: 0 } : { skipped: false, deleted: run.value };
}

export function startHousekeeping(ds: DataSource, seconds: number): ScheduledJob {
  return schedule('housekeeping', seconds, () => sweepStaleRows(ds));
}
