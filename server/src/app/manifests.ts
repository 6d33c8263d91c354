import { manifestList } from '../core/manifest';
import { mailManifest } from '../modules/mail';
import { authManifest } from '../modules/auth';
import { accountManifest } from '../modules/account';
import { usersManifest } from '../modules/users';
import { academicManifest } from '../modules/academic';
import { filesManifest } from '../modules/files';
import { coursesManifest } from '../modules/courses';
import { courseModulesManifest } from '../modules/course-modules';
import { contentManifest } from '../modules/content';
import { announcementsManifest } from '../modules/announcements';
import { discussionsManifest } from '../modules/discussions';
import { attendanceManifest } from '../modules/attendance';
import { questionBanksManifest } from '../modules/question-banks';
import { assessmentsManifest } from '../modules/assessments';
import { submissionsManifest } from '../modules/submissions';
import { gradingManifest } from '../modules/grading';
import { familiesManifest } from '../modules/families';
import { calendarManifest } from '../modules/calendar';
import { gradebookManifest } from '../modules/gradebook';
import { notificationsManifest } from '../modules/notifications';
import { auditManifest } from '../modules/audit';
import { integrationsManifest } from '../modules/integrations';
import { oneRosterManifest } from '../modules/oneroster';
import { qtiManifest } from '../modules/qti';

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
