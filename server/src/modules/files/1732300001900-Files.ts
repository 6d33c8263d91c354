import { MigrationInterface, QueryRunner } from 'typeorm';
import { madeBeforeTheSplit } from '../../db/split-migrations';

/**
 * Stored files: the bytes' key, name, size, type and checksum. A row stays while any other table's row names it
 * (their foreign keys restrict; the file sweep keeps what they name). Made by courses' migration before each
 * domain made its own.
 */
export class Files1732300001900 implements MigrationInterface {
  name = 'Files1732300001900';

  async up(q: QueryRunner): Promise<void> {
    if (await madeBeforeTheSplit(q, 'files')) return;
    await q.query(`
      CREATE TABLE files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        storage_key text NOT NULL UNIQUE,
        original_name text NOT NULL CHECK (length(original_name) BETWEEN 1 AND 255),
        size bigint NOT NULL CHECK (size >= 0 AND size <= 52428800),
        mime text NOT NULL CHECK (length(mime) > 0),
        sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        owner_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE files`);
  }
}
