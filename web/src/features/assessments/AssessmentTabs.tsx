import { AssessmentsTab } from './AssessmentsTab';
import type { CourseAssessmentsTabsFragment, ModuleQuizzesTabFragment } from './assessments.generated';
import { KINDS } from '../../lib/assessmentKinds';

/** The course page's Assignments or Exams tab; its rows come with the page's one query (CourseAssessmentsTabs). */
export function CourseAssessmentsTab({ course, kind }: { course: CourseAssessmentsTabsFragment; kind: 'assignment' | 'exam' }) {
  const field = kind === 'assignment' ? 'assignments' : 'exams';
  return (
    <AssessmentsTab
      kind={KINDS[kind]}
      rows={course[field]}
      canManage={course.viewerCanManage}
      owner={{ object: { __typename: 'Course', id: course.id }, field, input: { courseId: course.id } }}
    />
  );
}

/** The module page's Quizzes tab; its rows come with the page's one query (ModuleQuizzesTab). */
export function ModuleQuizzesTab({ module }: { module: ModuleQuizzesTabFragment }) {
  return (
    <AssessmentsTab
      kind={KINDS.quiz}
      rows={module.quizzes}
      canManage={module.course.viewerCanManage}
      inHiddenModule={!module.isVisible}
      owner={{ object: { __typename: 'Module', id: module.id }, field: 'quizzes', input: { moduleId: module.id } }}
    />
  );
}
