import { MigrationInterface, QueryRunner } from 'typeorm';
import { madeBeforeTheSplit } from '../../db/split-migrations';

/**
 * A module's content: a stored file with its title and type, deleted with its module; the file stays while a
 * content row names it (clones share the bytes). Made by courses' migration before each domain made its own.
 */
export class Contents1732300002200 implements MigrationInterface {
  name = 'Contents1732300002200';

  async up(q: QueryRunner): Promise<void> {
    if (await madeBeforeTheSplit(q, 'contents')) return;
    await q.query(`
      CREATE TABLE contents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        module_id uuid NOT NULL REFERENCES course_modules(id) ON DELETE CASCADE,
        title text NOT NULL CHECK (length(trim(title)) > 0 AND length(title) <= 200),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
        content_type text NOT NULL DEFAULT 'PDF' CHECK (content_type IN ('PDF','Video','PPT','Reading','Other')),
        file_id uuid NOT NULL REFERENCES files(id) ON DELETE RESTRICT,
        file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
        file_size bigint NOT NULL CHECK (file_size >= 0),
        mime_type text NOT NULL,
        is_visible boolean NOT NULL DEFAULT true,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX contents_module_idx ON contents (module_id, created_at)`);
    await q.query(`CREATE INDEX contents_file_idx ON contents (file_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE contents`);
  }
}
