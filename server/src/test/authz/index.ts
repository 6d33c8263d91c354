import type { Row } from './matrix';
import { authRows } from './auth.rows';
import { accountRows } from './account.rows';
import { usersRows } from './users.rows';
import { academicRows } from './academic.rows';
import { coursesRows } from './courses.rows';
import { modulesRows } from './modules.rows';
import { contentRows } from './content.rows';
import { announcementsRows } from './announcements.rows';
import { discussionsRows } from './discussions.rows';
import { attendanceRows } from './attendance.rows';
import { assessmentsRows } from './assessments.rows';
import { questionBanksRows } from './question-banks.rows';
import { submissionsRows } from './submissions.rows';
import { reviewRows } from './review.rows';
import { gradingRows } from './grading.rows';
import { calendarRows } from './calendar.rows';
import { notificationsRows } from './notifications.rows';
import { gradesRows } from './grades.rows';
import { familiesRows } from './families.rows';
import { auditRows } from './audit.rows';
import { integrationsRows } from './integrations.rows';
import { oneRosterRows } from './oneroster.rows';
import { qtiRows } from './qti.rows';

/** The authorization matrix, by domain (legend in matrix.ts). A new domain adds its `<domain>.rows.ts` here. */
export const MATRIX: Record<string, Row<any>[]> = {
  auth: authRows,
  account: accountRows,
  users: usersRows,
  academic: academicRows,
  courses: coursesRows,
  modules: modulesRows,
  content: contentRows,
  announcements: announcementsRows,
  discussions: discussionsRows,
  attendance: attendanceRows,
  assessments: assessmentsRows,
  submissions: submissionsRows,
  review: reviewRows,
  grading: gradingRows,
  calendar: calendarRows,
  notifications: notificationsRows,
  grades: gradesRows,
  families: familiesRows,
  audit: auditRows,
  integrations: integrationsRows,
  oneroster: oneRosterRows,
  qti: qtiRows,
  // last: its rows add items to MATH-5A, which would push the fresh targets of the paged item lists beyond a page
  questionBanks: questionBanksRows,
};
