import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications store what they point at, not a URL (issue 29): `target` names the page (an item's view or
 * submit page, a course's Announcements or Discussions tab, the dashboard) and the ids it needs are the row's own
 * columns (assessment_id, course_id), so the web's route table (@lms/routes) makes the address when the row is
 * read and a route change never leaves stored links behind. Each stored `link` is converted to its target and the
 * column dropped, in the migration's one transaction; `down` writes the links back from the targets.
 *
 * The paths below are the ones the old code wrote (notifications.record.ts until this migration): a migration
 * converts the data of its own time, so it spells them out rather than reading today's route table. A row whose
 * link matches none of them (none was ever written) or lacks the id its page needs leads to the dashboard.
 */
export class NotificationTargets1732300032000 implements MigrationInterface {
  name = 'NotificationTargets1732300032000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notifications ADD COLUMN target text`);
    await q.query(`
      UPDATE notifications SET target = CASE
        WHEN link ~ '^/dashboard/(assignments|quizzes|exams)/[^/?#]+/view$' AND assessment_id IS NOT NULL THEN 'itemView'
        WHEN link ~ '^/dashboard/(assignments|quizzes|exams)/[^/?#]+/submit$' AND assessment_id IS NOT NULL THEN 'itemSubmit'
        WHEN link ~ '^/dashboard/courses/[^/?#]+\\?tab=announcements$' AND course_id IS NOT NULL THEN 'courseAnnouncements'
        WHEN link ~ '^/dashboard/courses/[^/?#]+\\?tab=discussions$' AND course_id IS NOT NULL THEN 'courseDiscussions'
        ELSE 'dashboard' END`);
    await q.query(`ALTER TABLE notifications ALTER COLUMN target SET NOT NULL`);
    await q.query(`
      ALTER TABLE notifications
        ADD CONSTRAINT notifications_target_check
          CHECK (target IN ('itemView', 'itemSubmit', 'courseAnnouncements', 'courseDiscussions', 'dashboard')),
        ADD CONSTRAINT notifications_target_ids_check
          CHECK ((target NOT IN ('itemView', 'itemSubmit') OR assessment_id IS NOT NULL)
             AND (target NOT IN ('courseAnnouncements', 'courseDiscussions') OR course_id IS NOT NULL))`);
    await q.query(`ALTER TABLE notifications DROP COLUMN link`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notifications ADD COLUMN link text`);
    await q.query(`
      UPDATE notifications n SET link = CASE n.target
        WHEN 'itemView' THEN '/dashboard/' || CASE a.kind WHEN 'QUIZ' THEN 'quizzes' WHEN 'EXAM' THEN 'exams' ELSE 'assignments' END || '/' || a.id || '/view'
        WHEN 'itemSubmit' THEN '/dashboard/' || CASE a.kind WHEN 'QUIZ' THEN 'quizzes' WHEN 'EXAM' THEN 'exams' ELSE 'assignments' END || '/' || a.id || '/submit'
        WHEN 'courseAnnouncements' THEN '/dashboard/courses/' || n.course_id || '?tab=announcements'
        WHEN 'courseDiscussions' THEN '/dashboard/courses/' || n.course_id || '?tab=discussions'
        ELSE '/dashboard' END
      FROM notifications x LEFT JOIN assessments a ON a.id = x.assessment_id
      WHERE x.id = n.id`);
    await q.query(`ALTER TABLE notifications ALTER COLUMN link SET NOT NULL`);
    await q.query(`ALTER TABLE notifications ADD CONSTRAINT notifications_link_check CHECK (link LIKE '/%')`);
    await q.query(`ALTER TABLE notifications DROP COLUMN target`);
  }
}
