import nodemailer from 'nodemailer';
import { DataSource, EntityManager } from 'typeorm';
import { Config } from '../../config';
import { logger } from '../../core/logger';
import { requestStore } from '../../core/request-store';
import { ScheduledJob, schedule } from '../../jobs/schedule';
import { claimDueMessages, insertOutboxMessages, markMessageFailed, markMessageSent } from './mail.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** What the sender needs of a nodemailer transport (tests hand in their own). */
export interface MailTransport {
  sendMail(mail: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

/** Messages one delivery run claims at a time. */
const BATCH = 20;
/** A claimed message is left to its sender this long before another run may try it (a crashed instance). */
const CLAIM_SECONDS = 300;
/** After this many failed deliveries a message stays in the outbox with its last error. */
export const MAX_ATTEMPTS = 8;
/** A failed delivery is tried again after 2^attempts minutes, at most an hour. */
const retrySeconds = (attempts: number) => Math.min(60 * 2 ** attempts, 3600);

/**
 * Mail goes through the outbox table: it is written in the same transaction as the change that causes it
 * (no mail for a rolled-back change), and a request never waits for SMTP. With SMTP_URL set, a background
 * sender (`startSender`, and `deliverPending` after a request queued mail) delivers due rows; without it the
 * table is the mailbox (development and tests read the links from it) and nothing is sent.
 */
export class MailService {
  private readonly transport?: MailTransport;
  private running?: Promise<void>;
  private runAgain = false;
  private stopped = false;

  constructor(
    private readonly ds: DataSource,
    private readonly config: Config,
    transport?: MailTransport,
  ) {
    this.transport = transport ?? (config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined);
  }

  async enqueue(manager: EntityManager, message: MailMessage): Promise<void> {
    await this.enqueueAll(manager, [message]);
  }

  /** Queues several messages in one statement (in the caller's transaction). */
  async enqueueAll(manager: EntityManager, messages: MailMessage[]): Promise<void> {
    if (!messages.length) return;
    await insertOutboxMessages(manager, messages);
    this.kept(messages);
  }

  /**
   * SQL that queues one message per row of `source` (a CTE of the caller's statement with the columns
   * to_address, subject and text) and returns them: for a statement that must do the same work whether or
   * not it finds a recipient. Hand what it returns to `queued`.
   */
  queueFrom(source: string): string {
    return `INSERT INTO mail_outbox (to_address, subject, text) SELECT to_address, subject, text FROM ${source}
            RETURNING to_address AS "to", subject, text`;
  }

  /** After a `queueFrom` statement: the development log, and delivery starts (whether it queued anything or not). */
  queued(messages: MailMessage[]): void {
    this.kept(messages);
    void this.deliverPending();
  }

  private kept(messages: MailMessage[]): void {
    if (this.transport || this.config.nodeEnv === 'production') return;
    // development: the log is the mailbox, so links work without SMTP
    for (const m of messages) logger.info({ to: m.to, subject: m.subject, text: m.text }, 'mail kept in outbox');
  }

  /**
   * Starts delivering what is due, in the background, outside the request that asked (its statements are not
   * the request's); a run in progress runs once more instead. Never rejects: failures are logged, and the
   * rows wait for a later run.
   */
  deliverPending(): Promise<void> {
    if (!this.transport || this.stopped) return Promise.resolve();
    if (this.running) {
      this.runAgain = true;
      return this.running;
    }
    this.running = requestStore
      .exit(() => this.drain())
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async drain(): Promise<void> {
    do {
      this.runAgain = false;
      try {
        let claimed = BATCH;
        while (claimed === BATCH && !this.stopped) claimed = await this.deliverDue();
      } catch (err) {
        logger.error({ err }, 'mail delivery run failed');
      }
    } while (this.runAgain && !this.stopped);
  }

  /**
   * One batch: claims due rows (other runs and instances skip claimed ones), sends each, and records either
   * the delivery or the error and when to try again. Returns how many rows it claimed.
   */
  async deliverDue(): Promise<number> {
    if (!this.transport) return 0;
    const claimed = await claimDueMessages(this.ds, BATCH, CLAIM_SECONDS, MAX_ATTEMPTS);
    for (const m of claimed) {
      try {
        await this.transport.sendMail({ from: this.config.mailFrom, to: m.to_address, subject: m.subject, text: m.text });
      } catch (err) {
        const last = m.attempts >= MAX_ATTEMPTS;
        logger[last ? 'error' : 'warn'](
          { err, to: m.to_address, attempts: m.attempts },
          last ? 'mail delivery failed; giving up' : 'mail delivery failed; will retry',
        );
        await markMessageFailed(this.ds, m.id, String((err as Error)?.message ?? err).slice(0, 1000), retrySeconds(m.attempts));
        continue;
      }
      await markMessageSent(this.ds, m.id);
    }
    return claimed.length;
  }

  /** The background sender of this instance: every `seconds` (MAIL_SEND_SECONDS; 0: only when a request queues mail). */
  startSender(seconds: number): ScheduledJob {
    const job = schedule('mail-sender', this.transport ? seconds : 0, () => this.deliverPending());
    return {
      stop: async () => {
        this.stopped = true;
        await job.stop();
        await this.running;
      },
    };
  }
}
