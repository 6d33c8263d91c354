import DataLoader from 'dataloader';
import { DataSource } from 'typeorm';
import { Actor } from '../../policies';
import { listLoader } from '../../core/dataloaders';
import { Assessment, AssessmentKind } from './assessment.entity';
import { readableAssessments, targetsOf } from './assessments.repository';
import { questionsOf } from './assessments.repository.questions';
import { drawsOf } from './assessments.repository.draws';
import { ensureDraws } from './assessments.draws';
import { Role } from '../../core/role';

/**
 * Per request: a course's assessments of one kind and a module's quizzes, each filtered by the SQL twin of
 * 'assessment.read' in one statement for all parents of a response; questions and targets of many assessments.
 */
export function assessmentLoaders(ds: DataSource, actor: Actor | null) {
  return {
    /** Keyed `${courseId}:${kind}`: one statement per kind asked for, whatever the number of courses. */
    assessmentsByCourseKind: new DataLoader<string, Assessment[]>(async (keys) => {
      const kinds = [...new Set(keys.map((k) => k.split(':')[1] as AssessmentKind))];
      const lists = await Promise.all(
        kinds.map((kind) =>
          readableAssessments(ds, actor, {
            kind,
            courseIds: [...new Set(keys.filter((k) => k.endsWith(`:${kind}`)).map((k) => k.split(':')[0]))],
          }),
        ),
      );
      const rows = lists.flat();
      return keys.map((k) => {
        const [courseId, kind] = k.split(':');
        return rows.filter((a) => a.courseId === courseId && a.kind === kind);
      });
    }),
    quizzesByModule: listLoader(
      (ids) => readableAssessments(ds, actor, { moduleIds: ids, kind: AssessmentKind.QUIZ }),
      (a) => a.moduleId!,
    ),
    /**
     * The questions a viewer is given: a student their own (the fixed ones and their picks, drawn on this first
     * read when not yet), everyone else the editor's list (drawn questions are seen per submission).
     */
    questionsByAssessment: listLoader(
      async (ids) => {
        if (actor?.activeRole !== Role.Student) return questionsOf(ds, ids);
        await ensureDraws(ds, ids, actor.userId);
        return questionsOf(ds, ids, { studentId: actor.userId });
      },
      (q) => q.assessmentId,
    ),
    drawsByAssessment: listLoader(
      (ids) => drawsOf(ds, ids),
      (d) => d.assessmentId,
    ),
    /** Every question materialised by the random draws (for the teachers' grading views). */
    drawnQuestionsByAssessment: listLoader(
      async (ids) => (await questionsOf(ds, ids, 'all')).filter((q) => q.drawId),
      (q) => q.assessmentId,
    ),
    targetsByAssessment: listLoader(
      (ids) => targetsOf(ds, ids),
      (t) => t.assessmentId,
    ),
  };
}
