import { presenter } from '../../core/rest';
import { Actor } from '../../policies';
import { visibleFields } from '../../policies/fields';
import { Role } from '../../core/role';
import { AssessmentKind, presentAssessment } from '../assessments';
import { MyItem } from './submissions.service';
import { Submission, SubmissionAnswer, SubmissionDraft } from './submission.types';

/** The REST name of the item reference of a submission (assessments.md section 7). */
export const ITEM_FIELD: Record<AssessmentKind, 'assignment' | 'quiz' | 'exam'> = { ASSIGNMENT: 'assignment', QUIZ: 'quiz', EXAM: 'exam' };

/**
 * A student's list item (GET /assignments, /exams, /quizzes): the item as authoring presents it (no key),
 * the year's isActive for '(Current)', and the student's standing; the score only when it may be shown.
 */
export const presentMyItem = presenter((viewer: Actor, i: MyItem) => ({
  ...presentAssessment(viewer, i.assessment),
  isCurrentYear: i.assessment.course?.academicYear?.isActive ?? false,
  // a standing is a student's; staff get the items alone (their review lists come with the grading issue)
  myStatus:
    viewer.activeRole !== Role.Student
      ? null
      : {
          status: i.standing.status,
          label: i.standing.label,
          courseLabel: i.standing.courseLabel,
          opensOn: i.standing.opensOn,
          courseOpensOn: i.standing.courseOpensOn,
          dueDate: i.standing.dueDate,
          originalDueDate: i.standing.originalDueDate,
          isExtended: i.standing.isExtended,
          isReopened: i.standing.isReopened,
          isOverdue: i.standing.isOverdue,
          canSubmit: i.standing.canSubmit,
          submissionId: i.submissionId,
          score: i.score && { ...i.score },
        },
}));

/**
 * One answer as its viewer may see it: the grade only under 'submission.seeGrades', the key and the
 * explanation only under 'submission.seeCorrect'. Keys a viewer may not see are absent, not null.
 */
function presentAnswer(viewer: Actor, s: Submission, a: SubmissionAnswer) {
  const grade =
    a.grade && s.gradesVisible
      ? {
          score: a.grade.score,
          maxScore: a.grade.maxScore,
          feedback: a.grade.feedback,
          isAutoGraded: a.grade.isAutoGraded,
          version: a.grade.version,
          // who graded, and the automatic score an override replaced: never for the student ('submission.seeGrading')
          ...(visibleFields('submission', viewer, s).grading ? { autoScore: a.grade.autoScore, gradedByName: a.grade.gradedByName } : {}),
          ...(s.correctAnswersVisible && a.grade.explanation ? { explanation: { ...a.grade.explanation } } : {}),
        }
      : null;
  return {
    question: a.questionId,
    answer: a.answer,
    selectedOptions: a.selectedOptions,
    selectedOptionIds: a.selectedOptionIds,
    fileId: a.file?.id ?? null,
    fileName: a.file?.name ?? null,
    ...(s.gradesVisible ? { grade } : {}),
    // the teacher's words come with the results, under Score Only too (only the per-question score stays hidden)
    ...(s.resultsVisible ? { feedback: a.grade ? a.grade.feedback : null } : {}),
    ...(s.correctAnswersVisible ? { correctOptionIds: a.correctOptionIds, correctAnswers: a.acceptedAnswers } : {}),
  };
}

/**
 * A submission for REST (assessments.md section 3): for a student the total and percentage only when
 * results may be shown, `grades` with scores only when per-question results may (under scoreOnly the
 * teacher's feedback alone, as "teacher feedback shows when graded"), the key only for
 * immediate work not auto-submitted. The same rules decide the GraphQL fields.
 */
export const presentSubmission = presenter((viewer: Actor, s: Submission, kind: AssessmentKind) => ({
  id: s.id,
  [ITEM_FIELD[kind]]: s.assessmentId,
  student: { id: s.student.id, firstName: s.student.firstName, lastName: s.student.lastName, email: s.student.email },
  status: s.status,
  isAutoSubmitted: s.isAutoSubmitted,
  allowedAfterDue: s.allowedAfterDue,
  customDueDate: s.customDueDate,
  joinedLate: s.joinedLate,
  submittedAt: s.submittedAt,
  maxScore: s.maxScore,
  resultsVisible: s.resultsVisible,
  ...(s.resultsVisible ? { totalScore: s.totalScore, percentage: s.percentage } : {}),
  version: s.version,
  updatedAt: s.updatedAt,
  answers: s.answers.map((a) => presentAnswer(viewer, s, a)),
  ...(s.gradesVisible
    ? {
        grades: s.answers
          .filter((a) => a.grade)
          .map((a) => ({
            question: a.questionId,
            score: a.grade!.score,
            maxScore: a.grade!.maxScore,
            feedback: a.grade!.feedback,
            isAutoGraded: a.grade!.isAutoGraded,
          })),
      }
    : // Score Only: each grade's feedback alone, never its score
      s.resultsVisible
      ? { grades: s.answers.filter((a) => a.grade).map((a) => ({ question: a.questionId, feedback: a.grade!.feedback })) }
      : {}),
}));

export const presentDraft = presenter((_viewer: Actor, d: SubmissionDraft) => ({
  assessment: d.assessmentId,
  savedAt: d.savedAt,
  answers: d.answers.map((a) => ({ question: a.questionId, answer: a.answer, selectedOptionIds: a.selectedOptionIds })),
  files: d.files.map((f) => ({
    question: f.questionId,
    fileId: f.file.id,
    fileName: f.file.name,
    size: f.file.size,
    mimeType: f.file.mimeType,
  })),
}));
