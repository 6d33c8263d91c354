import { MigrationInterface, QueryRunner } from 'typeorm';
import { madeBeforeTheSplit } from '../../db/split-migrations';

/**
 * A course's discussion threads and their replies (a reply is of a thread of the same course), deleted with
 * it. Made by courses' migration before each domain made its own.
 */
export class Discussions1732300002400 implements MigrationInterface {
  name = 'Discussions1732300002400';

  async up(q: QueryRunner): Promise<void> {
    if (await madeBeforeTheSplit(q, 'discussions')) return;
    // a reply belongs to a thread of the same course: (parent_id, course_id) references (id, course_id)
    await q.query(`
      CREATE TABLE discussions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        parent_id uuid,
        title text NOT NULL CHECK (length(trim(title)) > 0 AND length(title) <= 210),
        content text NOT NULL CHECK (length(trim(content)) > 0 AND length(content) <= 20000),
        author_id uuid REFERENCES users(id) ON DELETE SET NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT discussions_id_course_key UNIQUE (id, course_id),
        CONSTRAINT discussions_parent_fk FOREIGN KEY (parent_id, course_id)
          REFERENCES discussions(id, course_id) ON DELETE CASCADE,
        CONSTRAINT discussions_not_own_parent CHECK (parent_id IS NULL OR parent_id <> id)
      )`);
    await q.query(`CREATE INDEX discussions_course_idx ON discussions (course_id, created_at) WHERE parent_id IS NULL`);
    await q.query(`CREATE INDEX discussions_parent_idx ON discussions (parent_id, created_at) WHERE parent_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE discussions`);
  }
}
