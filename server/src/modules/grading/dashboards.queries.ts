import { placedIn, targeted } from '../../policies/atoms';

/**
 * The students an item is for, as (assessment_id, student_id) rows of the items on alias `a` that pass
 * `where`: whole_class, the students placed in the course's class and year (as the student picker and
 * GET /assignments/students/course/{id} list them); individual_students, its targets. Two halves of a
 * UNION ALL rather than one OR, so each half uses its own index at district scale.
 */
export const rosterSql = (where: string) => `
  SELECT a.id AS assessment_id, u.id AS student_id
    FROM assessments a JOIN courses c ON c.id = a.course_id
    JOIN users u ON u.class_id = c.class_id AND u.academic_year_id = c.academic_year_id AND u.role = 'Student'
   WHERE a.scope = 'whole_class' AND ${where}
  UNION ALL
  SELECT a.id, t.student_id
    FROM assessments a JOIN assessment_targets t ON t.assessment_id = a.id
   WHERE a.scope = 'individual_students' AND ${where}`;

/**
 * Whether `student` is one of the students the item on alias `a` is for: rosterSql's test for one given pair,
 * so a statement that starts from a few (item, student) pairs (the overdue sweep's drafts) never lists the
 * whole roster of every item to find them. The rules' own atoms: placed in the course's class and year (only
 * students are placed: a check constraint of users), or a target.
 */
export const inRosterSql = (student: string) => `
  ((a.scope = 'whole_class' AND ${placedIn.sql!(null, { courseId: 'a.course_id' }, student)})
   OR (a.scope = 'individual_students' AND ${targeted.sql!(null, { assessmentId: 'a.id' }, student)}))`;

/**
 * A change cursor: the database's time of the read that made it, as PostgreSQL prints it (microseconds,
 * which a JavaScript Date would lose), wrapped so clients treat it as opaque. The database's clock, never
 * the instance's, so every instance behind the load balancer agrees.
 */
export const encodeCursor = (at: string) => Buffer.from(JSON.stringify({ at }), 'utf8').toString('base64url');

/** timestamptz as PostgreSQL prints it: '2026-11-24 13:45:01.123456+00' (any offset). */
const CURSOR_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** The timestamp in a cursor, or null when it is not one of ours. */
export function decodeCursor(cursor: unknown): string | null {
  if (typeof cursor !== 'string' || cursor.length > 200) return null;
  try {
    const { at } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { at?: unknown };
    return typeof at === 'string' && CURSOR_TIME.test(at) ? at : null;
  } catch {
    return null;
  }
}

/**
 * How far back a poll looks behind its cursor. updated_at is set (clock_timestamp()) inside the writing
 * transaction, but the row becomes visible only at its commit: a poll between the two moves the cursor past
 * a change it could not see yet, and a plain `updated_at > cursor` would then miss that change for good.
 * Looking back a little longer than a grading write takes to commit sends such a row with the next poll; the
 * price is that a change less than this old comes again with each poll (clients merge by id and version).
 * A request cannot hold a transaction open longer than REQUEST_TIMEOUT_MS, a grading write commits within
 * milliseconds, and the sweep sets updated_at in its last statements, just before its commit.
 */
export const CURSOR_OVERLAP = '10 seconds';
