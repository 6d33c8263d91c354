/**
 * The assessments domain's public face: all that other domains, the composition root, jobs and tests may import from it
 * (eslint.config.mjs refuses an import of any other file of this folder from outside it).
 */
export { Assessment, AssessmentKind, AssessmentScope, QuestionType, ResultVisibility } from './assessment.entity';
export { copyBankQuestion, picksOf } from './assessments.draws';
export { assessmentsManifest } from './assessments.manifest';
export {
  ASSESSMENT_REF,
  LeanQuestionRow,
  QUESTION_COLUMNS,
  QUESTION_LEAN_COLUMNS,
  QuestionRow,
  assessmentQuery,
  questionOfStudentSql,
  questionRowsSql,
  questionsOf,
  readableAssessmentQuery,
  studentQuestionOrderSql,
  toQuestions,
} from './assessments.queries';
export { presentOne } from './assessments.rest';
export { AssessmentsService, ReadableAssessment } from './assessments.service';
export { presentAssessment, presentQuestionImage, presentStudent } from './assessments.shape';
export { AssessmentConnection, AssessmentStudent, ITEM_PAGE, QuestionContentInput, asksItemPlaces } from './assessments.types';
export { ASSESSMENT_TEXT, QuestionFields, dueDate, questions } from './assessments.validation';
export { gradable, keepOptionIds, refreshSubmissions, refreshTotalPoints, totalPoints, writeQuestion } from './assessments.write';
export { autoScore, gradeWithExplanation, normalizeAnswer, round2 } from './auto-grade';
export { QuestionImageRow, addImages, imagesOf, questionImagePath } from './question-images.queries';
export { AcceptedAnswer, PartialMarking, Question } from './question.types';
