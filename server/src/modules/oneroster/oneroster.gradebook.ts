import type { DataSource } from 'typeorm';
import { OneRosterError } from './oneroster.errors';
import { BUILT_IN_CATEGORIES } from './oneroster.mapping';
import { ExternalGradebookColumn } from '../gradebook';
import {
  SCORE_STATUSES,
  ScoreStatus,
  categoryInUse,
  deleteCategory,
  deleteLineItem,
  deleteResult,
  externalColumnsOfCourse,
  isOurAssessmentOrSubmission,
  lineItemReferences,
  otherResultOfStudent,
  resultReferences,
  upsertCategory,
  upsertLineItem,
  upsertResult,
} from './oneroster.repository.gradebook';

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
export const STATUS_LABEL: Record<ScoreStatus, string> = {
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
    if (await isOurAssessmentOrSubmission(this.ds, id)) throw new OneRosterError(403, 'forbidden', GRADEBOOK_TEXT.ourAssessment(id));
  }

  async putCategory(id: string, body: unknown): Promise<Put> {
    if (id in BUILT_IN_CATEGORIES) throw new OneRosterError(403, 'forbidden', GRADEBOOK_TEXT.builtInCategory(id));
    const o = unwrap(body, 'category', id);
    const title = text(o, 'title', true)!;
    const weight = num(o, 'weight') ?? null;
    return (await upsertCategory(this.ds, id, title, weight)) ? 'created' : 'replaced';
  }

  async deleteCategory(id: string): Promise<void> {
    if (id in BUILT_IN_CATEGORIES) throw new OneRosterError(403, 'forbidden', GRADEBOOK_TEXT.builtInCategory(id));
    if (await categoryInUse(this.ds, id))
      throw new OneRosterError(409, 'invaliddata', `The category "${id}" still has line items: delete or move them first`);
    this.gone('category', await deleteCategory(this.ds, id), id);
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
    const refs = await lineItemReferences(this.ds, classId, category, gradingPeriod ?? null, Object.keys(BUILT_IN_CATEGORIES));
    if (!refs.allocation) throw bad(GRADEBOOK_TEXT.unknown('class', classId));
    if (!refs.category) throw bad(GRADEBOOK_TEXT.unknown('category', category));
    if (gradingPeriod && !refs.period) throw bad(GRADEBOOK_TEXT.unknown('grading period', gradingPeriod));
    const created = await upsertLineItem(this.ds, {
      id,
      allocationId: refs.allocation,
      category,
      title,
      description,
      assignDate,
      dueDate,
      min,
      max,
      periodId: refs.period,
    });
    return created ? 'created' : 'replaced';
  }

  /** Deletes an application's line item and its results. */
  async deleteLineItem(id: string): Promise<void> {
    await this.refuseOurs(id);
    this.gone('lineItem', await deleteLineItem(this.ds, id), id);
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
    const refs = await resultReferences(this.ds, lineItem, student);
    if (!refs) throw bad(GRADEBOOK_TEXT.unknown('lineItem', lineItem));
    if (!refs.studentId) throw bad(GRADEBOOK_TEXT.notAStudent(student, refs.classSid));
    const clash = await otherResultOfStudent(this.ds, refs.lineItemId, refs.studentId, id);
    if (clash) throw new OneRosterError(409, 'invaliddata', `The student already has the result "${clash}" for this line item`);
    const created = await upsertResult(this.ds, {
      id,
      lineItemId: refs.lineItemId,
      studentId: refs.studentId,
      score: score ?? null,
      scoreStatus,
      comment,
      scoreDate,
    });
    return created ? 'created' : 'replaced';
  }

  async deleteResult(id: string): Promise<void> {
    await this.refuseOurs(id);
    this.gone('result', await deleteResult(this.ds, id), id);
  }

  /** The external columns of a course's allocation with their results, in one statement. */
  async columnsOfCourse(courseId: string): Promise<ExternalGradebookColumn[]> {
    const rows = await externalColumnsOfCourse(this.ds, courseId);
    return rows.map((r) =>
      Object.assign(new ExternalGradebookColumn(), {
        ...r,
        cells: r.cells.map((c) => ({ studentId: c.studentId, score: c.score, statusLabel: STATUS_LABEL[c.status], comment: c.comment })),
      }),
    );
  }

  private gone(what: string, count: number, id: string): void {
    if (!count) throw new OneRosterError(404, 'unknownobject', GRADEBOOK_TEXT.unknown(what, id));
  }
}
