import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drafts keep files (issue 25 point 6; DESIGN: files attached to a draft are kept with it). One file per
 * long answer of a draft, referenced by foreign key, so the file-cleanup job keeps it while the draft lives;
 * the row goes with its draft (submit, sweep, the item or the student deleted) and the job then removes the
 * bytes, unless the submit moved the file into the submission's answer.
 */
export class DraftFiles1732300025000 implements MigrationInterface {
  name = 'DraftFiles1732300025000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE submission_draft_files (
        assessment_id uuid NOT NULL,
        student_id uuid NOT NULL,
        question_id uuid NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
        file_id uuid NOT NULL REFERENCES files(id) ON DELETE RESTRICT,
        file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
        PRIMARY KEY (assessment_id, student_id, question_id),
        FOREIGN KEY (assessment_id, student_id) REFERENCES submission_drafts (assessment_id, student_id) ON DELETE CASCADE
      )`);
    await q.query('CREATE INDEX submission_draft_files_file_idx ON submission_draft_files (file_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE submission_draft_files');
  }
}
