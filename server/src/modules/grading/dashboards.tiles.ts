import { isLateOpen, type StatusSubmission, SubmissionStatus } from '../submissions';
import { GradingTiles } from './dashboards.types';

/** What the tiles read of a submission: whose it is and where it stands. */
export type TileSubmission = Pick<StatusSubmission, 'status' | 'allowedAfterDue' | 'joinedLate'> & { studentId: string };

/** The dashboard's list a submission is in: Submitted unless reopened; a late joiner's open work apart from Reopened. */
export function dashboardListOf(s: Omit<TileSubmission, 'studentId'>): 'submitted' | 'reopened' | 'joinedLate' {
  if (s.status !== SubmissionStatus.reopened) return 'submitted';
  return isLateOpen(s) ? 'joinedLate' : 'reopened';
}

/**
 * The dashboard's tiles (assessments.md section 2) from the item's roster and its submissions, on the server clock:
 * the one definition the dashboard and its change feed both answer, so a client never counts them itself.
 */
export function tilesOf(rosterIds: readonly string[], subs: readonly TileSubmission[], dueDate: Date, now = Date.now()): GradingTiles {
  const inList = (list: ReturnType<typeof dashboardListOf>) => subs.filter((s) => dashboardListOf(s) === list);
  const submitted = inList('submitted');
  const have = new Set(subs.map((s) => s.studentId));
  const missing = rosterIds.filter((id) => !have.has(id)).length;
  const isPastDue = now > dueDate.getTime();
  const onRoster = new Set(rosterIds);
  return Object.assign(new GradingTiles(), {
    isPastDue,
    // someone who submitted and has since left the class still counts among the students of the item
    totalStudents: rosterIds.length + subs.filter((s) => !onRoster.has(s.studentId)).length,
    submittedCount: submitted.length,
    notSubmittedCount: missing,
    overdueCount: isPastDue ? missing : 0,
    gradedCount: submitted.filter((s) => s.status === SubmissionStatus.graded).length,
    reopenedCount: inList('reopened').length,
    joinedLateCount: inList('joinedLate').length,
  });
}
