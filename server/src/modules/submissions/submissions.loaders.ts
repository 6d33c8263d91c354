import DataLoader from 'dataloader';
import { DataSource } from 'typeorm';
import { Actor } from '../../policies';
import { Role } from '../../core/role';
import { SubmissionRow } from './submissions.queries';
import { answersOf, draftsOf, submissionRowsOfStudent } from './submissions.repository';
import { SubmissionAnswer, SubmissionDraft } from './submission.types';

/**
 * Per request: the viewer's own submission and draft of many items, one statement each for a whole list
 * (Assessment.myStatus, mySubmission, myDraft). Other roles have none, and ask nothing.
 */
export function submissionLoaders(ds: DataSource, actor: Actor | null) {
  const student = actor?.activeRole === Role.Student ? actor.userId : null;
  return {
    mySubmissionByAssessment: new DataLoader<string, SubmissionRow | null>(async (ids) => {
      if (!student) return ids.map(() => null);
      const rows = await submissionRowsOfStudent(ds, student, [...ids]);
      return ids.map((id) => rows.find((r) => r.assessmentId === id) ?? null);
    }),
    /** The answers (grades, files) of many submissions in one statement. */
    answersBySubmission: new DataLoader<SubmissionRow, SubmissionAnswer[], string>(
      async (rows) => {
        const answers = await answersOf(ds, [...rows]);
        return rows.map((r) => answers.filter((a) => a.submissionId === r.id));
      },
      { cacheKeyFn: (r) => r.id },
    ),
    myDraftByAssessment: new DataLoader<string, SubmissionDraft | null>(async (ids) => {
      if (!student) return ids.map(() => null);
      const rows = await draftsOf(ds, student, [...ids]);
      return ids.map((id) => rows.find((r) => r.assessmentId === id) ?? null);
    }),
  };
}
