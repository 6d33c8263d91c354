import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Courses and their teachers. A course is deleted with everything in it (its modules, content, announcements and
 * discussions cascade inside one statement: their domains' migrations, which this one made before each domain
 * made its own tables). Classes, subjects and years referenced by a course cannot be deleted (RESTRICT: answered
 * as CONFLICT).
 */
export class Courses1732300002000 implements MigrationInterface {
  name = 'Courses1732300002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE courses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL CHECK (length(trim(title)) > 0 AND length(title) <= 200),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
        subject_id uuid NOT NULL REFERENCES subjects(id) ON DELETE RESTRICT,
        class_id uuid NOT NULL,
        academic_year_id uuid NOT NULL REFERENCES academic_years(id) ON DELETE RESTRICT,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- the class must belong to the course's year
        CONSTRAINT courses_class_year_fk FOREIGN KEY (class_id, academic_year_id)
          REFERENCES classes(id, academic_year_id) ON DELETE RESTRICT ON UPDATE RESTRICT
      )`);
    await q.query(`CREATE INDEX courses_class_year_idx ON courses (class_id, academic_year_id)`);
    await q.query(`CREATE INDEX courses_subject_idx ON courses (subject_id)`);
    await q.query(`CREATE INDEX courses_year_idx ON courses (academic_year_id)`);

    // only users whose stored role is Teacher teach a course (same device as teacher_assignment_teachers)
    await q.query(`
      CREATE TABLE course_teachers (
        course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        teacher_id uuid NOT NULL,
        teacher_role text NOT NULL DEFAULT 'Teacher' CHECK (teacher_role = 'Teacher'),
        PRIMARY KEY (course_id, teacher_id),
        CONSTRAINT course_teachers_teacher_fk FOREIGN KEY (teacher_id, teacher_role)
          REFERENCES users(id, role) ON DELETE CASCADE ON UPDATE RESTRICT
      )`);
    await q.query(`CREATE INDEX course_teachers_teacher_idx ON course_teachers (teacher_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE course_teachers, courses`);
  }
}
