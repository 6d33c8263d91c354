import { MigrationInterface, QueryRunner } from 'typeorm';
import { madeBeforeTheSplit } from '../../db/split-migrations';

/**
 * A course's modules (weeks or units), deleted with their course. Made by courses' migration before each domain
 * made its own.
 */
export class CourseModules1732300002100 implements MigrationInterface {
  name = 'CourseModules1732300002100';

  async up(q: QueryRunner): Promise<void> {
    if (await madeBeforeTheSplit(q, 'course_modules')) return;
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
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE course_modules`);
  }
}
