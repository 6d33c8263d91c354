import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox is delivered by a background sender: a row is claimed for a while (so instances never send it
 * twice at once), and a failed delivery is tried again later with its error kept.
 */
export class OutboxDelivery1732300008200 implements MigrationInterface {
  name = 'OutboxDelivery1732300008200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE mail_outbox
        ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN last_error text`);
    await q.query(`CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX mail_outbox_due_idx`);
    await q.query(`ALTER TABLE mail_outbox DROP COLUMN attempts, DROP COLUMN next_attempt_at, DROP COLUMN last_error`);
  }
}
