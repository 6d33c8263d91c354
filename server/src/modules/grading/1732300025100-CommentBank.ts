import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A teacher's comment bank (issue 25 point 3): saved feedback snippets, kept per teacher. Only a user whose
 * stored role is Teacher owns snippets ((id, role) referenced with the role fixed, as allocations do); each
 * text once per teacher (by its hash, since a text may be long); they go with their teacher.
 */
export class CommentBank1732300025100 implements MigrationInterface {
  name = 'CommentBank1732300025100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE comment_snippets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        teacher_id uuid NOT NULL,
        teacher_role text NOT NULL DEFAULT 'Teacher' CHECK (teacher_role = 'Teacher'),
        text text NOT NULL CHECK (length(trim(text)) > 0 AND length(text) <= 1000),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT comment_snippets_teacher_fk FOREIGN KEY (teacher_id, teacher_role) REFERENCES users(id, role) ON DELETE CASCADE ON UPDATE RESTRICT
      )`);
    await q.query('CREATE UNIQUE INDEX comment_snippets_teacher_text_key ON comment_snippets (teacher_id, md5(text))');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE comment_snippets');
  }
}
