import { MigrationInterface, QueryRunner } from 'typeorm';
import { madeBeforeTheSplit } from '../../db/split-migrations';

/**
 * Submissions: one per student and item, their answers and per-question grades as rows. A stored file stays
 * while an answer names it (RESTRICT: the file sweep finds it by this foreign key). Made by assessments'
 * migration before each domain made its own.
 */
export class SubmissionTables1732300009100 implements MigrationInterface {
  name = 'SubmissionTables1732300009100';

  async up(q: QueryRunner): Promise<void> {
    if (await madeBeforeTheSplit(q, 'submissions')) return;
    await q.query(`
      CREATE TABLE submissions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        assessment_id uuid NOT NULL REFERENCES assessments(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'graded', 'reopened')),
        is_auto_submitted boolean NOT NULL DEFAULT false,
        allowed_after_due boolean NOT NULL DEFAULT false,
        custom_due_date timestamptz,
        submitted_at timestamptz,
        total_score numeric(8,2) NOT NULL DEFAULT 0 CHECK (total_score >= 0),
        max_score integer NOT NULL DEFAULT 0 CHECK (max_score >= 0),
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT submissions_assessment_student_key UNIQUE (assessment_id, student_id)
      )`);
    await q.query(`CREATE INDEX submissions_student_idx ON submissions (student_id)`);
    await q.query(`
      CREATE TABLE submission_answers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        submission_id uuid NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
        question_id uuid NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
        answer text NOT NULL DEFAULT '' CHECK (length(answer) <= 50000),
        selected_option_ids uuid[] NOT NULL DEFAULT '{}',
        file_id uuid REFERENCES files(id) ON DELETE RESTRICT,
        file_name text CHECK (file_name IS NULL OR length(file_name) BETWEEN 1 AND 255),
        CONSTRAINT submission_answers_submission_question_key UNIQUE (submission_id, question_id)
      )`);
    await q.query(`CREATE INDEX submission_answers_file_idx ON submission_answers (file_id) WHERE file_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE grades (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        submission_id uuid NOT NULL REFERENCES submissions(id) ON DELETE CASCADE,
        question_id uuid NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
        score numeric(8,2) NOT NULL CHECK (score >= 0),
        -- what the automatic grading gave, kept when a teacher overrides the score
        auto_score numeric(8,2) CHECK (auto_score IS NULL OR auto_score >= 0),
        is_auto_graded boolean NOT NULL DEFAULT false,
        feedback text NOT NULL DEFAULT '' CHECK (length(feedback) <= 10000),
        explanation jsonb,
        graded_by uuid REFERENCES users(id) ON DELETE SET NULL,
        version integer NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT grades_submission_question_key UNIQUE (submission_id, question_id)
      )`);
    await q.query(`CREATE INDEX grades_question_idx ON grades (question_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE grades, submission_answers, submissions`);
  }
}
