import { describe, expect, it } from 'vitest';
import type { Dashboard, GradingSubmission } from './dashboardMerge';
import type { QuestionWithKeyFragment } from '../../lib/questions.generated';
import {
  DEFAULT_VIEW,
  firstForTeacher,
  needsGrading,
  nextUngraded,
  queueOf,
  stepFrom,
  ungradedUnanswered,
  visibleLists,
} from './gradingQueue';

type Answer = GradingSubmission['answers'][number];

function sub(id: string, firstName: string, lastName: string, over: Partial<GradingSubmission> = {}): GradingSubmission {
  return {
    id,
    version: 1,
    status: 'PENDING',
    student: { id: `st-${id}`, firstName, lastName, email: `${firstName.toLowerCase()}@school.test` },
    submittedAt: '2026-11-20T10:00:00Z',
    isAutoSubmitted: false,
    totalScore: null,
    maxScore: 10,
    percentage: null,
    answers: [],
    ...over,
  } as unknown as GradingSubmission;
}
const answer = (questionId: string, over: Partial<Answer> = {}) =>
  ({ questionId, answer: '', selectedOptionIds: [], file: null, grade: null, ...over }) as unknown as Answer;
const question = (id: string, type: string) => ({ id, type }) as unknown as QuestionWithKeyFragment;

const early = sub('1', 'Zoe', 'Adams', { submittedAt: '2026-11-20T08:00:00Z' });
const late = sub('2', 'Amy', 'Brown', { submittedAt: '2026-11-20T09:00:00Z', status: 'GRADED' });
const auto = sub('3', 'Ben', 'Clark', { submittedAt: '2026-11-20T07:00:00Z', isAutoSubmitted: true });
const dash = { submitted: [late, auto, early], reopened: [], overdue: [] } as unknown as Dashboard;

describe('visibleLists', () => {
  it('orders by time handed in, the overdue sweep’s submissions after everything handed in', () => {
    expect(visibleLists(dash, DEFAULT_VIEW).submitted.map((s) => s.id)).toEqual(['1', '2', '3']);
  });

  it('sorts by last name, filters by status and searches names and emails by every word', () => {
    expect(visibleLists(dash, { ...DEFAULT_VIEW, sort: 'name' }).submitted.map((s) => s.id)).toEqual(['1', '2', '3']);
    expect(visibleLists(dash, { ...DEFAULT_VIEW, filter: 'graded' }).submitted.map((s) => s.id)).toEqual(['2']);
    expect(visibleLists(dash, { ...DEFAULT_VIEW, filter: 'overdue' }).submitted.map((s) => s.id)).toEqual(['3']);
    expect(visibleLists(dash, { ...DEFAULT_VIEW, search: 'amy BROWN' }).submitted.map((s) => s.id)).toEqual(['2']);
    expect(visibleLists(dash, { ...DEFAULT_VIEW, search: 'amy clark' }).submitted).toEqual([]);
  });

  it('puts what needs grading first when sorted by status', () => {
    expect(visibleLists(dash, { ...DEFAULT_VIEW, sort: 'status' }).submitted.map((s) => s.status)).toEqual([
      'PENDING',
      'PENDING',
      'GRADED',
    ]);
  });
});

describe('walking the queue', () => {
  const queue = queueOf(visibleLists(dash, DEFAULT_VIEW));

  it('steps and stops at the ends, starting at an end when none is chosen', () => {
    expect(stepFrom(queue, null, 1)?.id).toBe('1');
    expect(stepFrom(queue, null, -1)?.id).toBe('3');
    expect(stepFrom(queue, 'st-3', 1)?.id).toBe('3');
    expect(stepFrom([], null, 1)).toBeNull();
  });

  it('finds the next ungraded submission, wrapping round, never the one shown', () => {
    expect(nextUngraded(queue, 'st-1')?.id).toBe('3');
    expect(nextUngraded(queue, 'st-3')?.id).toBe('1');
    expect(nextUngraded([early], 'st-1')).toBeNull();
  });

  it('grading one question across students, needs the answers to it without a grade', () => {
    const graded = sub('4', 'Cy', 'Dunn', { answers: [answer('q1', { grade: { score: 1 } as Answer['grade'] })] });
    expect(needsGrading('q1')(graded)).toBe(false);
    expect(needsGrading('q2')(graded)).toBe(true);
    expect(needsGrading('q1')(sub('5', 'Di', 'Eve', { status: 'REOPENED' }))).toBe(false);
  });
});

describe('where the teacher starts', () => {
  const questions = [question('q1', 'MCQ'), question('q2', 'LONG_ANSWER'), question('q3', 'SHORT_ANSWER')];

  it('starts at the first question with no grade, else the first long answer', () => {
    const s = sub('6', 'Ed', 'Fox', { answers: [answer('q1', { grade: { score: 1 } as Answer['grade'] })] });
    expect(firstForTeacher(s, questions)).toBe('q2');
    const all = sub('7', 'Fi', 'Gee', { answers: questions.map((q) => answer(q.id, { grade: { score: 0 } as Answer['grade'] })) });
    expect(firstForTeacher(all, questions)).toBe('q2');
    expect(firstForTeacher(all, [])).toBeNull();
  });

  it('lists the ungraded questions the student left empty', () => {
    const s = sub('8', 'Gus', 'Hall', { answers: [answer('q1', { answer: 'x' }), answer('q2')] });
    expect(ungradedUnanswered(s, questions)).toEqual(['q2', 'q3']);
  });
});
