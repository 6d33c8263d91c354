import { describe, expect, it } from 'vitest';
import { STUDENT_KINDS, notFoundText, notFoundTitle, submitFailedText, submitPath, submittedText, viewPath } from './studentKinds';

describe('the student’s side of the three kinds (spec sections 2 and 8)', () => {
  const { assignment, quiz, exam } = STUDENT_KINDS;

  it('matches each kind to its GraphQL kind and list page', () => {
    expect([assignment.gql, quiz.gql, exam.gql]).toEqual(['ASSIGNMENT', 'QUIZ', 'EXAM']);
    expect([assignment.listPath, quiz.listPath, exam.listPath]).toEqual([
      '/dashboard/assignments',
      '/dashboard/quizzes',
      '/dashboard/exams',
    ]);
    expect(quiz.listTitle).toBe('My Quizzes');
  });

  it('puts the submit and view pages under the list', () => {
    expect(submitPath(assignment, 'a1')).toBe('/dashboard/assignments/a1/submit');
    expect(viewPath(exam, 'e1')).toBe('/dashboard/exams/e1/view');
  });

  it('downloads a long answer’s file from each kind’s own REST path (section 7)', () => {
    expect([assignment.downloadPath, quiz.downloadPath, exam.downloadPath]).toEqual([
      '/api/submissions/download',
      '/api/quizsubmissions/download',
      '/api/examsubmissions/download',
    ]);
  });

  it('writes the messages with the noun or the lower-case key', () => {
    expect(submittedText(quiz)).toBe('Quiz submitted successfully!');
    expect(submitFailedText(assignment)).toBe('Failed to submit assignment');
    expect(notFoundTitle(exam)).toBe('Exam not found');
    expect(notFoundText(exam)).toBe("The exam you're looking for doesn't exist.");
  });
});
