import { presenter } from '../../core/rest';
import { Actor } from '../../policies';
import { Assessment, AssessmentKind } from './assessment.entity';
import { AssessmentStudent } from './assessments.types';
import { Question } from './question.types';
import { RandomDraw } from './draws.types';
import { CloneChanges } from './assessments.clone';
import { coursePlace } from '../courses';
import type { QuestionImageRow } from './assessments.repository.images';

/** The download path of one image (authorized like reading its question). */
export const questionImagePath = (id: string) => `/api/question-images/${id}`;

/** An image of a question for REST: { _id, name, url } (url: its download path). */
export const presentQuestionImage = presenter((_viewer: Actor, i: QuestionImageRow) => ({
  id: i.id,
  name: i.name,
  url: questionImagePath(i.id),
}));

/** The REST family's word for the scope field (assessments.md section 3). */
export const SCOPE_FIELD: Record<AssessmentKind, string> = { ASSIGNMENT: 'assignmentScope', EXAM: 'examScope', QUIZ: 'quizScope' };

/**
 * A question for REST. The key (isCorrect, correctAnswers, shortAnswerWeights, partialMarking) is only put
 * in for viewers 'assessment.seeKey' allows, the rule GraphQL applies with `@FieldRule`: for anyone else
 * the keys are absent, not null, so no answer a student receives even names them.
 */
export const presentQuestion = presenter((viewer: Actor, q: Question, seesKey: boolean) => ({
  id: q.id,
  type: q.type,
  questionText: q.questionText,
  points: q.points,
  order: q.order,
  options: q.options.map((o) => (seesKey ? { id: o.id, text: o.text, isCorrect: !!o.isCorrect } : { id: o.id, text: o.text })),
  ...(q.imageRows ? { images: q.imageRows.map((i) => presentQuestionImage(viewer, i)) } : {}),
  ...(seesKey
    ? {
        correctAnswers: (q.acceptedAnswers ?? []).map((a) => a.answer),
        shortAnswerWeights: (q.acceptedAnswers ?? []).map((a) => ({ answer: a.answer, weight: a.weight })),
        partialMarking: q.partialMarking ? { enabled: q.partialMarking.enabled, penaltyPerWrong: q.partialMarking.penaltyPerWrong } : null,
      }
    : {}),
}));

export const presentStudent = presenter((_viewer: Actor, s: AssessmentStudent) => ({
  id: s.id,
  firstName: s.firstName,
  lastName: s.lastName,
  email: s.email,
}));

/**
 * An assignment, exam or quiz for REST, with course {_id, title, academicYear {year}, class {name}, subject
 * {name}} and module {_id, title, course}. Questions and targets when given (one item), never in lists.
 */
export const presentAssessment = presenter(
  (
    viewer: Actor,
    a: Assessment,
    detail?: { questions: Question[]; targets: AssessmentStudent[]; seesKey: boolean; draws?: RandomDraw[]; drawn?: Question[] },
  ) => ({
    id: a.id,
    kind: a.kind,
    title: a.title,
    description: a.description,
    instructions: a.instructions,
    dueDate: a.dueDate,
    totalPoints: a.totalPoints,
    resultVisibility: a.resultVisibility,
    isVisible: a.isVisible,
    // a manual item's release ("Released on ... by ..."), as GraphQL has it
    resultsReleasedAt: a.resultsReleasedAt,
    resultsReleasedByName: a.resultsReleasedByName,
    [SCOPE_FIELD[a.kind]]: a.scope,
    course: coursePlace(a.course, a.courseId),
    // the review lists of the old client group quizzes through module.course (year, class, subject)
    module: a.moduleId ? { id: a.moduleId, title: a.module?.title ?? null, course: coursePlace(a.course, a.courseId) } : null,
    ...(detail
      ? {
          questions: detail.questions.map((q) => presentQuestion(viewer, q, detail.seesKey)),
          ...(detail.seesKey
            ? {
                targetStudents: detail.targets.map((s) => s.id),
                randomDraws: (detail.draws ?? []).map((d) => ({
                  id: d.id,
                  bankId: d.bankId,
                  bankName: d.bankName,
                  tag: d.tag,
                  count: d.count,
                  available: d.available,
                })),
                drawnQuestions: (detail.drawn ?? []).map((q) => presentQuestion(viewer, q, true)),
              }
            : {}),
        }
      : {}),
    createdAt: a.createdAt,
    version: a.version,
  }),
);

export const presentCloneChanges = presenter((viewer: Actor, c: CloneChanges) => ({
  droppedStudents: c.droppedStudents.map((s) => presentStudent(viewer, s)),
  scopeSwitchedToWholeClass: c.scopeSwitchedToWholeClass,
  dueDateInPast: c.dueDateInPast,
  questionCount: c.questionCount,
}));
