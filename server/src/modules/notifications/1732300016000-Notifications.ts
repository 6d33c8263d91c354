import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications (issue 17 point 4). One row per user and event; "once per event" is the unique key
 * (user, kind, subject, event_key): a retried or repeated operation inserts ON CONFLICT DO NOTHING. The item a
 * notice is about is referenced by foreign key (announcement, assessment, discussion post), so it goes with
 * its item and the lists can leave out what its reader may no longer see (a hidden announcement or item).
 * Digest settings and the days a digest was sent are rows too: one digest per user per day is a primary key.
 */
export class Notifications1732300016000 implements MigrationInterface {
  name = 'Notifications1732300016000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('announcement', 'graded', 'released', 'reopened', 'dueSoon', 'reply')),
        subject_id uuid NOT NULL,
        event_key text NOT NULL DEFAULT '',
        title text NOT NULL CHECK (length(title) <= 500),
        link text NOT NULL CHECK (link LIKE '/%'),
        course_id uuid REFERENCES courses(id) ON DELETE CASCADE,
        announcement_id uuid REFERENCES announcements(id) ON DELETE CASCADE,
        assessment_id uuid REFERENCES assessments(id) ON DELETE CASCADE,
        discussion_id uuid REFERENCES discussions(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz,
        CONSTRAINT notifications_once_key UNIQUE (user_id, kind, subject_id, event_key)
      )`);
    await q.query(`CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id)`);
    await q.query(`CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE read_at IS NULL`);
    await q.query(`CREATE INDEX notifications_announcement_idx ON notifications (announcement_id) WHERE announcement_id IS NOT NULL`);
    await q.query(`CREATE INDEX notifications_assessment_idx ON notifications (assessment_id) WHERE assessment_id IS NOT NULL`);
    await q.query(`CREATE INDEX notifications_discussion_idx ON notifications (discussion_id) WHERE discussion_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE notification_settings (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        daily_digest boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE notification_digests (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        day date NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, day)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notification_digests`);
    await q.query(`DROP TABLE notification_settings`);
    await q.query(`DROP TABLE notifications`);
  }
}
