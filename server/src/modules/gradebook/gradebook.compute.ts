import { Actor, can } from '../../policies';
import { type SubmissionView, resultsShown } from '../../policies/rules';
import { percentOf, SubmissionStatus } from '../submissions';
import { GradeColumnRow, GradeSubmissionRow } from './gradebook.queries';
import { GradeStatus, GradeTrendPoint } from './gradebook.types';

export const GRADE_LABEL: Record<GradeStatus, string> = {
  [GradeStatus.Graded]: 'Graded',
  [GradeStatus.Unreleased]: 'Results not released',
  [GradeStatus.NotGraded]: 'Not graded',
  [GradeStatus.Reopened]: 'Reopened',
  [GradeStatus.Missing]: 'Missing',
  [GradeStatus.NotSubmitted]: 'Not submitted',
  [GradeStatus.NotAssigned]: 'Not assigned',
};

/** One student on one item: the status, the score where the viewer may see it, and whether it counts. */
export interface Standing {
  assessmentId: string;
  submissionId: string | null;
  status: GradeStatus;
  statusLabel: string;
  isAutoSubmitted: boolean;
  score: number | null;
  maxScore: number;
  percentage: number | null;
  countsTowardAverage: boolean;
  submittedAt: Date | null;
}

const viewOf = (col: GradeColumnRow, sub: GradeSubmissionRow): SubmissionView => ({
  studentId: sub.studentId,
  teacherIds: col.teacherIds,
  graded: sub.status === SubmissionStatus.graded,
  visibility: col.visibility,
  released: col.released,
  autoSubmitted: sub.isAutoSubmitted,
});

/** resultsShown reads the submission alone: the actor it is given plays no part. */
const NOBODY = null as unknown as Actor;

/** Whether a submission's score is shown, decided on its view (a rule for the reader, or what the student sees). */
export type ScoreShown = (view: SubmissionView) => boolean;

/** The score as the student sees it on their own work ('resultsShown', a relation of the submission alone): a student's report, whoever reads it. */
export const shownToItsStudent: ScoreShown = (view) => resultsShown.js(NOBODY, view);

/** The score under 'submission.seeResults' for the reader (the gradebook's teachers and admins). */
export const shownTo =
  (reader: Actor): ScoreShown =>
  (view) =>
    can(reader, 'submission.seeResults', view);

/**
 * Where `studentId` stands on `col`. An item counts toward the average when it is graded, the student sees
 * the item, and the student may see its result ('resultsShown': manual items only once released); the score
 * is given when `scoreShown` allows it.
 */
export function standingOf(
  col: GradeColumnRow,
  sub: GradeSubmissionRow | null,
  studentId: string,
  scoreShown: ScoreShown,
  now: Date,
): Standing {
  let status: GradeStatus;
  let score: number | null = null;
  let counts = false;
  if (!sub) {
    if (col.targetIds && !col.targetIds.includes(studentId)) status = GradeStatus.NotAssigned;
    else status = now.getTime() > col.dueDate.getTime() ? GradeStatus.Missing : GradeStatus.NotSubmitted;
  } else if (sub.status === SubmissionStatus.reopened || (sub.allowedAfterDue && sub.status !== SubmissionStatus.graded)) {
    status = GradeStatus.Reopened;
  } else if (sub.status !== SubmissionStatus.graded) {
    // partly graded work (automatic questions done, a long answer waiting) is not graded work yet
    status = GradeStatus.NotGraded;
  } else {
    const view = viewOf(col, sub);
    // what 'submission.seeResults' grants the student on their own work: the relation of the submission alone
    const studentSees = col.visible && shownToItsStudent(view);
    status = studentSees ? GradeStatus.Graded : GradeStatus.Unreleased;
    if (scoreShown(view)) score = sub.totalScore;
    counts = studentSees;
  }
  const maxScore = sub ? sub.maxScore : col.totalPoints;
  return {
    assessmentId: col.id,
    submissionId: sub?.id ?? null,
    status,
    statusLabel: GRADE_LABEL[status],
    isAutoSubmitted: !!sub?.isAutoSubmitted,
    score,
    maxScore,
    percentage: score === null ? null : percentOf(score, maxScore),
    countsTowardAverage: counts,
    submittedAt: sub?.submittedAt ?? null,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** What an average needs of a standing (a report item or a gradebook cell has it). */
type Counted = Pick<Standing, 'countsTowardAverage' | 'score' | 'maxScore'>;

/** The course average: points earned over points possible of the items that count, nothing else. */
export function averageOf(items: Counted[]): { pointsEarned: number; pointsPossible: number; average: number | null } {
  const counted = items.filter((i) => i.countsTowardAverage);
  const pointsEarned = round2(counted.reduce((n, i) => n + (i.score ?? 0), 0));
  const pointsPossible = counted.reduce((n, i) => n + i.maxScore, 0);
  return { pointsEarned, pointsPossible, average: counted.length && pointsPossible > 0 ? percentOf(pointsEarned, pointsPossible) : null };
}

/** The counted items by time (submission, else due date) with the running average after each. */
export function trendOf(
  items: Array<Counted & Pick<Standing, 'assessmentId' | 'percentage' | 'submittedAt'> & { title: string; dueDate: Date }>,
): GradeTrendPoint[] {
  const counted = items
    .filter((i) => i.countsTowardAverage)
    .map((i) => ({ i, at: i.submittedAt ?? i.dueDate }))
    .sort((x, y) => x.at.getTime() - y.at.getTime() || x.i.assessmentId.localeCompare(y.i.assessmentId));
  let earned = 0;
  let possible = 0;
  return counted.map(({ i, at }) => {
    earned += i.score ?? 0;
    possible += i.maxScore;
    return Object.assign(new GradeTrendPoint(), {
      assessmentId: i.assessmentId,
      title: i.title,
      at,
      percentage: i.percentage ?? 0,
      average: percentOf(round2(earned), possible),
    });
  });
}
