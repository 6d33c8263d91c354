import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { Actor, authorize } from '../../policies';
import { AssessmentKind, AssessmentStudent } from '../assessments';
import { readableSubmissionRows } from '../submissions';
import { Classroom, addStudents, fillSubmissions, makeBigItem, makeClassroom } from '../../test/dashboards.fixtures';
import { REVIEW_TEXT, DashboardsService, assemble } from './dashboards.service';
import { encodeCursor, rosterSql } from './dashboards.queries';
import { dashboardSql } from './dashboards.read';

/**
 * Issue 28: the grading dashboard read in one statement (dashboards.read.ts) answers field by field what the
 * path before it answered (the item read, the roster, the submissions and their answers in separate statements,
 * the item's course, module and questions by field resolvers): for every demo item and for fixture items with
 * random draws, reopened work, late joiners, a student who left, individual targets, grades and keys, for the
 * course's teacher, SuperAdmin and Admin over GraphQL and REST, and the same refusals for everyone else.
 */
let t: TestServer;
const tok: Record<string, string> = {};
let room: Classroom;
let teacherId: string;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'teacher2', 'student', 'admin', 'superadmin', 'parent']) tok[who] = await t.login(`${who}@demo.school`);
  [{ id: teacherId }] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
  room = await makeClassroom(t.ds, teacherId, 12);
}, 60_000);
afterAll(() => t.close());

const FULL = `query($id: ID!) { gradingDashboard(assessmentId: $id) {
  isPastDue totalStudents submittedCount notSubmittedCount overdueCount gradedCount reopenedCount joinedLateCount cursor
  assessment { id kind title description instructions dueDate totalPoints isVisible scope resultVisibility lateDueDate resultsReleasedAt version createdAt updatedAt
    course { id title description version createdAt updatedAt academicYear { id year isActive } class { id name grade } subject { id name } }
    module { id title description order isVisible }
    questions { id type questionText points order bankQuestionId bankLinked options { id text isCorrect } acceptedAnswers { answer weight } partialMarking { enabled penaltyPerWrong } } }
  submitted { ...S } reopened { ...S } joinedLate { ...S }
  overdue { dueDate student { id firstName lastName email } } } }
fragment S on Submission { id assessmentId status isAutoSubmitted allowedAfterDue customDueDate joinedLate submittedAt totalScore maxScore percentage
  resultsVisible gradesVisible correctAnswersVisible version updatedAt student { id firstName lastName email }
  answers { questionId answer selectedOptionIds selectedOptions correctOptionIds acceptedAnswers feedback file { id name size mimeType }
    grade { questionId score maxScore feedback isAutoGraded autoScore gradedByName version
      explanation { text rightOptionIds wrongOptionIds missedOptionIds matchedAnswer matchedWeight } } } }`;

const PATHS: Record<string, [string, string]> = {
  ASSIGNMENT: ['/submissions', 'assignmentId'],
  QUIZ: ['/quizsubmissions', 'quizId'],
  EXAM: ['/examsubmissions', 'examId'],
};

/** The answer without its cursors (each read has its own time). */
const uncursored = (x: unknown): unknown => JSON.parse(JSON.stringify(x), (k, v) => (k === 'cursor' ? undefined : v));

/** The roster as the path before read it: the students of one item with their names, by last name. */
const rosterOf = (ds: TestServer['ds'], assessmentId: string): Promise<AssessmentStudent[]> =>
  ds.query(
    `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email
     FROM (${rosterSql('a.id = $1')}) r JOIN users u ON u.id = r.student_id
    ORDER BY u.last_name, u.first_name, u.id`,
    [assessmentId],
  );

/** The cursor as the path before read it, in a statement of its own. */
const cursorNow = async (ds: TestServer['ds']) => encodeCursor((await ds.query('SELECT statement_timestamp()::text AS at'))[0].at);

/** The dashboard as it was read before issue 28's one statement. */
async function before(this: DashboardsService, actor: Actor, id: unknown, kind?: AssessmentKind) {
  const self = this as unknown as {
    ds: TestServer['ds'];
    assessments: TestServer['services']['assessments'];
    submissions: TestServer['services']['submissions'];
  };
  const { assessment, course } = await self.assessments.readable(actor, id, kind);
  authorize(actor, 'assessment.review', course, { message: REVIEW_TEXT.cannotReview });
  const cursor = await cursorNow(self.ds);
  const [roster, rows] = await Promise.all([
    rosterOf(self.ds, assessment.id),
    readableSubmissionRows(self.ds, actor, { kind: assessment.kind, assessmentId: assessment.id }),
  ]);
  const subs = await self.submissions.views(actor, rows);
  return { dashboard: assemble(assessment, roster, subs, cursor), course };
}

async function answers(item: { id: string; kind: string }, who: string) {
  const [path, field] = PATHS[item.kind];
  const g = await t.gql(FULL, { id: item.id }, tok[who]);
  const r = await t.rest('POST', `${path}/auto-submit-overdue?dryRun=true`, { token: tok[who], body: { [field]: item.id } });
  return uncursored({ g: { data: g.data, errors: g.errors }, r: { status: r.status, body: r.body } });
}

/** Fixture items: draws, reopened and graded work, late joiners, a student who left, individual targets. */
async function fixtureItems(): Promise<string[]> {
  const plain = await makeBigItem(t, tok.teacher, { courseId: room.courseId }, 9);
  await fillSubmissions(t.ds, plain, room, 0.7);
  const early = await makeBigItem(t, tok.teacher, { courseId: room.courseId }, 4, { kind: 'EXAM', dueInHours: 48 });
  await fillSubmissions(t.ds, early, room, 0.3);

  // random draws: the last 3 questions are drawn, each student with a submission picks one of them
  const drawn = await makeBigItem(t, tok.teacher, { courseId: room.courseId }, 6);
  const [{ subject_id: subjectId }] = await t.ds.query('SELECT subject_id FROM courses WHERE id = $1', [room.courseId]);
  const [{ id: bankId }] = await t.ds.query(
    `INSERT INTO question_banks (owner_id, subject_id, name) VALUES ($1, $2, 'Fixture bank') RETURNING id`,
    [teacherId, subjectId],
  );
  const [{ id: drawId }] = await t.ds.query(
    `INSERT INTO assessment_draws (assessment_id, bank_id, count, position) VALUES ($1, $2, 1, 1) RETURNING id`,
    [drawn, bankId],
  );
  await t.ds.query(
    'UPDATE questions SET draw_id = $2 WHERE assessment_id = $1 AND sort_order >= (SELECT max(sort_order) - 2 FROM questions WHERE assessment_id = $1)',
    [drawn, drawId],
  );
  await fillSubmissions(t.ds, drawn, room, 0.8);
  await t.ds.query(
    `INSERT INTO assessment_draw_picks (draw_id, student_id, question_id, position)
     SELECT $2, s.student_id, (ARRAY(SELECT q.id FROM questions q WHERE q.draw_id = $2 ORDER BY q.sort_order))[1 + (row_number() OVER (ORDER BY s.student_id))::int % 3], 1
       FROM submissions s WHERE s.assessment_id = $1`,
    [drawn, drawId],
  );

  // late joiners (open work, one handed in), a student who left the class, a file, feedback and a teacher's grade
  await addStudents(t.ds, room, 2);
  const late = await makeBigItem(t, tok.teacher, { courseId: room.courseId }, 3);
  await fillSubmissions(t.ds, late, room, 0.5);
  await t.ds.query(
    `INSERT INTO submissions (assessment_id, student_id, status, allowed_after_due, custom_due_date, max_score, joined_late)
     SELECT $1, u.id, 'reopened', false, now() + interval '3 days', 6, true FROM users u
      WHERE u.class_id = $2 AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.assessment_id = $1 AND s.student_id = u.id) LIMIT 2`,
    [late, room.classId],
  );
  await t.ds.query(`UPDATE assessments SET late_due_date = now() + interval '3 days' WHERE id = $1`, [late]);
  await t.ds.query(
    `UPDATE users u SET class_id = (SELECT c.id FROM classes c WHERE c.id <> $2 AND c.academic_year_id = u.academic_year_id LIMIT 1)
      WHERE u.id = (SELECT student_id FROM submissions WHERE assessment_id = $1 AND status = 'pending' ORDER BY student_id LIMIT 1)`,
    [late, room.classId],
  );
  await t.ds.query(
    `UPDATE grades g SET score = 0.5, feedback = 'Nearly', graded_by = $2, is_auto_graded = false, version = 2
      WHERE g.submission_id IN (SELECT id FROM submissions WHERE assessment_id = $1) AND g.question_id = (SELECT id FROM questions WHERE assessment_id = $1 ORDER BY sort_order LIMIT 1)`,
    [late, teacherId],
  );

  // individual students: three of the class are targeted, one of them submitted
  const targeted = await makeBigItem(t, tok.teacher, { courseId: room.courseId }, 3, { kind: 'EXAM' });
  await t.ds.query(`UPDATE assessments SET scope = 'individual_students' WHERE id = $1`, [targeted]);
  await t.ds.query(
    `INSERT INTO assessment_targets (assessment_id, student_id) SELECT $1, u.id FROM users u WHERE u.class_id = $2 ORDER BY u.last_name LIMIT 3`,
    [targeted, room.classId],
  );
  await t.ds.query(
    `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, max_score)
     SELECT $1, student_id, 'pending', now(), 6 FROM assessment_targets WHERE assessment_id = $1 ORDER BY student_id LIMIT 1`,
    [targeted],
  );
  return [plain, early, drawn, late, targeted];
}

it('answers as the path before it for every demo and fixture item, every role (GraphQL and REST)', async () => {
  const made = await fixtureItems();
  const items: Array<{ id: string; kind: string }> = await t.ds.query(
    `SELECT id, kind FROM assessments ORDER BY (id = ANY($1::uuid[])) DESC, created_at LIMIT 40`,
    [made],
  );
  expect(items.length).toBeGreaterThan(made.length);
  // the private read the dashboard and the summary share, swapped for the path before it
  const service = t.services.grading.dashboards as unknown as { reviewed: () => Promise<unknown> };
  let seen = 0;
  for (const item of items) {
    for (const who of ['teacher', 'admin', 'superadmin', 'teacher2', 'student', 'parent']) {
      const now = await answers(item, who);
      const spy = jest.spyOn(service, 'reviewed').mockImplementation(before as never);
      const then = await answers(item, who);
      spy.mockRestore();
      expect([item.id, who, now]).toEqual([item.id, who, then]);
      if ((now as { g: { data: unknown } }).g.data) seen += 1;
    }
  }
  // the readers (teacher of the course, Admin, SuperAdmin) saw dashboards, the others were refused
  expect(seen).toBeGreaterThanOrEqual(items.length * 2);
  const drawn = (await answers({ id: made[2], kind: 'ASSIGNMENT' }, 'teacher')) as {
    g: { data: { gradingDashboard: { submitted: Array<{ answers: unknown[] }>; assessment: { questions: unknown[] } } } };
  };
  expect(drawn.g.data.gradingDashboard.assessment.questions).toHaveLength(3);
  expect(drawn.g.data.gradingDashboard.submitted.every((s) => s.answers.length === 4)).toBe(true);
}, 240_000);

it("leaves the answers' keys and explanations out of the statement unless the operation may ask for one of them", async () => {
  const [item]: Array<{ id: string }> = await t.ds
    .query(`SELECT s.assessment_id AS id FROM submissions s JOIN grades g ON g.submission_id = s.id
    JOIN questions q ON q.id = g.question_id AND q.type = 'MCQ' WHERE g.explanation IS NOT NULL ORDER BY s.assessment_id LIMIT 1`);
  const KEYS = /correctOptionIds acceptedAnswers |\s+explanation \{[^}]*\}/g;
  const web = FULL.replace(KEYS, '');
  expect(web).not.toMatch(/explanation|correctOptionIds|acceptedAnswers answer|acceptedAnswers feedback/);
  // one key asked, in one list, through an alias in a fragment of its own: the statement brings them all
  const one =
    web.replace('reopened { ...S }', 'reopened { ...S ...K }') +
    ' fragment K on Submission { answers { grade { why: explanation { text } } } }';
  const service = t.services.grading.dashboards;
  const dashboard = service.dashboard.bind(service);
  const asked: unknown[] = [];
  service.dashboard = (...a: Parameters<typeof dashboard>) => (asked.push(a[3]), dashboard(...a));
  const [whole, lean, aliased] = [
    await t.gql(FULL, { id: item.id }, tok.admin),
    await t.gql(web, { id: item.id }, tok.admin),
    await t.gql(one, { id: item.id }, tok.admin),
  ];
  service.dashboard = dashboard;
  expect([whole.errors, lean.errors, aliased.errors]).toEqual([undefined, undefined, undefined]);
  expect(asked).toEqual([true, false, true]);
  expect(lean.sql).toBe(whole.sql);
  const submissions = (d: any) => [...d.gradingDashboard.submitted, ...d.gradingDashboard.reopened, ...d.gradingDashboard.joinedLate];
  const answersOf = (d: any) => submissions(d).flatMap((s: any) => s.answers);
  expect(answersOf(whole.data).some((a: any) => a.grade?.explanation && a.correctOptionIds?.length)).toBe(true);
  const withoutKeys = (d: unknown) => {
    const copy = structuredClone(d);
    for (const a of answersOf(copy)) {
      delete a.correctOptionIds;
      delete a.acceptedAnswers;
      if (a.grade) delete a.grade.explanation;
    }
    return copy;
  };
  expect(uncursored(lean.data)).toEqual(uncursored(withoutKeys(whole.data)));
  // left out of the statement, not only of the answer
  const [admin] = await t.ds.query(`SELECT id, role FROM users WHERE email = 'admin@demo.school'`);
  const actor = {
    userId: admin.id,
    role: admin.role,
    activeRole: admin.role,
    impersonating: false,
    sessionId: 's',
    childIds: [],
  } as unknown as Actor;
  const bare = await service.dashboard(actor, item.id, undefined, false);
  const bareAnswers = [...bare.submitted, ...bare.reopened].flatMap((s) => s.answers);
  expect(bareAnswers.length).toBeGreaterThan(0);
  expect(
    bareAnswers.every((a) => a.correctOptionIds === null && a.acceptedAnswers === null && (a.grade?.explanation ?? null) === null),
  ).toBe(true);
  // asked for, the key is read once a question of the item, not once an answer (two subqueries each of ~1,000 answers)
  const [answersPart, afterAnswers] = dashboardSql(actor, true).split(') AS answers');
  expect([answersPart.includes('explanation'), answersPart.includes('correct_ids'), afterAnswers.match(/AS correct_ids/g)?.length]).toEqual(
    [true, false, 1],
  );
  expect(dashboardSql(actor, false)).not.toMatch(/explanation|correct_ids/);
});
