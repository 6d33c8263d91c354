import { DataSource, EntityManager } from 'typeorm';
import { OutboxMessage } from './outbox.entity';

/*
 * Every statement of the mail domain (issue 29): the outbox's writes and the sender's claims and outcomes.
 * Queuing is TypeORM's insert of OutboxMessage rows (in the caller's transaction); the sender's statements are
 * raw SQL. Other domains' statements that queue mail with their own SQL use MailService.queueFrom's text.
 */

/** A claimed message as the sender needs it. */
export interface ClaimedMessage {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  attempts: number;
}

/** Queues messages in one statement, in the transaction of `m` (no mail for a rolled-back change); only the three columns are taken. */
export async function insertOutboxMessages(
  m: EntityManager,
  messages: Array<{ to: string; subject: string; text: string }>,
): Promise<void> {
  await m.insert(
    OutboxMessage,
    messages.map((message) => ({ to: message.to, subject: message.subject, text: message.text })),
  );
}

/**
 * Claims up to `batch` due messages, oldest first, counting the attempt and holding them for `claimSeconds`:
 * rows another run or instance has locked are skipped, so no message is sent twice at once.
 */
export async function claimDueMessages(
  db: DataSource | EntityManager,
  batch: number,
  claimSeconds: number,
  maxAttempts: number,
): Promise<ClaimedMessage[]> {
  const [claimed]: [ClaimedMessage[]] = await db.query(
    `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
        WHERE id IN (SELECT id FROM mail_outbox
                      WHERE sent_at IS NULL AND next_attempt_at <= now() AND attempts < $3
                      ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id, to_address, subject, text, attempts`,
    [batch, claimSeconds, maxAttempts],
  );
  return claimed;
}

/** Records a failed delivery and when to try again. */
export async function markMessageFailed(db: DataSource | EntityManager, id: string, error: string, retrySeconds: number): Promise<void> {
  await db.query(`UPDATE mail_outbox SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3) WHERE id = $1`, [
    id,
    error,
    retrySeconds,
  ]);
}

/** Records a delivered message. */
export async function markMessageSent(db: DataSource | EntityManager, id: string): Promise<void> {
  await db.query(`UPDATE mail_outbox SET sent_at = now(), last_error = NULL WHERE id = $1`, [id]);
}
