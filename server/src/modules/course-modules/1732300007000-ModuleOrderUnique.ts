import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A course's module order numbers are unique: simultaneous creates could both take "the highest plus one".
 * Courses that already have two modules at one number are renumbered in their shown order first. The
 * constraint is checked at commit, so moving a module shifts the others within one transaction.
 */
export class ModuleOrderUnique1732300007000 implements MigrationInterface {
  name = 'ModuleOrderUnique1732300007000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      WITH dup AS (SELECT DISTINCT course_id FROM course_modules GROUP BY course_id, sort_order HAVING count(*) > 1),
           ranked AS (
             SELECT m.id, row_number() OVER (PARTITION BY m.course_id ORDER BY m.sort_order, m.created_at, m.id) AS n
               FROM course_modules m JOIN dup ON dup.course_id = m.course_id)
      UPDATE course_modules m SET sort_order = ranked.n FROM ranked WHERE ranked.id = m.id`);
    await q.query(`ALTER TABLE course_modules ADD CONSTRAINT course_modules_course_order_key
                     UNIQUE (course_id, sort_order) DEFERRABLE INITIALLY DEFERRED`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE course_modules DROP CONSTRAINT course_modules_course_order_key`);
  }
}
