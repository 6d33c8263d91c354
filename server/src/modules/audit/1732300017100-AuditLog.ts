import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log (issue 23): who changed whose account, every role switch and what was done under it, every
 * grade change. Rows are written in the transaction of the change and never changed: they name people by id
 * and by the name they had then, with no foreign key, so deleting a user neither deletes nor rewrites a row,
 * and a trigger refuses UPDATE and DELETE, so not even a bug of the application can edit the record.
 */
export class AuditLog1732300017100 implements MigrationInterface {
  name = 'AuditLog1732300017100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_events (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT clock_timestamp(),
        kind text NOT NULL CHECK (kind ~ '^[A-Z_]{3,40}$'),
        actor_id uuid,
        actor_name text,
        actor_role text,
        acting_role text,
        impersonating boolean NOT NULL DEFAULT false,
        target_user_id uuid,
        target_name text,
        course_id uuid,
        assessment_id uuid,
        submission_id uuid,
        details jsonb NOT NULL DEFAULT '{}'::jsonb
      )`);
    await q.query(`CREATE INDEX audit_events_at_idx ON audit_events (at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_events_actor_idx ON audit_events (actor_id, at DESC)`);
    await q.query(`CREATE INDEX audit_events_target_idx ON audit_events (target_user_id, at DESC)`);
    await q.query(`CREATE INDEX audit_events_course_idx ON audit_events (course_id, at DESC) WHERE course_id IS NOT NULL`);
    await q.query(`CREATE INDEX audit_events_submission_idx ON audit_events (submission_id) WHERE submission_id IS NOT NULL`);
    await q.query(`
      CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_events rows are never changed or removed';
      END $$`);
    await q.query(`
      CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
        FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`);
    await q.query(`
      CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
        FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_events`);
    await q.query(`DROP FUNCTION audit_events_append_only()`);
  }
}
