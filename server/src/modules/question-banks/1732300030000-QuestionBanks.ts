import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Question banks (issue 30): a teacher's banks by subject, shared with the subject's other teachers to read or
 * edit; their questions carry what assessment questions carry, plus tags. An assessment's question remembers
 * the bank question it came from (bank_question_id; linked copies follow bank edits until the first submission).
 * Random draws: an assessment draws `count` questions of a bank (or of one tag) per student; each drawn bank
 * question is materialised once per assessment as an ordinary question row (draw_id set) and each student's
 * picks are stored, so answers and grades use ordinary question ids and a draw never changes.
 */
export class QuestionBanks1732300030000 implements MigrationInterface {
  name = 'QuestionBanks1732300030000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE question_banks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        subject_id uuid NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(trim(name)) > 0 AND length(name) <= 200),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
        sharing text NOT NULL DEFAULT 'private' CHECK (sharing IN ('private', 'read', 'edit')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        version integer NOT NULL DEFAULT 1
      )`);
    await q.query('CREATE INDEX question_banks_owner_idx ON question_banks (owner_id)');
    await q.query('CREATE INDEX question_banks_subject_idx ON question_banks (subject_id)');
    await q.query(`
      CREATE TABLE bank_questions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        bank_id uuid NOT NULL REFERENCES question_banks(id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('MCQ', 'ShortAnswer', 'LongAnswer')),
        question_text text NOT NULL CHECK (length(trim(question_text)) > 0 AND length(question_text) <= 10000),
        points integer NOT NULL DEFAULT 1 CHECK (points >= 1 AND points <= 100000),
        partial_enabled boolean NOT NULL DEFAULT false,
        penalty_per_wrong integer NOT NULL DEFAULT 0 CHECK (penalty_per_wrong BETWEEN 0 AND 100),
        tags text[] NOT NULL DEFAULT '{}' CHECK (cardinality(tags) <= 20),
        position integer NOT NULL CHECK (position >= 1),
        version integer NOT NULL DEFAULT 1
      )`);
    await q.query('CREATE INDEX bank_questions_bank_idx ON bank_questions (bank_id, position)');
    await q.query('CREATE INDEX bank_questions_tags_idx ON bank_questions USING gin (tags)');
    await q.query(`
      CREATE TABLE bank_question_options (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        bank_question_id uuid NOT NULL REFERENCES bank_questions(id) ON DELETE CASCADE,
        text text NOT NULL CHECK (length(trim(text)) > 0 AND length(text) <= 2000),
        is_correct boolean NOT NULL DEFAULT false,
        position integer NOT NULL CHECK (position >= 1)
      )`);
    await q.query('CREATE INDEX bank_question_options_question_idx ON bank_question_options (bank_question_id, position)');
    await q.query(`
      CREATE TABLE bank_accepted_answers (
        bank_question_id uuid NOT NULL REFERENCES bank_questions(id) ON DELETE CASCADE,
        answer text NOT NULL CHECK (length(trim(answer)) > 0 AND length(answer) <= 2000),
        weight integer NOT NULL DEFAULT 100 CHECK (weight BETWEEN 0 AND 100),
        position integer NOT NULL CHECK (position >= 1),
        PRIMARY KEY (bank_question_id, position)
      )`);
    await q.query(`
      CREATE TABLE assessment_draws (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        assessment_id uuid NOT NULL REFERENCES assessments(id) ON DELETE CASCADE,
        -- a bank some draw uses cannot be deleted (the service answers CONFLICT first)
        bank_id uuid NOT NULL REFERENCES question_banks(id) ON DELETE RESTRICT,
        tag text CHECK (tag IS NULL OR length(trim(tag)) > 0),
        count integer NOT NULL CHECK (count BETWEEN 1 AND 1000),
        position integer NOT NULL CHECK (position >= 1),
        UNIQUE (assessment_id, position)
      )`);
    await q.query('CREATE INDEX assessment_draws_bank_idx ON assessment_draws (bank_id)');
    await q.query(`
      ALTER TABLE questions
        ADD COLUMN bank_question_id uuid REFERENCES bank_questions(id) ON DELETE SET NULL,
        ADD COLUMN bank_linked boolean NOT NULL DEFAULT false,
        ADD COLUMN draw_id uuid REFERENCES assessment_draws(id) ON DELETE CASCADE`);
    await q.query('CREATE INDEX questions_bank_question_idx ON questions (bank_question_id) WHERE bank_question_id IS NOT NULL');
    // a bank question is materialised once per draw
    await q.query(
      'CREATE UNIQUE INDEX questions_draw_bank_question_key ON questions (draw_id, bank_question_id) WHERE draw_id IS NOT NULL',
    );
    await q.query(`
      CREATE TABLE assessment_draw_picks (
        draw_id uuid NOT NULL REFERENCES assessment_draws(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        question_id uuid NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 1),
        PRIMARY KEY (draw_id, student_id, position),
        UNIQUE (draw_id, student_id, question_id)
      )`);
    await q.query('CREATE INDEX assessment_draw_picks_question_idx ON assessment_draw_picks (question_id, student_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE assessment_draw_picks');
    await q.query('ALTER TABLE questions DROP COLUMN draw_id, DROP COLUMN bank_linked, DROP COLUMN bank_question_id');
    await q.query('DROP TABLE assessment_draws');
    await q.query('DROP TABLE bank_accepted_answers');
    await q.query('DROP TABLE bank_question_options');
    await q.query('DROP TABLE bank_questions');
    await q.query('DROP TABLE question_banks');
  }
}
