import { Actor } from '../../policies';
import { assessmentReadableSql } from '../../policies/sql';
import { ASSESSMENT_REF } from '../assessments';
import type { Assessment } from '../assessments';
import { itemJson } from '../submissions';

/** What reviewItemsSql answers for one item: the item (course and module in it), its labels and counts. */
export interface ReviewListRow {
  assessment: Assessment;
  yearLabel: string;
  className: string;
  subjectName: string;
  total: number;
  graded: number;
}

/** A label as the review list shows it: the name when it has something besides whitespace, else the fallback. */
const labelSql = (col: string, fallback: string) => `CASE WHEN ${col} ~ '[^[:space:]]' THEN ${col} ELSE '${fallback}' END`;

/** Which list reviewItemsSql answers: one kind's review list, or the grading queue of every kind. */
export type ReviewListKind = 'kind' | 'queue';

/**
 * A review list in one statement: the items that the viewer $1 may read ('assessment.read', rendered from its one
 * definition: the courses they teach, every course for SuperAdmin and Admin), one window of it (offset and limit,
 * the last two parameters), each item with its submissions counted, and the whole list's total.
 * - 'kind' (reviewItems): the items of kind $2, grouped by year (newest first), class and subject (ICU collation:
 *   the order of the labels as the web's groups compare them), within a group the latest due date first, then
 *   the courses' own order. The window is taken before the counts, so only the page's items are counted.
 * - 'queue' (gradingQueue, the teacher dashboard's card): the items of every kind (no $2) with a
 *   submission waiting for a grade, the earliest due first; the counts decide what is in the list, so every
 *   readable item is counted (one index range of submissions each).
 * `places`: each item with its course and module (itemJson); the review pages ask for neither, and they were
 * five sixths of the statement's answer.
 */
export function reviewItemsSql(actor: Actor | null, list: ReviewListKind = 'kind', places = true): string {
  const readable = assessmentReadableSql(actor, ASSESSMENT_REF, '$1::uuid');
  const groups = (y: string, cl: string, sj: string) =>
    `${y} COLLATE "und-x-icu" DESC, ${cl} COLLATE "und-x-icu", ${sj} COLLATE "und-x-icu"`;
  const counts = (
    a: string,
  ) => `CROSS JOIN LATERAL (SELECT count(*)::int AS total, count(*) FILTER (WHERE s.status = 'graded')::int AS graded
                          FROM submissions s WHERE s.assessment_id = ${a}.id) n`;
  const items = (where: string) => `SELECT a.*, y.year AS y_year, cl.name AS cl_name, sj.name AS sj_name
    FROM viewer, assessments a JOIN courses c ON c.id = a.course_id
    JOIN subjects sj ON sj.id = c.subject_id JOIN classes cl ON cl.id = c.class_id JOIN academic_years y ON y.id = c.academic_year_id
   WHERE ${where}`;
  // the queue's counts decide what is in it, so every readable item is counted: the readable items first
  // (MATERIALIZED: planned with the counts, PostgreSQL counted every item of the school before the reader's test)
  const mine =
    list === 'queue'
      ? `readable AS MATERIALIZED (${items(readable)}),
mine AS (
  SELECT a.*, n.total, n.graded,
         row_number() OVER (ORDER BY a.due_date, ${groups('a.y_year', 'a.cl_name', 'a.sj_name')}, a.position, a.created_at DESC, a.id) AS rn
    FROM readable a ${counts('a')}
   WHERE n.total > n.graded)`
      : `mine AS (
  SELECT m.*, row_number() OVER (ORDER BY ${groups('m.y_year', 'm.cl_name', 'm.sj_name')}, m.due_date DESC, m.position, m.created_at DESC, m.id) AS rn
    FROM (${items(`a.kind = $2 AND ${readable}`)}) m)`;
  // a kind's list counts its window only
  const [offset, limit, winCounts, total, graded] =
    list === 'queue' ? ['$2', '$3', '', 'a.total', 'a.graded'] : ['$3', '$4', counts('a'), 'n.total', 'n.graded'];
  return `
WITH viewer AS (SELECT $1::uuid AS id),
${mine},
win AS (
  SELECT * FROM mine ORDER BY rn OFFSET ${offset} LIMIT ${limit})
SELECT (SELECT count(*)::int FROM mine) AS total, coalesce((
  SELECT json_agg(json_build_object('assessment', ${itemJson('a', 'c', places)},
           'yearLabel', ${labelSql('a.y_year', 'Unknown Year')}, 'className', ${labelSql('a.cl_name', 'Unknown Class')},
           'subjectName', ${labelSql('a.sj_name', 'Unknown Subject')}, 'total', ${total}, 'graded', ${graded}) ORDER BY a.rn)
    FROM win a JOIN courses c ON c.id = a.course_id
    ${winCounts}), '[]'::json) AS items`;
}
