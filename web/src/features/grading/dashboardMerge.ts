/**
 * Folding changed submissions into the dashboard the page shows, without asking for the whole page again: a
 * grade saved here or by another teacher, a reopen, a submission created for an overdue student. Each student
 * is in at most one list (Submitted, Reopened, Overdue); a submission goes to Reopened when its status says so,
 * else to Submitted. A change that is older than what is shown (a poll answered after a save) and one already shown
 * (a poll repeats a recent change) are left out, by the submission's version. The tiles are never counted here: the
 * change feed answers them as the server counts the dashboard's (`tiles`), and they replace the shown ones.
 */
import type { SubmissionStatus } from '../../gql/types';
import type { GradingChangesQuery, GradingDashboardQuery, GradingSubmissionFragment } from './grading.generated';

export type Dashboard = GradingDashboardQuery['gradingDashboard'];
export type GradingSubmission = GradingSubmissionFragment;
export type OverdueEntry = Dashboard['overdue'][number];
export type Student = GradingSubmission['student'];

/** The tiles as the change feed answers them. */
export type Tiles = GradingChangesQuery['gradingChanges']['tiles'];

const TILE_KEYS = [
  'isPastDue',
  'totalStudents',
  'submittedCount',
  'notSubmittedCount',
  'overdueCount',
  'gradedCount',
  'reopenedCount',
  'joinedLateCount',
] as const satisfies ReadonlyArray<keyof Tiles & keyof Dashboard>;

export interface Merged {
  dashboard: Dashboard;
  /** Submissions of students in none of the lists (a student who submitted before the due date, say). */
  unknown: GradingSubmission[];
}

function listOf(s: GradingSubmission): 'submitted' | 'reopened' {
  return s.status === 'REOPENED' ? 'reopened' : 'submitted';
}

/** `incoming` folded into `dash`, and `tiles` (the feed's) in place of the shown ones; the same object back when nothing changed. */
export function mergeSubmissions(dash: Dashboard, incoming: readonly GradingSubmission[], tiles?: Tiles): Merged {
  const lists = { submitted: [...dash.submitted], reopened: [...dash.reopened] };
  let overdue = dash.overdue;
  const unknown: GradingSubmission[] = [];
  let changed = false;

  for (const s of incoming) {
    const same = (x: GradingSubmission) => x.id === s.id || x.student.id === s.student.id;
    const from = (['submitted', 'reopened'] as const).find((name) => lists[name].some(same));
    const old = from ? lists[from].find(same) : undefined;
    if (old && old.id === s.id && old.version >= s.version) continue;
    changed = true;
    const to = listOf(s);
    if (from === to) {
      // stays where the teacher sees it
      lists[to] = lists[to].map((x) => (same(x) ? s : x));
    } else {
      if (from) lists[from] = lists[from].filter((x) => !same(x));
      lists[to] = [...lists[to], s];
    }
    if (!from) {
      if (overdue.some((o) => o.student.id === s.student.id)) overdue = overdue.filter((o) => o.student.id !== s.student.id);
      else unknown.push(s);
    }
  }

  // only the tiles' own fields: the answer also carries its __typename, which is not the dashboard's
  const counted: Partial<Tiles> = {};
  for (const key of TILE_KEYS) if (tiles && tiles[key] !== dash[key]) Object.assign(counted, { [key]: tiles[key] });
  if (!changed && !Object.keys(counted).length) return { dashboard: dash, unknown };
  if (!changed) return { dashboard: { ...dash, ...counted }, unknown };
  return { dashboard: { ...dash, ...counted, submitted: lists.submitted, reopened: lists.reopened, overdue }, unknown };
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
