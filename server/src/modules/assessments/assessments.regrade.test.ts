import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeModule } from '../../test/courses.factories';
import { makeUser } from '../../test/factories';
import { Role } from '../../core/role';
import { QUESTIONS } from '../../test/assessments.fixtures';

/**
 * Reuse (a deep copy, targets handled), the regrade on edit (the preview says what the edit then does),
 * deleting with submissions, and the statement counts of the tabs.
 */
let t: TestServer;
const tok: Record<string, string> = {};
const id: Record<string, string> = {};
let math: string;
let science: string;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'student', 'student2']) {
    tok[who] = await t.login(`${who}@demo.school`);
    [{ id: id[who] }] = await t.ds.query('SELECT id FROM users WHERE email = $1', [`${who}@demo.school`]);
  }
  [{ id: math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  [{ id: science }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'SCI-5A'`);
}, 60_000);
afterAll(() => t.close());

const CREATE =
  'mutation($i: CreateAssessmentInput!) { createAssessment(input: $i) { id questions { id type points options { id text isCorrect } } } }';
async function create(over: Record<string, unknown> = {}) {
  const r = await t.gql(
    CREATE,
    { i: { kind: 'ASSIGNMENT', courseId: math, title: 'Work', dueDate: '2030-05-01T10:00:00Z', questions: QUESTIONS, ...over } },
    tok.teacher,
  );
  expect(r.errors).toBeUndefined();
  return r.data.createAssessment;
}

/** A submission with an auto-graded answer to each of the first two questions (plain SQL: the taking issue comes later). */
async function submit(a: any, student: string, selected: string[], short: string, override?: number) {
  const [{ id: s }] = await t.ds.query(
    `INSERT INTO submissions (assessment_id, student_id, status, submitted_at) VALUES ($1, $2, 'graded', now()) RETURNING id`,
    [a.id, student],
  );
  const [mcq, sa] = a.questions;
  await t.ds.query('INSERT INTO submission_answers (submission_id, question_id, selected_option_ids) VALUES ($1, $2, $3::uuid[])', [
    s,
    mcq.id,
    selected,
  ]);
  await t.ds.query('INSERT INTO submission_answers (submission_id, question_id, answer) VALUES ($1, $2, $3)', [s, sa.id, short]);
  const mcqScore = selected.length === 2 ? 4 : 2;
  const saScore = short === 'Paris' ? 2 : 1;
  await t.ds.query('INSERT INTO grades (submission_id, question_id, score, auto_score, is_auto_graded) VALUES ($1, $2, $3, $4, true)', [
    s,
    mcq.id,
    override ?? mcqScore,
    mcqScore,
  ]);
  await t.ds.query('INSERT INTO grades (submission_id, question_id, score, auto_score, is_auto_graded) VALUES ($1, $2, $3, $3, true)', [
    s,
    sa.id,
    saScore,
  ]);
  await t.ds.query('UPDATE submissions SET total_score = $2, max_score = 11 WHERE id = $1', [s, (override ?? mcqScore) + saScore]);
  return s as string;
}

describe('regrade on edit', () => {
  it('the preview says which totals change; the edit then does exactly that and keeps overrides', async () => {
    const a = await create();
    const correct = a.questions[0].options.filter((o: any) => o.isCorrect).map((o: any) => o.id);
    const s1 = await submit(a, id.student, correct, 'Paree');
    const s2 = await submit(a, id.student2, [correct[0]], 'Paris', 3.5); // MCQ overridden by the teacher
    // Paree now earns full marks; the MCQ is worth 8 points
    const edited = a.questions.map((q: any, i: number) => ({
      id: q.id,
      type: q.type,
      questionText: QUESTIONS[i].questionText,
      points: i === 0 ? 8 : QUESTIONS[i].points,
      options: q.options.map((o: any) => ({ id: o.id, text: o.text, isCorrect: o.isCorrect })),
      acceptedAnswers: i === 1 ? [{ answer: 'Paris' }, { answer: 'Paree', weight: 100 }] : undefined,
      partialMarking: QUESTIONS[i].partialMarking,
    }));
    const input = { id: a.id, questions: edited };
    const preview = await t.gql(
      `query($i: UpdateAssessmentInput!) { assessmentRegradePreview(input: $i) {
      submissionCount regradedQuestionIds removedQuestionCount changes { submissionId studentId totalBefore totalAfter } } }`,
      { i: input },
      tok.teacher,
    );
    expect(preview.errors).toBeUndefined();
    const p = preview.data.assessmentRegradePreview;
    expect(p).toMatchObject({ submissionCount: 2, removedQuestionCount: 0 });
    expect(p.regradedQuestionIds.sort()).toEqual([a.questions[0].id, a.questions[1].id].sort());
    // student2's total stays 5.5: the overridden MCQ keeps 3.5, Paris was already full marks
    expect(p.changes).toEqual([{ submissionId: s1, studentId: id.student, totalBefore: 5, totalAfter: 10 }]);
    expect(Number((await t.ds.query('SELECT total_score FROM submissions WHERE id = $1', [s1]))[0].total_score)).toBe(5); // nothing written

    const done = await t.gql(
      'mutation($i: UpdateAssessmentInput!) { updateAssessment(input: $i) { totalPoints } }',
      { i: input },
      tok.teacher,
    );
    expect(done.data.updateAssessment.totalPoints).toBe(15);
    const totals: Array<{ id: string; total_score: string; max_score: number }> = await t.ds.query(
      'SELECT id, total_score, max_score FROM submissions WHERE assessment_id = $1',
      [a.id],
    );
    for (const c of [
      { submissionId: s1, totalAfter: 10 },
      { submissionId: s2, totalAfter: 5.5 },
    ]) {
      expect(Number(totals.find((x) => x.id === c.submissionId)!.total_score)).toBe(c.totalAfter);
    }
    expect(totals.every((x) => x.max_score === 15)).toBe(true);
    const [override] = await t.ds.query('SELECT score, auto_score FROM grades WHERE submission_id = $1 AND question_id = $2', [
      s2,
      a.questions[0].id,
    ]);
    expect([Number(override.score), Number(override.auto_score)]).toEqual([3.5, 4]); // kept; the automatic score follows the new points
    // questions sent back with their ids kept their answers
    expect(Number((await t.ds.query('SELECT count(*) AS n FROM submission_answers WHERE submission_id = $1', [s1]))[0].n)).toBe(2);
  });

  it('options sent back without their ids keep them (matched by text), so answers are not lost', async () => {
    const a = await create();
    const correct = a.questions[0].options.filter((o: any) => o.isCorrect).map((o: any) => o.id);
    const s1 = await submit(a, id.student, correct, 'Paris');
    const same = QUESTIONS.map((q, i) => ({ ...q, id: a.questions[i].id }));
    const p = await t.gql(
      'query($i: UpdateAssessmentInput!) { assessmentRegradePreview(input: $i) { regradedQuestionIds changes { submissionId } } }',
      { i: { id: a.id, questions: same } },
      tok.teacher,
    );
    expect(p.data.assessmentRegradePreview).toEqual({ regradedQuestionIds: [], changes: [] });
    await t.gql(
      'mutation($i: UpdateAssessmentInput!) { updateAssessment(input: $i) { id } }',
      { i: { id: a.id, questions: same } },
      tok.teacher,
    );
    const ids = (await t.ds.query('SELECT id FROM question_options WHERE question_id = $1', [a.questions[0].id])).map((o: any) => o.id);
    expect(ids.sort()).toEqual(a.questions[0].options.map((o: any) => o.id).sort());
    expect(Number((await t.ds.query('SELECT total_score FROM submissions WHERE id = $1', [s1]))[0].total_score)).toBe(6);
  });

  it('a stale version is refused with CONFLICT', async () => {
    const a = await create();
    const r1 = await t.rest('PUT', `/assignments/${a.id}`, { token: tok.teacher, body: { title: 'One', version: 1 } });
    expect(r1.status).toBe(200);
    const r2 = await t.gql(
      'mutation($i: UpdateAssessmentInput!) { updateAssessment(input: $i) { id } }',
      { i: { id: a.id, title: 'Two', version: 1 } },
      tok.teacher,
    );
    expect(r2.errors?.[0].extensions?.code).toBe('CONFLICT');
  });

  it('a client that sends the number it showed is refused when there are more: nothing deleted, the real number told', async () => {
    const a = await create();
    await submit(a, id.student, [], 'x');
    const first = await t.rest('DELETE', `/assignments/${a.id}?confirmSubmissions=0`, { token: tok.teacher });
    expect([first.status, first.body.message, first.body.submissions]).toEqual([
      409,
      'This assignment has 1 submission; confirm that they are deleted with it',
      1,
    ]);
    expect((await t.ds.query('SELECT 1 FROM submissions WHERE assessment_id = $1', [a.id])).length).toBe(1);
    const ok = await t.gql(
      'mutation($id: ID!) { deleteAssessment(id: $id, confirmSubmissions: 1) { id deletedSubmissions } }',
      { id: a.id },
      tok.teacher,
    );
    expect(ok.data.deleteAssessment).toEqual({ id: a.id, deletedSubmissions: 1 });
    expect((await t.ds.query('SELECT 1 FROM submissions WHERE assessment_id = $1', [a.id])).length).toBe(0);
  });

  it("the spec's plain DELETE of an item with submissions deletes them with it and says how many", async () => {
    const a = await create();
    await submit(a, id.student, [], 'x');
    const denied = await t.rest('DELETE', `/assignments/${a.id}`, { token: tok.student });
    expect(denied.status).toBe(403);
    const r = await t.rest('DELETE', `/assignments/${a.id}`, { token: tok.teacher });
    expect([r.status, r.body.message, r.body.deletedSubmissions]).toEqual([200, 'Assignment deleted successfully', 1]);
    expect(
      await t.ds.query('SELECT 1 FROM assessments WHERE id = $1 UNION ALL SELECT 1 FROM submissions WHERE assessment_id = $1', [a.id]),
    ).toEqual([]);
    // the audit log says who deleted how much students' work (issue 23's log, issue 24's count); a refused delete said nothing
    const logged = await t.ds.query(`SELECT kind, actor_id, details->>'from' AS n FROM audit_events WHERE assessment_id = $1`, [a.id]);
    expect(logged).toEqual([{ kind: 'SUBMISSIONS_DELETED', actor_id: id.teacher, n: '1' }]);
  });
});

describe('reuse', () => {
  it('is a deep copy into another course; targets not placed there are dropped and the scope follows', async () => {
    const [c5b] = await t.ds.query(
      `SELECT c.id, c.academic_year_id FROM classes c JOIN academic_years y ON y.id = c.academic_year_id WHERE c.name = 'Class 5B' AND y.year = '2026'`,
    );
    const [sub] = await t.ds.query(`SELECT id FROM subjects WHERE name = 'Mathematics'`);
    const [alloc] = await t.ds.query(
      `INSERT INTO allocations (class_id, subject_id, academic_year_id) VALUES ($1, $2, $3)
      ON CONFLICT (class_id, subject_id, academic_year_id) DO UPDATE SET class_id = EXCLUDED.class_id RETURNING id`,
      [c5b.id, sub.id, c5b.academic_year_id],
    );
    await t.ds.query('INSERT INTO allocation_teachers (allocation_id, teacher_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      alloc.id,
      id.teacher,
    ]);
    const [{ id: other }] = await t.ds.query(
      `INSERT INTO courses (title, subject_id, class_id, academic_year_id) VALUES ('MATH-5B', $1, $2, $3) RETURNING id`,
      [sub.id, c5b.id, c5b.academic_year_id],
    );
    const s5b = await makeUser(t.ds, {
      role: Role.Student,
      email: 'reuse5b@test.school',
      classId: c5b.id,
      academicYearId: c5b.academic_year_id,
    });
    void s5b;
    const a = await create({ kind: 'EXAM', scope: 'INDIVIDUAL_STUDENTS', targetStudentIds: [id.student], dueDate: '2020-01-01T00:00:00Z' });
    const preview = await t.gql(
      'query($i: CloneAssessmentInput!) { assessmentClonePreview(input: $i) { droppedStudents { id } scopeSwitchedToWholeClass dueDateInPast questionCount } }',
      { i: { assessmentId: a.id, targetCourseId: other } },
      tok.teacher,
    );
    expect(preview.data.assessmentClonePreview).toEqual({
      droppedStudents: [{ id: id.student }],
      scopeSwitchedToWholeClass: true,
      dueDateInPast: true,
      questionCount: 3,
    });
    const res = await t.rest('POST', `/exams/reuse/clone/${a.id}`, { token: tok.teacher, body: { targetCourseId: other } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'Exam reused successfully',
      changes: { scopeSwitchedToWholeClass: true, dueDateInPast: true, questionCount: 3 },
      data: { examScope: 'whole_class', course: { _id: other }, totalPoints: 11, targetStudents: [] },
    });
    const q = res.body.data.questions;
    expect(q.map((x: any) => x.type)).toEqual(['MCQ', 'ShortAnswer', 'LongAnswer']);
    expect(q[0]).toMatchObject({
      options: [
        { text: '2', isCorrect: true },
        { text: '3', isCorrect: false },
        { text: '4', isCorrect: true },
      ],
      partialMarking: { enabled: true, penaltyPerWrong: 25 },
    });
    expect(q[1].shortAnswerWeights).toEqual([
      { answer: 'Paris', weight: 100 },
      { answer: 'Paree', weight: 50 },
    ]);
    expect(q[0]._id).not.toBe(a.questions[0].id);
    // within the same class the targets stay
    const same = await t.rest('POST', `/exams/reuse/clone/${a.id}`, {
      token: tok.teacher,
      body: { targetCourseId: science, dueDate: '2031-01-01T09:00' },
    });
    expect(same.body).toMatchObject({
      changes: { scopeSwitchedToWholeClass: false, dueDateInPast: false },
      data: { examScope: 'individual_students', targetStudents: [id.student] },
    });
  });

  it('new quizzes go to the top of the module, reused ones are appended', async () => {
    const mod = await makeModule(t.ds, math, { title: 'Order' });
    const other = await makeModule(t.ds, math, { title: 'Source' });
    const quiz = (title: string, moduleId: string) => create({ kind: 'QUIZ', courseId: null, moduleId, title });
    const source = await quiz('Reused', other);
    await quiz('First', mod);
    await quiz('Second', mod);
    const c = await t.gql(
      'mutation($i: CloneAssessmentInput!) { cloneAssessment(input: $i) { assessment { id } } }',
      { i: { assessmentId: source.id, newModuleId: mod } },
      tok.teacher,
    );
    expect(c.errors).toBeUndefined();
    await quiz('Third', mod);
    const list = await t.rest('GET', `/quizzes/module/${mod}`, { token: tok.teacher });
    expect(list.body.data.map((x: any) => x.title)).toEqual(['Third', 'Second', 'First', 'Reused']);
  });
});

test('the course tabs and the module quizzes load in the same number of statements for 2 and 40 assessments', async () => {
  const mod = await makeModule(t.ds, science, { title: 'Counted' });
  // the course tabs and the module tab are separate pages (one query each), as the client asks them
  const COURSE = `query($c: ID!) { course(id: $c) { assignments { id title course { title } module { title }
    questions { id options { id isCorrect } acceptedAnswers { answer } } targetStudents { id } } exams { id title targetStudents { id } } } }`;
  const MODULE = 'query($m: ID!) { module(id: $m) { quizzes { id title questions { id options { id text } } } } }';
  const measure = async () => {
    const runs = [
      await t.gql(COURSE, { c: science }, tok.teacher),
      await t.gql(COURSE, { c: science }, tok.student),
      await t.gql(MODULE, { m: mod }, tok.teacher),
      await t.gql(MODULE, { m: mod }, tok.student),
    ];
    for (const r of runs) expect(r.errors).toBeUndefined();
    const rest = await t.rest('GET', `/assignments/course/${science}`, { token: tok.teacher });
    const quizzes = await t.rest('GET', `/quizzes/module/${mod}`, { token: tok.student });
    return {
      size: runs[0].data.course.assignments.length + runs[2].data.module.quizzes.length,
      sql: [...runs.map((r) => r.sql), rest.sql, quizzes.sql],
    };
  };
  const add = async (n: number) => {
    for (let i = 0; i < n; i++) {
      await create({ courseId: science, title: `A${i}` });
      await create({ kind: 'EXAM', courseId: science, title: `E${i}`, scope: 'INDIVIDUAL_STUDENTS', targetStudentIds: [id.student] });
      await create({ kind: 'QUIZ', courseId: null, moduleId: mod, title: `Q${i}` });
    }
  };
  await add(2);
  const small = await measure();
  await add(38);
  const large = await measure();
  expect(large.size).toBeGreaterThan(small.size);
  expect(large.sql).toEqual(small.sql);
}, 120_000);
