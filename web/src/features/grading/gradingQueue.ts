/**
 * The grading queue (issue 25 point 1): what the lists show after the teacher's sort, filter and search, the
 * order Previous / Next / Next ungraded walk through, and where in a submission the teacher's work starts.
 */
import type { SubmissionStatus } from '../../gql/types';
import type { QuestionWithKeyFragment } from '../../lib/questions.generated';
import { QUESTION_TYPE_LABELS } from '../../lib/assessmentKinds';
import { studentName, type Dashboard, type GradingSubmission, type OverdueEntry } from './dashboardMerge';

/** Question types in words, never their code names (one table with the quiz editor's). */
export const TYPE_LABELS = QUESTION_TYPE_LABELS;

/** Issue 30: every question of the item, the fixed ones then those drawn for some student (the one-question view's list). */
export function allQuestions(item: {
  questions: readonly QuestionWithKeyFragment[];
  drawnQuestions: readonly QuestionWithKeyFragment[];
}): QuestionWithKeyFragment[] {
  return [...item.questions, ...item.drawnQuestions];
}

/** Issue 30: one student's questions, the fixed ones then those the random draws gave them (their answers name them). */
export function questionsOf(
  item: { questions: readonly QuestionWithKeyFragment[]; drawnQuestions: readonly QuestionWithKeyFragment[] },
  s: GradingSubmission | null,
): readonly QuestionWithKeyFragment[] {
  if (!item.drawnQuestions.length || !s) return item.questions;
  const theirs = new Set(s.answers.map((a) => a.questionId));
  return [...item.questions, ...item.drawnQuestions.filter((q) => theirs.has(q.id))];
}

export type SortKey = 'time' | 'name' | 'status';
export type FilterKey = 'all' | 'needs' | 'graded' | 'overdue' | 'reopened';

export interface ListView {
  sort: SortKey;
  filter: FilterKey;
  search: string;
}

export const DEFAULT_VIEW: ListView = { sort: 'time', filter: 'all', search: '' };

export const SORT_LABELS: Record<SortKey, string> = { time: 'Time submitted', name: 'Name', status: 'Status' };
export const FILTER_LABELS: Record<FilterKey, string> = {
  all: 'All',
  needs: 'Needs grading',
  graded: 'Graded',
  overdue: 'Overdue',
  reopened: 'Reopened',
};

/** The lists as shown: each filtered, searched and sorted. */
export interface VisibleLists {
  submitted: GradingSubmission[];
  overdue: OverdueEntry[];
  reopened: GradingSubmission[];
}

const byName = (a: { student: GradingSubmission['student'] }, b: { student: GradingSubmission['student'] }) =>
  `${a.student.lastName} ${a.student.firstName}`.localeCompare(`${b.student.lastName} ${b.student.firstName}`, undefined, {
    sensitivity: 'base',
  });

const STATUS_RANK: Record<SubmissionStatus, number> = { PENDING: 0, REOPENED: 1, GRADED: 2 };

/**
 * Time: first handed in first graded, and work the overdue sweep submitted for the student after everything
 * handed in, so that empty auto-submissions do not jump the queue; name: by last name; status: what needs
 * grading first. Ties by name, so the order is stable between polls.
 */
function compare(sort: SortKey) {
  return (a: GradingSubmission, b: GradingSubmission): number => {
    if (sort === 'status') return STATUS_RANK[a.status] - STATUS_RANK[b.status] || byName(a, b);
    if (sort === 'time') {
      const auto = Number(a.isAutoSubmitted) - Number(b.isAutoSubmitted);
      const at = (s: GradingSubmission) => (s.submittedAt ? Date.parse(s.submittedAt) : Number.MAX_SAFE_INTEGER);
      return auto || at(a) - at(b) || byName(a, b);
    }
    return byName(a, b);
  };
}

function keep(filter: FilterKey, s: GradingSubmission): boolean {
  switch (filter) {
    case 'needs':
      return s.status === 'PENDING';
    case 'graded':
      return s.status === 'GRADED';
    case 'overdue':
      return s.isAutoSubmitted;
    case 'reopened':
      return s.status === 'REOPENED';
    default:
      return true;
  }
}

export function visibleLists(d: Dashboard, view: ListView): VisibleLists {
  const words = view.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const found = (x: { student: GradingSubmission['student'] }) => {
    const name = `${studentName(x.student)} ${x.student.email}`.toLowerCase();
    return words.every((w) => name.includes(w));
  };
  const subs = (list: readonly GradingSubmission[]) => list.filter((s) => keep(view.filter, s) && found(s)).sort(compare(view.sort));
  const overdueShown = view.filter === 'all' || view.filter === 'overdue';
  return {
    submitted: subs(d.submitted),
    overdue: overdueShown ? d.overdue.filter(found).sort(byName) : [],
    reopened: subs(d.reopened),
  };
}

/** The order Previous / Next walk through: the Submitted list, then the Reopened list, as shown. */
export function queueOf(lists: VisibleLists): GradingSubmission[] {
  return [...lists.submitted, ...lists.reopened];
}

/** Where `studentId` stands in the queue: { index (0-based), total }; index -1 when not in it. */
export function positionIn(queue: readonly GradingSubmission[], studentId: string | null) {
  return { index: queue.findIndex((s) => s.student.id === studentId), total: queue.length };
}

/** The submission `delta` places away (stopping at the ends), or the first / last when none is chosen. */
export function stepFrom(queue: readonly GradingSubmission[], studentId: string | null, delta: 1 | -1): GradingSubmission | null {
  if (queue.length === 0) return null;
  const at = queue.findIndex((s) => s.student.id === studentId);
  const to = at < 0 ? (delta > 0 ? 0 : queue.length - 1) : Math.min(queue.length - 1, Math.max(0, at + delta));
  return queue[to];
}

/**
 * What still needs the teacher: a whole submission still pending, or, grading one question across students,
 * a submission whose answer to it has no grade.
 */
export function needsGrading(questionId: string | null): (s: GradingSubmission) => boolean {
  if (!questionId) return (s) => s.status === 'PENDING';
  return (s) => s.status !== 'REOPENED' && !s.answers.some((a) => a.questionId === questionId && a.grade);
}

/** The next submission after the chosen one that still needs grading, wrapping round; null when none is left. */
export function nextUngraded(
  queue: readonly GradingSubmission[],
  studentId: string | null,
  needs = needsGrading(null),
): GradingSubmission | null {
  const at = queue.findIndex((s) => s.student.id === studentId);
  for (let i = 1; i <= queue.length; i++) {
    const s = queue[(at + i + queue.length) % queue.length];
    if (needs(s) && s.student.id !== studentId) return s;
  }
  return null;
}

type Answer = GradingSubmission['answers'][number];

/** An answer the student left empty: no text, no option, no file. */
export function isUnanswered(a: Answer | undefined): boolean {
  return !a || (!(a.answer ?? '').trim() && a.selectedOptionIds.length === 0 && !a.file);
}

/** The questions no one graded that the student left empty: 'Grade unanswered as 0' saves them. */
export function ungradedUnanswered(s: GradingSubmission, questions: readonly QuestionWithKeyFragment[]): string[] {
  const answers = new Map(s.answers.map((a) => [a.questionId, a]));
  return questions.filter((q) => !answers.get(q.id)?.grade && isUnanswered(answers.get(q.id))).map((q) => q.id);
}

/**
 * Where the teacher's work starts: the first question with no grade (the automatic ones have theirs), else
 * the first long answer, else the first question.
 */
export function firstForTeacher(s: GradingSubmission, questions: readonly QuestionWithKeyFragment[]): string | null {
  const answers = new Map(s.answers.map((a) => [a.questionId, a]));
  const ungraded = questions.find((q) => !answers.get(q.id)?.grade);
  return (ungraded ?? questions.find((q) => q.type === 'LONG_ANSWER') ?? questions[0])?.id ?? null;
}

/** Something is graded: the total means something (before, 'Total Score: 0/11 (0%)' misleads). */
export function hasGrades(s: GradingSubmission): boolean {
  return s.answers.some((a) => a.grade);
}
