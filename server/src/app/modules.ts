import { moduleList } from '../core/manifest';
import { mailModule } from '../modules/mail/mail.module';
import { authModule } from '../modules/auth/auth.module';
import { accountModule } from '../modules/account/account.module';
import { usersModule } from '../modules/users/users.module';
import { academicModule } from '../modules/academic/academic.module';
import { filesModule } from '../modules/files/files.module';
import { coursesModule } from '../modules/courses/courses.module';
import { courseModulesModule } from '../modules/course-modules/modules.module';
import { contentModule } from '../modules/content/content.module';
import { announcementsModule } from '../modules/announcements/announcements.module';
import { discussionsModule } from '../modules/discussions/discussions.module';
import { attendanceModule } from '../modules/attendance/attendance.module';
import { questionBanksModule } from '../modules/question-banks/question-banks.module';
import { assessmentsModule } from '../modules/assessments/assessments.module';
import { submissionsModule } from '../modules/submissions/submissions.module';
import { gradingModule } from '../modules/grading/grading.module';
import { reviewModule } from '../modules/review/review.module';
import { familiesModule } from '../modules/families/families.module';
import { calendarModule } from '../modules/calendar/calendar.module';
import { gradesModule } from '../modules/grades/grades.module';
import { notificationsModule } from '../modules/notifications/notifications.module';
import { auditModule } from '../modules/audit/audit.module';
import { integrationsModule } from '../modules/integrations/integrations.module';
import { oneRosterModule } from '../modules/oneroster/oneroster.module';
import { qtiModule } from '../modules/qti/qti.module';

/**
 * Every domain of the app, one manifest each (server/src/modules/<domain>/<domain>.module.ts). Entities,
 * migrations, resolvers, services, loaders, REST routers and demo seeds all come from this list; a new
 * domain is its folder plus one line here. Order matters: a domain's services get those listed before it
 * (the compiler refuses a list where a domain comes before one it needs), and demo seeds run in this order.
 */
export const modules = moduleList(
  mailModule,
  authModule,
  accountModule,
  usersModule,
  academicModule,
  filesModule,
  coursesModule,
  courseModulesModule,
  contentModule,
  announcementsModule,
  discussionsModule,
  attendanceModule,
  questionBanksModule,
  assessmentsModule,
  submissionsModule,
  gradingModule,
  reviewModule,
  familiesModule,
  gradesModule,
  calendarModule,
  notificationsModule,
  auditModule,
  integrationsModule,
  oneRosterModule,
  qtiModule,
);
