import { DataSource, EntityManager } from 'typeorm';
import { validation } from '../../errors/domain-error';
import { QuestionType, Question } from '../assessments';
import { FilesService, ReceivedFile } from '../files';
import { DraftFile } from './submission.types';
import { SUBMISSION_TEXT as T } from './submissions.validation';

type Runner = DataSource | EntityManager;

/** The long-answer files of a student's drafts, by item. */
export async function draftFilesOf(m: Runner, studentId: string, assessmentIds: string[]): Promise<Map<string, DraftFile[]>> {
  const rows: Array<{ assessment_id: string; question_id: string; file_id: string; file_name: string; size: string; mime: string }> =
    await m.query(
      `SELECT d.assessment_id, d.question_id, d.file_id, d.file_name, f.size, f.mime
       FROM submission_draft_files d JOIN files f ON f.id = d.file_id
      WHERE d.student_id = $1 AND d.assessment_id = ANY($2::uuid[]) ORDER BY d.question_id`,
      [studentId, assessmentIds],
    );
  const by = new Map<string, DraftFile[]>();
  for (const r of rows) {
    const file = Object.assign(new DraftFile(), {
      questionId: r.question_id,
      file: { id: r.file_id, name: r.file_name, size: Number(r.size), mimeType: r.mime },
    });
    by.set(r.assessment_id, [...(by.get(r.assessment_id) ?? []), file]);
  }
  return by;
}

/** The draft's files by question, for a submit that sends no file of its own for a long answer. */
export async function draftFileIds(
  m: EntityManager,
  assessmentId: string,
  studentId: string,
): Promise<Map<string, { file_id: string; file_name: string }>> {
  const rows: Array<{ question_id: string; file_id: string; file_name: string }> = await m.query(
    'SELECT question_id, file_id, file_name FROM submission_draft_files WHERE assessment_id = $1 AND student_id = $2',
    [assessmentId, studentId],
  );
  return new Map(rows.map((r) => [r.question_id, r]));
}

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
  await m.query(
    `INSERT INTO submission_drafts (assessment_id, student_id, answers, saved_at) VALUES ($1, $2, '[]'::jsonb, now())
     ON CONFLICT (assessment_id, student_id) DO UPDATE SET saved_at = now()`,
    [at.assessmentId, at.studentId],
  );
  const row = await files.record(m, received, received.declaredMime!, at.studentId);
  await m.query(
    `INSERT INTO submission_draft_files (assessment_id, student_id, question_id, file_id, file_name) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (assessment_id, student_id, question_id) DO UPDATE SET file_id = EXCLUDED.file_id, file_name = EXCLUDED.file_name`,
    [at.assessmentId, at.studentId, at.questionId, row.id, received.filename],
  );
}
