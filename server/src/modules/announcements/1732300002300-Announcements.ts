import { MigrationInterface, QueryRunner } from 'typeorm';
import { madeBeforeTheSplit } from '../../db/split-migrations';

/**
 * A course's announcements, deleted with it. Made by courses' migration before each domain made its own.
 */
export class Announcements1732300002300 implements MigrationInterface {
  name = 'Announcements1732300002300';

  async up(q: QueryRunner): Promise<void> {
    if (await madeBeforeTheSplit(q, 'announcements')) return;
    await q.query(`
      CREATE TABLE announcements (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        title text NOT NULL CHECK (length(trim(title)) > 0 AND length(title) <= 200),
        content text NOT NULL CHECK (length(trim(content)) > 0 AND length(content) <= 20000),
        is_visible boolean NOT NULL DEFAULT true,
        author_id uuid REFERENCES users(id) ON DELETE SET NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX announcements_course_idx ON announcements (course_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE announcements`);
  }
}
