import { describe, expect, it } from 'vitest';
import { mergeSubmissions, percentOf, statusBadge, submissionOf, type Dashboard, type GradingSubmission } from './dashboardMerge';

const student = (id: string, firstName = id, lastName = 'Pupil') => ({ id, firstName, lastName, email: `${id}@school.test` });

function sub(id: string, studentId: string, over: Partial<GradingSubmission> = {}): GradingSubmission {
  return {
    id,
    version: 1,
    status: 'PENDING',
    student: student(studentId),
    submittedAt: '2026-11-20T10:00:00Z',
    isAutoSubmitted: false,
    totalScore: null,
    maxScore: 10,
    percentage: null,
    answers: [],
    ...over,
  } as unknown as GradingSubmission;
}

function dashboard(over: Partial<Dashboard> = {}): Dashboard {
  return {
    submitted: [],
    reopened: [],
    overdue: [],
    submittedCount: 0,
    notSubmittedCount: 0,
    overdueCount: 0,
    gradedCount: 0,
    reopenedCount: 0,
    ...over,
  } as unknown as Dashboard;
}

const TILES = {
  isPastDue: true,
  totalStudents: 3,
  submittedCount: 0,
  notSubmittedCount: 0,
  overdueCount: 0,
  gradedCount: 0,
  reopenedCount: 0,
  joinedLateCount: 0,
};

describe('mergeSubmissions', () => {
  it('moves a graded submission within Submitted and leaves the tiles to the feed', () => {
    const dash = dashboard({ submitted: [sub('s1', 'a')], submittedCount: 1 });
    const { dashboard: after } = mergeSubmissions(dash, [sub('s1', 'a', { version: 2, status: 'GRADED' })]);
    expect(after.submitted.map((s) => s.status)).toEqual(['GRADED']);
    // the page counts nothing: the tiles stay as shown until the feed answers them
    expect([after.submittedCount, after.gradedCount]).toEqual([1, 0]);
    const fed = mergeSubmissions(after, [], { ...TILES, submittedCount: 1, gradedCount: 1 }).dashboard;
    expect([fed.submittedCount, fed.gradedCount, fed.totalStudents, fed.isPastDue]).toEqual([1, 1, 3, true]);
    expect(fed.submitted).toBe(after.submitted);
  });

  it('keeps the same object when a poll repeats a change already shown or older, and its tiles are those shown', () => {
    const dash = dashboard({ submitted: [sub('s1', 'a', { version: 3 })], submittedCount: 1 });
    expect(mergeSubmissions(dash, [sub('s1', 'a', { version: 3 })]).dashboard).toBe(dash);
    expect(mergeSubmissions(dash, [sub('s1', 'a', { version: 2, status: 'GRADED' })]).dashboard).toBe(dash);
    const shown = dashboard({ ...TILES, submitted: [sub('s1', 'a', { version: 3 })] });
    expect(mergeSubmissions(shown, [], { ...TILES }).dashboard).toBe(shown);
  });

  it('moves a reopened submission from Submitted to Reopened', () => {
    const dash = dashboard({ submitted: [sub('s1', 'a', { status: 'GRADED' })], submittedCount: 1, gradedCount: 1 });
    const { dashboard: after } = mergeSubmissions(dash, [sub('s1', 'a', { version: 2, status: 'REOPENED' })], {
      ...TILES,
      reopenedCount: 1,
    });
    expect(after.submitted).toEqual([]);
    expect(after.reopened.map((s) => s.id)).toEqual(['s1']);
    expect([after.submittedCount, after.gradedCount, after.reopenedCount]).toEqual([0, 0, 1]);
  });

  it('takes an overdue student off the Overdue list when a submission is created for them', () => {
    const dash = dashboard({
      overdue: [{ student: student('b') }] as unknown as Dashboard['overdue'],
      overdueCount: 1,
      notSubmittedCount: 1,
    });
    const { dashboard: after, unknown } = mergeSubmissions(dash, [sub('s2', 'b')]);
    expect(after.overdue).toEqual([]);
    expect(after.submitted.map((s) => s.id)).toEqual(['s2']);
    expect(unknown).toEqual([]);
  });

  it('reports a submission of a student in no list as unknown', () => {
    const { unknown } = mergeSubmissions(dashboard(), [sub('s3', 'c')]);
    expect(unknown.map((s) => s.id)).toEqual(['s3']);
  });

  it("takes only the tiles' own fields from the feed's answer, never its type name", () => {
    const dash = dashboard({ __typename: 'GradingDashboard' } as Partial<Dashboard>);
    const fed = mergeSubmissions(dash, [], { ...TILES, __typename: 'GradingTiles' } as typeof TILES).dashboard;
    expect((fed as { __typename?: string }).__typename).toBe('GradingDashboard');
    expect(fed.totalStudents).toBe(3);
  });
});

describe('dashboard helpers', () => {
  it('finds a student’s submission in Submitted, then Reopened', () => {
    const dash = dashboard({ submitted: [sub('s1', 'a')], reopened: [sub('s2', 'b', { status: 'REOPENED' })] });
    expect(submissionOf(dash, 'b')?.id).toBe('s2');
    expect(submissionOf(dash, 'z')).toBeNull();
    expect(submissionOf(dash, null)).toBeNull();
  });

  it('words the badge as the spec does and rounds a percentage the server did not give', () => {
    expect(statusBadge(sub('s', 'a'))).toBe('Pending Review');
    expect(statusBadge(sub('s', 'a', { status: 'REOPENED' }))).toBe('Reopened');
    expect(percentOf({ totalScore: 2, maxScore: 3, percentage: null })).toBe(67);
    expect(percentOf({ totalScore: 2, maxScore: 3, percentage: 50 })).toBe(50);
    expect(percentOf({ totalScore: null, maxScore: 0, percentage: null })).toBe(0);
  });
});
