import { DataSource } from 'typeorm';
import { TestServer } from '../test/test-server';
import { startSweepWorld, SweepWorld } from './sweep.test.fixtures';
import { autoSubmitOverdue } from '../modules/grading';
import { Classroom, tableCounts } from '../test/dashboards.fixtures';
import { sweepOverdue } from './overdue-sweep';

/**
 * The overdue sweep (issues 13 and 24): two instances (two pools on one database) sweep at the same time and
 * each started draft is submitted exactly once (the advisory lock; and without it, the writes' own
 * idempotence); a second run changes nothing; drafts are used and removed; hidden items, items not yet due
 * and reopened work before its customDueDate are left alone.
 */
let t: TestServer;
let ds2: DataSource;
let room: Classroom;
let pupils: string[];
let world: SweepWorld;
beforeAll(async () => {
  world = await startSweepWorld(3);
  ({ t, ds2, room, pupils } = world);
}, 60_000);
afterAll(() => world.close());

/** An item of MCQ (2 points), ShortAnswer (1) and LongAnswer (3), due `hours` from now; its question and option ids. */
async function item(o: { hours: number; visible?: boolean; targets?: string[] }) {
  const [{ id }] = await t.ds.query(
    `INSERT INTO assessments (kind, course_id, title, due_date, is_visible, scope, total_points)
     VALUES ('ASSIGNMENT', $1, 'Sweep item', date_trunc('minute', now()) + ($2 || ' hours')::interval, $3, $4, 6) RETURNING id`,
    [room.courseId, o.hours, o.visible ?? true, o.targets ? 'individual_students' : 'whole_class'],
  );
  const q = async (type: string, points: number, order: number) =>
    (
      await t.ds.query(
        `INSERT INTO questions (assessment_id, type, question_text, points, sort_order) VALUES ($1, $2, 'Q', $3, $4) RETURNING id`,
        [id, type, points, order],
      )
    )[0].id as string;
  const mcq = await q('MCQ', 2, 1);
  const [{ id: right }] = await t.ds.query(
    `INSERT INTO question_options (question_id, sort_order, text, is_correct) VALUES ($1, 1, 'yes', true) RETURNING id`,
    [mcq],
  );
  await t.ds.query(`INSERT INTO question_options (question_id, sort_order, text, is_correct) VALUES ($1, 2, 'no', false)`, [mcq]);
  const short = await q('ShortAnswer', 1, 2);
  await t.ds.query(`INSERT INTO accepted_answers (question_id, sort_order, answer) VALUES ($1, 1, 'Paris')`, [short]);
  await q('LongAnswer', 3, 3);
  if (o.targets)
    await t.ds.query('INSERT INTO assessment_targets (assessment_id, student_id) SELECT $1, unnest($2::uuid[])', [id, o.targets]);
  return { id: id as string, mcq, right: right as string, short };
}

const submit = (assessmentId: string, studentId: string, extra = '') =>
  t.ds.query(
    `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, max_score${extra ? ', allowed_after_due, custom_due_date' : ''})
   VALUES ($1, $2, ${extra ? `'reopened'` : `'pending'`}, now(), 6${extra ? `, true, ${extra}` : ''}) RETURNING id`,
    [assessmentId, studentId],
  );

const autoRows = (ids: string[]) =>
  t.ds.query(
    `SELECT s.assessment_id, s.student_id, s.status, s.is_auto_submitted, s.total_score::float8 AS total,
          (SELECT count(*)::int FROM submission_answers a WHERE a.submission_id = s.id) AS answers,
          (SELECT count(*)::int FROM grades g WHERE g.submission_id = s.id) AS grades
     FROM submissions s WHERE s.assessment_id = ANY($1::uuid[]) AND s.is_auto_submitted ORDER BY s.assessment_id, s.student_id`,
    [ids],
  );

it('two instances sweeping at once submit each started draft exactly once; a second run changes nothing', async () => {
  const a = await item({ hours: -1 });
  const b = await item({ hours: -2, targets: [pupils[2], pupils[3]] });
  const hidden = await item({ hours: -1, visible: false });
  const future = await item({ hours: 24 });
  await submit(a.id, pupils[0]);
  await t.ds.query(`INSERT INTO submission_drafts (assessment_id, student_id, answers) VALUES ($1, $2, $3::jsonb)`, [
    a.id,
    pupils[1],
    JSON.stringify([
      { questionId: a.mcq, answer: '', selectedOptionIds: [a.right] },
      { questionId: a.short, answer: ' paris ', selectedOptionIds: [] },
    ]),
  ]);
  // reopened work of the future item: one still open, one past its customDueDate (with a draft)
  await submit(future.id, pupils[0], `now() + interval '1 day'`);
  await submit(future.id, pupils[1], `now() - interval '1 minute'`);
  await t.ds.query(`INSERT INTO submission_drafts (assessment_id, student_id, answers) VALUES ($1, $2, $3::jsonb)`, [
    future.id,
    pupils[1],
    JSON.stringify([{ questionId: future.short, answer: 'Paris', selectedOptionIds: [] }]),
  ]);

  const runs = await Promise.all([sweepOverdue(t.ds), sweepOverdue(ds2), sweepOverdue(t.ds), sweepOverdue(ds2)]);
  // only work that was started (issue 24): a's draft and the expired reopened one's draft; the students of a
  // and b with nothing stay overdue (no row), and nothing of the hidden item
  expect(runs.reduce((n, r) => n + r.submitted, 0)).toBe(2);
  const rows = await autoRows([a.id, b.id, hidden.id, future.id]);
  expect(rows).toHaveLength(2);
  expect(new Set(rows.map((r: { assessment_id: string; student_id: string }) => `${r.assessment_id}:${r.student_id}`)).size).toBe(2);
  for (const r of rows) expect(r).toMatchObject({ status: 'pending', answers: 3, grades: 2 });
  const score = (itemId: string, student: string) =>
    rows.find((r: { assessment_id: string; student_id: string }) => r.assessment_id === itemId && r.student_id === student).total;
  expect(score(a.id, pupils[1])).toBe(3); // the draft: MCQ and short answer right
  expect(
    await t.ds.query('SELECT 1 FROM submissions WHERE assessment_id = ANY($1::uuid[]) AND is_auto_submitted AND student_id = $2', [
      [a.id, b.id],
      pupils[4],
    ]),
  ).toEqual([]);
  expect(score(future.id, pupils[1])).toBe(1); // the reopened one's draft
  expect(
    await t.ds.query('SELECT assessment_id FROM submission_drafts WHERE assessment_id = ANY($1::uuid[])', [[a.id, future.id]]),
  ).toEqual([]);
  const [open] = await t.ds.query('SELECT status, is_auto_submitted FROM submissions WHERE assessment_id = $1 AND student_id = $2', [
    future.id,
    pupils[0],
  ]);
  expect(open).toEqual({ status: 'reopened', is_auto_submitted: false });
  expect(await t.ds.query('SELECT 1 FROM submissions WHERE assessment_id = $1', [hidden.id])).toEqual([]);

  const before = await tableCounts(t.ds);
  expect(await sweepOverdue(ds2)).toEqual({ skipped: false, submitted: 0 });
  expect(await tableCounts(t.ds)).toEqual(before);
});

it("without the lock the writes are idempotent on their own: two simultaneous 'Mark all missing as 0' runs claim each student once", async () => {
  const c = await item({ hours: -1 });
  const [x, y] = await Promise.all(
    [t.ds, ds2].map((ds) => ds.transaction((m) => autoSubmitOverdue(m, { assessmentId: c.id, visibleOnly: true, missing: 'zero' }))),
  );
  expect(x.length + y.length).toBe(5);
  expect(await autoRows([c.id])).toHaveLength(5);
  const [{ answers, grades }] = await t.ds.query(
    `SELECT (SELECT count(*)::int FROM submission_answers a JOIN submissions s ON s.id = a.submission_id WHERE s.assessment_id = $1) AS answers,
            (SELECT count(*)::int FROM grades g JOIN submissions s ON s.id = g.submission_id WHERE s.assessment_id = $1) AS grades`,
    [c.id],
  );
  expect([answers, grades]).toEqual([15, 10]);
});
