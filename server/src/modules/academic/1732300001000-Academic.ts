import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Academic structure: years, classes, subjects, teacher assignments and student placement.
 * The database keeps the cross-table invariants itself (composite keys), so a service bug or a race
 * cannot put a class of one year into another year's assignment or placement.
 */
export class Academic1732300001000 implements MigrationInterface {
  name = 'Academic1732300001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE academic_years (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        year text NOT NULL CHECK (length(trim(year)) > 0 AND length(year) <= 50),
        is_active boolean NOT NULL DEFAULT true,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX academic_years_year_key ON academic_years (lower(year))`);

    await q.query(`
      CREATE TABLE classes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(trim(name)) > 0 AND length(name) <= 100),
        grade text NOT NULL CHECK (length(trim(grade)) > 0 AND length(grade) <= 50),
        academic_year_id uuid NOT NULL REFERENCES academic_years(id) ON DELETE RESTRICT,
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
        is_active boolean NOT NULL DEFAULT true,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- target of the composite keys below: "this class, in this year"
        CONSTRAINT classes_id_year_key UNIQUE (id, academic_year_id)
      )`);
    await q.query(`CREATE UNIQUE INDEX classes_year_name_key ON classes (academic_year_id, lower(name))`);

    await q.query(`
      CREATE TABLE subjects (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(trim(name)) > 0 AND length(name) <= 100),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
        is_active boolean NOT NULL DEFAULT true,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX subjects_name_key ON subjects (lower(name))`);

    await q.query(`
      CREATE TABLE teacher_assignments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        class_id uuid NOT NULL,
        subject_id uuid NOT NULL REFERENCES subjects(id) ON DELETE RESTRICT,
        academic_year_id uuid NOT NULL REFERENCES academic_years(id) ON DELETE RESTRICT,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- the class must belong to the assignment's year
        CONSTRAINT teacher_assignments_class_year_fk FOREIGN KEY (class_id, academic_year_id)
          REFERENCES classes(id, academic_year_id) ON DELETE RESTRICT ON UPDATE RESTRICT,
        CONSTRAINT teacher_assignments_class_subject_year_key UNIQUE (class_id, subject_id, academic_year_id)
      )`);
    await q.query(`CREATE INDEX teacher_assignments_subject_idx ON teacher_assignments (subject_id)`);
    await q.query(`CREATE INDEX teacher_assignments_year_idx ON teacher_assignments (academic_year_id)`);

    // only users whose stored role is Teacher may teach: (id, role) is referenced with the role fixed
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_id_role_key UNIQUE (id, role)`);
    await q.query(`
      CREATE TABLE teacher_assignment_teachers (
        assignment_id uuid NOT NULL REFERENCES teacher_assignments(id) ON DELETE CASCADE,
        teacher_id uuid NOT NULL,
        teacher_role text NOT NULL DEFAULT 'Teacher' CHECK (teacher_role = 'Teacher'),
        PRIMARY KEY (assignment_id, teacher_id),
        CONSTRAINT teacher_assignment_teachers_teacher_fk FOREIGN KEY (teacher_id, teacher_role)
          REFERENCES users(id, role) ON DELETE RESTRICT ON UPDATE RESTRICT
      )`);
    await q.query(`CREATE INDEX teacher_assignment_teachers_teacher_idx ON teacher_assignment_teachers (teacher_id)`);

    // student placement: both or neither, only students, and the class must belong to the year
    await q.query(`ALTER TABLE users ADD COLUMN class_id uuid, ADD COLUMN academic_year_id uuid`);
    await q.query(`
      ALTER TABLE users
        ADD CONSTRAINT users_academic_year_fk FOREIGN KEY (academic_year_id) REFERENCES academic_years(id) ON DELETE RESTRICT,
        ADD CONSTRAINT users_class_year_fk FOREIGN KEY (class_id, academic_year_id)
          REFERENCES classes(id, academic_year_id) ON DELETE RESTRICT ON UPDATE RESTRICT,
        ADD CONSTRAINT users_placement_check CHECK (
          (class_id IS NULL) = (academic_year_id IS NULL) AND (class_id IS NULL OR role = 'Student'))`);
    await q.query(`CREATE INDEX users_class_idx ON users (class_id) WHERE class_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_class_idx`);
    await q.query(
      `ALTER TABLE users DROP CONSTRAINT users_placement_check, DROP CONSTRAINT users_class_year_fk, DROP CONSTRAINT users_academic_year_fk`,
    );
    await q.query(`ALTER TABLE users DROP COLUMN class_id, DROP COLUMN academic_year_id`);
    await q.query(`DROP TABLE teacher_assignment_teachers`);
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_id_role_key`);
    await q.query(`DROP TABLE teacher_assignments, subjects, classes, academic_years`);
  }
}
