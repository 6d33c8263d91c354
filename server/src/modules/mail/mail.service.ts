import nodemailer, { Transporter } from 'nodemailer';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { Config } from '../../config';
import { logger } from '../../app/logger';
import { OutboxMessage } from './outbox.entity';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Mail goes through the outbox table: it is written in the same transaction as the change that causes
 * it (no mail for a rolled-back change), then delivered by SMTP when SMTP_URL is set.
 */
export class MailService {
  private transport?: Transporter;

  constructor(
    private readonly ds: DataSource,
    private readonly config: Config,
  ) {
    if (config.smtpUrl) this.transport = nodemailer.createTransport(config.smtpUrl);
  }

  async enqueue(manager: EntityManager, message: MailMessage): Promise<void> {
    await manager.insert(OutboxMessage, { to: message.to, subject: message.subject, text: message.text });
    if (!this.transport && this.config.nodeEnv !== 'production') {
      // development: the log is the mailbox, so links work without SMTP
      logger.info({ to: message.to, subject: message.subject, text: message.text }, 'mail kept in outbox');
    }
  }

  /** Sends what is waiting; a failure leaves the row unsent for the next call. */
  async deliverPending(): Promise<void> {
    if (!this.transport) return;
    const pending = await this.ds.getRepository(OutboxMessage).find({ where: { sentAt: IsNull() }, take: 50 });
    for (const m of pending) {
      try {
        await this.transport.sendMail({ from: this.config.mailFrom, to: m.to, subject: m.subject, text: m.text });
        await this.ds.getRepository(OutboxMessage).update(m.id, { sentAt: new Date() });
      } catch (err) {
        logger.warn({ err, to: m.to }, 'mail delivery failed');
      }
    }
  }
}
