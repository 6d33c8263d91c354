import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 24: who released a manual item's results ("Released on ... by ..."); late joiners. A student placed
 * in a class after one of its items was due is not overdue for it: placement gives them an open submission
 * (joined_late) due at the item's late_due_date, which the teacher sets once for all of them (unset: a week
 * after the placement).
 */
export class OverduePolicy1732300024000 implements MigrationInterface {
  name = 'OverduePolicy1732300024000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE assessments ADD COLUMN results_released_by uuid REFERENCES users(id) ON DELETE SET NULL`);
    await q.query(`ALTER TABLE assessments ADD COLUMN late_due_date timestamptz`);
    await q.query(`ALTER TABLE submissions ADD COLUMN joined_late boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE INDEX assessments_released_by_idx ON assessments (results_released_by) WHERE results_released_by IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE submissions DROP COLUMN joined_late`);
    await q.query(`ALTER TABLE assessments DROP COLUMN late_due_date`);
    await q.query(`ALTER TABLE assessments DROP COLUMN results_released_by`);
  }
}
