import { OpensOn, StudentStatus, SubmissionStatus } from './submission.types';

/** What the student status reads of an item. */
export interface StatusItem {
  dueDate: Date;
}

/** What the student status reads of the student's submission (null when there is none). */
export interface StatusSubmission {
  status: SubmissionStatus | `${SubmissionStatus}`;
  isAutoSubmitted: boolean;
  allowedAfterDue: boolean;
  customDueDate: Date | null;
  /** Opened for a late joiner (issue 24); absent counts as false. */
  joinedLate?: boolean | null;
}

export interface StudentStanding {
  status: StudentStatus;
  label: string;
  courseLabel: string;
  opensOn: OpensOn;
  courseOpensOn: OpensOn;
  dueDate: Date;
  originalDueDate: Date;
  isExtended: boolean;
  isReopened: boolean;
  isOverdue: boolean;
  canSubmit: boolean;
}

const LIST_LABEL: Record<StudentStatus, string> = {
  Overdue: 'Overdue',
  Pending: 'Pending',
  AutoSubmitted: 'Auto-submitted (Overdue)',
  Completed: 'Completed',
  Submitted: 'Submitted',
  Reopened: 'Reopened (Pending)',
};
/**
 * The course page says Graded where lists say Completed (section 4). Reopened work that waits for the student
 * says 'Reopened (Pending)' there too (issue 24): the spec's course page falls through to 'Submitted' or
 * 'Auto-submitted (Overdue)', so one piece of work showed two statuses.
 */
const COURSE_LABEL: Record<StudentStatus, string> = { ...LIST_LABEL, Completed: 'Graded' };

/** Reopened by a teacher: allowedAfterDue, or the stored status says so. */
export const isReopened = (s: StatusSubmission | null): boolean => !!s && (s.allowedAfterDue || s.status === SubmissionStatus.reopened);

/**
 * A late joiner's open work (nothing handed in, not reopened by a teacher since): due at its own date, and to
 * the student simply Pending (or Overdue once that date passed), not a reopening or an extension.
 */
export const isLateOpen = (s: Pick<StatusSubmission, 'status' | 'allowedAfterDue' | 'joinedLate'> | null): boolean =>
  !!s && !!s.joinedLate && !s.allowedAfterDue && s.status === SubmissionStatus.reopened;

/** The due date that applies: a reopened submission's customDueDate when set, else the item's. */
export function effectiveDueDate(item: StatusItem, s: StatusSubmission | null): Date {
  return isReopened(s) && s!.customDueDate ? s!.customDueDate : item.dueDate;
}

/** effectiveDueDate in SQL, for the item on alias `a` and the student's submission on alias `s` (may be NULL): lists filter and order on it. */
export const effectiveDueSql = (
  a: string,
  s: string,
) => `(CASE WHEN (${s}.allowed_after_due OR ${s}.status = 'reopened') AND ${s}.custom_due_date IS NOT NULL
                                  THEN ${s}.custom_due_date ELSE ${a}.due_date END)`;

/** effectiveDueSql on the aliases `a` and `s`. */
export const EFFECTIVE_DUE_SQL = effectiveDueSql('a', 's');

/**
 * The due rule on the server clock: with no submission, until the due date; with one, only when it was
 * reopened and its customDueDate (if any) has not passed. Everything else is refused.
 */
export function maySubmit(item: StatusItem, s: StatusSubmission | null, now: Date): boolean {
  if (!s) return now.getTime() <= item.dueDate.getTime();
  if (!isReopened(s)) return false;
  return !s.customDueDate || now.getTime() <= s.customDueDate.getTime();
}

/**
 * The one derivation of a student's status (assessments.md section 4), used by every list, page and both
 * transports, so they agree. Lists: a reopened submission still pending is 'Reopened (Pending)' before the
 * auto-submitted and graded checks, as it is what the student must act on.
 */
export function studentStanding(item: StatusItem, s: StatusSubmission | null, now: Date): StudentStanding {
  const lateOpen = isLateOpen(s);
  const reopened = isReopened(s) && !lateOpen;
  const reopenedPending = reopened && s!.status !== SubmissionStatus.graded;
  const due = effectiveDueDate(item, s);
  let status: StudentStatus;
  if (!s || lateOpen) status = now.getTime() > due.getTime() ? StudentStatus.Overdue : StudentStatus.Pending;
  else if (reopenedPending) status = StudentStatus.Reopened;
  else if (s.isAutoSubmitted) status = StudentStatus.AutoSubmitted;
  else if (s.status === SubmissionStatus.graded) status = StudentStatus.Completed;
  else status = StudentStatus.Submitted;
  // "with no submission, or a reopened one still pending or before its customDueDate: the submit page"
  const toSubmit = !s || lateOpen || (reopened && (reopenedPending || (!!s.customDueDate && now.getTime() <= s.customDueDate.getTime())));
  const canSubmit = maySubmit(item, s, now);
  return {
    status,
    label: LIST_LABEL[status],
    courseLabel: COURSE_LABEL[status],
    opensOn: toSubmit ? OpensOn.SUBMIT : OpensOn.VIEW,
    courseOpensOn: s && !lateOpen ? OpensOn.VIEW : OpensOn.SUBMIT,
    dueDate: due,
    originalDueDate: item.dueDate,
    isExtended: reopened && !!s!.customDueDate,
    isReopened: reopened,
    isOverdue: !canSubmit && (!s || reopened || lateOpen) && now.getTime() > due.getTime(),
    canSubmit,
  };
}
