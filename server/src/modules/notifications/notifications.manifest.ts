import { defineManifest } from '../../core/manifest';
import { Notifications1732300016000 } from './1732300016000-Notifications';
import { NotificationTargets1732300032000 } from './1732300032000-NotificationTargets';
import { Notification } from './notification.entity';
import { NotificationsResolver } from './notifications.resolver';
import { NotificationsService } from './notifications.service';
import { notificationsRouter } from './notifications.rest';
import { notificationSeeder } from './notifications.seed';
import { notifyAnnouncement, notifyGraded, notifyReleased, notifyReopened, notifyReply } from './notifications.repository';

/**
 * What is new and what is due (issue 17 point 4): notifications (written by the services that make the
 * changes, notifications.repository.ts), the bell, the student's To Do and the daily digest (ctx.services.notifications).
 */
export const notificationsManifest = defineManifest({
  name: 'notifications',
  entities: [Notification],
  migrations: [Notifications1732300016000, NotificationTargets1732300032000],
  resolvers: [NotificationsResolver],
  services: (ds) => new NotificationsService(ds),
  // who hears of what (notifications.repository.ts), in the transaction of the write that announced it
  on: {
    announcementShown: (m, e) => notifyAnnouncement(m, e.announcementId),
    replyPosted: (m, e) => notifyReply(m, e.replyId),
    submissionsGraded: (m, e) => notifyGraded(m, e.submissionIds),
    submissionReopened: (m, e) => notifyReopened(m, e.submissionId),
    resultsReleased: (m, e) => notifyReleased(m, e.assessmentId),
  },
  router: notificationsRouter,
  seed: notificationSeeder,
});

// this domain's part of the request context (core/context.ts); app/services.ts and app/loaders.ts check it against the manifest
declare module '../../core/context' {
  interface Services {
    notifications: ReturnType<typeof notificationsManifest.services>;
  }
}
