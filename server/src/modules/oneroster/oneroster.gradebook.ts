import type { DataSource } from 'typeorm';
import { OneRosterError } from './oneroster.errors';
import { BUILT_IN_CATEGORIES, sid } from './oneroster.mapping';
import { ExternalGradebookColumn } from '../gradebook';

/** The scoreStatus values of OneRoster 1.2 (ScoreStatusEnum). */
export const SCORE_STATUSES = ['exempt', 'fully graded', 'not submitted', 'partially graded', 'submitted'] as const;

export const GRADEBOOK_TEXT = {
  ourAssessment: (id: string) =>
    `"${id}" is one of this school's own assessments: it is graded here, in the LMS, and its line item and results cannot be written from outside`,
  builtInCategory: (id: string) => `"${id}" is a built-in category (one of our assessment kinds): it cannot be replaced or deleted`,
  idMismatch: (body: string, path: string) => `The body's sourcedId "${body}" differs from the path's "${path}"`,
  missing: (field: string) => `${field} is required`,
  notAStudent: (student: string, klass: string) => `"${student}" is not a student of the class "${klass}"`,
  unknown: (what: string, id: string) => `No ${what} has the sourcedId "${id}"`,
} as const;

const bad = (message: string) => new OneRosterError(400, 'invaliddata', message);
type Body = Record<string, unknown>;

/** The wrapped object of a PUT body (`{ "lineItem": {...} }`), with the path's sourcedId. */
function unwrap(body: unknown, key: string, id: string): Body {
  const inner = body && typeof body === 'object' ? (body as Body)[key] : undefined;
  if (!inner || typeof inner !== 'object' || Array.isArray(inner)) throw bad(`The body must be a JSON object { "${key}": { ... } }`);
  const o = inner as Body;
  if (o.sourcedId !== undefined && o.sourcedId !== id) throw bad(GRADEBOOK_TEXT.idMismatch(String(o.sourcedId), id));
  return o;
}
const text = (o: Body, field: string, required: boolean, max = 200): string | undefined => {
  const v = o[field];
  if (v === undefined || v === null || v === '') {
    if (required) throw bad(GRADEBOOK_TEXT.missing(field));
    return undefined;
  }
  if (typeof v !== 'string' || v.length > max) throw bad(`${field} must be text of at most ${max} characters`);
  return v;
};
const refId = (o: Body, field: string, required: boolean): string | undefined => {
  const v = o[field];
  if (v === undefined || v === null) {
    if (required) throw bad(GRADEBOOK_TEXT.missing(`${field}.sourcedId`));
    return undefined;
  }
  const s = (v as Body).sourcedId;
  if (typeof s !== 'string' || !s) throw bad(`${field} must be a GUIDRef with a sourcedId`);
  return s;
};
const date = (o: Body, field: string, required: boolean): string | undefined => {
  const v = text(o, field, required, 40);
  if (v !== undefined && Number.isNaN(Date.parse(v))) throw bad(`${field} must be a date and time (ISO 8601)`);
  return v;
};
const num = (o: Body, field: string): number | undefined => {
  const v = o[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 99_999_999) throw bad(`${field} must be a number from 0`);
  return v;
};

/** How the teacher's gradebook words a OneRoster scoreStatus. */
export const STATUS_LABEL: Record<(typeof SCORE_STATUSES)[number], string> = {
  exempt: 'Excused',
  'fully graded': 'Graded',
  'not submitted': 'Not submitted',
  'partially graded': 'Partially graded',
  submitted: 'Submitted',
};

/** Created (201) or replaced (200). */
export type Put = 'created' | 'replaced';

/**
 * The gradebook service's writes: categories, line items and results that applications own. Our own
 * assessments and their submissions are graded here and never written from outside; a score above the line
 * item's maximum is kept (extra credit).
 */
export class OneRosterGradebook {
  constructor(private readonly ds: DataSource) {}

  private async refuseOurs(id: string): Promise<void> {
    const [ours] = await this.ds.query(
      `SELECT 1 FROM assessments WHERE id::text = $1 UNION ALL SELECT 1 FROM submissions WHERE id::text = $1`,
      [id],
    );
    if (ours) throw new OneRosterError(403, 'forbidden', GRADEBOOK_TEXT.ourAssessment(id));
  }

  async putCategory(id: string, body: unknown): Promise<Put> {
    if (id in BUILT_IN_CATEGORIES) throw new OneRosterError(403, 'forbidden', GRADEBOOK_TEXT.builtInCategory(id));
    const o = unwrap(body, 'category', id);
    const title = text(o, 'title', true)!;
    const weight = num(o, 'weight') ?? null;
    const [row] = (await this.ds.query(
      `INSERT INTO oneroster_categories (sourced_id, title, weight) VALUES ($1, $2, $3)
       ON CONFLICT (sourced_id) DO UPDATE SET title = $2, weight = $3, updated_at = now() RETURNING (xmax = 0) AS created`,
      [id, title, weight],
    )) as Array<{ created: boolean }>;
    return row.created ? 'created' : 'replaced';
  }

  async deleteCategory(id: string): Promise<void> {
    if (id in BUILT_IN_CATEGORIES) throw new OneRosterError(403, 'forbidden', GRADEBOOK_TEXT.builtInCategory(id));
    const [inUse] = await this.ds.query(`SELECT 1 FROM oneroster_line_items WHERE category = $1 LIMIT 1`, [id]);
    if (inUse) throw new OneRosterError(409, 'invaliddata', `The category "${id}" still has line items: delete or move them first`);
    await this.gone('category', await this.ds.query(`DELETE FROM oneroster_categories WHERE sourced_id = $1 RETURNING 1`, [id]), id);
  }

  async putLineItem(id: string, body: unknown): Promise<Put> {
    await this.refuseOurs(id);
    const o = unwrap(body, 'lineItem', id);
    const title = text(o, 'title', true)!;
    const description = text(o, 'description', false, 5000) ?? '';
    const assignDate = date(o, 'assignDate', true)!;
    const dueDate = date(o, 'dueDate', true)!;
    const classId = refId(o, 'class', true)!;
    const category = refId(o, 'category', true)!;
    const gradingPeriod = refId(o, 'gradingPeriod', false);
    const min = num(o, 'resultValueMin') ?? 0;
    const max = num(o, 'resultValueMax') ?? 100;
    if (max <= min) throw bad('resultValueMax must be above resultValueMin');
    const [refs] = (await this.ds.query(
      `SELECT (SELECT a.id FROM allocations a WHERE ${sid('a')} = $1) AS allocation,
        ($2 = ANY($4::text[]) OR EXISTS (SELECT 1 FROM oneroster_categories c WHERE c.sourced_id = $2)) AS category,
        (SELECT p.id FROM academic_periods p WHERE ${sid('p')} = $3 AND p.type = 'gradingPeriod') AS period`,
      [classId, category, gradingPeriod ?? null, Object.keys(BUILT_IN_CATEGORIES)],
    )) as Array<{ allocation: string | null; category: boolean; period: string | null }>;
    if (!refs.allocation) throw bad(GRADEBOOK_TEXT.unknown('class', classId));
    if (!refs.category) throw bad(GRADEBOOK_TEXT.unknown('category', category));
    if (gradingPeriod && !refs.period) throw bad(GRADEBOOK_TEXT.unknown('grading period', gradingPeriod));
    const [row] = (await this.ds.query(
      `INSERT INTO oneroster_line_items (sourced_id, allocation_id, category, title, description, assign_date, due_date, result_value_min, result_value_max, grading_period_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (sourced_id) DO UPDATE SET allocation_id = $2, category = $3, title = $4, description = $5, assign_date = $6, due_date = $7,
         result_value_min = $8, result_value_max = $9, grading_period_id = $10, updated_at = now()
       RETURNING (xmax = 0) AS created`,
      [id, refs.allocation, category, title, description, assignDate, dueDate, min, max, refs.period],
    )) as Array<{ created: boolean }>;
    return row.created ? 'created' : 'replaced';
  }

  /** Deletes an application's line item and its results. */
  async deleteLineItem(id: string): Promise<void> {
    await this.refuseOurs(id);
    await this.gone('lineItem', await this.ds.query(`DELETE FROM oneroster_line_items WHERE sourced_id = $1 RETURNING 1`, [id]), id);
  }

  async putResult(id: string, body: unknown): Promise<Put> {
    await this.refuseOurs(id);
    const o = unwrap(body, 'result', id);
    const lineItem = refId(o, 'lineItem', true)!;
    const student = refId(o, 'student', true)!;
    const scoreStatus = text(o, 'scoreStatus', true, 40)!;
    if (!(SCORE_STATUSES as readonly string[]).includes(scoreStatus)) throw bad(`scoreStatus must be one of ${SCORE_STATUSES.join(', ')}`);
    const score = num(o, 'score');
    if (score === undefined && (scoreStatus === 'fully graded' || scoreStatus === 'partially graded'))
      throw bad(GRADEBOOK_TEXT.missing('score'));
    const comment = text(o, 'comment', false, 10000) ?? '';
    const scoreDate = date(o, 'scoreDate', false) ?? new Date().toISOString();
    await this.refuseOurs(lineItem);
    const [refs] = (await this.ds.query(
      `SELECT li.id AS "lineItemId", ${sid('a')} AS "classSid",
        (SELECT u.id FROM users u WHERE ${sid('u')} = $2 AND u.class_id = a.class_id AND u.academic_year_id = a.academic_year_id) AS "studentId"
       FROM oneroster_line_items li JOIN allocations a ON a.id = li.allocation_id WHERE li.sourced_id = $1`,
      [lineItem, student],
    )) as Array<{ lineItemId: string; classSid: string; studentId: string | null }>;
    if (!refs) throw bad(GRADEBOOK_TEXT.unknown('lineItem', lineItem));
    if (!refs.studentId) throw bad(GRADEBOOK_TEXT.notAStudent(student, refs.classSid));
    const [clash] = await this.ds.query(
      `SELECT sourced_id FROM oneroster_results WHERE line_item_id = $1 AND student_id = $2 AND sourced_id <> $3`,
      [refs.lineItemId, refs.studentId, id],
    );
    if (clash) throw new OneRosterError(409, 'invaliddata', `The student already has the result "${clash.sourced_id}" for this line item`);
    const [row] = (await this.ds.query(
      `INSERT INTO oneroster_results (sourced_id, line_item_id, student_id, score, score_status, comment, score_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (sourced_id) DO UPDATE SET line_item_id = $2, student_id = $3, score = $4, score_status = $5, comment = $6, score_date = $7, updated_at = now()
       RETURNING (xmax = 0) AS created`,
      [id, refs.lineItemId, refs.studentId, score ?? null, scoreStatus, comment, scoreDate],
    )) as Array<{ created: boolean }>;
    return row.created ? 'created' : 'replaced';
  }

  async deleteResult(id: string): Promise<void> {
    await this.refuseOurs(id);
    await this.gone('result', await this.ds.query(`DELETE FROM oneroster_results WHERE sourced_id = $1 RETURNING 1`, [id]), id);
  }

  /** The external columns of a course's allocation with their results, in one statement. */
  async columnsOfCourse(courseId: string): Promise<ExternalGradebookColumn[]> {
    const rows = (await this.ds.query(
      `SELECT li.sourced_id AS id, li.title, li.due_date AS "dueDate", li.result_value_max::float8 AS "maxScore",
         coalesce((SELECT c.title FROM oneroster_categories c WHERE c.sourced_id = li.category), initcap(li.category)) AS category,
         coalesce((SELECT json_agg(json_build_object('studentId', r.student_id, 'score', r.score::float8, 'status', r.score_status, 'comment', r.comment))
           FROM oneroster_results r WHERE r.line_item_id = li.id), '[]') AS cells
       FROM courses co JOIN allocations a ON a.class_id = co.class_id AND a.subject_id = co.subject_id AND a.academic_year_id = co.academic_year_id
         JOIN oneroster_line_items li ON li.allocation_id = a.id
       WHERE co.id = $1 ORDER BY li.due_date, li.title`,
      [courseId],
    )) as Array<
      Omit<ExternalGradebookColumn, 'cells'> & {
        cells: Array<{ studentId: string; score: number | null; status: keyof typeof STATUS_LABEL; comment: string }>;
      }
    >;
    return rows.map((r) =>
      Object.assign(new ExternalGradebookColumn(), {
        ...r,
        cells: r.cells.map((c) => ({ studentId: c.studentId, score: c.score, statusLabel: STATUS_LABEL[c.status], comment: c.comment })),
      }),
    );
  }

  private async gone(what: string, deleted: unknown, id: string): Promise<void> {
    // TypeORM answers a DELETE ... RETURNING with [rows, count]
    const count = Array.isArray(deleted) && typeof deleted[1] === 'number' ? deleted[1] : 0;
    if (!count) throw new OneRosterError(404, 'unknownobject', GRADEBOOK_TEXT.unknown(what, id));
  }
}
