import type { DemoSeeder } from '../../db/demo-types';
import { notifyAnnouncement, notifyDueSoon, notifyGraded, notifyReleased } from './notifications.repository';

/**
 * The demo school's bell: what the other domains' seeds did (announcements posted, work graded, results
 * released, work due soon) notified as the services would have, so a newcomer signing in as student@ or
 * parent@ sees a living bell. Released before graded, as in life: a release already tells the student.
 */
export const notificationSeeder: DemoSeeder = async (m) => {
  const announcements: Array<{ id: string }> = await m.query('SELECT id FROM announcements WHERE is_visible ORDER BY created_at');
  for (const a of announcements) await notifyAnnouncement(m, a.id);
  const released: Array<{ id: string }> = await m.query('SELECT id FROM assessments WHERE results_released_at IS NOT NULL');
  for (const a of released) await notifyReleased(m, a.id);
  const graded: Array<{ id: string }> = await m.query(`SELECT id FROM submissions WHERE status = 'graded'`);
  await notifyGraded(
    m,
    graded.map((s) => s.id),
  );
  await notifyDueSoon(m);
};
