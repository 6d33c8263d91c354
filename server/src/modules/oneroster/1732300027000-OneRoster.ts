import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose rows a OneRoster system may name by its own identifier (imported with one). */
const SOURCED = ['users', 'academic_years', 'classes', 'subjects', 'allocations'] as const;

/**
 * OneRoster 1.2 (issue 27). Academic years get start and end dates (NULL: derived from the year's name, see
 * oneroster.mapping.ts) and optional terms and grading periods inside them (academic's AcademicPeriods); rows that came from a student
 * information system keep its `sourcedId` (NULL: our id is the sourcedId). The organisation(s) the school
 * reports as are rows, so that an import can name them. Line items, results and categories written through the
 * gradebook service for columns that are not our own assessments are kept apart from our grading.
 */
export class OneRoster1732300027000 implements MigrationInterface {
  name = 'OneRoster1732300027000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE academic_years ADD COLUMN start_date date, ADD COLUMN end_date date,
        ADD CONSTRAINT academic_years_dates_check CHECK (start_date IS NULL OR end_date IS NULL OR end_date > start_date)`);
    for (const t of SOURCED) {
      await q.query(`ALTER TABLE ${t} ADD COLUMN sourced_id text CHECK (sourced_id IS NULL OR length(sourced_id) BETWEEN 1 AND 255)`);
      await q.query(`CREATE UNIQUE INDEX ${t}_sourced_id_key ON ${t} (sourced_id) WHERE sourced_id IS NOT NULL`);
    }
    await q.query(`
      CREATE TABLE oneroster_orgs (
        sourced_id text PRIMARY KEY CHECK (length(sourced_id) BETWEEN 1 AND 255),
        name text NOT NULL CHECK (length(trim(name)) > 0 AND length(name) <= 200),
        type text NOT NULL CHECK (type IN ('school', 'district')),
        identifier text NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // exactly one school: the one this product runs; a district above it is optional
    await q.query(`CREATE UNIQUE INDEX oneroster_orgs_one_per_type ON oneroster_orgs (type)`);
    await q.query(`INSERT INTO oneroster_orgs (sourced_id, name, type) VALUES ('school', 'School', 'school')`);
    await q.query(`
      CREATE TABLE oneroster_categories (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        sourced_id text NOT NULL UNIQUE CHECK (length(sourced_id) BETWEEN 1 AND 255),
        title text NOT NULL CHECK (length(trim(title)) > 0 AND length(title) <= 200),
        weight numeric(8,4),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE oneroster_line_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        sourced_id text NOT NULL UNIQUE CHECK (length(sourced_id) BETWEEN 1 AND 255),
        allocation_id uuid NOT NULL REFERENCES allocations(id) ON DELETE CASCADE,
        category text NOT NULL,
        title text NOT NULL CHECK (length(trim(title)) > 0 AND length(title) <= 200),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
        assign_date timestamptz NOT NULL,
        due_date timestamptz NOT NULL,
        result_value_min numeric(10,2) NOT NULL DEFAULT 0,
        result_value_max numeric(10,2) NOT NULL CHECK (result_value_max > 0),
        grading_period_id uuid REFERENCES academic_periods(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX oneroster_line_items_allocation_idx ON oneroster_line_items (allocation_id)`);
    await q.query(`
      CREATE TABLE oneroster_results (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        sourced_id text NOT NULL UNIQUE CHECK (length(sourced_id) BETWEEN 1 AND 255),
        line_item_id uuid NOT NULL REFERENCES oneroster_line_items(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        -- above the line item's maximum is kept: extra credit
        score numeric(10,2) CHECK (score IS NULL OR score >= 0),
        score_status text NOT NULL CHECK (score_status IN ('exempt', 'fully graded', 'not submitted', 'partially graded', 'submitted')),
        comment text NOT NULL DEFAULT '' CHECK (length(comment) <= 10000),
        score_date timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT oneroster_results_line_item_student_key UNIQUE (line_item_id, student_id)
      )`);
    await q.query(`CREATE INDEX oneroster_results_student_idx ON oneroster_results (student_id)`);
    // every CSV import, previewed or applied, with its report (Settings -> Integrations shows the last ones)
    await q.query(`
      CREATE TABLE oneroster_imports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        applied boolean NOT NULL,
        report jsonb NOT NULL
      )`);
    await q.query(`CREATE INDEX oneroster_imports_created_idx ON oneroster_imports (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE oneroster_imports, oneroster_results, oneroster_line_items, oneroster_categories, oneroster_orgs`);
    for (const t of SOURCED) await q.query(`ALTER TABLE ${t} DROP COLUMN sourced_id`);
    await q.query(`ALTER TABLE academic_years DROP CONSTRAINT academic_years_dates_check, DROP COLUMN start_date, DROP COLUMN end_date`);
  }
}
