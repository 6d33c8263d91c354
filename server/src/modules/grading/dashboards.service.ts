import { DataSource } from 'typeorm';
import { notFound, validation } from '../../errors/domain-error';
import { assertId } from '../../core/ids';
import { Actor, authorize } from '../../policies';
import {
  Assessment,
  AssessmentKind,
  AssessmentsService,
  ReadableAssessment,
  toQuestions,
  ASSESSMENT_TEXT,
  AssessmentStudent,
} from '../assessments';
import { Page, PageWindow } from '../../core/paging';
import {
  SubmissionsService,
  submissionRowsById,
  toAnswers,
  toRow,
  toSubmission,
  withQuestionKeys,
  Submission,
  SubmissionAnswer,
  asItem,
  isLateOpen,
} from '../submissions';
import { CourseFactsRow } from '../courses';
import { reopenDueDate } from './grading.validation';
import { setLateDueDate } from './grading.repository.late-join';
import { AutoSubmitScope, autoSubmitOverdue } from './auto-submit';
import { decodeCursor, encodeCursor } from './dashboards.queries';
import { changedSince, dashboardRow, gradingQueuePage, reviewItemsPage } from './grading.repository.dashboards';
import { dashboardListOf, tilesOf } from './dashboards.tiles';
import { ReviewListRow } from './review-list';
import { GradingChanges, GradingDashboard, OverdueStudent, OverdueSummary, ReviewBadge, ReviewItem } from './dashboards.types';

/** Texts of the review domain (assessments.md sections 2 and 8 where the spec has them). */
export const REVIEW_TEXT = {
  cannotReview: 'Only the teachers of this course can grade its work',
  cannotAutoSubmit: 'Only the teachers of this course can auto-submit overdue work',
  cannotList: 'Only teachers can review submissions',
  cannotSetLateDue: 'Only the teachers of this course can set the due date of late joiners',
  lateDueRequired: 'Choose the due date for students who joined late',
  badCursor: 'The cursor is not valid; load the dashboard again',
  badge: (b: ReviewBadge, kind: AssessmentKind) =>
    ({
      [ReviewBadge.NONE]: kind === AssessmentKind.QUIZ ? 'No Quiz Submissions' : 'No Submissions',
      [ReviewBadge.ALL_GRADED]: 'All Graded',
      [ReviewBadge.PARTIALLY_GRADED]: 'Partially Graded',
      [ReviewBadge.NEEDS_GRADING]: 'Needs Grading',
    })[b],
};

/** The review aggregate of an item (assessments.md sections 2 and 4). */
export function badgeOf(total: number, graded: number): ReviewBadge {
  if (!total) return ReviewBadge.NONE;
  if (graded >= total) return ReviewBadge.ALL_GRADED;
  return graded > 0 ? ReviewBadge.PARTIALLY_GRADED : ReviewBadge.NEEDS_GRADING;
}

/**
 * The teacher's side of submissions (issue 13): grading dashboards with their tiles and lists, the change
 * feed an open dashboard polls, the review lists, and auto-submitting overdue work (the call and the sweep).
 * Every read runs a fixed number of statements whatever the class size and the number of questions.
 */
export class DashboardsService {
  constructor(
    private readonly ds: DataSource,
    private readonly assessments: AssessmentsService,
    private readonly submissions: SubmissionsService,
  ) {}

  /** An item whose dashboard the viewer may see: not found unless they read it, forbidden unless they review it. */
  private async reviewable(actor: Actor, assessmentId: unknown, kind?: AssessmentKind): Promise<ReadableAssessment> {
    const found = await this.assessments.readable(actor, assessmentId, kind);
    authorize(actor, 'assessment.review', found.course, { message: REVIEW_TEXT.cannotReview });
    return found;
  }

  /**
   * gradingDashboard and the REST summary: the item, its tiles and its three lists, in one statement
   * (dashboards.read.ts); not found unless the viewer reads the item, forbidden unless they review it.
   */
  async dashboard(actor: Actor, assessmentId: unknown, kind?: AssessmentKind, keys = true): Promise<GradingDashboard> {
    return (await this.reviewed(actor, assessmentId, kind, keys)).dashboard;
  }

  /**
   * The dashboard read, then 'assessment.review' on the course it came with (its JS form, on the loaded facts).
   * `keys` false: the answers come without their key and explanation (an operation that asks for none of them).
   */
  private async reviewed(
    actor: Actor,
    id: unknown,
    kind?: AssessmentKind,
    keys = true,
  ): Promise<{ dashboard: GradingDashboard; course: CourseFactsRow }> {
    const assessmentId = assertId(id, ASSESSMENT_TEXT.notFound(kind));
    const row = await dashboardRow(this.ds, actor, assessmentId, kind, keys);
    if (!row) throw notFound(ASSESSMENT_TEXT.notFound(kind));
    authorize(actor, 'assessment.review', row.course, { message: REVIEW_TEXT.cannotReview });
    const a = Object.assign(asItem(row.assessment), { questions: toQuestions(row.questions, false) });
    const subRows = row.submissions.map((r) => {
      const x = toRow(r);
      return Object.assign(x, {
        customDueDate: dateOf(x.customDueDate),
        submittedAt: dateOf(x.submittedAt),
        updatedAt: dateOf(x.updatedAt)!,
      });
    });
    const answers = toAnswers(row.keys ? withQuestionKeys(row.answers, row.keys) : row.answers, subRows);
    const bySubmission = new Map<string, SubmissionAnswer[]>();
    for (const x of answers) (bySubmission.get(x.submissionId) ?? bySubmission.set(x.submissionId, []).get(x.submissionId)!).push(x);
    const subs = subRows.map((s) => toSubmission(s, bySubmission.get(s.id) ?? [], this.submissions.seen(actor, s)));
    return { dashboard: assemble(a, row.roster, subs, encodeCursor(row.at)), course: row.course };
  }

  /** gradingChanges: the item's submissions changed since the cursor (see CURSOR_OVERLAP), whole, and the next cursor. */
  async changes(actor: Actor, assessmentId: unknown, since: unknown): Promise<GradingChanges> {
    const { assessment } = await this.reviewable(actor, assessmentId);
    const at = decodeCursor(since);
    if (!at) throw validation(REVIEW_TEXT.badCursor, 'since');
    const { ids, cursor, roster, subs } = await changedSince(this.ds, actor, assessment.id, at);
    // a late joiner's open work is no change to the lists a client merges into (Submitted, Reopened): left out,
    // it would land among the Reopened; what they hand in comes as any other submission
    const rows = (await submissionRowsById(this.ds, ids)).filter((r) => !isLateOpen(r));
    const submissions = await this.submissions.views(actor, rows);
    return Object.assign(new GradingChanges(), { cursor, submissions, tiles: tilesOf(roster, subs, new Date(assessment.dueDate)) });
  }

  /**
   * reviewItems: one window of the items of a kind of the courses the viewer teaches (every course for SuperAdmin
   * and Admin), with their counts and the whole list's total: one statement whatever the size (reviewItemsSql),
   * handed on as plain objects; each item's course and module only with `places`.
   */
  async items(actor: Actor, kind: AssessmentKind, window: PageWindow, places = true): Promise<Page<ReviewItem>> {
    authorize(actor, 'review.list', undefined, { message: REVIEW_TEXT.cannotList });
    return this.reviewList(await reviewItemsPage(this.ds, actor, kind, window, places), window);
  }

  /**
   * gradingQueue (the teacher dashboard's 'Assignments to Review' card): one window of the items of every kind
   * with submissions waiting for a grade, the earliest due first, and how many there are; the review lists'
   * readers and statement (reviewItemsSql, 'queue'), so the card needs neither the three lists nor a count of
   * its own.
   */
  async queue(actor: Actor, window: PageWindow, places = true): Promise<Page<ReviewItem>> {
    authorize(actor, 'review.list', undefined, { message: REVIEW_TEXT.cannotList });
    return this.reviewList(await gradingQueuePage(this.ds, actor, window, places), window);
  }

  /** A review list's window as cards: each item with its counts and badge. */
  private reviewList({ items, total }: { items: ReviewListRow[]; total: number }, window: PageWindow): Page<ReviewItem> {
    const cards = items.map(({ assessment, total: count, graded, ...labels }): ReviewItem => {
      const badge = badgeOf(count, graded);
      return {
        assessment: asItem(assessment),
        ...labels,
        submissionCount: count,
        gradedCount: graded,
        pendingCount: count - graded,
        badge,
        badgeLabel: REVIEW_TEXT.badge(badge, assessment.kind),
      };
    });
    return { items: cards, total, window };
  }

  /**
   * autoSubmitOverdue and POST /submissions/auto-submit-overdue (and twins): the dashboard summary. A dry run
   * (whoever sees the dashboard) changes nothing; otherwise (the course's teachers) the item's overdue students
   * are auto-submitted first, as the sweep would.
   */
  async overdueSummary(
    actor: Actor,
    assessmentId: unknown,
    dryRun: boolean,
    kind?: AssessmentKind,
  ): Promise<{ summary: OverdueSummary; dashboard: GradingDashboard }> {
    const read = await this.reviewed(actor, assessmentId, kind);
    let { dashboard } = read;
    let autoSubmittedCount = 0;
    if (!dryRun) {
      // the read above was the check; the answer is read again after the writes
      authorize(actor, 'assessment.autoSubmit', read.course, { message: REVIEW_TEXT.cannotAutoSubmit });
      autoSubmittedCount = await this.autoSubmit({ assessmentId: dashboard.assessment.id, visibleOnly: false, missing: 'zero' });
      dashboard = (await this.reviewed(actor, dashboard.assessment.id, kind)).dashboard;
    }
    const summary = Object.assign(new OverdueSummary(), {
      dryRun,
      autoSubmittedCount,
      totalStudents: dashboard.totalStudents,
      submittedCount: dashboard.submittedCount,
      overdueCount: dashboard.overdueCount,
      reopenedCount: dashboard.reopenedCount,
      joinedLateCount: dashboard.joinedLateCount,
    });
    return { summary, dashboard };
  }

  /**
   * setLateJoinerDueDate: the one due date of the item's late joiners (issue 24), for those open now and those
   * placed later; the course's teachers, as reopening is theirs. The same bounds as a reopen's new date.
   */
  async setLateJoinerDueDate(actor: Actor, assessmentId: unknown, raw: unknown): Promise<GradingDashboard> {
    const { assessment, course } = await this.reviewable(actor, assessmentId);
    authorize(actor, 'submission.reopen', course, { message: REVIEW_TEXT.cannotSetLateDue });
    if (raw === undefined || raw === null || raw === '') throw validation(REVIEW_TEXT.lateDueRequired);
    const now = new Date();
    const due = reopenDueDate(raw, now, now);
    await this.ds.transaction((m) => setLateDueDate(m, assessment.id, due));
    return this.dashboard(actor, assessment.id);
  }

  /** Auto-submits overdue work in one transaction; how many submissions it wrote. */
  async autoSubmit(scope: AutoSubmitScope): Promise<number> {
    return (await this.ds.transaction((m) => autoSubmitOverdue(m, scope))).length;
  }
}

/** A date column of a row PostgreSQL built as JSON (microseconds dropped, as the driver drops them). */
const dateOf = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

/** The dashboard's tiles and lists of the item, its roster and the submissions the viewer reads (newest first). */
export function assemble(a: Assessment, roster: AssessmentStudent[], subs: Submission[], cursor: string): GradingDashboard {
  const dueDate = new Date(a.dueDate);
  const tiles = tilesOf(
    roster.map((r) => r.id),
    subs.map((s) => ({ studentId: s.student.id, status: s.status, allowedAfterDue: s.allowedAfterDue, joinedLate: s.joinedLate })),
    dueDate,
  );
  const have = new Set(subs.map((s) => s.student.id));
  const missing = roster.filter((s) => !have.has(s.id));
  const inList = (list: ReturnType<typeof dashboardListOf>) => subs.filter((s) => dashboardListOf(s) === list);
  return Object.assign(new GradingDashboard(), tiles, {
    assessment: a,
    submitted: inList('submitted'),
    overdue: tiles.isPastDue ? missing.map((student) => Object.assign(new OverdueStudent(), { student, dueDate })) : [],
    reopened: inList('reopened'),
    joinedLate: inList('joinedLate').sort(
      (x, y) => x.student.lastName.localeCompare(y.student.lastName) || x.student.firstName.localeCompare(y.student.firstName),
    ),
    cursor,
  });
}
