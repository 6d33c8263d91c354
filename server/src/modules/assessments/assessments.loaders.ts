import DataLoader from 'dataloader';
import { DataSource } from 'typeorm';
import { Actor } from '../../policies';
import { listLoader } from '../../app/dataloaders';
import { Assessment, AssessmentKind } from './assessment.entity';
import { questionsOf, readableAssessments, targetsOf } from './assessments.queries';

/**
 * Per request: a course's assessments of one kind and a module's quizzes, each filtered by the SQL twin of
 * 'assessment.read' in one statement for all parents of a response; questions and targets of many assessments.
 */
export function assessmentLoaders(ds: DataSource, actor: Actor | null) {
  return {
    /** Keyed `${courseId}:${kind}`: one statement per kind asked for, whatever the number of courses. */
    assessmentsByCourseKind: new DataLoader<string, Assessment[]>(async (keys) => {
      const kinds = [...new Set(keys.map((k) => k.split(':')[1] as AssessmentKind))];
      const lists = await Promise.all(kinds.map((kind) => readableAssessments(ds, actor, {
        kind, courseIds: [...new Set(keys.filter((k) => k.endsWith(`:${kind}`)).map((k) => k.split(':')[0]))],
      })));
      const rows = lists.flat();
      return keys.map((k) => {
        const [courseId, kind] = k.split(':');
        return rows.filter((a) => a.courseId === courseId && a.kind === kind);
      });
    }),
    quizzesByModule: listLoader((ids) => readableAssessments(ds, actor, { moduleIds: ids, kind: AssessmentKind.QUIZ }), (a) => a.moduleId!),
    questionsByAssessment: listLoader((ids) => questionsOf(ds, ids), (q) => q.assessmentId),
    targetsByAssessment: listLoader((ids) => targetsOf(ds, ids), (t) => t.assessmentId),
  };
}
