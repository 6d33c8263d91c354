/**
 * The student's side of the three kinds (assessments.md sections 2 and 8): the pages differ only in words and
 * paths, so each text is written once here.
 */
import type { AssessmentKind } from '../../gql/types';
import { KINDS, type Kind, type KindKey } from '../../lib/assessmentKinds';
import { ROUTES } from '@lms/routes';

/** The authoring table's words (noun 'Assignment', plural 'Assignments') and the student's. */
export interface StudentKind extends Kind {
  /** The GraphQL kind. */
  gql: AssessmentKind;
  /** The list page's h1: 'My Assignments'. */
  listTitle: string;
  /** /dashboard/assignments */
  listPath: string;
  /** The list's load failure (section 8). */
  listFailedText: string;
  /** The submit and view pages' load failure (section 8). */
  detailsFailedText: string;
  /** GET {downloadPath}/{submissionId}/{fileId}: a long answer's file (section 7). */
  downloadPath: string;
}

export const STUDENT_KINDS: Record<KindKey, StudentKind> = {
  assignment: {
    ...KINDS.assignment,
    gql: 'ASSIGNMENT',
    listTitle: 'My Assignments',
    listPath: ROUTES.assignments,
    listFailedText: 'Failed to fetch your assignments',
    detailsFailedText: 'Failed to fetch assignment details',
    downloadPath: '/api/submissions/download',
  },
  quiz: {
    ...KINDS.quiz,
    gql: 'QUIZ',
    listTitle: 'My Quizzes',
    listPath: ROUTES.quizzes,
    listFailedText: 'Failed to fetch quizzes',
    detailsFailedText: 'Failed to fetch quiz details',
    downloadPath: '/api/quizsubmissions/download',
  },
  exam: {
    ...KINDS.exam,
    gql: 'EXAM',
    listTitle: 'My Exams',
    listPath: ROUTES.exams,
    listFailedText: 'Failed to fetch exams',
    detailsFailedText: 'Failed to fetch exam details',
    downloadPath: '/api/examsubmissions/download',
  },
};

export const submitPath = (kind: StudentKind, id: string): string => `${kind.listPath}/${id}/submit`;
export const viewPath = (kind: StudentKind, id: string): string => `${kind.listPath}/${id}/view`;

/** 'Assignment submitted successfully!' (section 2). */
export const submittedText = (kind: StudentKind): string => `${kind.noun} submitted successfully!`;
/** 'Failed to submit assignment' (section 8). */
export const submitFailedText = (kind: StudentKind): string => `Failed to submit ${kind.key}`;
/** 'Assignment not found' and its line (section 2). */
export const notFoundTitle = (kind: StudentKind): string => `${kind.noun} not found`;
export const notFoundText = (kind: StudentKind): string => `The ${kind.key} you're looking for doesn't exist.`;

/** After a successful submit the page returns to the list after this many ms (section 9). */
export const REDIRECT_AFTER_SUBMIT_MS = 2000;
