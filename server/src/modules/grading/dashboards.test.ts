import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { Classroom, fillSubmissions, makeBigItem, makeClassroom, tableCounts } from '../../test/dashboards.fixtures';
import { badgeOf } from './dashboards.service';
import { decodeCursor } from './dashboards.queries';
import { ReviewBadge } from './dashboards.types';

/**
 * The review domain (issue 13): dashboard tiles before and after the due date, who may see a dashboard,
 * the dry run that changes nothing and the real one that auto-submits, the review badges, and the change
 * cursor that an open dashboard polls (including a write that commits after a later one).
 */
let t: TestServer;
const tok: Record<string, string> = {};
let room: Classroom;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'teacher2', 'student', 'admin', 'parent']) tok[who] = await t.login(`${who}@demo.school`);
  const [{ id }] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
  room = await makeClassroom(t.ds, id, 6);
}, 60_000);
afterAll(() => t.close());

const TILES = `query($id: ID!) { gradingDashboard(assessmentId: $id) { isPastDue totalStudents submittedCount notSubmittedCount overdueCount gradedCount reopenedCount cursor
  submitted { id version updatedAt } overdue { student { id } dueDate } reopened { id } } }`;
const AUTO = `mutation($id: ID!, $dry: Boolean) { autoSubmitOverdue(assessmentId: $id, dryRun: $dry) { dryRun autoSubmittedCount totalStudents submittedCount overdueCount reopenedCount } }`;
const CHANGES = `query($id: ID!, $since: String!) { gradingChanges(assessmentId: $id, since: $since) { cursor submissions { id status } } }`;

it('before the due date: Not Submitted counts the missing students and the overdue list is empty', async () => {
  const item = await makeBigItem(t, tok.teacher, { courseId: room.courseId }, 3, { dueInHours: 24 });
  await fillSubmissions(t.ds, item, room, 0.5);
  const d = (await t.gql(TILES, { id: item }, tok.teacher)).data.gradingDashboard;
  expect(d).toMatchObject({
    isPastDue: false,
    totalStudents: 6,
    submittedCount: 3,
    notSubmittedCount: 3,
    overdueCount: 0,
    reopenedCount: 0,
    overdue: [],
  });
  await t.ds.query(`UPDATE assessments SET due_date = date_trunc('minute', now()) - interval '1 minute' WHERE id = $1`, [item]);
  const after = (await t.gql(TILES, { id: item }, tok.teacher)).data.gradingDashboard;
  expect(after).toMatchObject({ isPastDue: true, notSubmittedCount: 3, overdueCount: 3 });
  expect(after.overdue).toHaveLength(3);
});

it("only the course's teachers, SuperAdmin and Admin see a dashboard; only its teachers auto-submit", async () => {
  const item = await makeBigItem(
    t,
    tok.teacher,
    { courseId: (await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`))[0].id },
    1,
  );
  const code = async (who: string, q = TILES, v: Record<string, unknown> = { id: item }) =>
    (await t.gql(q, v, tok[who])).errors?.[0]?.extensions?.code ?? 'OK';
  expect(await code('teacher')).toBe('OK');
  expect(await code('admin')).toBe('OK');
  expect(await code('student')).toBe('FORBIDDEN');
  expect(await code('teacher2')).toBe('NOT_FOUND');
  expect(await code('parent')).toBe('NOT_FOUND');
  expect(await code('admin', AUTO, { id: item, dry: true })).toBe('OK');
  expect(await code('admin', AUTO, { id: item })).toBe('FORBIDDEN');
  expect(await code('student', `{ reviewItems(kind: EXAM) { nodes { badge } } }`, {})).toBe('FORBIDDEN');
});

it('dryRun changes nothing; without it the overdue students are auto-submitted, drafts used, automatic questions graded', async () => {
  const item = await makeBigItem(t, tok.teacher, { courseId: room.courseId }, 3);
  await fillSubmissions(t.ds, item, room, 0.5);
  const before = await tableCounts(t.ds);
  const dry = await t.gql(AUTO, { id: item, dry: true }, tok.teacher);
  expect(dry.data.autoSubmitOverdue).toEqual({
    dryRun: true,
    autoSubmittedCount: 0,
    totalStudents: 6,
    submittedCount: 3,
    overdueCount: 3,
    reopenedCount: 0,
  });
  const rest = await t.rest('POST', '/submissions/auto-submit-overdue?dryRun=true', { token: tok.teacher, body: { assignmentId: item } });
  expect(rest.body).toMatchObject({
    success: true,
    totalStudents: 6,
    submittedCount: 3,
    overdueCount: 3,
    reopenedCount: 0,
    data: { overdueCount: 3 },
  });
  expect(rest.body.overdue).toHaveLength(3);
  expect(rest.body.submitted[0].answers).toHaveLength(3);
  expect(await tableCounts(t.ds)).toEqual(before);

  // one overdue student saved a draft with the right option of the MCQ
  const [mcq] = await t.ds.query(
    `SELECT q.id, (SELECT o.id FROM question_options o WHERE o.question_id = q.id AND o.is_correct) AS right FROM questions q WHERE q.assessment_id = $1 AND q.type = 'MCQ'`,
    [item],
  );
  const overdue = (await t.gql(TILES, { id: item }, tok.teacher)).data.gradingDashboard.overdue.map(
    (o: { student: { id: string } }) => o.student.id,
  );
  await t.ds.query(`INSERT INTO submission_drafts (assessment_id, student_id, answers) VALUES ($1, $2, $3::jsonb)`, [
    item,
    overdue[0],
    JSON.stringify([{ questionId: mcq.id, answer: '', selectedOptionIds: [mcq.right] }]),
  ]);
  const real = await t.rest('POST', '/submissions/auto-submit-overdue', { token: tok.teacher, body: { assignmentId: item } });
  expect(real.status).toBe(200);
  expect(real.body).toMatchObject({ overdueCount: 0, submittedCount: 6, totalStudents: 6, data: { autoSubmittedCount: 3, dryRun: false } });
  const rows = await t.ds.query(
    `SELECT s.student_id, s.is_auto_submitted, s.status, s.total_score::float8 AS total, (SELECT count(*)::int FROM submission_answers a WHERE a.submission_id = s.id) AS answers,
            (SELECT count(*)::int FROM grades g WHERE g.submission_id = s.id) AS grades
       FROM submissions s WHERE s.assessment_id = $1 AND s.student_id = ANY($2::uuid[])`,
    [item, overdue],
  );
  expect(rows).toHaveLength(3);
  for (const r of rows)
    expect(r).toMatchObject({
      is_auto_submitted: true,
      status: 'pending',
      answers: 3,
      grades: 2,
      total: r.student_id === overdue[0] ? 2 : 0,
    });
  expect(await t.ds.query('SELECT 1 FROM submission_drafts WHERE assessment_id = $1', [item])).toHaveLength(0);
  // again: nothing left to do
  const again = await t.gql(AUTO, { id: item }, tok.teacher);
  expect(again.data.autoSubmitOverdue.autoSubmittedCount).toBe(0);
});

it('review badges and labels for each case', async () => {
  expect([badgeOf(0, 0), badgeOf(3, 3), badgeOf(3, 1), badgeOf(3, 0)]).toEqual([
    ReviewBadge.NONE,
    ReviewBadge.ALL_GRADED,
    ReviewBadge.PARTIALLY_GRADED,
    ReviewBadge.NEEDS_GRADING,
  ]);
  const [{ id: moduleId }] = await t.ds.query(
    `INSERT INTO course_modules (course_id, title, sort_order) VALUES ($1, 'Badges', 7) RETURNING id`,
    [room.courseId],
  );
  const none = await makeBigItem(t, tok.teacher, { courseId: room.courseId }, 1);
  const quiz = await makeBigItem(t, tok.teacher, { moduleId }, 1, { kind: 'QUIZ' });
  const needs = await makeBigItem(t, tok.teacher, { courseId: room.courseId }, 1);
  const partial = await makeBigItem(t, tok.teacher, { courseId: room.courseId }, 1);
  const all = await makeBigItem(t, tok.teacher, { courseId: room.courseId }, 1);
  for (const i of [needs, partial, all]) await fillSubmissions(t.ds, i, room, 0.5);
  await t.ds.query(`UPDATE submissions SET status = 'pending' WHERE assessment_id = $1`, [needs]);
  await t.ds.query(`UPDATE submissions SET status = 'graded' WHERE assessment_id = $1`, [all]);
  const cards = async (kind: string) =>
    new Map(
      (
        await t.gql(
          `{ reviewItems(kind: ${kind}) { nodes { assessment { id } submissionCount gradedCount pendingCount badge badgeLabel yearLabel className subjectName } } }`,
          {},
          tok.teacher,
        )
      ).data.reviewItems.nodes.map((c: { assessment: { id: string } }) => [c.assessment.id, c]),
    );
  const a = await cards('ASSIGNMENT');
  expect(a.get(none)).toMatchObject({ submissionCount: 0, badge: 'NONE', badgeLabel: 'No Submissions', yearLabel: '2026' });
  expect(a.get(needs)).toMatchObject({
    submissionCount: 3,
    gradedCount: 0,
    pendingCount: 3,
    badge: 'NEEDS_GRADING',
    badgeLabel: 'Needs Grading',
  });
  expect(a.get(partial)).toMatchObject({ gradedCount: 1, pendingCount: 2, badge: 'PARTIALLY_GRADED', badgeLabel: 'Partially Graded' });
  expect(a.get(all)).toMatchObject({ gradedCount: 3, pendingCount: 0, badge: 'ALL_GRADED', badgeLabel: 'All Graded' });
  expect((await cards('QUIZ')).get(quiz)).toMatchObject({ badge: 'NONE', badgeLabel: 'No Quiz Submissions' });
  // teacher2 teaches none of these
  const other = await t.gql(`{ reviewItems(kind: ASSIGNMENT) { nodes { assessment { id } } } }`, {}, tok.teacher2);
  expect(other.data.reviewItems.nodes.map((c: { assessment: { id: string } }) => c.assessment.id)).not.toContain(all);
});

it('gradingChanges: a grade saved elsewhere reaches an open dashboard, also when its transaction commits after a later one', async () => {
  const item = await makeBigItem(t, tok.teacher, { courseId: room.courseId }, 2, { dueInHours: 24 });
  await fillSubmissions(t.ds, item, room, 1);
  // everything older than the overlap: a poll returns only what changed
  await t.ds.query(`UPDATE submissions SET updated_at = now() - interval '1 hour' WHERE assessment_id = $1`, [item]);
  const d = (await t.gql(TILES, { id: item }, tok.teacher)).data.gradingDashboard;
  const [first, second] = d.submitted;
  const quiet = await t.gql(CHANGES, { id: item, since: d.cursor }, tok.teacher);
  expect(quiet.errors).toBeUndefined();
  expect(quiet.data.gradingChanges.submissions).toEqual([]);

  // a slow grading transaction takes its timestamp first, a quick one commits meanwhile, and a poll runs between
  const slow = t.ds.createQueryRunner();
  await slow.connect();
  await slow.startTransaction();
  await slow.query(`UPDATE submissions SET status = 'graded', version = version + 1, updated_at = clock_timestamp() WHERE id = $1`, [
    first.id,
  ]);
  await new Promise((r) => setTimeout(r, 50));
  await t.ds.query(`UPDATE submissions SET status = 'graded', version = version + 1, updated_at = clock_timestamp() WHERE id = $1`, [
    second.id,
  ]);
  const poll1 = (await t.gql(CHANGES, { id: item, since: d.cursor }, tok.teacher)).data.gradingChanges;
  expect(poll1.submissions.map((s: { id: string }) => s.id)).toEqual([second.id]);
  // without the overlap this change would be lost: it is older than the cursor poll1 handed out
  const [{ older }] = await t.ds.query('SELECT $2::timestamptz > (SELECT updated_at FROM submissions WHERE id = $1) AS older', [
    first.id,
    decodeCursor(poll1.cursor),
  ]);
  expect(older).toBe(true);
  await slow.commitTransaction();
  await slow.release();
  const poll2 = (await t.gql(CHANGES, { id: item, since: poll1.cursor }, tok.teacher)).data.gradingChanges;
  expect(poll2.submissions.map((s: { id: string }) => s.id)).toContain(first.id);
  expect(poll2.submissions.find((s: { id: string }) => s.id === first.id).status).toBe('GRADED');

  const bad = await t.gql(CHANGES, { id: item, since: 'not-a-cursor' }, tok.teacher);
  expect(bad.errors?.[0]?.extensions?.code).toBe('VALIDATION');
  const student = await t.gql(CHANGES, { id: item, since: d.cursor }, tok.student);
  expect(student.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
});

it('gradingChanges answers the tiles as a fresh dashboard counts them, as work is graded and reopened and the due date passes', async () => {
  const TILE_FIELDS = 'isPastDue totalStudents submittedCount notSubmittedCount overdueCount gradedCount reopenedCount joinedLateCount';
  const FRESH = `query($id: ID!) { gradingDashboard(assessmentId: $id) { ${TILE_FIELDS} cursor submitted { id } } }`;
  const FEED = `query($id: ID!, $since: String!) { gradingChanges(assessmentId: $id, since: $since) { cursor tiles { ${TILE_FIELDS} } } }`;
  const item = await makeBigItem(t, tok.teacher, { courseId: room.courseId }, 2, { dueInHours: 24 });
  await fillSubmissions(t.ds, item, room, 0.5);
  await t.ds.query(`UPDATE submissions SET status = 'pending' WHERE assessment_id = $1`, [item]);
  const same = async (who = tok.teacher) => {
    const { cursor, submitted, ...fresh } = (await t.gql(FRESH, { id: item }, who)).data.gradingDashboard;
    const answer = await t.gql(FEED, { id: item, since: cursor }, who);
    expect(answer.errors).toBeUndefined();
    const feed = answer.data.gradingChanges.tiles;
    expect(feed).toEqual(fresh);
    return { fresh, submitted: submitted as Array<{ id: string }> };
  };
  const start = await same();
  expect(start.fresh).toMatchObject({ totalStudents: 6, submittedCount: 3, notSubmittedCount: 3, gradedCount: 0, reopenedCount: 0 });
  await t.ds.query(`UPDATE submissions SET status = 'graded' WHERE id = $1`, [start.submitted[0].id]);
  await t.ds.query(`UPDATE submissions SET status = 'reopened', allowed_after_due = true WHERE id = $1`, [start.submitted[1].id]);
  expect((await same()).fresh).toMatchObject({ submittedCount: 2, gradedCount: 1, reopenedCount: 1 });
  // the due date passes: the missing students are overdue, on the server clock
  await t.ds.query(`UPDATE assessments SET due_date = date_trunc('minute', now()) - interval '1 minute' WHERE id = $1`, [item]);
  expect((await same()).fresh).toMatchObject({ isPastDue: true, overdueCount: 3, notSubmittedCount: 3 });
  // an administrator reads the same tiles; a student reads none
  await same(tok.admin);
  expect((await t.gql(FEED, { id: item, since: 'x' }, tok.student)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
});

it("the old client's review lists keep working over REST: GET /quizzes then GET /quizsubmissions?quiz={id} for a teacher", async () => {
  const [{ id: moduleId }] = await t.ds.query(
    `INSERT INTO course_modules (course_id, title, sort_order) VALUES ($1, 'Old client', 9) RETURNING id`,
    [room.courseId],
  );
  const quiz = await makeBigItem(t, tok.teacher, { moduleId }, 2, { kind: 'QUIZ' });
  await fillSubmissions(t.ds, quiz, room, 0.5);
  const items = await t.rest('GET', '/quizzes', { token: tok.teacher });
  const mine = items.body.data.find((q: { _id: string }) => q._id === quiz);
  // grouped through the quiz's module and its course
  expect(mine).toMatchObject({
    title: expect.any(String),
    dueDate: expect.any(String),
    module: {
      _id: moduleId,
      course: {
        _id: room.courseId,
        academicYear: { year: '2026' },
        class: { name: expect.any(String) },
        subject: { name: expect.any(String) },
      },
    },
  });
  const subs = await t.rest('GET', `/quizsubmissions?quiz=${quiz}`, { token: tok.teacher });
  expect(subs.body.data).toHaveLength(3);
  for (const s of subs.body.data)
    expect(s).toMatchObject({
      quiz,
      status: expect.any(String),
      student: { email: expect.any(String) },
      totalScore: expect.any(Number),
      grades: expect.any(Array),
    });
  expect((await t.rest('GET', `/quizsubmissions?quiz=${quiz}`, { token: tok.teacher2 })).body.data).toEqual([]);
});

it('teacher submission lists page with ?limit=&offset= (bounded)', async () => {
  const item = await makeBigItem(t, tok.teacher, { courseId: room.courseId }, 1);
  await fillSubmissions(t.ds, item, room, 1);
  const all = (await t.rest('GET', `/submissions?assignment=${item}`, { token: tok.teacher })).body.data.map((s: { _id: string }) => s._id);
  expect(all).toHaveLength(6);
  const page = await t.rest('GET', `/submissions?assignment=${item}&limit=2&offset=3`, { token: tok.teacher });
  expect([page.body.data.map((s: { _id: string }) => s._id), page.headers.get('x-total-count')]).toEqual([all.slice(3, 5), '6']);
  const gql = await t.gql(
    'query($a: ID) { submissions(assessmentId: $a, first: 2, after: null) { totalCount nodes { id } } }',
    { a: item },
    tok.teacher,
  );
  expect(gql.data.submissions).toEqual({ totalCount: 6, nodes: all.slice(0, 2).map((id: string) => ({ id })) });
  for (const bad of ['limit=0', 'limit=501', 'limit=x', 'offset=-1']) {
    expect([bad, (await t.rest('GET', `/submissions?assignment=${item}&${bad}`, { token: tok.teacher })).status]).toEqual([bad, 400]);
  }
});
