import type { DataSource } from 'typeorm';

/*
 * The statements of the qti domain (issue 29), in raw SQL as the domain writes it: the reads of question images
 * (question_images, kept by the question-banks domain's migration) for an export and for a download's
 * authorization. The questions and banks themselves are read and written through their own services, a files
 * row through FilesService.
 */

/** Which question an image belongs to, for authorizing its download: the bank, or the assessment and its draw. */
export interface ImageOwner {
  bankId: string | null;
  assessmentId: string | null;
  questionId: string | null;
  drawId: string | null;
  fileId: string;
  name: string;
}

/** The images of these bank questions (`bank`) or assessment questions (`question`), by owner then position. */
export async function imagesOfQuestions(
  ds: DataSource,
  owner: 'bank' | 'question',
  ids: string[],
): Promise<Array<{ ownerId: string; name: string; storageKey: string }>> {
  const col = owner === 'bank' ? 'bank_question_id' : 'question_id';
  return ds.query(
    `SELECT qi.${col} AS "ownerId", qi.name, f.storage_key AS "storageKey"
         FROM question_images qi JOIN files f ON f.id = qi.file_id WHERE qi.${col} = ANY($1::uuid[]) ORDER BY qi.${col}, qi.position`,
    [ids],
  );
}

/** The image's file and name with the question that shows it, or undefined when there is no such image. */
export async function imageOwner(ds: DataSource, id: string): Promise<ImageOwner | undefined> {
  const [row]: ImageOwner[] = await ds.query(
    `SELECT bq.bank_id AS "bankId", q.assessment_id AS "assessmentId", q.id AS "questionId", q.draw_id AS "drawId", qi.file_id AS "fileId", qi.name
         FROM question_images qi LEFT JOIN bank_questions bq ON bq.id = qi.bank_question_id LEFT JOIN questions q ON q.id = qi.question_id
        WHERE qi.id = $1`,
    [id],
  );
  return row;
}

/** Whether the draw picked the question for the student (a drawn question's image is theirs only then). */
export async function drawnFor(ds: DataSource, questionId: string | null, studentId: string): Promise<boolean> {
  const picked = await ds.query('SELECT 1 FROM assessment_draw_picks WHERE question_id = $1 AND student_id = $2', [questionId, studentId]);
  return picked.length > 0;
}
