import { DataSource } from 'typeorm';
import { makeUser } from '../../test/factories';
import { placeStudent } from '../../test/academic.factories';
import { Classroom } from '../../test/dashboards.fixtures';

/** Shared by the grades tests: items and submissions written in SQL, so each case states exactly what is stored. */
export interface ItemSpec {
  title?: string;
  kind?: 'ASSIGNMENT' | 'EXAM';
  points?: number;
  visibility?: 'immediate' | 'scoreOnly' | 'manual';
  released?: boolean;
  visible?: boolean;
  dueInHours?: number;
  targets?: string[];
}

let made = 0;

/** An item of the course (no questions: the gradebook reads only totals); each one due a minute after the one before. */
export async function makeGradeItem(ds: DataSource, courseId: string, o: ItemSpec = {}): Promise<string> {
  const due = new Date(Date.now() + (o.dueInHours ?? -24) * 3600_000 + (made += 1) * 60_000);
  due.setUTCSeconds(0, 0);
  const [{ id }] = await ds.query(
    `INSERT INTO assessments (kind, course_id, title, due_date, total_points, result_visibility, is_visible, scope, results_released_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9 THEN now() END) RETURNING id`,
    [
      o.kind ?? 'ASSIGNMENT',
      courseId,
      o.title ?? `Item ${Math.random().toString(36).slice(2, 8)}`,
      due,
      o.points ?? 10,
      o.visibility ?? 'immediate',
      o.visible ?? true,
      o.targets ? 'individual_students' : 'whole_class',
      !!o.released,
    ],
  );
  for (const s of o.targets ?? []) await ds.query('INSERT INTO assessment_targets (assessment_id, student_id) VALUES ($1, $2)', [id, s]);
  return id;
}

export interface SubmissionSpec {
  status?: 'pending' | 'graded' | 'reopened';
  score?: number;
  max?: number;
  auto?: boolean;
  afterDue?: boolean;
  submittedHoursAgo?: number;
}

export async function makeGradeSubmission(
  ds: DataSource,
  assessmentId: string,
  studentId: string,
  o: SubmissionSpec = {},
): Promise<string> {
  const [{ id }] = await ds.query(
    `INSERT INTO submissions (assessment_id, student_id, status, total_score, max_score, is_auto_submitted, allowed_after_due, submitted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() - ($8 || ' hours')::interval) RETURNING id`,
    [assessmentId, studentId, o.status ?? 'graded', o.score ?? 0, o.max ?? 10, !!o.auto, !!o.afterDue, String(o.submittedHoursAgo ?? 1)],
  );
  return id;
}

/** A student who can sign in, placed in the classroom's class. */
export async function makePlacedStudent(
  ds: DataSource,
  room: Classroom,
  name: { firstName: string; lastName: string },
): Promise<{ id: string; email: string }> {
  const u = await makeUser(ds, name);
  await placeStudent(ds, u.id, room.classId, room.yearId);
  return { id: u.id, email: u.email };
}
