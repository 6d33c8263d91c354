import { loadConfig } from '../config';
import { startTestServer, TestServer } from '../test/test-server';
import { seedDemoSchool } from '../app/seed';
import { makeUser } from '../test/factories';
import { Role } from '../core/role';
import { Classroom, makeClassroom } from '../test/dashboards.fixtures';
import { ScheduledJob } from './schedule';
import { startOverdueSweep } from './overdue-sweep';

/**
 * The overdue policy of issue 24 with the sweep running as the server runs it, fast (OVERDUE_SWEEP_INTERVAL_MS
 * = 250): at the due date the work a student started (their draft) is submitted; a student with nothing stays
 * overdue, however many sweeps pass; a student placed after the due date is not overdue, has the item open
 * until their own due date and is listed as 'Joined late'. Only the teacher's "Mark all missing as 0" makes
 * zeros, and it leaves late joiners alone.
 */
let t: TestServer;
let sweep: ScheduledJob;
let room: Classroom;
let teacher: string;
const pupils: Array<{ id: string; token: string }> = [];

const CREATE = `mutation($i: CreateAssessmentInput!) { createAssessment(input: $i) { id questions { id type options { id isCorrect } } } }`;
const DASHBOARD = `query($id: ID!) { gradingDashboard(assessmentId: $id) {
  overdueCount reopenedCount joinedLateCount submittedCount
  overdue { student { id } } reopened { id } submitted { student { id } isAutoSubmitted totalScore }
  joinedLate { id joinedLate customDueDate student { id } } assessment { lateDueDate } } }`;
const MINE = `query($id: ID!) { assessment(id: $id) { myStatus { status label courseLabel dueDate isOverdue canSubmit isExtended opensOn courseOpensOn } } }`;
const MARK_MISSING = `mutation($id: ID!) { autoSubmitOverdue(assessmentId: $id, dryRun: false) { autoSubmittedCount overdueCount joinedLateCount } }`;
const SET_LATE = `mutation($id: ID!, $d: DateTimeISO!) { setLateJoinerDueDate(assessmentId: $id, dueDate: $d) { joinedLateCount joinedLate { customDueDate } assessment { lateDueDate } } }`;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  await t.ds.query('DELETE FROM assessments');
  const [{ id }] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
  room = await makeClassroom(t.ds, id, 0);
  teacher = await t.login('teacher@demo.school');
  for (let i = 0; i < 3; i++) {
    const u = await makeUser(t.ds, { role: Role.Student, lastName: `Sweep${i}`, classId: room.classId, academicYearId: room.yearId });
    pupils.push({ id: u.id, token: await t.login(u.email) });
  }
  const config = loadConfig({ ...process.env, OVERDUE_SWEEP_INTERVAL_MS: '250' });
  sweep = startOverdueSweep(t.ds, config.overdueSweepIntervalMs);
}, 60_000);
afterAll(async () => {
  await sweep.stop();
  await t.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * An item of an MCQ (2 points) and a long answer (3), due `minutes` whole minutes from now (due dates are
 * whole minutes; 1: the next minute that is at least 3 seconds away); its ids.
 */
async function item(minutes: number) {
  const r = await t.gql(
    CREATE,
    {
      i: {
        kind: 'ASSIGNMENT',
        courseId: room.courseId,
        title: 'Due in a moment',
        dueDate: '2030-01-01T10:00:00.000Z',
        questions: [
          { type: 'MCQ', questionText: 'Pick', points: 2, options: [{ text: 'yes', isCorrect: true }, { text: 'no' }] },
          { type: 'LONG_ANSWER', questionText: 'Explain', points: 3 },
        ],
      },
    },
    teacher,
  );
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  const a = r.data.createAssessment;
  await t.ds.query(
    `UPDATE assessments SET due_date = date_trunc('minute', now() + interval '3 seconds') + ($2 || ' minutes')::interval WHERE id = $1`,
    [a.id, minutes],
  );
  return {
    id: a.id as string,
    mcq: a.questions[0].id as string,
    right: a.questions[0].options[0].id as string,
    long: a.questions[1].id as string,
  };
}

const rowsOf = (assessmentId: string) =>
  t.ds.query(
    `SELECT student_id, status, is_auto_submitted, joined_late, total_score::float8 AS total FROM submissions WHERE assessment_id = $1`,
    [assessmentId],
  );

test('at the due date the draft is submitted, nothing stays overdue, and a student placed after it is not overdue', async () => {
  const i = await item(1);
  const draft = await t.gql(
    `mutation($input: SaveDraftInput!) { saveDraft(input: $input) { savedAt } }`,
    {
      input: {
        assessmentId: i.id,
        answers: [
          { questionId: i.mcq, answer: '', selectedOptionIds: [i.right] },
          { questionId: i.long, answer: 'Because.', selectedOptionIds: [] },
        ],
      },
    },
    pupils[0].token,
  );
  expect(draft.errors).toBeUndefined();
  // the due date passes: moved to the minute just gone (due dates are whole minutes) rather than waiting up to a
  // minute for the next one; then several sweeps
  await t.ds.query(`UPDATE assessments SET due_date = date_trunc('minute', now()) WHERE id = $1`, [i.id]);
  await sleep(1500);

  const rows = await rowsOf(i.id);
  expect(rows).toEqual([{ student_id: pupils[0].id, status: 'pending', is_auto_submitted: true, joined_late: false, total: 2 }]);
  expect(await t.ds.query('SELECT 1 FROM submission_drafts WHERE assessment_id = $1', [i.id])).toEqual([]);
  const before = (await t.gql(DASHBOARD, { id: i.id }, teacher)).data.gradingDashboard;
  expect(before.overdue.map((o: { student: { id: string } }) => o.student.id).sort()).toEqual([pupils[1].id, pupils[2].id].sort());
  expect((await t.gql(MINE, { id: i.id }, pupils[1].token)).data.assessment.myStatus).toMatchObject({
    status: 'OVERDUE',
    isOverdue: true,
    canSubmit: false,
  });

  // placed after the due date (the spec's PUT /users/{id} {class, academicYear}, by the class's teacher)
  const late = await makeUser(t.ds, { role: Role.Student, lastName: 'Latecomer' });
  const placed = await t.rest('PUT', `/users/${late.id}`, { token: teacher, body: { class: room.classId, academicYear: room.yearId } });
  expect(placed.status).toBe(200);
  const lateToken = await t.login(late.email);
  await sleep(1000);

  const dash = (await t.gql(DASHBOARD, { id: i.id }, teacher)).data.gradingDashboard;
  expect(dash).toMatchObject({ overdueCount: 2, reopenedCount: 0, joinedLateCount: 1, submittedCount: 1 });
  expect(dash.overdue.map((o: { student: { id: string } }) => o.student.id)).not.toContain(late.id);
  const due = new Date(dash.joinedLate[0].customDueDate).getTime();
  // a week after the placement, to the minute
  expect(Math.abs(due - (Date.now() + 7 * 86400_000))).toBeLessThan(3 * 60_000);
  const mine = (await t.gql(MINE, { id: i.id }, lateToken)).data.assessment.myStatus;
  expect(mine).toMatchObject({
    status: 'PENDING',
    label: 'Pending',
    isOverdue: false,
    canSubmit: true,
    isExtended: false,
    opensOn: 'SUBMIT',
    courseOpensOn: 'SUBMIT',
  });
  // the student with nothing is still without a submission after all those sweeps
  expect((await rowsOf(i.id)).map((r: { student_id: string }) => r.student_id)).not.toContain(pupils[1].id);

  // the teacher's one click makes the zeros, and leaves the late joiner's open work alone
  const marked = await t.gql(MARK_MISSING, { id: i.id }, teacher);
  expect(marked.data.autoSubmitOverdue).toEqual({ autoSubmittedCount: 2, overdueCount: 0, joinedLateCount: 1 });
  const after = await rowsOf(i.id);
  expect(after.filter((r: { is_auto_submitted: boolean; total: number }) => r.is_auto_submitted && r.total === 0)).toHaveLength(2);
  expect(after.find((r: { student_id: string }) => r.student_id === late.id)).toMatchObject({
    status: 'reopened',
    joined_late: true,
    is_auto_submitted: false,
  });

  // the late joiner submits before their own date
  const sub = await t.gql(
    `mutation($input: SubmitAssessmentInput!) { submitAssessment(input: $input) { id status joinedLate } }`,
    {
      input: {
        assessmentId: i.id,
        answers: [
          { questionId: i.mcq, selectedOptionIds: [i.right] },
          { questionId: i.long, answer: 'Late but here.' },
        ],
      },
    },
    lateToken,
  );
  expect(sub.errors).toBeUndefined();
  expect((await t.gql(MINE, { id: i.id }, lateToken)).data.assessment.myStatus).toMatchObject({ status: 'SUBMITTED', label: 'Submitted' });
}, 30_000);

test("the late joiners' due date: set once for those open now and those placed later; never in the past; only the course's teachers", async () => {
  const i = await item(-1);
  const a = await makeUser(t.ds, { role: Role.Student, lastName: 'LateA' });
  expect((await t.rest('PUT', `/users/${a.id}`, { token: teacher, body: { class: room.classId, academicYear: room.yearId } })).status).toBe(
    200,
  );
  const when = new Date(Date.now() + 3 * 86400_000);
  when.setUTCSeconds(0, 0);
  const { cursor } = (await t.gql(`query($id: ID!) { gradingDashboard(assessmentId: $id) { cursor } }`, { id: i.id }, teacher)).data
    .gradingDashboard;
  const set = await t.gql(SET_LATE, { id: i.id, d: when.toISOString() }, teacher);
  expect(set.errors).toBeUndefined();
  expect(set.data.setLateJoinerDueDate).toEqual({
    joinedLateCount: 1,
    joinedLate: [{ customDueDate: when.toISOString() }],
    assessment: { lateDueDate: when.toISOString() },
  });
  // an open dashboard's poll does not merge the late joiner's moved work into its Reopened list
  const polled = await t.gql(
    `query($id: ID!, $since: String!) { gradingChanges(assessmentId: $id, since: $since) { submissions { id } } }`,
    { id: i.id, since: cursor },
    teacher,
  );
  expect(polled.data.gradingChanges.submissions).toEqual([]);
  const b = await makeUser(t.ds, { role: Role.Student, lastName: 'LateB' });
  expect((await t.rest('PUT', `/users/${b.id}`, { token: teacher, body: { class: room.classId, academicYear: room.yearId } })).status).toBe(
    200,
  );
  const [{ custom_due_date: bDue }] = await t.ds.query(
    'SELECT custom_due_date FROM submissions WHERE assessment_id = $1 AND student_id = $2',
    [i.id, b.id],
  );
  expect(bDue.toISOString()).toBe(when.toISOString());

  const past = await t.gql(SET_LATE, { id: i.id, d: new Date(Date.now() - 60_000).toISOString() }, teacher);
  expect(past.errors![0]).toMatchObject({ message: 'The new due date cannot be in the past', extensions: { code: 'VALIDATION' } });
  expect((await t.gql(SET_LATE, { id: i.id, d: when.toISOString() }, pupils[0].token)).errors![0].extensions!.code).toBe('FORBIDDEN');
  const admin = await t.login('admin@demo.school');
  expect((await t.gql(SET_LATE, { id: i.id, d: new Date(Date.now() + 86400_000).toISOString() }, admin)).errors![0].extensions!.code).toBe(
    'FORBIDDEN',
  );
  const [{ late_due_date: kept }] = await t.ds.query('SELECT late_due_date FROM assessments WHERE id = $1', [i.id]);
  expect(kept.toISOString()).toBe(when.toISOString());
});

test('saving a placement again does not excuse a student already in the class from overdue work', async () => {
  const i = await item(-1);
  const again = await t.rest('PUT', `/users/${pupils[2].id}`, { token: teacher, body: { class: room.classId, academicYear: room.yearId } });
  expect(again.status).toBe(200);
  expect(await rowsOf(i.id)).toEqual([]);
  const dash = (await t.gql(DASHBOARD, { id: i.id }, teacher)).data.gradingDashboard;
  expect(dash.overdue.map((o: { student: { id: string } }) => o.student.id)).toContain(pupils[2].id);
  expect(dash.joinedLateCount).toBe(0);
});

test('reopened work that ends with nothing handed in is taken back: the student is overdue again, never a silent zero', async () => {
  const i = await item(-1);
  const r = await t.gql(
    `mutation($input: ReopenSubmissionInput!) { reopenSubmission(input: $input) { id } }`,
    { input: { assessmentId: i.id, studentId: pupils[1].id } },
    teacher,
  );
  expect(r.errors).toBeUndefined();
  expect((await t.gql(DASHBOARD, { id: i.id }, teacher)).data.gradingDashboard.reopenedCount).toBe(1);
  await t.ds.query(`UPDATE submissions SET custom_due_date = now() - interval '1 second' WHERE assessment_id = $1`, [i.id]);
  await sleep(1000);
  expect(await rowsOf(i.id)).toEqual([]);
  const dash = (await t.gql(DASHBOARD, { id: i.id }, teacher)).data.gradingDashboard;
  expect(dash.overdue.map((o: { student: { id: string } }) => o.student.id)).toContain(pupils[1].id);
  expect(dash.reopenedCount).toBe(0);
});
