import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Courses, modules, content with stored files, announcements and discussions.
 * A course is deleted with everything in it (cascades inside one statement); a file row is kept while any
 * content row points at it (clones share the bytes), so the files foreign key restricts.
 * Classes, subjects and years referenced by a course cannot be deleted (RESTRICT: answered as CONFLICT).
 */
export class Courses1732300002000 implements MigrationInterface {
  name = 'Courses1732300002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        storage_key text NOT NULL UNIQUE,
        original_name text NOT NULL CHECK (length(original_name) BETWEEN 1 AND 255),
        size bigint NOT NULL CHECK (size >= 0 AND size <= 52428800),
        mime text NOT NULL CHECK (length(mime) > 0),
        sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        owner_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

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

    await q.query(`
      CREATE TABLE course_modules (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        title text NOT NULL CHECK (length(trim(title)) > 0 AND length(title) <= 200),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
        module_type text NOT NULL DEFAULT 'Week' CHECK (module_type IN ('Week','Unit')),
        sort_order integer NOT NULL CHECK (sort_order >= 1),
        is_visible boolean NOT NULL DEFAULT true,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX course_modules_course_idx ON course_modules (course_id, sort_order)`);

    await q.query(`
      CREATE TABLE contents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        module_id uuid NOT NULL REFERENCES course_modules(id) ON DELETE CASCADE,
        title text NOT NULL CHECK (length(trim(title)) > 0 AND length(title) <= 200),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
        content_type text NOT NULL DEFAULT 'PDF' CHECK (content_type IN ('PDF','Video','PPT','Reading','Other')),
        file_id uuid NOT NULL REFERENCES files(id) ON DELETE RESTRICT,
        file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
        file_size bigint NOT NULL CHECK (file_size >= 0),
        mime_type text NOT NULL,
        is_visible boolean NOT NULL DEFAULT true,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX contents_module_idx ON contents (module_id, created_at)`);
    await q.query(`CREATE INDEX contents_file_idx ON contents (file_id)`);

    await q.query(`
      CREATE TABLE announcements (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        course_id uuid NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        title text NOT NULL CHECK (length(trim(title)) > 0 AND length(title) <= 200),
        content text NOT NULL CHECK (length(trim(content)) > 0 AND length(content) <= 20000),
        is_visible boolean NOT NULL DEFAULT true,
        author_id uuid REFERENCES users(id) ON DELETE SET NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX announcements_course_idx ON announcements (course_id, created_at)`);

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
    await q.query(`DROP TABLE discussions, announcements, contents, course_modules, course_teachers, courses, files`);
  }
}
