/**
 * The three grading dashboards (assessments.md sections 2, 8 and 9) differ only in words, paths and where Back
 * goes: one table of them, so the page, the cards and the messages are written once.
 */
import type { AssessmentKind } from '../../gql/types';
import { KINDS, type Kind, type KindKey } from '../../lib/assessmentKinds';
import { STUDENT_KINDS } from '../submissions/studentKinds';

export interface GradingKind extends Kind {
  gql: AssessmentKind;
  /** The route parameter that names the item. */
  param: 'assignmentId' | 'quizId' | 'examId';
  /** 'Loading submissions...' (section 2). */
  loadingText: string;
  /** 'No submissions or students found' (section 2). */
  emptyListText: string;
  /** The detail panel with nothing chosen (section 2). */
  selectText: string;
  /** The dashboard's load failure (section 8). */
  loadFailedText: string;
  /** A click on an overdue student (section 8). */
  createdText: string;
  createFailedText: string;
  /** GET {downloadPath}/{submissionId}/{fileId}: a long answer's file (section 7). */
  downloadPath: string;
  /** Quizzes go back to their module, assignments and exams to their course (section 2). */
  backTo: 'course' | 'module';
}

const created = { created: 'Submission created for manual grading', failed: 'Failed to create submission for grading' };

export const GRADING_KINDS: Record<KindKey, GradingKind> = {
  assignment: {
    ...KINDS.assignment,
    gql: 'ASSIGNMENT',
    param: 'assignmentId',
    loadingText: 'Loading submissions...',
    emptyListText: 'No submissions or students found',
    selectText: 'Select a submission',
    loadFailedText: 'Failed to fetch submissions',
    createdText: created.created,
    createFailedText: created.failed,
    downloadPath: STUDENT_KINDS.assignment.downloadPath,
    backTo: 'course',
  },
  quiz: {
    ...KINDS.quiz,
    gql: 'QUIZ',
    param: 'quizId',
    loadingText: 'Loading submissions...',
    emptyListText: 'No submissions or students found',
    selectText: 'Select a submission',
    loadFailedText: 'Failed to fetch quiz submissions',
    createdText: created.created,
    createFailedText: created.failed,
    downloadPath: STUDENT_KINDS.quiz.downloadPath,
    backTo: 'module',
  },
  exam: {
    ...KINDS.exam,
    gql: 'EXAM',
    param: 'examId',
    loadingText: 'Loading exam submissions...',
    emptyListText: 'No exam submissions or students found',
    selectText: 'Select an exam submission',
    loadFailedText: 'Failed to fetch exam submissions',
    createdText: 'Exam submission created for manual grading',
    createFailedText: 'Failed to create exam submission for grading',
    downloadPath: STUDENT_KINDS.exam.downloadPath,
    backTo: 'course',
  },
};

/** 'Reopen Assignment': the card button and the dialog's title (section 2). */
export const reopenText = (kind: GradingKind): string => `Reopen ${kind.noun}`;
/** 'Assignment reopened successfully for student' / 'Failed to reopen assignment' (section 8). */
export const reopenedText = (kind: GradingKind): string => `${kind.noun} reopened successfully for student`;
export const reopenFailedText = (kind: GradingKind): string => `Failed to reopen ${kind.key}`;

export const GRADE_SAVED_TEXT = 'Grade updated successfully!';
export const GRADE_FAILED_TEXT = 'Failed to update grade';

/** How often an open, visible dashboard asks for what changed. */
export const POLL_MS = 5000;
