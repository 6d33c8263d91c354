import type { DataSource } from 'typeorm';
import type { ExternalGradebookColumn } from '../gradebook';
import { sid } from './oneroster.mapping';

/*
 * The statements of the OneRoster gradebook service (issue 29), in raw SQL as the whole domain writes it: the
 * categories, line items and results that applications own, the checks that keep them off our own assessments,
 * and the external columns the teacher's gradebook shows. The decisions (what is refused, with which error) are
 * oneroster.gradebook.ts's.
 */

/** The scoreStatus values of OneRoster 1.2 (ScoreStatusEnum): what oneroster_results.score_status holds. */
export const SCORE_STATUSES = ['exempt', 'fully graded', 'not submitted', 'partially graded', 'submitted'] as const;
export type ScoreStatus = (typeof SCORE_STATUSES)[number];

/** A written row: created (no older version) or replaced. */
type Upserted = Array<{ created: boolean }>;

/** How many rows a DELETE ... RETURNING removed: TypeORM answers it with [rows, count]. */
function deletedCount(deleted: unknown): number {
  return Array.isArray(deleted) && typeof deleted[1] === 'number' ? deleted[1] : 0;
}

/** Whether the id is one of our own assessments or submissions (graded here, never written from outside). */
export async function isOurAssessmentOrSubmission(ds: DataSource, id: string): Promise<boolean> {
  const [ours] = await ds.query(`SELECT 1 FROM assessments WHERE id::text = $1 UNION ALL SELECT 1 FROM submissions WHERE id::text = $1`, [
    id,
  ]);
  return !!ours;
}

/** Creates or replaces an application's category; true when it was created. */
export async function upsertCategory(ds: DataSource, id: string, title: string, weight: number | null): Promise<boolean> {
  const [row] = (await ds.query(
    `INSERT INTO oneroster_categories (sourced_id, title, weight) VALUES ($1, $2, $3)
       ON CONFLICT (sourced_id) DO UPDATE SET title = $2, weight = $3, updated_at = now() RETURNING (xmax = 0) AS created`,
    [id, title, weight],
  )) as Upserted;
  return row.created;
}

/** Whether a line item still names the category. */
export async function categoryInUse(ds: DataSource, id: string): Promise<boolean> {
  const [inUse] = await ds.query(`SELECT 1 FROM oneroster_line_items WHERE category = $1 LIMIT 1`, [id]);
  return !!inUse;
}

/** Deletes an application's category; the number of rows deleted (0: there was none). */
export async function deleteCategory(ds: DataSource, id: string): Promise<number> {
  return deletedCount(await ds.query(`DELETE FROM oneroster_categories WHERE sourced_id = $1 RETURNING 1`, [id]));
}

/**
 * What a line item's references name, in one statement: the allocation of the class's sourcedId, whether the
 * category exists (built in or an application's), the grading period of the sourcedId (null when none).
 */
export async function lineItemReferences(
  ds: DataSource,
  classId: string,
  category: string,
  gradingPeriod: string | null,
  builtInCategories: string[],
): Promise<{ allocation: string | null; category: boolean; period: string | null }> {
  const [refs] = (await ds.query(
    `SELECT (SELECT a.id FROM allocations a WHERE ${sid('a')} = $1) AS allocation,
        ($2 = ANY($4::text[]) OR EXISTS (SELECT 1 FROM oneroster_categories c WHERE c.sourced_id = $2)) AS category,
        (SELECT p.id FROM academic_periods p WHERE ${sid('p')} = $3 AND p.type = 'gradingPeriod') AS period`,
    [classId, category, gradingPeriod, builtInCategories],
  )) as Array<{ allocation: string | null; category: boolean; period: string | null }>;
  return refs;
}

/** A line item as written: its allocation and period already found (lineItemReferences). */
export interface LineItemRow {
  id: string;
  allocationId: string;
  category: string;
  title: string;
  description: string;
  assignDate: string;
  dueDate: string;
  min: number;
  max: number;
  periodId: string | null;
}

/** Creates or replaces an application's line item; true when it was created. */
export async function upsertLineItem(ds: DataSource, li: LineItemRow): Promise<boolean> {
  const [row] = (await ds.query(
    `INSERT INTO oneroster_line_items (sourced_id, allocation_id, category, title, description, assign_date, due_date, result_value_min, result_value_max, grading_period_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (sourced_id) DO UPDATE SET allocation_id = $2, category = $3, title = $4, description = $5, assign_date = $6, due_date = $7,
         result_value_min = $8, result_value_max = $9, grading_period_id = $10, updated_at = now()
       RETURNING (xmax = 0) AS created`,
    [li.id, li.allocationId, li.category, li.title, li.description, li.assignDate, li.dueDate, li.min, li.max, li.periodId],
  )) as Upserted;
  return row.created;
}

/** Deletes an application's line item (its results go with it); the number of rows deleted. */
export async function deleteLineItem(ds: DataSource, id: string): Promise<number> {
  return deletedCount(await ds.query(`DELETE FROM oneroster_line_items WHERE sourced_id = $1 RETURNING 1`, [id]));
}

/**
 * The line item a result names, with its class's sourcedId and the student of the sourcedId placed in that
 * class and year (null when none is); undefined when there is no such line item.
 */
export async function resultReferences(
  ds: DataSource,
  lineItem: string,
  student: string,
): Promise<{ lineItemId: string; classSid: string; studentId: string | null } | undefined> {
  const [refs] = (await ds.query(
    `SELECT li.id AS "lineItemId", ${sid('a')} AS "classSid",
        (SELECT u.id FROM users u WHERE ${sid('u')} = $2 AND u.class_id = a.class_id AND u.academic_year_id = a.academic_year_id) AS "studentId"
       FROM oneroster_line_items li JOIN allocations a ON a.id = li.allocation_id WHERE li.sourced_id = $1`,
    [lineItem, student],
  )) as Array<{ lineItemId: string; classSid: string; studentId: string | null }>;
  return refs;
}

/** The sourcedId of another result the student already has for the line item (one per student), if any. */
export async function otherResultOfStudent(ds: DataSource, lineItemId: string, studentId: string, id: string): Promise<string | null> {
  const [clash] = await ds.query(
    `SELECT sourced_id FROM oneroster_results WHERE line_item_id = $1 AND student_id = $2 AND sourced_id <> $3`,
    [lineItemId, studentId, id],
  );
  return clash ? (clash.sourced_id as string) : null;
}

/** A result as written: its line item and student already found (resultReferences). */
export interface ResultRow {
  id: string;
  lineItemId: string;
  studentId: string;
  score: number | null;
  scoreStatus: string;
  comment: string;
  scoreDate: string;
}

/** Creates or replaces an application's result; true when it was created. */
export async function upsertResult(ds: DataSource, r: ResultRow): Promise<boolean> {
  const [row] = (await ds.query(
    `INSERT INTO oneroster_results (sourced_id, line_item_id, student_id, score, score_status, comment, score_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (sourced_id) DO UPDATE SET line_item_id = $2, student_id = $3, score = $4, score_status = $5, comment = $6, score_date = $7, updated_at = now()
       RETURNING (xmax = 0) AS created`,
    [r.id, r.lineItemId, r.studentId, r.score, r.scoreStatus, r.comment, r.scoreDate],
  )) as Upserted;
  return row.created;
}

/** Deletes an application's result; the number of rows deleted. */
export async function deleteResult(ds: DataSource, id: string): Promise<number> {
  return deletedCount(await ds.query(`DELETE FROM oneroster_results WHERE sourced_id = $1 RETURNING 1`, [id]));
}

/** An external column of a course as read: its cells carry the OneRoster scoreStatus. */
export type ExternalColumnRow = Omit<ExternalGradebookColumn, 'cells'> & {
  cells: Array<{ studentId: string; score: number | null; status: ScoreStatus; comment: string }>;
};

/** The line items of a course's allocation with their results, by due date and title, in one statement. */
export async function externalColumnsOfCourse(ds: DataSource, courseId: string): Promise<ExternalColumnRow[]> {
  return (await ds.query(
    `SELECT li.sourced_id AS id, li.title, li.due_date AS "dueDate", li.result_value_max::float8 AS "maxScore",
         coalesce((SELECT c.title FROM oneroster_categories c WHERE c.sourced_id = li.category), initcap(li.category)) AS category,
         coalesce((SELECT json_agg(json_build_object('studentId', r.student_id, 'score', r.score::float8, 'status', r.score_status, 'comment', r.comment))
           FROM oneroster_results r WHERE r.line_item_id = li.id), '[]') AS cells
       FROM courses co JOIN allocations a ON a.class_id = co.class_id AND a.subject_id = co.subject_id AND a.academic_year_id = co.academic_year_id
         JOIN oneroster_line_items li ON li.allocation_id = a.id
       WHERE co.id = $1 ORDER BY li.due_date, li.title`,
    [courseId],
  )) as ExternalColumnRow[];
}
