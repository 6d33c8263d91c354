import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Images of questions (issue 30: "images referenced by items are imported as files"): one row per image of a
 * bank question or of an assessment question (exactly one owner), naming a files row. Copying, linking or
 * drawing a bank question into an assessment copies its rows (the files row is shared, so the bytes are kept
 * once); the file-cleanup sweep keeps every file a row names and removes the rest once their questions are gone.
 */
export class QuestionImages1732300031000 implements MigrationInterface {
  name = 'QuestionImages1732300031000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE question_images (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        bank_question_id uuid REFERENCES bank_questions(id) ON DELETE CASCADE,
        question_id uuid REFERENCES questions(id) ON DELETE CASCADE,
        file_id uuid NOT NULL REFERENCES files(id) ON DELETE RESTRICT,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
        position integer NOT NULL CHECK (position >= 1),
        CHECK (num_nonnulls(bank_question_id, question_id) = 1)
      )`);
    await q.query(
      'CREATE INDEX question_images_bank_question_idx ON question_images (bank_question_id, position) WHERE bank_question_id IS NOT NULL',
    );
    await q.query('CREATE INDEX question_images_question_idx ON question_images (question_id, position) WHERE question_id IS NOT NULL');
    await q.query('CREATE INDEX question_images_file_idx ON question_images (file_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE question_images');
  }
}
