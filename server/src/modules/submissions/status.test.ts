import { studentStanding, maySubmit } from './status';
import { SubmissionStatus } from './submission.types';

/** assessments.md section 4: the student status, the opening rule and the due rule, on a given clock. */
const now = new Date('2026-05-10T12:00:00Z');
const past = new Date('2026-05-09T12:00:00Z');
const future = new Date('2026-05-11T12:00:00Z');
const sub = (
  over: Partial<{
    status: SubmissionStatus;
    isAutoSubmitted: boolean;
    allowedAfterDue: boolean;
    customDueDate: Date | null;
    joinedLate: boolean;
  }> = {},
) => ({ status: SubmissionStatus.pending, isAutoSubmitted: false, allowedAfterDue: false, customDueDate: null, ...over });
const pick = (s: ReturnType<typeof studentStanding>) => [s.label, s.courseLabel, s.opensOn, s.courseOpensOn, s.canSubmit, s.isOverdue];

describe('student status', () => {
  it.each([
    ['no submission, not yet due', future, null, ['Pending', 'Pending', 'SUBMIT', 'SUBMIT', true, false]],
    ['no submission, past due', past, null, ['Overdue', 'Overdue', 'SUBMIT', 'SUBMIT', false, true]],
    ['submitted, pending review', future, sub(), ['Submitted', 'Submitted', 'VIEW', 'VIEW', false, false]],
    ['graded', past, sub({ status: SubmissionStatus.graded }), ['Completed', 'Graded', 'VIEW', 'VIEW', false, false]],
    [
      'auto-submitted',
      past,
      sub({ isAutoSubmitted: true, status: SubmissionStatus.graded }),
      ['Auto-submitted (Overdue)', 'Auto-submitted (Overdue)', 'VIEW', 'VIEW', false, false],
    ],
    [
      'reopened, pending, before its customDueDate',
      past,
      sub({ allowedAfterDue: true, customDueDate: future }),
      ['Reopened (Pending)', 'Reopened (Pending)', 'SUBMIT', 'VIEW', true, false],
    ],
    [
      'reopened, pending, customDueDate passed',
      past,
      sub({ allowedAfterDue: true, customDueDate: past }),
      ['Reopened (Pending)', 'Reopened (Pending)', 'SUBMIT', 'VIEW', false, true],
    ],
    [
      'reopened, graded, before its customDueDate',
      past,
      sub({ allowedAfterDue: true, status: SubmissionStatus.graded, customDueDate: future }),
      ['Completed', 'Graded', 'SUBMIT', 'VIEW', true, false],
    ],
    [
      'reopened, graded, customDueDate passed',
      past,
      sub({ allowedAfterDue: true, status: SubmissionStatus.graded, customDueDate: past }),
      ['Completed', 'Graded', 'VIEW', 'VIEW', false, true],
    ],
    [
      'stored status reopened',
      past,
      sub({ status: SubmissionStatus.reopened }),
      ['Reopened (Pending)', 'Reopened (Pending)', 'SUBMIT', 'VIEW', true, false],
    ],
    // the course page and the lists agree (issue 24)
    [
      'reopened auto-submitted work',
      past,
      sub({ isAutoSubmitted: true, allowedAfterDue: true, customDueDate: future }),
      ['Reopened (Pending)', 'Reopened (Pending)', 'SUBMIT', 'VIEW', true, false],
    ],
    // a late joiner's open work: plain Pending until their own date, then Overdue; never 'Reopened' or 'Extended'
    [
      'late joiner, before their own date',
      past,
      sub({ status: SubmissionStatus.reopened, joinedLate: true, customDueDate: future }),
      ['Pending', 'Pending', 'SUBMIT', 'SUBMIT', true, false],
    ],
    [
      'late joiner, their own date passed',
      past,
      sub({ status: SubmissionStatus.reopened, joinedLate: true, customDueDate: past }),
      ['Overdue', 'Overdue', 'SUBMIT', 'SUBMIT', false, true],
    ],
    [
      'late joiner reopened by the teacher',
      past,
      sub({ status: SubmissionStatus.reopened, joinedLate: true, allowedAfterDue: true, customDueDate: future }),
      ['Reopened (Pending)', 'Reopened (Pending)', 'SUBMIT', 'VIEW', true, false],
    ],
  ] as const)('%s', (_name, due, s, expected) => {
    expect(pick(studentStanding({ dueDate: due }, s, now))).toEqual(expected);
  });

  it('the due date that applies is the customDueDate of reopened work, with the original beside it', () => {
    const s = studentStanding({ dueDate: past }, sub({ allowedAfterDue: true, customDueDate: future }), now);
    expect([s.dueDate, s.originalDueDate, s.isExtended, s.isReopened]).toEqual([future, past, true, true]);
    const plain = studentStanding({ dueDate: future }, null, now);
    expect([plain.dueDate, plain.isExtended, plain.isReopened]).toEqual([future, false, false]);
  });

  it('the due rule: the exact due instant is still in time', () => {
    expect(maySubmit({ dueDate: now }, null, now)).toBe(true);
    expect(maySubmit({ dueDate: now }, null, new Date(now.getTime() + 1))).toBe(false);
    expect(maySubmit({ dueDate: future }, sub(), now)).toBe(false);
    expect(maySubmit({ dueDate: past }, sub({ allowedAfterDue: true }), now)).toBe(true);
  });
});
