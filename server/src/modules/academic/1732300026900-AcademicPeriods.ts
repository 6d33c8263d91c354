import { MigrationInterface, QueryRunner } from 'typeorm';
import { madeBeforeTheSplit } from '../../db/split-migrations';

/**
 * A year's terms and grading periods (a grading period may sit in a term). Made by oneroster's migration
 * before each domain made its own.
 */
export class AcademicPeriods1732300026900 implements MigrationInterface {
  name = 'AcademicPeriods1732300026900';

  async up(q: QueryRunner): Promise<void> {
    if (await madeBeforeTheSplit(q, 'academic_periods')) return;
    await q.query(`
      CREATE TABLE academic_periods (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        academic_year_id uuid NOT NULL REFERENCES academic_years(id) ON DELETE CASCADE,
        -- a grading period may sit in a term
        parent_id uuid REFERENCES academic_periods(id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('term', 'gradingPeriod')),
        title text NOT NULL CHECK (length(trim(title)) > 0 AND length(title) <= 200),
        start_date date NOT NULL,
        end_date date NOT NULL CHECK (end_date >= start_date),
        sourced_id text UNIQUE CHECK (sourced_id IS NULL OR length(sourced_id) BETWEEN 1 AND 255),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT academic_periods_parent_check CHECK (parent_id IS NULL OR type = 'gradingPeriod')
      )`);
    await q.query(`CREATE INDEX academic_periods_year_idx ON academic_periods (academic_year_id, type, start_date)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE academic_periods`);
  }
}
