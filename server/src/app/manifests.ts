import { manifestList } from '../core/manifest';
import { mailManifest } from '../modules/mail/mail.manifest';
import { authManifest } from '../modules/auth/auth.manifest';
import { accountManifest } from '../modules/account/account.manifest';
import { usersManifest } from '../modules/users/users.manifest';
import { academicManifest } from '../modules/academic/academic.manifest';
import { filesManifest } from '../modules/files/files.manifest';
import { coursesManifest } from '../modules/courses/courses.manifest';
import { courseModulesManifest } from '../modules/course-modules/modules.manifest';
import { contentManifest } from '../modules/content/content.manifest';
import { announcementsManifest } from '../modules/announcements/announcements.manifest';
import { discussionsManifest } from '../modules/discussions/discussions.manifest';
import { attendanceManifest } from '../modules/attendance/attendance.manifest';
import { questionBanksManifest } from '../modules/question-banks/question-banks.manifest';
import { assessmentsManifest } from '../modules/assessments/assessments.manifest';
import { submissionsManifest } from '../modules/submissions/submissions.manifest';
import { gradingManifest } from '../modules/grading/grading.manifest';
import { familiesManifest } from '../modules/families/families.manifest';
import { calendarManifest } from '../modules/calendar/calendar.manifest';
import { gradebookManifest } from '../modules/gradebook/gradebook.manifest';
import { notificationsManifest } from '../modules/notifications/notifications.manifest';
import { auditManifest } from '../modules/audit/audit.manifest';
import { integrationsManifest } from '../modules/integrations/integrations.manifest';
import { oneRosterManifest } from '../modules/oneroster/oneroster.manifest';
import { qtiManifest } from '../modules/qti/qti.manifest';

/**
 * Every domain of the app, one manifest each (server/src/modules/<domain>/<domain>.manifest.ts). Entities,
 * migrations, resolvers, services, loaders, REST routers and demo seeds all come from this list; a new
 * domain is its folder plus one line here. Order matters: a domain's services get those listed before it
 * (the compiler refuses a list where a domain comes before one it needs), and demo seeds run in this order.
 */
export const manifests = manifestList(
  mailManifest,
  authManifest,
  accountManifest,
  usersManifest,
  academicManifest,
  filesManifest,
  coursesManifest,
  courseModulesManifest,
  contentManifest,
  announcementsManifest,
  discussionsManifest,
  attendanceManifest,
  questionBanksManifest,
  assessmentsManifest,
  submissionsManifest,
  gradingManifest,
  familiesManifest,
  gradebookManifest,
  calendarManifest,
  notificationsManifest,
  auditManifest,
  integrationsManifest,
  oneRosterManifest,
  qtiManifest,
);
