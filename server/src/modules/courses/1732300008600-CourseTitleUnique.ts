import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One course per class, subject and year, unless the teacher names it differently on purpose: a second
 * course with the same name in the same place was an accidental duplicate that students saw twice. Existing
 * duplicates are renamed 'NAME (2)', 'NAME (3)' in creation order. The unique index also serves the
 * course_teachers view's join from an allocation's place, so the plain index on the place goes.
 */
export class CourseTitleUnique1732300008600 implements MigrationInterface {
  name = 'CourseTitleUnique1732300008600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      WITH ranked AS (
        SELECT id, row_number() OVER (PARTITION BY class_id, subject_id, academic_year_id, lower(title) ORDER BY created_at, id) AS n
          FROM courses)
      UPDATE courses c SET title = left(c.title, 190) || ' (' || ranked.n || ')' FROM ranked WHERE ranked.id = c.id AND ranked.n > 1`);
    await q.query(`CREATE UNIQUE INDEX courses_place_title_key ON courses (class_id, subject_id, academic_year_id, lower(title))`);
    await q.query(`DROP INDEX courses_place_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX courses_place_idx ON courses (class_id, subject_id, academic_year_id)`);
    await q.query(`DROP INDEX courses_place_title_key`);
  }
}
