import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The calendar feed (issue 17): at most one secret subscription link per user. Only the SHA-256 of the
 * secret is kept (as with sessions), so a stolen database does not give anyone's calendar; resetting the
 * link replaces the hash (the old address answers 404 at once), turning it off deletes the row, and deleting
 * the user removes it with them.
 */
export class Calendar1732300015000 implements MigrationInterface {
  name = 'Calendar1732300015000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE calendar_feeds (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_fetched_at timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE calendar_feeds');
  }
}
