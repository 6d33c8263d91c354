import { describe, expect, it } from 'vitest';
import {
  KINDS,
  QUESTION_TYPE_LABELS,
  doneText,
  failedText,
  loadForEditFailedText,
  selectToReuseText,
  titleRequiredText,
} from './assessmentKinds';

describe('the three kinds of assessment (spec sections 2, 5 and 8)', () => {
  it('names question types in words, in the picker’s order (issue 25)', () => {
    expect(Object.entries(QUESTION_TYPE_LABELS)).toEqual([
      ['MCQ', 'Multiple Choice'],
      ['SHORT_ANSWER', 'Short Answer'],
      ['LONG_ANSWER', 'Long Answer'],
    ]);
  });

  it('sends each kind’s view-submissions link to its own dashboard path', () => {
    expect(KINDS.assignment.submissionsPath('a1')).toBe('/dashboard/assignments/a1/submissions');
    expect(KINDS.quiz.submissionsPath('q1')).toBe('/dashboard/quizzes/q1/quizsubmissions');
    expect(KINDS.exam.submissionsPath('e1')).toBe('/dashboard/exams/e1/examsubmissions');
  });

  it('reuses only quizzes into a module', () => {
    expect([KINDS.assignment.inModule, KINDS.exam.inModule, KINDS.quiz.inModule]).toEqual([false, false, true]);
  });

  it('writes the messages with the kind’s lower-case key or its noun', () => {
    expect(failedText(KINDS.quiz, 'create')).toBe('Failed to create quiz');
    expect(failedText(KINDS.assignment, 'reuse')).toBe('Failed to reuse assignment');
    expect(loadForEditFailedText(KINDS.exam)).toBe('Failed to load exam details for editing');
    expect(doneText(KINDS.quiz, 'created')).toBe('Quiz created successfully');
    expect(doneText(KINDS.exam, 'deleted')).toBe('Exam deleted successfully');
    expect(titleRequiredText(KINDS.assignment)).toBe('Assignment title is required');
  });

  it('asks for "an" before a vowel and "a" before a consonant', () => {
    expect(selectToReuseText(KINDS.assignment)).toBe('Please select an assignment to reuse');
    expect(selectToReuseText(KINDS.exam)).toBe('Please select an exam to reuse');
    expect(selectToReuseText(KINDS.quiz)).toBe('Please select a quiz to reuse');
  });
});
