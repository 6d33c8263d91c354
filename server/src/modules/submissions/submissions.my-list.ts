import { Actor } from '../../policies';
import { assessmentReadableSql, studentItemSql } from '../../policies/sql';
import { effectiveDueSql } from './status';
import { RawAnswer, RawSubmission, SUBMISSION_SELECT, answersJsonSql } from './submissions.queries';
import { classJson, courseJson, isoSql, moduleJson, subjectJson, yearJson } from '../../db/json-rows';
import { ASSESSMENT_REF, Assessment } from '../assessments';
import { Course } from '../courses';
import type { SubmissionStatus } from './submission.types';

/** Assessment (assessment.entity.ts) of the row `a`, with who released its results (the id and name, as assessmentQuery loads them). */
const assessmentJson = (a: string, more = '') => `json_build_object('id', ${a}.id, 'kind', ${a}.kind, 'title', ${a}.title,
  'description', ${a}.description, 'instructions', ${a}.instructions, 'dueDate', ${isoSql(`${a}.due_date`)}, 'totalPoints', ${a}.total_points,
  'resultVisibility', ${a}.result_visibility, 'isVisible', ${a}.is_visible, 'scope', ${a}.scope, 'position', ${a}.position,
  'courseId', ${a}.course_id, 'moduleId', ${a}.module_id, 'resultsReleasedAt', ${isoSql(`${a}.results_released_at`)},
  'resultsReleasedById', ${a}.results_released_by, 'resultsReleasedBy', (SELECT json_build_object('id', rb.id, 'firstName', rb.first_name, 'lastName', rb.last_name) FROM users rb WHERE rb.id = ${a}.results_released_by),
  'lateDueDate', ${isoSql(`${a}.late_due_date`)}, 'createdById', ${a}.created_by, 'version', ${a}.version,
  'createdAt', ${isoSql(`${a}.created_at`)}, 'updatedAt', ${isoSql(`${a}.updated_at`)}${more && `, ${more}`})`;

/**
 * An item as assessmentQuery loads it, of the assessments row `a` and its courses row `c`: the assessment with its
 * course (subject, class, year), its module and who released its results. Without `places`, the course and module
 * are left out (a list whose operation cannot ask for them): the fields Assessment.course and .module load them.
 */
export const itemJson = (a: string, c: string, places = true) =>
  assessmentJson(
    a,
    places
      ? `
  'course', ${courseJson(
    c,
    `
    'subject', (SELECT ${subjectJson('sj')} FROM subjects sj WHERE sj.id = ${c}.subject_id),
    'class', (SELECT ${classJson('cl')} FROM classes cl WHERE cl.id = ${c}.class_id),
    'academicYear', (SELECT ${yearJson('y')} FROM academic_years y WHERE y.id = ${c}.academic_year_id)`,
  )},
  'module', (SELECT ${moduleJson('mo')} FROM course_modules mo WHERE mo.id = ${a}.module_id)`
      : '',
  );

/**
 * An itemJson object as an instance of the GraphQL types (property copies, no ORM), once per row: type-graphql
 * would otherwise copy a plain root into one for each field resolver that reads it.
 */
export const asItem = (x: Assessment): Assessment =>
  Object.assign(new Assessment(), x, { course: x.course && Object.assign(new Course(), x.course) });

/** The student's submission `s` of the item `a`: what the standing and the score line read (status.ts, policies/fields.ts). */
const standingJson = (a: string, s: string) => `json_build_object('id', ${s}.id, 'studentId', ${s}.student_id, 'status', ${s}.status,
  'isAutoSubmitted', ${s}.is_auto_submitted, 'allowedAfterDue', ${s}.allowed_after_due, 'customDueDate', ${isoSql(`${s}.custom_due_date`)},
  'joinedLate', ${s}.joined_late, 'totalScore', ${s}.total_score::float8, 'maxScore', ${s}.max_score,
  'teacherIds', ARRAY(SELECT ct.teacher_id::text FROM course_teachers ct WHERE ct.course_id = ${a}.course_id),
  'released', ${a}.results_released_at IS NOT NULL)`;

/** An item as myAssessmentsSql answers it: the assessment (course and module in it) and the viewer's submission. */
export interface MyListRow {
  assessment: Assessment;
  submission: MyListSubmission | null;
}

/** An item as studentItemsSql answers it: with the submission's whole row and answers for its view. */
export interface StudentListRow extends MyListRow {
  full: RawSubmission | null;
  answers: RawAnswer[];
}

/** What the standing, the score line and their visibility read of the viewer's own submission (dates as ISO strings). */
export interface MyListSubmission {
  id: string;
  studentId: string;
  status: SubmissionStatus;
  isAutoSubmitted: boolean;
  allowedAfterDue: boolean;
  customDueDate: string | null;
  joinedLate: boolean;
  totalScore: number;
  maxScore: number;
  teacherIds: string[];
  released: boolean;
}

/**
 * A list of items with one student's submission of each, in one statement: the items of `mine` (a WHERE over the
 * assessments row `a` and the `viewer` row), ordered by `order` (over `a`), the window $3 (offset) and $4 (limit;
 * NULL: all), each with its course (subject, class, year), module and the student's (`student`) submission, and
 * the whole list's total (`extra`: more fields of each item, over `a` and the submission `ms`). The student's own
 * lists and a parent's child's list are this one statement.
 */
function itemListSql(viewer: string, mine: string, order: string, student: string, extra = ''): string {
  return `
WITH viewer AS (SELECT ${viewer}),
mine AS (
  SELECT a.* FROM viewer, assessments a WHERE ${mine}),
win AS (
  SELECT * FROM mine a ORDER BY ${order} OFFSET $3 LIMIT $4)
SELECT (SELECT count(*)::int FROM mine) AS total, coalesce((
  SELECT json_agg(json_build_object('assessment', ${itemJson('a', 'c')},
           'submission', CASE WHEN ms.id IS NULL THEN NULL ELSE ${standingJson('a', 'ms')} END${extra})
         ORDER BY ${order})
    FROM win a JOIN courses c ON c.id = a.course_id
    LEFT JOIN submissions ms ON ms.assessment_id = a.id AND ms.student_id = ${student}), '[]'::json) AS items`;
}

/**
 * My Assignments / My Quizzes / My Exams (myAssessments, GET /assignments and twins) in one statement: the
 * items of kind $2 the viewer ($1) may read ('assessment.read', rendered from its one definition), in the list
 * order (position, newest first among equals, id), each with the viewer's own submission (itemListSql).
 * Handed on as plain objects; the standing is derived from them in JS by status.ts, as on every other path.
 */
export function myAssessmentsSql(actor: Actor | null): string {
  const readable = assessmentReadableSql(actor, ASSESSMENT_REF, '$1::uuid');
  return itemListSql('$1::uuid AS id', `a.kind = $2 AND ${readable}`, 'a.position, a.created_at DESC, a.id', '$1::uuid');
}

/**
 * A student's items as the student sees them, read by someone else (a parent's childAssessments), in one statement:
 * every item of every kind the reader ($1) reads in the view of the student $2 ('family.readStudentItem': shown to
 * the student, and the reader may read the student's view), by the due date that applies to the student (their
 * extension when reopened), then id, each with the student's submission (itemListSql) and, for the submission's
 * own view, its row and answers as submission(id) reads them (`full`, `answers`: SUBMISSION_SELECT, answersJsonSql).
 */
export function studentItemsSql(reader: Actor | null): string {
  const readable = studentItemSql(reader, { ...ASSESSMENT_REF, studentId: '$2::uuid' }, '$1::uuid');
  const due = `COALESCE((SELECT ${effectiveDueSql('a', 'cs')} FROM submissions cs WHERE cs.assessment_id = a.id AND cs.student_id = $2::uuid), a.due_date)`;
  const full = `,
           'full', (SELECT row_to_json(x) FROM (${SUBMISSION_SELECT} WHERE s.id = ms.id) x),
           'answers', CASE WHEN ms.id IS NULL THEN '[]'::json ELSE ${answersJsonSql('s.id = ms.id')} END`;
  return itemListSql('$1::uuid AS id, $2::uuid AS student', readable, `${due}, a.id`, '$2::uuid', full);
}
