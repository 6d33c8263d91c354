import { EntityManager } from 'typeorm';
import { validation } from '../../errors/domain-error';
import { QuestionType, Question } from '../assessments';
import { FilesService, ReceivedFile } from '../files';
import { SUBMISSION_TEXT as T } from './submissions.validation';
import { putDraftFile, touchDraft } from './submissions.repository.write';

/** The question of the item a draft file may belong to: a long answer, else the submit's own text. */
export function longAnswerOf(questions: Question[], questionId: unknown): Question {
  const q = questions.find((x) => x.id === questionId);
  if (!q) throw validation(T.unknownQuestion);
  if (q.type !== QuestionType.LongAnswer) throw validation(T.fileNotLongAnswer);
  return q;
}

/**
 * Keeps `received` as the draft's file of `questionId`, in one transaction: the draft row (made when the
 * student has typed nothing yet), the file's metadata row and the reference, replacing an earlier file
 * (whose row nothing references any more, so the cleanup job removes it).
 */
export async function keepDraftFile(
  m: EntityManager,
  files: FilesService,
  at: { assessmentId: string; studentId: string; questionId: string },
  received: ReceivedFile,
): Promise<void> {
  await touchDraft(m, at.assessmentId, at.studentId);
  const row = await files.record(m, received, received.declaredMime!, at.studentId);
  await putDraftFile(m, at, row.id, received.filename);
}
