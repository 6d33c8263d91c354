import { MigrationInterface, QueryRunner } from 'typeorm';
import { madeBeforeTheSplit } from '../../db/split-migrations';

/**
 * The outbox: mail written in the transaction of what it tells, delivered after. Made by users' Foundation
 * migration before each domain made its own.
 */
export class MailOutbox1732300000200 implements MigrationInterface {
  name = 'MailOutbox1732300000200';

  async up(q: QueryRunner): Promise<void> {
    if (await madeBeforeTheSplit(q, 'mail_outbox')) return;
    await q.query(`
      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        to_address text NOT NULL,
        subject text NOT NULL,
        text text NOT NULL,
        sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mail_outbox`);
  }
}
