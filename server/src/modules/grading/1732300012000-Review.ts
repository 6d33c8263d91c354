import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The review domain's indexes (issue 13): an open dashboard polls an item's submissions by updated_at
 * (gradingChanges), and the overdue sweep looks for reopened submissions past their customDueDate.
 */
export class Review1732300012000 implements MigrationInterface {
  name = 'Review1732300012000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX submissions_assessment_updated_idx ON submissions (assessment_id, updated_at)`);
    await q.query(`CREATE INDEX submissions_reopened_due_idx ON submissions (custom_due_date) WHERE status = 'reopened'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX submissions_reopened_due_idx`);
    await q.query(`DROP INDEX submissions_assessment_updated_idx`);
  }
}
