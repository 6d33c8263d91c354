import { DataSource, EntityManager } from 'typeorm';
import { TestServer } from '../test/test-server';
import { startSweepWorld, SweepWorld } from './sweep.test.fixtures';
import { autoSubmitOverdue } from '../modules/grading';
import { Classroom } from '../test/dashboards.fixtures';
import { sweepOverdue } from './overdue-sweep';
import { holdTableLock } from '../test/table-lock';
import { analyzedPlan, nodesOf } from '../test/plans';

/**
 * The overdue sweep on a large school (the bench's first run): its claim reads per started draft, not per
 * (item, student) pair of every overdue item; a backlog is taken in bounded batches, all of it in one run;
 * a table locked by someone else (a migration, a bulk load) makes the sweep give up its turn at once instead
 * of holding a connection until statement_timeout.
 */
let t: TestServer;
let ds2: DataSource;
let room: Classroom;
let pupils: string[];
let world: SweepWorld;
beforeAll(async () => {
  world = await startSweepWorld(2);
  ({ t, ds2, room, pupils } = world);
}, 60_000);
afterAll(() => world.close());

/** `n` whole-class items of the classroom due `hours` from now, one ShortAnswer question (1 point) each; their ids. */
async function items(n: number, hours: number): Promise<string[]> {
  const rows: Array<{ id: string }> = await t.ds.query(
    `INSERT INTO assessments (kind, course_id, title, due_date, scope, total_points)
     SELECT 'ASSIGNMENT', $1, 'Scale ' || g, date_trunc('minute', now()) + ($2 || ' hours')::interval, 'whole_class', 1
       FROM generate_series(1, $3::int) g RETURNING id`,
    [room.courseId, hours, n],
  );
  const ids = rows.map((r) => r.id);
  await t.ds.query(
    `INSERT INTO questions (assessment_id, type, question_text, points, sort_order) SELECT unnest($1::uuid[]), 'ShortAnswer', 'Q', 1, 1`,
    [ids],
  );
  return ids;
}

const draft = (assessmentId: string, studentId: string) =>
  t.ds.query(`INSERT INTO submission_drafts (assessment_id, student_id, answers) VALUES ($1, $2, '[]'::jsonb)`, [assessmentId, studentId]);

it('the claim of new submissions reads per started draft, never the roster of every overdue item', async () => {
  // 300 overdue items of a class of 5: 1500 (item, student) pairs, 3 of them started
  const ids = await items(300, -1);
  for (const i of [0, 1, 2]) await draft(ids[i * 100], pupils[i]);
  await t.ds.query('ANALYZE');
  const widest: Record<string, number> = {};
  const qr = t.ds.createQueryRunner();
  await qr.connect();
  await qr.startTransaction();
  try {
    // every statement of the run is explained (run, then undone) before it runs; the transaction is rolled back
    const m = qr.manager;
    const explaining = Object.create(m) as EntityManager;
    explaining.query = async <T = unknown>(sql: string, params?: unknown[]): Promise<T> => {
      await m.query('SAVEPOINT explained');
      const plan = await analyzedPlan(m, sql, params ?? []);
      await m.query('ROLLBACK TO SAVEPOINT explained');
      const key = sql.trim().split(/\s+/).slice(0, 3).join(' ');
      widest[key] = Math.max(widest[key] ?? 0, ...nodesOf(plan).map((n) => n['Actual Rows'] * n['Actual Loops']));
      return m.query(sql, params);
    };
    await autoSubmitOverdue(explaining, { visibleOnly: true, missing: 'leave' });
  } finally {
    await qr.rollbackTransaction();
    await qr.release();
    await t.ds.query('DELETE FROM assessments WHERE id = ANY($1::uuid[])', [ids]);
  }
  const insert = Object.entries(widest).find(([k]) => k.startsWith('INSERT INTO submissions'));
  expect(insert).toBeDefined();
  // the roster way lists all 1500 pairs; from the drafts no node sees more rows than there are items
  expect(insert![1]).toBeLessThanOrEqual(300);
}, 60_000);

it('a backlog is claimed in bounded batches, each its own transaction, and all of it in one run', async () => {
  const [a] = await items(1, -1);
  const [f] = await items(1, 24);
  for (const p of pupils) await draft(a, p);
  // reopened submissions of f past their customDueDate: three with work handed in (closed, not taken back),
  // due before two with nothing (taken back: the student is overdue again), so a window over all of them in
  // due order would reach the empty ones only after the closing had
  await t.ds.query(
    `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, max_score, allowed_after_due, custom_due_date)
     SELECT $1, unnest($2::uuid[]), 'reopened', now() - interval '1 hour', 1, true, now() - interval '3 minutes'`,
    [f, pupils.slice(0, 3)],
  );
  await t.ds.query(
    `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, max_score, allowed_after_due, custom_due_date)
     SELECT $1, unnest($2::uuid[]), 'reopened', NULL, 1, true, now() - interval '1 minute'`,
    [f, pupils.slice(3)],
  );

  const first = await t.ds.transaction((m) => autoSubmitOverdue(m, { visibleOnly: true, missing: 'leave', limit: 2 }));
  expect(first.filter((c) => !c.reopened)).toHaveLength(2);
  expect(first.filter((c) => c.reopened)).toHaveLength(2);
  // the rest (3 new, 1 reopened) in one run of batches of 2
  expect(await sweepOverdue(t.ds, { batch: 2 })).toEqual({ skipped: false, submitted: 4 });
  const [{ open, drafts, auto, closed }] = await t.ds.query(
    `SELECT (SELECT count(*)::int FROM submissions WHERE assessment_id = ANY($1::uuid[]) AND status = 'reopened') AS open,
            (SELECT count(*)::int FROM submission_drafts WHERE assessment_id = ANY($1::uuid[])) AS drafts,
            (SELECT count(*)::int FROM submissions WHERE assessment_id = $2 AND is_auto_submitted) AS auto,
            (SELECT array_agg(student_id ORDER BY student_id)::text[] FROM submissions WHERE assessment_id = $3) AS closed`,
    [[a, f], a, f],
  );
  expect({ open, drafts, auto }).toEqual({ open: 0, drafts: 0, auto: 5 });
  // the two with nothing were taken back, never closed as empty submissions
  expect(closed).toEqual([...pupils.slice(0, 3)].sort());
  expect(await sweepOverdue(t.ds, { batch: 2 })).toEqual({ skipped: false, submitted: 0 });
});

it('a table locked by another transaction makes the sweep skip its turn at once; the next run does the work', async () => {
  const [a] = await items(1, -1);
  await draft(a, pupils[0]);
  // without a lock timeout the sweep waits for the holder (up to statement_timeout): let go after 8 s
  const lock = await holdTableLock(ds2, 'submission_answers', 8000);
  try {
    const r = await sweepOverdue(t.ds);
    expect({ r, whileLocked: !lock.released }).toEqual({ r: { skipped: true, submitted: 0 }, whileLocked: true });
  } finally {
    await lock.release();
  }
  expect(await sweepOverdue(t.ds)).toEqual({ skipped: false, submitted: 1 });
}, 30_000);
