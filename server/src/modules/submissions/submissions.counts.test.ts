import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { ID_FIELD, SUBMIT, makeItem, perfect } from '../../test/submissions.fixtures';

/**
 * DESIGN.md rules 4 and 5 for the student side: each student list runs the same number of statements for
 * 2 items as for 40 (with submissions), and 20 simultaneous submits of one student leave one submission
 * with one set of grades, the others told it is already submitted.
 */
let t: TestServer;
const tok: Record<string, string> = {};
let math: string;
let weekModule: string;

beforeAll(async () => {
  // a school of its own: only the items made here
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  await t.ds.query('DELETE FROM assessments');
  for (const who of ['teacher', 'student']) tok[who] = await t.login(`${who}@demo.school`);
  [{ id: math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  [{ id: weekModule }] = await t.ds.query('SELECT id FROM course_modules WHERE course_id = $1 AND is_visible ORDER BY sort_order LIMIT 1', [
    math,
  ]);
}, 60_000);
afterAll(() => t.close());

const LIST = (kind: string) => `{ myAssessments(kind: ${kind}) { nodes { id title description dueDate totalPoints
  course { id title academicYear { year isActive } class { name } subject { name } } module { id title }
  myStatus { status label opensOn dueDate isExtended canSubmit score { totalScore maxScore percentage isAutoSubmitted } }
  mySubmission { id totalScore answers { answer selectedOptions file { name } grade { score explanation { text } } correctOptionIds } } } } }`;
const SUBMISSIONS = `query($kind: AssessmentKind) { submissions(kind: $kind, first: 200) { totalCount
  nodes { id totalScore answers { answer selectedOptions grade { score } } } } }`;
const COURSE_PAGE = `query($id: ID!) { course(id: $id) { id
  assignments { id title dueDate myStatus { courseLabel courseOpensOn } }
  exams { id title dueDate myStatus { courseLabel courseOpensOn } }
  modules { id quizzes { id title dueDate totalPoints myStatus { courseLabel courseOpensOn } } } } }`;

async function fill(n: number) {
  for (const kind of ['ASSIGNMENT', 'EXAM', 'QUIZ'] as const) {
    for (let k = 0; k < n; k += 1) {
      const i = await makeItem(t, tok.teacher, kind === 'QUIZ' ? { moduleId: weekModule } : { courseId: math }, {
        kind,
        autoOnly: k % 2 === 0,
        visibility: k % 3 === 0 ? 'scoreOnly' : 'immediate',
        dueInHours: k % 4 === 3 ? -1 : 48,
      });
      if (k % 4 !== 3 && k % 2 === 0) {
        const r = await t.gql(SUBMIT, { input: { assessmentId: i.id, answers: perfect(i) } }, tok.student);
        expect(r.errors).toBeUndefined();
      }
    }
  }
}

async function measure() {
  const out: Record<string, { sql: number; size: number }> = {};
  for (const [kind, path] of [
    ['ASSIGNMENT', '/assignments'],
    ['EXAM', '/exams'],
    ['QUIZ', '/quizzes'],
  ]) {
    const g = await t.gql(LIST(kind), {}, tok.student);
    expect(g.errors).toBeUndefined();
    out[`GraphQL myAssessments(${kind})`] = { sql: g.sql, size: g.data.myAssessments.nodes.length };
    const r = await t.rest('GET', path, { token: tok.student });
    out[`GET ${path}`] = { sql: r.sql, size: r.body.data.length };
    const page = await t.gql(SUBMISSIONS, { kind }, tok.student);
    expect(page.errors).toBeUndefined();
    expect(page.data.submissions.totalCount).toBe(page.data.submissions.nodes.length);
    out[`GraphQL submissions(kind: ${kind})`] = { sql: page.sql, size: page.data.submissions.nodes.length };
  }
  const c = await t.gql(COURSE_PAGE, { id: math }, tok.student);
  expect(c.errors).toBeUndefined();
  out['GraphQL student course page'] = { sql: c.sql, size: c.data.course.assignments.length + c.data.course.exams.length };
  return out;
}

it('every student list runs as many statements for 40 items as for 2', async () => {
  await fill(2);
  const small = await measure();
  await fill(38);
  const large = await measure();
  for (const name of Object.keys(small)) {
    expect([name, large[name].size]).toEqual([name, small[name].size * 20]);
    expect([name, large[name].sql]).toEqual([name, small[name].sql]);
  }
}, 240_000);

it('20 simultaneous submits of one student: one submission with one set of grades, 19 CONFLICTs', async () => {
  const i = await makeItem(t, tok.teacher, { courseId: math }, { kind: 'EXAM', autoOnly: true });
  const results = await Promise.all(
    Array.from({ length: 20 }, (_x, n) =>
      n % 2
        ? t
            .gql(SUBMIT, { input: { assessmentId: i.id, answers: perfect(i) } }, tok.student)
            .then((r) => (r.errors ? r.errors[0].extensions?.code : 'OK'))
        : t
            .rest('POST', '/examsubmissions', { token: tok.student, body: { [ID_FIELD.EXAM]: i.id, answers: perfect(i) } })
            .then((r) => (r.status === 201 ? 'OK' : r.status === 409 ? 'CONFLICT' : String(r.status))),
    ),
  );
  expect(results.filter((r) => r === 'OK')).toHaveLength(1);
  expect(results.filter((r) => r === 'CONFLICT')).toHaveLength(19);
  const [row] = await t.ds.query(
    `SELECT count(DISTINCT s.id)::int AS subs, count(g.id)::int AS grades, count(DISTINCT g.question_id)::int AS questions
       FROM submissions s LEFT JOIN grades g ON g.submission_id = s.id WHERE s.assessment_id = $1`,
    [i.id],
  );
  expect(row).toEqual({ subs: 1, grades: 2, questions: 2 });
}, 60_000);

test('a submit runs the same statements for 2 questions as for 3 (answers and grades are written set-based)', async () => {
  const counts: number[] = [];
  for (const autoOnly of [true, false]) {
    const i = await makeItem(t, tok.teacher, { courseId: math }, { autoOnly });
    const r = await t.gql(SUBMIT, { input: { assessmentId: i.id, answers: perfect(i) } }, tok.student);
    expect(r.errors).toBeUndefined();
    counts.push(r.sql);
  }
  expect(counts[1]).toBe(counts[0]);
  const rows = await t.ds.query(
    `SELECT count(*)::int AS answers, count(g.id)::int AS grades FROM submission_answers a JOIN submissions s ON s.id = a.submission_id
       LEFT JOIN grades g ON g.submission_id = a.submission_id AND g.question_id = a.question_id
      WHERE s.student_id = (SELECT id FROM users WHERE email = 'student@demo.school') AND s.submitted_at > now() - interval '1 minute'`,
  );
  expect(rows[0].answers).toBeGreaterThanOrEqual(5);
});

/**
 * Issue 28 point 3: a quiz submit with no files is two statements besides the session's read: one reads the
 * item, the student's questions with their keys, the due rule's inputs and an existing submission; one (a
 * CTE) writes the submission, answers, grades and totals. A resubmit of reopened work is two as well.
 */
test('a quiz submit with no files: the session, one read and one write (a resubmit of reopened work too)', async () => {
  const i = await makeItem(t, tok.teacher, { moduleId: weekModule }, { kind: 'QUIZ' });
  const q = `mutation($input: SubmitAssessmentInput!) { submitAssessment(input: $input) { id status totalScore maxScore percentage
    answers { questionId answer selectedOptionIds selectedOptions grade { score isAutoGraded explanation { text } } } } }`;
  const first = await t.gql(q, { input: { assessmentId: i.id, answers: perfect(i) } }, tok.student);
  expect(first.errors).toBeUndefined();
  expect(first.data.submitAssessment).toMatchObject({ status: 'PENDING', maxScore: 11 });
  expect(first.data.submitAssessment.answers).toHaveLength(3);
  expect(first.sql).toBe(3);
  await t.ds.query('UPDATE submissions SET allowed_after_due = true WHERE id = $1', [first.data.submitAssessment.id]);
  const again = await t.gql(q, { input: { assessmentId: i.id, answers: perfect(i).slice(1) } }, tok.student);
  expect(again.errors).toBeUndefined();
  expect(again.data.submitAssessment).toMatchObject({ id: first.data.submitAssessment.id, status: 'PENDING', maxScore: 11 });
  expect(again.sql).toBe(3);
  const [{ history }] = await t.ds.query('SELECT count(*)::int AS history FROM grade_history WHERE submission_id = $1', [
    first.data.submitAssessment.id,
  ]);
  expect(history).toBe(2);
  const [row] = await t.ds.query('SELECT total_score::float8 AS total, version FROM submissions WHERE id = $1', [
    first.data.submitAssessment.id,
  ]);
  expect(row).toEqual({ total: 2, version: 3 });
});

test('30 simultaneous quiz submits of one student: one submission, 29 CONFLICTs; 30 resubmits of reopened work all land, one after another', async () => {
  const i = await makeItem(t, tok.teacher, { moduleId: weekModule }, { kind: 'QUIZ', autoOnly: true });
  const send = () =>
    t
      .gql(SUBMIT, { input: { assessmentId: i.id, answers: perfect(i) } }, tok.student)
      .then((r) => (r.errors ? r.errors[0].extensions?.code : 'OK'));
  const first = await Promise.all(Array.from({ length: 30 }, send));
  expect(first.filter((r) => r === 'OK')).toHaveLength(1);
  expect(first.filter((r) => r === 'CONFLICT')).toHaveLength(29);
  const state = async () =>
    (
      await t.ds.query(
        `SELECT count(DISTINCT s.id)::int AS subs, max(s.version) AS version, max(s.total_score)::float8 AS total, max(s.status) AS status,
            (SELECT count(*)::int FROM grades g WHERE g.submission_id = max(s.id::text)::uuid) AS grades,
            (SELECT count(*)::int FROM submission_answers a WHERE a.submission_id = max(s.id::text)::uuid) AS answers,
            (SELECT count(*)::int FROM grade_history h WHERE h.submission_id = max(s.id::text)::uuid) AS history,
            (SELECT max(g.version) FROM grades g WHERE g.submission_id = max(s.id::text)::uuid) AS grade_version
       FROM submissions s WHERE s.assessment_id = $1`,
        [i.id],
      )
    )[0];
  expect(await state()).toEqual({ subs: 1, version: 2, total: 6, status: 'graded', grades: 2, answers: 2, history: 0, grade_version: 1 });
  await t.ds.query('UPDATE submissions SET allowed_after_due = true WHERE assessment_id = $1', [i.id]);
  const again = await Promise.all(Array.from({ length: 30 }, send));
  expect(again.filter((r) => r === 'OK')).toHaveLength(30);
  expect(await state()).toEqual({
    subs: 1,
    version: 32,
    total: 6,
    status: 'graded',
    grades: 2,
    answers: 2,
    history: 60,
    grade_version: 31,
  });
}, 60_000);
