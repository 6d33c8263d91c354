import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A user can be deactivated (issue 27: a OneRoster bulk import deactivates the people its SIS no longer lists).
 * A deactivated user keeps their work and links but cannot sign in, and their sessions, links and access tokens
 * end; NULL is an ordinary user. Kept as a time (when), not a flag, so the report and the audit can say it.
 */
export class UserDeactivation1732300027100 implements MigrationInterface {
  name = 'UserDeactivation1732300027100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN deactivated_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN deactivated_at`);
  }
}
