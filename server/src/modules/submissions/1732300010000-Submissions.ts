import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The taking side of assessments (issue 12). The submission tables came with the authoring migration; this
 * adds what taking needs beyond them: the release of manual results (a time, not a flag per submission, so a
 * late submission is released too), autosaved drafts (one per student and item; not a submission, so never
 * in a teacher's list; answers kept as JSON because a draft is never graded or reported on), and the history
 * of grades a Resubmit replaced (the teacher's feedback is never lost).
 */
export class Submissions1732300010000 implements MigrationInterface {
  name = 'Submissions1732300010000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE assessments ADD COLUMN results_released_at timestamptz`);
    await q.query(`
      CREATE TABLE submission_drafts (
        assessment_id uuid NOT NULL REFERENCES assessments(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        answers jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(answers) = 'array' AND pg_column_size(answers) <= 1000000),
        saved_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (assessment_id, student_id)
      )`);
    await q.query(`CREATE INDEX submission_drafts_student_idx ON submission_drafts (student_id)`);
    await q.query(`
      CREATE TABLE grade_history (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        submission_id uuid NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
        question_id uuid NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
        score numeric(8,2) NOT NULL CHECK (score >= 0),
        is_auto_graded boolean NOT NULL,
        feedback text NOT NULL DEFAULT '',
        graded_by uuid REFERENCES users(id) ON DELETE SET NULL,
        graded_at timestamptz NOT NULL,
        replaced_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX grade_history_submission_idx ON grade_history (submission_id, question_id)`);
    // the student's lists read submissions by student and item
    await q.query(`CREATE INDEX submissions_student_assessment_idx ON submissions (student_id, assessment_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX submissions_student_assessment_idx`);
    await q.query(`DROP TABLE grade_history`);
    await q.query(`DROP TABLE submission_drafts`);
    await q.query(`ALTER TABLE assessments DROP COLUMN results_released_at`);
  }
}
