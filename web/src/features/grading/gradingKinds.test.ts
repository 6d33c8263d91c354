import { describe, expect, it } from 'vitest';
import { STUDENT_KINDS } from '../submissions/studentKinds';
import { GRADING_KINDS, reopenFailedText, reopenText, reopenedText } from './gradingKinds';

describe('the three grading dashboards (spec sections 2, 8 and 9)', () => {
  const { assignment, quiz, exam } = GRADING_KINDS;

  it('reads the item from its own route parameter', () => {
    expect([assignment.param, quiz.param, exam.param]).toEqual(['assignmentId', 'quizId', 'examId']);
  });

  it('sends quizzes back to their module, assignments and exams to their course', () => {
    expect([assignment.backTo, quiz.backTo, exam.backTo]).toEqual(['course', 'module', 'course']);
  });

  it('downloads files from the same paths as the student’s pages', () => {
    for (const key of ['assignment', 'quiz', 'exam'] as const)
      expect(GRADING_KINDS[key].downloadPath).toBe(STUDENT_KINDS[key].downloadPath);
  });

  it('says "exam submission" on the exam dashboard only', () => {
    expect(exam.emptyListText).toBe('No exam submissions or students found');
    expect(quiz.emptyListText).toBe('No submissions or students found');
    expect(exam.createdText).toBe('Exam submission created for manual grading');
    expect(assignment.createdText).toBe('Submission created for manual grading');
    expect(quiz.loadFailedText).toBe('Failed to fetch quiz submissions');
  });

  it('writes the reopen texts with the noun or the lower-case key', () => {
    expect(reopenText(assignment)).toBe('Reopen Assignment');
    expect(reopenedText(quiz)).toBe('Quiz reopened successfully for student');
    expect(reopenFailedText(exam)).toBe('Failed to reopen exam');
  });
});
