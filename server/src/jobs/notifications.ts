import { DataSource } from 'typeorm';
import { logger } from '../core/logger';
import { MailService } from '../modules/mail';
import { notifyDueSoon, queueDailyDigests } from '../modules/notifications';
import { JOB_LOCKS, underAdvisoryLock } from './advisory';
import { ScheduledJob, schedule } from './schedule';

/** The digest goes out at the first run on or after this hour of the day (UTC). */
export const DIGEST_HOUR_UTC = 6;

/**
 * Due-soon notices (issue 17 point 4): every student's visible, unsubmitted items due within 24 hours. One
 * instance at a time (the advisory lock); the notices are once per student per item on their own as well
 * (the table's unique key), so a second run, here or elsewhere, adds nothing.
 */
export async function sweepDueSoon(ds: DataSource): Promise<{ skipped: boolean; notified: number }> {
  const run = await underAdvisoryLock(ds, JOB_LOCKS.dueSoon, (m) => notifyDueSoon(m));
  return run.skipped ? { skipped: true, notified: 0 } : { skipped: false, notified: run.value };
}

/**
 * The daily digest mail: from DIGEST_HOUR_UTC on, once per user per day (notification_digests' primary key),
 * queued in the outbox in the same transaction that records it, so a failed run sends nothing and records nothing.
 */
export async function sendDailyDigests(
  ds: DataSource,
  mail: MailService,
  publicUrl: string,
  now = new Date(),
  hour = DIGEST_HOUR_UTC,
): Promise<{ skipped: boolean; sent: number }> {
  if (now.getUTCHours() < hour) return { skipped: true, sent: 0 };
  const run = await underAdvisoryLock(ds, JOB_LOCKS.dailyDigest, async (m) => {
    const messages = await queueDailyDigests(m, publicUrl);
    await mail.enqueueAll(m, messages);
    return messages.length;
  });
  if (!run.skipped && run.value) void mail.deliverPending();
  return run.skipped ? { skipped: true, sent: 0 } : { skipped: false, sent: run.value };
}

/** Both jobs, every `seconds` (NOTIFICATION_JOB_SECONDS; 0: never in this instance). */
export function startNotificationJobs(ds: DataSource, mail: MailService, publicUrl: string, seconds: number): ScheduledJob {
  return schedule('notifications', seconds, async () => {
    const due = await sweepDueSoon(ds);
    const digest = await sendDailyDigests(ds, mail, publicUrl);
    if (due.notified || digest.sent) logger.info({ dueSoon: due.notified, digests: digest.sent }, 'notifications sent');
  });
}
