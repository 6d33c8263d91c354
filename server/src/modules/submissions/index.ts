/**
 * The submissions domain's public face: all that other domains, the composition root, jobs and tests may import from it
 * (eslint.config.mjs refuses an import of any other file of this folder from outside it).
 */
export { EFFECTIVE_DUE_SQL, isLateOpen, studentStanding } from './status';
export type { StatusSubmission } from './status';
export { MyAssessmentStatus, MyScore, OpensOn, Submission, SubmissionAnswer, SubmissionStatus } from './submission.types';
export { submissionsManifest } from './submissions.manifest';
export { asItem, itemJson } from './submissions.my-list';
export {
  QuestionKeyRow,
  RawAnswer,
  RawSubmission,
  SUBMISSION_REF,
  SUBMISSION_SELECT,
  SubmissionRow,
  answersSelect,
  percentOf,
  questionKeysJson,
  toAnswers,
  toRow,
  toSubmission,
  withQuestionKeys,
} from './submissions.queries';
export { readableSubmissionRows, submissionRowsById } from './submissions.repository';
export { SUBMISSION_FAMILIES } from './submissions.rest';
export { SubmissionsService, statusOf } from './submissions.service';
export { presentSubmission } from './submissions.shape';
export { SUBMISSION_TEXT } from './submissions.validation';
