import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Assessments (assignments, exams, quizzes) with their questions, options, accepted answers and targets (the
 * submission tables it also made before each domain made its own are submissions' SubmissionTables migration).
 * Everything below a course or a module goes with it (cascades). Every range of the spec is a CHECK here, not
 * only in the service.
 */
export class Assessments1732300009000 implements MigrationInterface {
  name = 'Assessments1732300009000';

  async up(q: QueryRunner): Promise<void> {
    // lets an assessment name its module together with its course, so a module of another course is refused
    await q.query(`ALTER TABLE course_modules ADD CONSTRAINT course_modules_id_course_key UNIQUE (id, course_id)`);
    await q.query(`
      CREATE TABLE assessments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('ASSIGNMENT', 'EXAM', 'QUIZ')),
        course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        module_id uuid,
        title text NOT NULL CHECK (length(trim(title)) > 0 AND length(title) <= 200),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
        instructions text NOT NULL DEFAULT '' CHECK (length(instructions) <= 10000),
        due_date timestamptz NOT NULL CHECK (date_trunc('minute', due_date) = due_date),
        total_points integer NOT NULL DEFAULT 0 CHECK (total_points >= 0),
        result_visibility text NOT NULL DEFAULT 'immediate' CHECK (result_visibility IN ('immediate', 'scoreOnly', 'manual')),
        is_visible boolean NOT NULL DEFAULT true,
        scope text NOT NULL DEFAULT 'whole_class' CHECK (scope IN ('whole_class', 'individual_students')),
        position integer NOT NULL DEFAULT 0,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT assessments_quiz_module_check CHECK (kind <> 'QUIZ' OR module_id IS NOT NULL),
        CONSTRAINT assessments_module_fk FOREIGN KEY (module_id, course_id)
          REFERENCES course_modules(id, course_id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX assessments_course_idx ON assessments (course_id, kind, position)`);
    await q.query(`CREATE INDEX assessments_module_idx ON assessments (module_id, kind, position)`);

    // only users whose stored role is Student are targets (the same device as course_teachers)
    await q.query(`
      CREATE TABLE assessment_targets (
        assessment_id uuid NOT NULL REFERENCES assessments(id) ON DELETE CASCADE,
        student_id uuid NOT NULL,
        student_role text NOT NULL DEFAULT 'Student' CHECK (student_role = 'Student'),
        PRIMARY KEY (assessment_id, student_id),
        CONSTRAINT assessment_targets_student_fk FOREIGN KEY (student_id, student_role)
          REFERENCES users(id, role) ON DELETE CASCADE ON UPDATE RESTRICT
      )`);
    await q.query(`CREATE INDEX assessment_targets_student_idx ON assessment_targets (student_id)`);

    await q.query(`
      CREATE TABLE questions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        assessment_id uuid NOT NULL REFERENCES assessments(id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('MCQ', 'ShortAnswer', 'LongAnswer')),
        question_text text NOT NULL CHECK (length(trim(question_text)) > 0 AND length(question_text) <= 10000),
        points integer NOT NULL DEFAULT 1 CHECK (points >= 1 AND points <= 100000),
        sort_order integer NOT NULL CHECK (sort_order >= 1),
        partial_marking boolean NOT NULL DEFAULT false,
        penalty_per_wrong integer NOT NULL DEFAULT 0 CHECK (penalty_per_wrong BETWEEN 0 AND 100),
        -- checked at commit, so an edit may renumber the questions in any order within its transaction
        CONSTRAINT questions_assessment_order_key UNIQUE (assessment_id, sort_order) DEFERRABLE INITIALLY DEFERRED
      )`);
    await q.query(`
      CREATE TABLE question_options (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        question_id uuid NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
        sort_order integer NOT NULL CHECK (sort_order >= 1),
        text text NOT NULL CHECK (length(trim(text)) > 0 AND length(text) <= 2000),
        is_correct boolean NOT NULL DEFAULT false
      )`);
    await q.query(`CREATE INDEX question_options_question_idx ON question_options (question_id, sort_order)`);
    await q.query(`
      CREATE TABLE accepted_answers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        question_id uuid NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
        sort_order integer NOT NULL CHECK (sort_order >= 1),
        answer text NOT NULL CHECK (length(trim(answer)) > 0 AND length(answer) <= 2000),
        weight integer NOT NULL DEFAULT 100 CHECK (weight BETWEEN 0 AND 100)
      )`);
    await q.query(`CREATE INDEX accepted_answers_question_idx ON accepted_answers (question_id, sort_order)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['accepted_answers', 'question_options', 'questions', 'assessment_targets', 'assessments']) {
      await q.query(`DROP TABLE ${t}`);
    }
    await q.query(`ALTER TABLE course_modules DROP CONSTRAINT course_modules_id_course_key`);
  }
}
