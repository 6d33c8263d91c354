import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * At most one academic year is active: with two, My Courses showed two '(Current)' years and course
 * management opened the empty one. Where several are active now, the latest year (by its name, as the
 * lists sort it) stays active. Activating a year deactivates the other in the same transaction.
 */
export class OneActiveYear1732300008500 implements MigrationInterface {
  name = 'OneActiveYear1732300008500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE academic_years SET is_active = false
       WHERE is_active AND id <> (SELECT id FROM academic_years WHERE is_active ORDER BY year DESC, id LIMIT 1)`);
    await q.query(`CREATE UNIQUE INDEX academic_years_one_active ON academic_years ((true)) WHERE is_active`);
    // a new year is active only when asked for (the service hands the active year over)
    await q.query(`ALTER TABLE academic_years ALTER COLUMN is_active SET DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE academic_years ALTER COLUMN is_active SET DEFAULT true`);
    await q.query(`DROP INDEX academic_years_one_active`);
  }
}
