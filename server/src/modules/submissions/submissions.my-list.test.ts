import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { SUBMIT, makeItem, perfect } from '../../test/submissions.fixtures';
import { ViewPageAsked, WHOLE_PAGE } from './submissions.view-page';

/**
 * myAssessments builds the whole list in one statement (submissions.my-list.ts) and derives each standing in
 * JS from its plain rows. Each item must answer exactly what the same item answers through assessment(id),
 * whose fields come from the ORM and the loaders: every field, every student, every status (pending,
 * overdue, submitted, graded, auto-submitted, reopened with and without a new date, a late joiner's open
 * work, manual results before and after release, score only), and the statements stay the same as data grows.
 */
let t: TestServer;
const tok: Record<string, string> = {};
let students: string[] = [];
let drawn: string;

const ITEM = `id kind title description instructions dueDate totalPoints resultVisibility isVisible scope resultsReleasedAt resultsReleasedByName
  lateDueDate createdAt updatedAt version
  course { id title description version createdAt updatedAt subject { id name description isActive createdAt version }
    class { id name grade description isActive createdAt version } academicYear { id year isActive startDate endDate createdAt version } }
  module { id title description moduleType order isVisible version createdAt }
  myStatus { status label courseLabel opensOn courseOpensOn dueDate originalDueDate isExtended isReopened isOverdue canSubmit submissionId
    score { totalScore maxScore percentage isAutoSubmitted } }`;
const VIEW = `${ITEM} questions { id type questionText points order bankQuestionId bankLinked options { id text isCorrect }
    acceptedAnswers { answer weight } partialMarking { enabled penaltyPerWrong } }
  myDraft { savedAt answers { questionId answer selectedOptionIds } }
  mySubmission { id assessmentId status isAutoSubmitted allowedAfterDue customDueDate joinedLate submittedAt totalScore maxScore percentage
    resultsVisible gradesVisible correctAnswersVisible version updatedAt student { id firstName lastName }
    answers { questionId answer selectedOptionIds selectedOptions feedback file { id name size mimeType } correctOptionIds acceptedAnswers
      grade { questionId score maxScore feedback isAutoGraded autoScore gradedByName version
        explanation { text rightOptionIds wrongOptionIds missedOptionIds matchedAnswer matchedWeight } } } }`;
const LIST = `query($kind: AssessmentKind!) { myAssessments(kind: $kind, first: 60) { totalCount nodes { ${ITEM} } } }`;
const ONE = `query($id: ID!) { assessment(id: $id) { ${ITEM} } }`;
const KINDS = ['ASSIGNMENT', 'EXAM', 'QUIZ'] as const;

async function fill(round: number) {
  const [{ id: math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  const [{ id: week }] = await t.ds.query('SELECT id FROM course_modules WHERE course_id = $1 AND is_visible ORDER BY sort_order LIMIT 1', [
    math,
  ]);
  const visibilities = ['immediate', 'scoreOnly', 'manual'] as const;
  for (const kind of KINDS) {
    for (let k = 0; k < 6; k += 1) {
      const i = await makeItem(t, tok.teacher, kind === 'QUIZ' ? { moduleId: week } : { courseId: math }, {
        kind,
        autoOnly: k % 2 === 0,
        visibility: visibilities[k % 3],
        dueInHours: k === 5 ? -2 : 48,
        title: `${kind} ${round}.${k}`,
      });
      if (k < 5) {
        const r = await t.gql(SUBMIT, { input: { assessmentId: i.id, answers: perfect(i) } }, tok[k % 2 ? 'student2' : 'student']);
        expect(r.errors).toBeUndefined();
      }
    }
  }
  // the other standings, set in SQL on the submissions just made
  const subs: Array<{ id: string }> = await t.ds.query(`SELECT s.id FROM submissions s JOIN assessments a ON a.id = s.assessment_id
    WHERE a.title LIKE '% ${round}.%' ORDER BY a.kind, a.title`);
  const set = (n: number, sql: string) => subs[n] && t.ds.query(`UPDATE submissions SET ${sql} WHERE id = $1`, [subs[n].id]);
  await set(0, `status = 'graded'`);
  await set(1, `allowed_after_due = true, custom_due_date = now() + interval '2 days'`);
  await set(2, `status = 'reopened', allowed_after_due = true`);
  await set(3, `is_auto_submitted = true, status = 'graded'`);
  await set(4, `status = 'reopened', joined_late = true, custom_due_date = now() - interval '1 day', submitted_at = NULL`);
  await set(5, `status = 'graded', allowed_after_due = true, custom_due_date = now() - interval '1 day'`);
  await set(6, `status = 'graded'`);
  await t.ds
    .query(`UPDATE assessments SET results_released_at = now(), results_released_by = (SELECT id FROM users WHERE email = 'teacher@demo.school')
    WHERE title IN ('ASSIGNMENT ${round}.2', 'QUIZ ${round}.2')`);
  await t.ds.query(`UPDATE assessments SET is_visible = false WHERE title = 'EXAM ${round}.4'`);
}

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'student', 'student2']) tok[who] = await t.login(`${who}@demo.school`);
  await fill(1);
  const rows: Array<{ email: string }> = await t.ds.query(
    `SELECT email FROM users WHERE role = 'Student' AND activated ORDER BY email LIMIT 8`,
  );
  students = rows.map((r) => r.email);
  for (const e of students) tok[e] ??= await t.login(e);
  // an exam with a random draw of 3 bank questions besides its fixed one, handed in by student@
  const [{ id: bankId }] = await t.ds.query(`SELECT id FROM question_banks WHERE name = 'Algebra basics'`);
  const [{ id: math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  const made = await t.gql(
    `mutation($i: CreateAssessmentInput!) { createAssessment(input: $i) { id } }`,
    {
      i: {
        kind: 'EXAM',
        courseId: math,
        title: 'Drawn exam',
        dueDate: '2030-01-01T10:00:00.000Z',
        resultVisibility: 'IMMEDIATE',
        questions: [{ type: 'LONG_ANSWER', questionText: 'Explain how you check a solution.', points: 5 }],
        randomDraws: [{ bankId, count: 3 }],
      },
    },
    tok.teacher,
  );
  expect(made.errors).toBeUndefined();
  drawn = made.data.createAssessment.id;
  const mine = (await t.gql(`query($id: ID!) { assessment(id: $id) { questions { id type options { id } } } }`, { id: drawn }, tok.student))
    .data.assessment.questions;
  expect(mine).toHaveLength(4);
  const answers = mine.map((q: { id: string; type: string; options: Array<{ id: string }> }) =>
    q.type === 'MCQ' ? { questionId: q.id, selectedOptionIds: [q.options[0].id] } : { questionId: q.id, answer: 'x = 4' },
  );
  const sent = await t.gql(SUBMIT, { input: { assessmentId: drawn, answers } }, tok.student);
  expect(sent.errors).toBeUndefined();
}, 120_000);
afterAll(() => t.close());

async function check(email: string) {
  const token = tok[email] ?? tok[email.split('@')[0]];
  const sql: number[] = [];
  for (const kind of KINDS) {
    const list = await t.gql(LIST, { kind }, token);
    expect(list.errors).toBeUndefined();
    sql.push(list.sql);
    const { nodes, totalCount } = list.data.myAssessments;
    expect(totalCount).toBe(nodes.length);
    const rest = await t.rest('GET', `/${kind === 'QUIZ' ? 'quizzes' : `${kind.toLowerCase()}s`}`, { token });
    expect(rest.body.data.map((i: { _id: string }) => i._id)).toEqual(nodes.map((n: { id: string }) => n.id));
    for (const n of nodes) {
      const one = await t.gql(ONE, { id: n.id }, token);
      expect(one.errors).toBeUndefined();
      expect(n).toEqual(one.data.assessment);
    }
  }
  return { sql };
}

it('every student: each item of myAssessments equals assessment(id), field by field, on every kind', async () => {
  const seen = new Set<string>();
  for (const email of students) {
    await check(email);
    for (const kind of KINDS) {
      const l = await t.gql(LIST, { kind }, tok[email]);
      for (const n of l.data.myAssessments.nodes)
        seen.add(`${n.myStatus.status}:${n.myStatus.opensOn}:${n.myStatus.score ? 'score' : '-'}`);
    }
  }
  // the standings the fixtures made are all among them
  for (const s of [
    'PENDING:SUBMIT:-',
    'OVERDUE:SUBMIT:-',
    'COMPLETED:VIEW:score',
    'REOPENED:SUBMIT:-',
    'AUTO_SUBMITTED:VIEW:score',
    'SUBMITTED:VIEW:-',
  ]) {
    expect([...seen]).toContain(s);
  }
}, 300_000);

it('the list is the same number of statements with twice the items, and a teacher gets no status', async () => {
  const before = (await check('student@demo.school')).sql;
  await fill(2);
  const after = (await check('student@demo.school')).sql;
  expect(after).toEqual(before);
  // the session and the list
  expect(before).toEqual([2, 2, 2]);
  const teacher = await t.gql(LIST, { kind: 'ASSIGNMENT' }, tok.teacher);
  expect(teacher.errors).toBeUndefined();
  expect(teacher.data.myAssessments.nodes.length).toBeGreaterThan(0);
  expect(teacher.data.myAssessments.nodes.every((n: { myStatus: unknown }) => n.myStatus === null)).toBe(true);
}, 300_000);

it('every student: assessment(id), read in one statement, equals the same item reached through its course (loaders), questions and submission included', async () => {
  for (const email of students) {
    const token = tok[email];
    const courses: Array<{ id: string }> = (await t.gql('{ studentCourses { courses { id } } }', {}, token)).data.studentCourses.courses;
    let items = 0;
    for (const c of courses) {
      for (const part of [`assignments { ${VIEW} }`, `exams { ${VIEW} }`, `modules { quizzes { ${VIEW} } }`]) {
        const r = await t.gql(`query($id: ID!) { course(id: $id) { ${part} } }`, { id: c.id }, token);
        expect(r.errors).toBeUndefined();
        const listed =
          r.data.course.assignments ?? r.data.course.exams ?? r.data.course.modules.flatMap((m: { quizzes: unknown[] }) => m.quizzes);
        for (const item of listed) {
          const one = await t.gql(`query($id: ID!) { assessment(id: $id) { ${VIEW} } }`, { id: item.id }, token);
          expect(one.errors).toBeUndefined();
          expect(one.data.assessment).toEqual(item);
          items += 1;
        }
      }
    }
    if (email === 'student@demo.school') expect(items).toBeGreaterThan(20);
  }
}, 300_000);

it("a student's first read of a drawn item draws their questions; later reads are two statements (session, the page)", async () => {
  // the view page's selection (the draft, a loader of its own, is the submit page's)
  const q = `query($id: ID!) { assessment(id: $id) { ${VIEW.replace(/myDraft \{[^}]*\} \}/, '')} } }`;
  const first = await t.gql(q, { id: drawn }, tok.student2);
  expect(first.errors).toBeUndefined();
  expect(first.data.assessment.questions).toHaveLength(4);
  const again = await t.gql(q, { id: drawn }, tok.student2);
  expect(again.data.assessment).toEqual(first.data.assessment);
  expect(again.sql).toBe(2);
  const mine = await t.gql(q, { id: drawn }, tok.student);
  expect(mine.sql).toBe(2);
  expect(mine.data.assessment.mySubmission.answers).toHaveLength(4);
  expect(mine.data.assessment.mySubmission.maxScore).toBe(
    mine.data.assessment.questions.reduce((n: number, x: { points: number }) => n + x.points, 0),
  );
});

/** What each call of the service's viewPage was told the operation asks (ViewPageAsked); `restore` puts it back. */
function askedOfViewPage(): { asked: ViewPageAsked[]; restore: () => void } {
  const subs = t.services.submissions;
  const viewPage = subs.viewPage.bind(subs);
  const asked: ViewPageAsked[] = [];
  subs.viewPage = (...args: Parameters<typeof viewPage>) => {
    asked.push(args[2] ?? WHOLE_PAGE);
    return viewPage(...args);
  };
  return {
    asked,
    restore: () => {
      subs.viewPage = viewPage;
    },
  };
}

it("a student's page of an item leaves out its course and module when the operation cannot ask for them, and brings them when it may", async () => {
  const spy = askedOfViewPage();
  const page = VIEW.replace(/myDraft \{[^}]*\} \}/, '');
  const full = await t.gql(`query($id: ID!) { assessment(id: $id) { ${page} } }`, { id: drawn }, tok.student);
  expect(full.errors).toBeUndefined();
  // the web's submit and view pages: no course, no module
  const withoutPlaces = page.slice(0, page.indexOf('course {')) + page.slice(page.indexOf('myStatus {'));
  expect(withoutPlaces).not.toMatch(/\b(course|module) \{/);
  const lean = await t.gql(`query($id: ID!) { assessment(id: $id) { ${withoutPlaces} } }`, { id: drawn }, tok.student);
  expect(lean.errors).toBeUndefined();
  const { course, module, ...rest } = full.data.assessment;
  expect(course.subject.name).toBeTruthy();
  expect(lean.data.assessment).toEqual(rest);
  expect(lean.sql).toBe(2);
  // asked through an alias and a fragment, they come in the same statement
  const asked = await t.gql(
    `query($id: ID!) { assessment(id: $id) { id ...Where } }
    fragment Where on Assessment { place: course { title subject { name } } module { title } }`,
    { id: drawn },
    tok.student,
  );
  expect(asked.errors).toBeUndefined();
  expect(asked.data.assessment).toEqual({
    id: rest.id,
    place: { title: course.title, subject: { name: course.subject.name } },
    module: module && { title: module.title },
  });
  expect(asked.sql).toBe(2);
  spy.restore();
  expect(spy.asked.map((a) => a.places)).toEqual([true, false, true]);
});

it("a student's page reads its questions lean when the operation asks for none of their keys: the same answer", async () => {
  const spy = askedOfViewPage();
  const items: Array<{ id: string }> = await t.ds.query(`SELECT a.id FROM assessments a JOIN courses c ON c.id = a.course_id
    WHERE c.title = 'MATH-5A' AND a.is_visible AND EXISTS (SELECT 1 FROM questions q WHERE q.assessment_id = a.id AND q.type = 'MCQ') ORDER BY a.title`);
  expect(items.length).toBeGreaterThan(3);
  const QUESTIONS =
    'questions { id type questionText points order bankQuestionId options { id text isCorrect } acceptedAnswers { answer } partialMarking { enabled } }';
  const answers: unknown[] = [];
  let withOptions = 0;
  for (const { id } of [...items.slice(0, 4), { id: drawn }]) {
    const whole = await t.gql(
      `query($id: ID!) { assessment(id: $id) { id ${QUESTIONS} mySubmission { id answers { questionId correctOptionIds } } } }`,
      { id },
      tok.student,
    );
    // the web's submit and view pages, through an alias and a fragment
    const page = await t.gql(
      `query($id: ID!) { assessment(id: $id) { id ...Asked mySubmission { id answers { questionId correctOptionIds } } } }
      fragment Asked on Assessment { questions { __typename id type text: questionText points order options { id text } } }`,
      { id },
      tok.student,
    );
    expect([whole.errors, page.errors]).toEqual([undefined, undefined]);
    expect(page.sql).toBe(whole.sql);
    const { questions, ...rest } = whole.data.assessment;
    // the drawn exam's three bank questions may all be short answers (one draw in eleven): counted over the items
    withOptions += questions.filter((q: any) => q.options.length > 1).length;
    // a student is shown no key either way
    expect(
      questions.every(
        (q: any) =>
          q.bankQuestionId === null &&
          q.acceptedAnswers === null &&
          q.partialMarking === null &&
          q.options.every((o: any) => o.isCorrect === null),
      ),
    ).toBe(true);
    expect(page.data.assessment).toEqual({
      ...rest,
      questions: questions.map((q: any) => ({
        __typename: 'Question',
        id: q.id,
        type: q.type,
        text: q.questionText,
        points: q.points,
        order: q.order,
        options: q.options.map((o: any) => ({ id: o.id, text: o.text })),
      })),
    });
    answers.push(page.data.assessment.mySubmission);
  }
  expect(answers.some(Boolean)).toBe(true);
  expect(withOptions).toBeGreaterThan(0);
  // one more field of a question (its images), or of an option, reads them whole
  await t.gql('query($id: ID!) { assessment(id: $id) { questions { id images { id } } } }', { id: drawn }, tok.student);
  await t.gql('query($id: ID!) { assessment(id: $id) { questions { id options { id isCorrect } } } }', { id: drawn }, tok.student);
  spy.restore();
  expect(spy.asked.map((a) => a.leanQuestions)).toEqual([false, true, false, true, false, true, false, true, false, true, false, false]);
  // left out of the statement, not only of the answer
  const [me] = await t.ds.query(`SELECT id, role FROM users WHERE email = 'student@demo.school'`);
  const actor = { userId: me.id, role: me.role, activeRole: me.role, impersonating: false, sessionId: 's', childIds: [] };
  const bare = [
    await t.services.submissions.viewPage(actor as never, drawn, { places: false, leanQuestions: true }),
    await t.services.submissions.viewPage(actor as never, items[0].id, { places: false, leanQuestions: true }),
  ];
  const questions: any[] = bare.flatMap((b: any) => b.questions);
  const present = (o: object) =>
    Object.entries(o)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k)
      .sort()
      .join();
  expect(questions.length).toBeGreaterThan(0);
  expect(questions.some((q) => q.options.length > 1)).toBe(true);
  expect(
    questions.every(
      (q) =>
        present(q) === 'assessmentId,drawId,id,options,order,points,questionText,type' &&
        q.options.every((o: object) => present(o) === 'id,text'),
    ),
  ).toBe(true);
});
