/**
 * Folding changed submissions into the dashboard the page shows, without asking for the whole page again: a
 * grade saved here or by another teacher, a reopen, a submission created for an overdue student. Each student
 * is in at most one list (Submitted, Reopened, Overdue); a submission goes to Reopened when its status says so,
 * else to Submitted, and the tiles move with it. A change that is older than what is shown (a poll answered
 * after a save) and one already shown (a poll repeats a recent change) are left out, by the submission's version.
 */
import type { SubmissionStatus } from '../../gql/types';
import type { GradingDashboardQuery, GradingSubmissionFragment } from './grading.generated';

export type Dashboard = GradingDashboardQuery['gradingDashboard'];
export type GradingSubmission = GradingSubmissionFragment;
export type OverdueEntry = Dashboard['overdue'][number];
export type Student = GradingSubmission['student'];

type Counts = Pick<Dashboard, 'submittedCount' | 'notSubmittedCount' | 'overdueCount' | 'gradedCount' | 'reopenedCount'>;

export interface Merged {
  dashboard: Dashboard;
  /** Submissions of students in none of the lists (a student who submitted before the due date, say). */
  unknown: GradingSubmission[];
}

function listOf(s: GradingSubmission): 'submitted' | 'reopened' {
  return s.status === 'REOPENED' ? 'reopened' : 'submitted';
}

/** `incoming` folded into `dash`; the same object back when nothing changed. */
export function mergeSubmissions(dash: Dashboard, incoming: readonly GradingSubmission[]): Merged {
  const lists = { submitted: [...dash.submitted], reopened: [...dash.reopened] };
  let overdue = dash.overdue;
  const counts: Counts = {
    submittedCount: dash.submittedCount,
    notSubmittedCount: dash.notSubmittedCount,
    overdueCount: dash.overdueCount,
    gradedCount: dash.gradedCount,
    reopenedCount: dash.reopenedCount,
  };
  const unknown: GradingSubmission[] = [];
  let changed = false;

  for (const s of incoming) {
    const same = (x: GradingSubmission) => x.id === s.id || x.student.id === s.student.id;
    const from = (['submitted', 'reopened'] as const).find((name) => lists[name].some(same));
    const old = from ? lists[from].find(same) : undefined;
    if (old && old.id === s.id && old.version >= s.version) continue;
    changed = true;
    const to = listOf(s);
    if (from && old) {
      if (from === 'submitted') {
        counts.submittedCount -= 1;
        if (old.status === 'GRADED') counts.gradedCount -= 1;
      } else {
        counts.reopenedCount -= 1;
      }
    }
    if (from === to) {
      // stays where the teacher sees it
      lists[to] = lists[to].map((x) => (same(x) ? s : x));
    } else {
      if (from) lists[from] = lists[from].filter((x) => !same(x));
      lists[to] = [...lists[to], s];
    }
    if (!from) {
      const wasOverdue = overdue.some((o) => o.student.id === s.student.id);
      if (wasOverdue) {
        overdue = overdue.filter((o) => o.student.id !== s.student.id);
        counts.overdueCount = Math.max(0, counts.overdueCount - 1);
      } else {
        unknown.push(s);
      }
      counts.notSubmittedCount = Math.max(0, counts.notSubmittedCount - 1);
    }
    if (to === 'submitted') {
      counts.submittedCount += 1;
      if (s.status === 'GRADED') counts.gradedCount += 1;
    } else {
      counts.reopenedCount += 1;
    }
  }

  if (!changed) return { dashboard: dash, unknown };
  return { dashboard: { ...dash, ...counts, submitted: lists.submitted, reopened: lists.reopened, overdue }, unknown };
}

/** The order next / previous walk through: the Submitted list, then the Reopened list (as shown). */
export function gradingOrder(dash: Dashboard): GradingSubmission[] {
  return [...dash.submitted, ...dash.reopened];
}

/** The submission of `studentId` in the lists, if any. */
export function submissionOf(dash: Dashboard, studentId: string | null): GradingSubmission | null {
  if (!studentId) return null;
  return gradingOrder(dash).find((s) => s.student.id === studentId) ?? null;
}

/** A submission's badge in the spec's words (section 4, teacher side) for the schema's ALL_CAPS statuses. */
const STATUS_BADGE = { GRADED: 'Graded', REOPENED: 'Reopened', PENDING: 'Pending Review' } as const satisfies Record<
  SubmissionStatus,
  string
>;

/** 'Graded', 'Reopened' or 'Pending Review'. */
export function statusBadge(s: GradingSubmission): (typeof STATUS_BADGE)[SubmissionStatus] {
  return STATUS_BADGE[s.status];
}

/** The rounded percentage of a total (section 9). */
export function percentOf(s: Pick<GradingSubmission, 'totalScore' | 'maxScore' | 'percentage'>): number {
  if (s.percentage !== null) return s.percentage;
  return s.maxScore > 0 ? Math.round(((s.totalScore ?? 0) / s.maxScore) * 100) : 0;
}

export function studentName(s: Student): string {
  return `${s.firstName} ${s.lastName}`.trim();
}
