import { presenter } from '../../core/rest';
import { Actor } from '../../policies';
import { AssessmentKind, presentAssessment, presentStudent } from '../assessments';
import { presentSubmission } from '../submissions';
import { GradingDashboard, OverdueStudent, OverdueSummary, ReviewItem } from './dashboards.types';

/** An overdue card: the student ({_id, firstName, lastName, email}) and the due date that passed. */
export const presentOverdueStudent = presenter((viewer: Actor, o: OverdueStudent) => ({
  ...presentStudent(viewer, o.student),
  student: presentStudent(viewer, o.student),
  dueDate: o.dueDate,
}));

/**
 * The dashboard summary of assessments.md section 3 (POST /submissions/auto-submit-overdue and twins):
 * the three lists as presented submissions and students, and the counts; the spec names them at the top
 * level and the house puts them in `data` as well.
 */
export const presentOverdueSummary = presenter((viewer: Actor, d: GradingDashboard, s: OverdueSummary, kind: AssessmentKind) => ({
  submitted: d.submitted.map((x) => presentSubmission(viewer, x, kind)),
  overdue: d.overdue.map((x) => presentOverdueStudent(viewer, x)),
  reopened: d.reopened.map((x) => presentSubmission(viewer, x, kind)),
  joinedLate: d.joinedLate.map((x) => presentSubmission(viewer, x, kind)),
  totalStudents: s.totalStudents,
  submittedCount: s.submittedCount,
  notSubmittedCount: d.notSubmittedCount,
  overdueCount: s.overdueCount,
  gradedCount: d.gradedCount,
  reopenedCount: s.reopenedCount,
  joinedLateCount: s.joinedLateCount,
  lateDueDate: d.assessment.lateDueDate,
  isPastDue: d.isPastDue,
  dryRun: s.dryRun,
  autoSubmittedCount: s.autoSubmittedCount,
  cursor: d.cursor,
}));

/** A review card (GET /review/queue): the item as authoring presents it (no key), its labels, counts and badge. */
export const presentReviewItem = presenter((viewer: Actor, i: ReviewItem) => ({
  assessment: presentAssessment(viewer, i.assessment),
  yearLabel: i.yearLabel,
  className: i.className,
  subjectName: i.subjectName,
  submissionCount: i.submissionCount,
  gradedCount: i.gradedCount,
  pendingCount: i.pendingCount,
  badge: i.badge,
  badgeLabel: i.badgeLabel,
}));
