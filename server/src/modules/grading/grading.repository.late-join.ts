import { EntityManager } from 'typeorm';

/*
 * The statements of late joiners (issue 24; DESIGN "late joiners"): their open work on placement (the manifest's
 * studentsPlaced handler runs it) and the teacher's one due date for them (in the dashboards service's transaction).
 * Raw SQL, as the rest of the domain; each function takes the manager of the caller's transaction.
 */

/** A late joiner's own due date when the teacher set none: this long after their placement. */
export const LATE_JOINER_DAYS = 7;

/**
 * The late joiner's due date in SQL for the item `a`: the teacher's one date for all of them, else a week
 * after now (the placement), up to the next whole minute as due dates are.
 */
const LATE_DUE_SQL = `COALESCE(a.late_due_date, date_trunc('minute', now()) + interval '${LATE_JOINER_DAYS} days 1 minute')`;

/**
 * A student placed in a class after one of its items was due never could have done it in time: they are not
 * overdue for it (issue 24; DESIGN "late joiners"). Placement gives them, in its own transaction, an open
 * submission of each whole-class item of the class's courses already past its due date (joined_late, status
 * reopened with nothing handed in, due at the item's late due date), so every page and both transports treat
 * them as able to submit until then, and the dashboard lists them as "Joined late". Items they already have a
 * submission of are left as they are (placed back into a class they had left); one statement.
 */
export async function openForLateJoiners(m: EntityManager, studentIds: string[], classId: string, academicYearId: string): Promise<number> {
  const rows: unknown[] = await m.query(
    `INSERT INTO submissions (assessment_id, student_id, status, allowed_after_due, custom_due_date, submitted_at, max_score, joined_late, updated_at)
     SELECT a.id, u.id, 'reopened', false, ${LATE_DUE_SQL}, NULL, a.total_points, true, clock_timestamp()
       FROM assessments a JOIN courses c ON c.id = a.course_id
       JOIN users u ON u.id = ANY($1::uuid[]) AND u.role = 'Student'
      WHERE c.class_id = $2 AND c.academic_year_id = $3 AND a.scope = 'whole_class' AND a.due_date < now()
     ON CONFLICT (assessment_id, student_id) DO NOTHING RETURNING id`,
    [studentIds, classId, academicYearId],
  );
  return rows.length;
}

/**
 * The teacher's one due date for the late joiners of an item: kept on the item for those placed later, and
 * moved on every late joiner's submission still open (nothing handed in yet); how many it moved.
 */
export async function setLateDueDate(m: EntityManager, assessmentId: string, due: Date): Promise<number> {
  await m.query('UPDATE assessments SET late_due_date = $2 WHERE id = $1', [assessmentId, due]);
  const moved: unknown[] = await m.query(
    `WITH moved AS (UPDATE submissions SET custom_due_date = $2, version = version + 1, updated_at = clock_timestamp()
        WHERE assessment_id = $1 AND joined_late AND status = 'reopened' AND submitted_at IS NULL RETURNING id)
     SELECT id FROM moved`,
    [assessmentId, due],
  );
  return moved.length;
}
