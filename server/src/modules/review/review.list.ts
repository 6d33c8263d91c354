import { Actor } from '../../policies';
import { assessmentReadableSql } from '../../policies/sql';
import { ASSESSMENT_REF } from '../assessments/assessments.queries';
import type { Assessment } from '../assessments/assessment.entity';
import { itemJson } from '../submissions/submissions.my-list';

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

/**
 * A review list (reviewItems) in one statement: the items of kind $2 that the viewer $1 may read ('assessment.read',
 * rendered from its one definition: the courses they teach, every course for SuperAdmin and Admin), grouped by
 * year (newest first), class and subject (ICU collation: the order of the labels as the web's groups compare
 * them), within a group the latest due date first, then the courses' own order; the window $3 (offset) and $4
 * (limit), each item with its submissions counted, and the whole list's total. The window is taken before the
 * counts, so only the page's items are counted.
 */
export function reviewItemsSql(actor: Actor | null): string {
  const readable = assessmentReadableSql(actor, ASSESSMENT_REF, 'viewer.id');
  const order = `y.year COLLATE "und-x-icu" DESC, cl.name COLLATE "und-x-icu", sj.name COLLATE "und-x-icu",
                 a.due_date DESC, a.position, a.created_at DESC, a.id`;
  return `
WITH viewer AS (SELECT $1::uuid AS id),
mine AS (
  SELECT a.*, y.year AS y_year, cl.name AS cl_name, sj.name AS sj_name,
         row_number() OVER (ORDER BY ${order}) AS rn
    FROM viewer, assessments a JOIN courses c ON c.id = a.course_id
    JOIN subjects sj ON sj.id = c.subject_id JOIN classes cl ON cl.id = c.class_id JOIN academic_years y ON y.id = c.academic_year_id
   WHERE a.kind = $2 AND ${readable}),
win AS (
  SELECT * FROM mine ORDER BY rn OFFSET $3 LIMIT $4)
SELECT (SELECT count(*)::int FROM mine) AS total, coalesce((
  SELECT json_agg(json_build_object('assessment', ${itemJson('a', 'c')},
           'yearLabel', ${labelSql('a.y_year', 'Unknown Year')}, 'className', ${labelSql('a.cl_name', 'Unknown Class')},
           'subjectName', ${labelSql('a.sj_name', 'Unknown Subject')}, 'total', n.total, 'graded', n.graded) ORDER BY a.rn)
    FROM win a JOIN courses c ON c.id = a.course_id
    CROSS JOIN LATERAL (SELECT count(*)::int AS total, count(*) FILTER (WHERE s.status = 'graded')::int AS graded
                          FROM submissions s WHERE s.assessment_id = a.id) n), '[]'::json) AS items`;
}
