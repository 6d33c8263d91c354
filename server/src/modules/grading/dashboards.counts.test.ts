import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { Classroom, addStudents, fillSubmissions, makeBigItem, makeClassroom } from '../../test/dashboards.fixtures';
import { FIELD_VISIBILITY } from '../../policies/fields';

/**
 * DESIGN.md rule 4 for the teacher's side: a grading dashboard (GraphQL and the REST summary) runs the same
 * number of statements for 400 students as for 10, with 25 questions each; a review list the same for 40
 * items as for 2.
 */
let t: TestServer;
let teacher: string;
let room: Classroom;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  teacher = await t.login('teacher@demo.school');
  const [{ id }] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
  room = await makeClassroom(t.ds, id, 10);
}, 60_000);
afterAll(() => t.close());

const DASHBOARD = `query($id: ID!) { gradingDashboard(assessmentId: $id) {
  isPastDue totalStudents submittedCount notSubmittedCount overdueCount gradedCount reopenedCount cursor
  assessment { id title dueDate totalPoints kind course { id title academicYear { year } class { name } subject { name } } module { id title }
    questions { id type questionText points order options { id text isCorrect } acceptedAnswers { answer weight } partialMarking { enabled penaltyPerWrong } } }
  submitted { id status isAutoSubmitted submittedAt totalScore maxScore percentage allowedAfterDue customDueDate student { id firstName lastName email }
    answers { questionId answer selectedOptionIds selectedOptions correctOptionIds acceptedAnswers file { id name }
      grade { score maxScore feedback isAutoGraded explanation { text rightOptionIds wrongOptionIds missedOptionIds matchedAnswer matchedWeight } } } }
  overdue { dueDate student { id firstName lastName email } }
  reopened { id status customDueDate student { id firstName lastName email } answers { questionId answer grade { score } } } } }`;

async function measure(item: string) {
  const g = await t.gql(DASHBOARD, { id: item }, teacher);
  expect(g.errors).toBeUndefined();
  const r = await t.rest('POST', '/submissions/auto-submit-overdue?dryRun=true', { token: teacher, body: { assignmentId: item } });
  expect(r.status).toBe(200);
  return { g, r };
}

it('a dashboard is the session and one statement, for 400 students as for 10 (25 questions)', async () => {
  const item = await makeBigItem(t, teacher, { courseId: room.courseId }, 25);
  await fillSubmissions(t.ds, item, room, 0.6);
  const small = await measure(item);
  const d = small.g.data.gradingDashboard;
  // 10 students: 6 submitted, of which 1 reopened (every 5th) and 1 graded (every 3rd other); 4 overdue
  expect([d.totalStudents, d.submittedCount, d.reopenedCount, d.overdueCount, d.notSubmittedCount, d.gradedCount]).toEqual([
    10, 5, 1, 4, 4, 2,
  ]);
  expect(d.submitted[0].answers).toHaveLength(25);
  expect(d.assessment.questions).toHaveLength(25);
  expect(small.r.body.totalStudents).toBe(10);

  await addStudents(t.ds, room, 390);
  await fillSubmissions(t.ds, item, room, 0.6);
  const large = await measure(item);
  const l = large.g.data.gradingDashboard;
  expect(l.totalStudents).toBe(400);
  expect(l.submitted.length + l.reopened.length + l.overdue.length).toBe(400);
  expect(l.overdue.length).toBeGreaterThan(100);
  expect(large.r.body.data.submitted.length).toBe(l.submitted.length);
  // issue 28: the session's read, then the whole dashboard in one statement (dashboards.read.ts)
  expect([small.g.sql, small.r.sql]).toEqual([2, 2]);
  expect(large.g.sql).toBe(small.g.sql);
  expect(large.r.sql).toBe(small.r.sql);
}, 240_000);

const REVIEW = (
  kind: string,
) => `{ reviewItems(kind: ${kind}) { nodes { yearLabel className subjectName submissionCount gradedCount pendingCount badge badgeLabel
  assessment { id title description dueDate course { id academicYear { year } class { name } subject { name } } module { id title } } } } }`;

it('a review list and the grading queue run as many statements for 40 items as for 2', async () => {
  const [{ id: moduleId }] = await t.ds.query(
    `INSERT INTO course_modules (course_id, title, sort_order) VALUES ($1, 'Review week', 1) RETURNING id`,
    [room.courseId],
  );
  const make = async (n: number) => {
    for (let i = 0; i < n; i += 1) {
      for (const [kind, where] of [
        ['ASSIGNMENT', { courseId: room.courseId }],
        ['QUIZ', { moduleId }],
      ] as const) {
        const item = await makeBigItem(t, teacher, where, 2, { kind });
        if (i % 2 === 0) await fillSubmissions(t.ds, item, room, 0.1);
      }
    }
  };
  const run = async () =>
    Promise.all(
      ['ASSIGNMENT', 'QUIZ'].map(async (kind) => {
        const r = await t.gql(REVIEW(kind), {}, teacher);
        expect(r.errors).toBeUndefined();
        return {
          sql: r.sql,
          n: r.data.reviewItems.nodes.filter((x: { assessment: { course: { id: string } } }) => x.assessment.course.id === room.courseId)
            .length,
        };
      }),
    );
  // the teacher dashboard's card: every kind with work to grade, counted to decide what is in it
  const queue = async () => {
    const r = await t.gql(
      '{ gradingQueue(first: 100) { totalCount nodes { pendingCount assessment { id course { id } } } } }',
      {},
      teacher,
    );
    expect(r.errors).toBeUndefined();
    return { sql: r.sql, n: r.data.gradingQueue.totalCount as number };
  };
  await t.ds.query('DELETE FROM assessments WHERE course_id = $1', [room.courseId]);
  await make(2);
  const small = await run();
  const smallQueue = await queue();
  await make(38);
  const large = await run();
  const largeQueue = await queue();
  expect(large.map((x) => x.n)).toEqual([40, 40]);
  expect(small.map((x) => x.n)).toEqual([2, 2]);
  expect(large.map((x) => x.sql)).toEqual(small.map((x) => x.sql));
  expect(largeQueue.n - smallQueue.n).toBe(38);
  expect([smallQueue.sql, largeQueue.sql]).toEqual([2, 2]);
}, 240_000);

it("the viewer's visibility decisions on a dashboard are made once per submission, not once per answer and grade", async () => {
  const item = await makeBigItem(t, teacher, { courseId: room.courseId }, 25);
  await fillSubmissions(t.ds, item, room, 0.6);
  const decide = jest.spyOn(FIELD_VISIBILITY, 'submission');
  try {
    const { g } = await measure(item);
    const d = g.data.gradingDashboard;
    const subs = [...d.submitted, ...d.reopened];
    const graded = subs.flatMap((s: any) => s.answers).filter((a: any) => a.grade);
    expect(subs.length).toBeGreaterThan(3);
    expect(graded.length).toBeGreaterThan(subs.length);
    // a few per submission (its object and the facts its answers and grades share, on GraphQL and REST), where
    // deciding per object was more than one per answer (25 a submission)
    expect(decide.mock.calls.length).toBeLessThanOrEqual(6 * subs.length);
  } finally {
    decide.mockRestore();
  }
});
