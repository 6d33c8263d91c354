import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A change of someone's sign-in email waits for the new address (issue 23): one row per request, holding the
 * hashes of two single-use secrets, the link mailed to the new address (confirm) and the one mailed to the
 * old address (report: "this was not me", which cancels it). At most one open request per user.
 */
export class EmailChanges1732300017000 implements MigrationInterface {
  name = 'EmailChanges1732300017000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE email_changes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        new_email text NOT NULL CHECK (length(new_email) <= 254),
        confirm_hash text NOT NULL UNIQUE,
        report_hash text NOT NULL UNIQUE,
        requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
        expires_at timestamptz NOT NULL,
        confirmed_at timestamptz,
        cancelled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (confirmed_at IS NULL OR cancelled_at IS NULL)
      )`);
    await q.query(
      `CREATE UNIQUE INDEX email_changes_open_key ON email_changes (user_id) WHERE confirmed_at IS NULL AND cancelled_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE email_changes`);
  }
}
