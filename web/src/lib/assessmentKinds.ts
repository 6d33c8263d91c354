import type { QuestionType } from '../gql/types';
import { itemPath } from '@lms/routes';

/**
 * The three kinds of assessment (assessments.md sections 2, 5 and 8) differ only in words and paths: one table
 * of them, so that the tabs, dialogs and messages are written once.
 */

/** Question types in words (issue 25: never their code names), in the picker's order. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  MCQ: 'Multiple Choice',
  SHORT_ANSWER: 'Short Answer',
  LONG_ANSWER: 'Long Answer',
};

export type KindKey = 'assignment' | 'exam' | 'quiz';

export interface Kind {
  key: KindKey;
  /** 'Assignment': the buttons (Create Assignment, Reuse Assignment) and the dialogs' titles. */
  noun: string;
  /** 'Assignments': the tab and its heading. */
  plural: string;
  /** The empty list's text (spec section 2). */
  emptyText: string;
  /** Where a row's view-submissions link goes (spec section 2). */
  submissionsPath(id: string): string;
  /** Individual scope with nobody picked (spec section 5; the server's text on create and edit). */
  noStudentText: string;
  /** No question, on edit (spec section 5, as the server says it; on create: 'Please add at least one question'). */
  noQuestionOnEditText: string;
  /** Quizzes are reused into a module (the tree goes one level deeper), assignments and exams into a course. */
  inModule: boolean;
}

export const KINDS: Record<KindKey, Kind> = {
  assignment: {
    key: 'assignment',
    noun: 'Assignment',
    plural: 'Assignments',
    emptyText: 'No assignments',
    submissionsPath: (id) => itemPath('ASSIGNMENT', 'submissions', id),
    noStudentText: 'Please select at least one student for individual assignment',
    noQuestionOnEditText: 'Please add at least one question to the assignment',
    inModule: false,
  },
  exam: {
    key: 'exam',
    noun: 'Exam',
    plural: 'Exams',
    emptyText: 'No exams',
    submissionsPath: (id) => itemPath('EXAM', 'submissions', id),
    noStudentText: 'Please select at least one student for individual exam',
    noQuestionOnEditText: 'Please add at least one question to the exam',
    inModule: false,
  },
  quiz: {
    key: 'quiz',
    noun: 'Quiz',
    plural: 'Quizzes',
    emptyText: 'No quizzes',
    submissionsPath: (id) => itemPath('QUIZ', 'submissions', id),
    noStudentText: 'Please select at least one student for individual quiz',
    noQuestionOnEditText: 'Please add at least one question to the quiz',
    inModule: true,
  },
};

/** 'Failed to create quiz', 'Failed to load exam details for editing'... (spec section 8). */
export function failedText(kind: Kind, action: 'create' | 'update' | 'delete' | 'reuse'): string {
  return `Failed to ${action} ${kind.key}`;
}

export function loadForEditFailedText(kind: Kind): string {
  return `Failed to load ${kind.key} details for editing`;
}

/** 'Quiz created successfully', like the course pages' 'Module created successfully'. */
export function doneText(kind: Kind, done: 'created' | 'updated' | 'deleted' | 'reused'): string {
  return `${kind.noun} ${done} successfully`;
}

/** 'Quiz title is required' (the server's text). */
export function titleRequiredText(kind: Kind): string {
  return `${kind.noun} title is required`;
}

/** The reuse dialog's prompt until an item is picked: 'Please select a quiz to reuse', 'an exam', 'an assignment'. */
export function selectToReuseText(kind: Kind): string {
  return `Please select ${/^[aeiou]/.test(kind.key) ? 'an' : 'a'} ${kind.key} to reuse`;
}
