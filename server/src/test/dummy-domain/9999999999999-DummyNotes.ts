import { MigrationInterface, QueryRunner } from 'typeorm';

/** The dummy domain's own table: created by its own migration, listed in its own manifest. */
export class DummyNotes9999999999999 implements MigrationInterface {
  name = 'DummyNotes9999999999999';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE dummy_notes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      author_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      text text NOT NULL CHECK (length(text) BETWEEN 1 AND 200),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX dummy_notes_author ON dummy_notes (author_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE dummy_notes');
  }
}
