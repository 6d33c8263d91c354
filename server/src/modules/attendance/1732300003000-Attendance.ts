import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Attendance: one record per student, class, subject and date (DESIGN.md rule 5). Composite keys keep the
 * cross-table facts true in the database: the student is a user whose role is Student, and the class
 * belongs to the record's academic year.
 */
export class Attendance1732300003000 implements MigrationInterface {
  name = 'Attendance1732300003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE attendance_records (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        student_id uuid NOT NULL,
        student_role text NOT NULL DEFAULT 'Student' CHECK (student_role = 'Student'),
        class_id uuid NOT NULL,
        subject_id uuid NOT NULL REFERENCES subjects(id) ON DELETE RESTRICT,
        academic_year_id uuid NOT NULL REFERENCES academic_years(id) ON DELETE RESTRICT,
        date date NOT NULL,
        status text NOT NULL CHECK (status IN ('Present','Absent','Late')),
        notes text CHECK (notes IS NULL OR char_length(notes) <= 200),
        teacher_id uuid REFERENCES users(id) ON DELETE SET NULL,
        version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT attendance_records_student_fk FOREIGN KEY (student_id, student_role)
          REFERENCES users(id, role) ON DELETE CASCADE ON UPDATE RESTRICT,
        CONSTRAINT attendance_records_class_year_fk FOREIGN KEY (class_id, academic_year_id)
          REFERENCES classes(id, academic_year_id) ON DELETE RESTRICT ON UPDATE RESTRICT,
        CONSTRAINT attendance_records_student_class_subject_date_key UNIQUE (student_id, class_id, subject_id, date)
      )`);
    // the date view, the weekly chart and the "were there records already" check
    await q.query(`CREATE INDEX attendance_records_class_subject_date_idx ON attendance_records (class_id, subject_id, date)`);
    // a student's own list, newest first
    await q.query(`CREATE INDEX attendance_records_student_date_idx ON attendance_records (student_id, date DESC)`);
    await q.query(`CREATE INDEX attendance_records_teacher_idx ON attendance_records (teacher_id) WHERE teacher_id IS NOT NULL`);
    await q.query(`CREATE INDEX attendance_records_subject_idx ON attendance_records (subject_id)`);
    await q.query(`CREATE INDEX attendance_records_year_idx ON attendance_records (academic_year_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE attendance_records`);
  }
}
