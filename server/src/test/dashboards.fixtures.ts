import { DataSource } from 'typeorm';
import { TestServer } from './test-server';
import { makeClass, makeSubject } from './academic.factories';
import { makeCourse } from './courses.factories';

/** Shared by the review tests: a class of bulk students with a course of teacher@, items and submissions written in SQL. */
export interface Classroom {
  courseId: string;
  classId: string;
  yearId: string;
}

/** A new class of the demo year with `students` students and a course of it taught by the teacher. */
export async function makeClassroom(ds: DataSource, teacherId: string, students: number): Promise<Classroom> {
  const [{ id: yearId }] = await ds.query(`SELECT id FROM academic_years WHERE year = '2026'`);
  const cls = await makeClass(ds, yearId);
  const subject = await makeSubject(ds);
  const courseId = await makeCourse(ds, {
    teacherIds: [teacherId],
    classId: cls.id,
    subjectId: subject.id,
    academicYearId: yearId,
    title: `REVIEW-${cls.name}`,
  });
  const room = { courseId, classId: cls.id, yearId };
  await addStudents(ds, room, students);
  return room;
}

/** More students placed in the classroom's class, in one statement. */
export async function addStudents(ds: DataSource, room: Classroom, n: number): Promise<void> {
  await ds.query(
    `INSERT INTO users (first_name, last_name, email, role, activated, class_id, academic_year_id)
     SELECT 'Pupil' || g, 'Bulk' || lpad(g::text, 4, '0'), 'rv-' || md5(random()::text || g) || '@test.school', 'Student', true, $1, $2
       FROM generate_series(1, $3::int) g`,
    [room.classId, room.yearId, n],
  );
}

const CREATE = `mutation($i: CreateAssessmentInput!) { createAssessment(input: $i) { id questions { id type options { id isCorrect } } } }`;

/** An item of `n` questions (MCQ, ShortAnswer and LongAnswer in turn), due `dueInHours` from now (negative: past). */
export async function makeBigItem(
  t: TestServer,
  token: string,
  where: { courseId?: string; moduleId?: string },
  n: number,
  o: { kind?: string; dueInHours?: number } = {},
): Promise<string> {
  const questions = Array.from(
    { length: n },
    (_x, i) =>
      [
        { type: 'MCQ', questionText: `Q${i} pick`, points: 2, options: [{ text: 'yes', isCorrect: true }, { text: 'no' }] },
        { type: 'SHORT_ANSWER', questionText: `Q${i} say`, points: 1, acceptedAnswers: [{ answer: 'Paris' }] },
        { type: 'LONG_ANSWER', questionText: `Q${i} explain`, points: 3 },
      ][i % 3],
  );
  const r = await t.gql(
    CREATE,
    {
      i: {
        kind: o.kind ?? 'ASSIGNMENT',
        ...where,
        title: `Big ${Math.random().toString(36).slice(2, 8)}`,
        dueDate: '2030-01-01T10:00:00.000Z',
        questions,
      },
    },
    token,
  );
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  const due = new Date(Date.now() + (o.dueInHours ?? -1) * 3600_000);
  due.setUTCSeconds(0, 0);
  await t.ds.query('UPDATE assessments SET due_date = $2 WHERE id = $1', [r.data.createAssessment.id, due]);
  return r.data.createAssessment.id;
}

const EXPLANATION = JSON.stringify({
  rightOptionIds: [],
  wrongOptionIds: [],
  missedOptionIds: [],
  matchedAnswer: null,
  matchedWeight: null,
  text: 'Bulk.',
});

/**
 * Submissions of `share` of the class's students who have none (every 5th reopened, every 3rd graded, the
 * rest pending), each with an answer to every question and a grade for every automatic one, in SQL.
 */
export async function fillSubmissions(ds: DataSource, assessmentId: string, room: Classroom, share: number): Promise<void> {
  await ds.query(
    `WITH pupils AS (
       SELECT u.id, row_number() OVER (ORDER BY u.last_name, u.id) AS n, count(*) OVER () AS total FROM users u
        WHERE u.class_id = $2 AND u.role = 'Student'
          AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.assessment_id = $1 AND s.student_id = u.id))
     INSERT INTO submissions (assessment_id, student_id, status, submitted_at, max_score, allowed_after_due, custom_due_date)
     SELECT $1, p.id, CASE WHEN p.n % 5 = 0 THEN 'reopened' WHEN p.n % 3 = 0 THEN 'graded' ELSE 'pending' END, now() - (p.n || ' minutes')::interval,
            (SELECT total_points FROM assessments WHERE id = $1), p.n % 5 = 0, CASE WHEN p.n % 5 = 0 THEN now() + interval '1 day' END
       FROM pupils p WHERE p.n <= ceil(p.total * $3::float8)`,
    [assessmentId, room.classId, share],
  );
  await ds.query(
    `INSERT INTO submission_answers (submission_id, question_id, answer, selected_option_ids)
     SELECT s.id, q.id, CASE WHEN q.type = 'MCQ' THEN '' ELSE 'Paris' END,
            CASE WHEN q.type = 'MCQ' THEN ARRAY(SELECT o.id FROM question_options o WHERE o.question_id = q.id AND o.is_correct) ELSE '{}' END
       FROM submissions s JOIN questions q ON q.assessment_id = s.assessment_id WHERE s.assessment_id = $1
     ON CONFLICT (submission_id, question_id) DO NOTHING`,
    [assessmentId],
  );
  await ds.query(
    `INSERT INTO grades (submission_id, question_id, score, auto_score, is_auto_graded, explanation)
     SELECT s.id, q.id, q.points, q.points, true, $2::jsonb
       FROM submissions s JOIN questions q ON q.assessment_id = s.assessment_id WHERE s.assessment_id = $1 AND q.type <> 'LongAnswer'
     ON CONFLICT (submission_id, question_id) DO NOTHING`,
    [assessmentId, EXPLANATION],
  );
}

/** Rows of the tables a write to submissions touches, for "changes nothing" checks. */
export async function tableCounts(ds: DataSource): Promise<Record<string, number | string>> {
  const [row] = await ds.query(
    `SELECT (SELECT count(*) FROM submissions)::int AS submissions, (SELECT count(*) FROM submission_answers)::int AS answers,
            (SELECT count(*) FROM grades)::int AS grades, (SELECT count(*) FROM submission_drafts)::int AS drafts,
            (SELECT count(*) FROM grade_history)::int AS history,
            (SELECT COALESCE(max(updated_at)::text, '') FROM submissions) AS last_change`,
  );
  return row;
}

/**
 * Every row of `table` (narrowed by `where` on alias x) `times` more times in one statement, the columns of `set`
 * written as SQL of the original row x and the copy's number g: long lists to page through.
 */
export async function cloneRows(ds: DataSource, table: string, times: number, set: Record<string, string>, where = 'true'): Promise<void> {
  const cols: Array<{ c: string }> = await ds.query(
    `SELECT column_name AS c FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 AND column_name <> 'id' AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    [table],
  );
  const names = cols.map((x) => x.c);
  await ds.query(
    `INSERT INTO ${table} (${names.map((c) => `"${c}"`).join(', ')})
     SELECT ${names.map((c) => set[c] ?? `x."${c}"`).join(', ')} FROM ${table} x CROSS JOIN generate_series(1, $1::int) g WHERE ${where}`,
    [times],
  );
}

/** Every item (its questions left out) `times` more times, each copy due `g` days after its original. */
export const cloneItems = (ds: DataSource, times: number) =>
  cloneRows(ds, 'assessments', times, { title: `x.title || ' #' || g`, due_date: `x.due_date + g * interval '1 day'` });
