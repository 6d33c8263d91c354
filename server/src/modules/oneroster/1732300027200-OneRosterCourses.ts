import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A OneRoster course is a subject at a grade (oneroster.mapping.ts), which has no row of its own here: the
 * sourcedId an SIS gave such a course is kept beside it, so the export and the REST provider give it back.
 * Several grades may share one SIS course; a subject at a grade has at most one. The grade is kept lower-case,
 * as the mapping compares it.
 */
export class OneRosterCourses1732300027200 implements MigrationInterface {
  name = 'OneRosterCourses1732300027200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE oneroster_courses (
        subject_id uuid NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
        grade text NOT NULL CHECK (grade = lower(grade) AND length(grade) <= 50),
        sourced_id text NOT NULL CHECK (length(sourced_id) BETWEEN 1 AND 255),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (subject_id, grade)
      )`);
    await q.query(`CREATE INDEX oneroster_courses_sourced_id_idx ON oneroster_courses (sourced_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE oneroster_courses`);
  }
}
