import { describe, expect, it } from 'vitest';
import { REVIEW_KINDS, REVIEW_KIND_OF } from './reviewKinds';

describe('the three review lists (spec section 2 "Review lists", section 8)', () => {
  it('titles each list and puts it under /dashboard/teacher', () => {
    expect(REVIEW_KINDS.assignment).toMatchObject({
      gql: 'ASSIGNMENT',
      title: 'Assignment Review',
      subtitle: 'Review and grade student submissions',
      path: '/dashboard/teacher/assignments',
      emptyDetail: 'No assignments have been created yet.',
      failedText: 'Failed to fetch assignments',
    });
    expect(REVIEW_KINDS.quiz).toMatchObject({
      title: 'Quiz Review',
      path: '/dashboard/teacher/quizzes',
      emptyDetail: 'No quizzes have been created yet.',
    });
    expect(REVIEW_KINDS.exam).toMatchObject({
      title: 'Exam Review',
      path: '/dashboard/teacher/exams',
      failedText: 'Failed to fetch exams',
    });
  });

  it('keeps the authoring table’s words and paths underneath', () => {
    expect(REVIEW_KINDS.quiz.noun).toBe('Quiz');
    expect(REVIEW_KINDS.exam.submissionsPath('e1')).toBe('/dashboard/exams/e1/examsubmissions');
  });

  it('finds the list of a review item by its GraphQL kind', () => {
    expect(REVIEW_KIND_OF.ASSIGNMENT).toBe(REVIEW_KINDS.assignment);
    expect(REVIEW_KIND_OF.QUIZ).toBe(REVIEW_KINDS.quiz);
    expect(REVIEW_KIND_OF.EXAM).toBe(REVIEW_KINDS.exam);
  });
});
