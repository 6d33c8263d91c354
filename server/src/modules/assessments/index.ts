/**
 * The assessments domain's public face: all that other domains, the composition root, jobs and tests may import from it
 * (eslint.config.mjs refuses an import of any other file of this folder from outside it).
 */
export { Assessment, AssessmentKind, AssessmentScope, QuestionType, ResultVisibility } from './assessment.entity';
export { copyBankQuestion, picksOf } from './assessments.repository.draws';
export { assessmentsManifest } from './assessments.manifest';
export {
  ASSESSMENT_REF,
  LeanQuestionRow,
  QUESTION_COLUMNS,
  QUESTION_LEAN_COLUMNS,
  QuestionRow,
  questionOfStudentSql,
  questionRowsSql,
  studentQuestionOrderSql,
  toQuestions,
} from './assessments.queries';
export { assessmentQuery, readableAssessmentQuery } from './assessments.repository';
export { questionsOf, refreshTotalPoints, writeQuestion } from './assessments.repository.questions';
export { refreshSubmissions } from './assessments.repository.grades';
export { QuestionImageRow, addImages, imagesOf } from './assessments.repository.images';
export { presentOne } from './assessments.rest';
export { AssessmentsService, ReadableAssessment } from './assessments.service';
export { presentAssessment, presentQuestionImage, presentStudent, questionImagePath } from './assessments.shape';
export { AssessmentConnection, AssessmentStudent, ITEM_PAGE, QuestionContentInput, asksItemPlaces } from './assessments.types';
export { ASSESSMENT_TEXT, QuestionFields, dueDate, questions } from './assessments.validation';
export { gradable, keepOptionIds } from './assessments.write';
export { autoScore, gradeWithExplanation, normalizeAnswer, round2, totalPoints } from './auto-grade';
export { AcceptedAnswer, PartialMarking, Question } from './question.types';
