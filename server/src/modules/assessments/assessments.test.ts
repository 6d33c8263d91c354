import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeUser } from '../../test/factories';
import { makeModule } from '../../test/courses.factories';
import { Role } from '../../core/role';
import { QUESTIONS, specWord } from '../../test/assessments.fixtures';

/**
 * Authoring assignments, exams and quizzes (assessments.md sections 2-9, issue 11) through both transports:
 * validation texts, denials, the key never reaching a student, reuse, regrade on edit and delete with submissions.
 */
let t: TestServer;
const tok: Record<string, string> = {};
const id: Record<string, string> = {};
let math: string;
let mathModule: string;
let otherStudent: string;
let otherTok: string;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'teacher2', 'student', 'student2', 'parent', 'admin']) {
    tok[who] = await t.login(`${who}@demo.school`);
    [{ id: id[who] }] = await t.ds.query('SELECT id FROM users WHERE email = $1', [`${who}@demo.school`]);
  }
  [{ id: math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  mathModule = await makeModule(t.ds, math, { title: 'Quiz week' });
  // a student of another class (Class 5B of the same year)
  const [c5b] = await t.ds.query(
    `SELECT c.id, c.academic_year_id FROM classes c JOIN academic_years y ON y.id = c.academic_year_id WHERE c.name = 'Class 5B' AND y.year = '2026'`,
  );
  const u = await makeUser(t.ds, {
    role: Role.Student,
    email: 'other5b@test.school',
    classId: c5b.id,
    academicYearId: c5b.academic_year_id,
  });
  otherStudent = u.id;
  otherTok = await t.login('other5b@test.school');
}, 60_000);
afterAll(() => t.close());

const CREATE =
  'mutation($i: CreateAssessmentInput!) { createAssessment(input: $i) { id title dueDate totalPoints scope questions { id order options { id isCorrect } } } }';
const ONE = `query($id: ID!) { assessment(id: $id) { id title targetStudents { id } questions { id type questionText points order
  options { id text isCorrect } acceptedAnswers { answer weight } partialMarking { enabled penaltyPerWrong } } } }`;

async function create(over: Record<string, unknown> = {}, token = tok.teacher) {
  const r = await t.gql(
    CREATE,
    { i: { kind: 'ASSIGNMENT', courseId: math, title: 'Homework', dueDate: '2030-05-01T10:15:42.123Z', questions: QUESTIONS, ...over } },
    token,
  );
  return r;
}

describe('create and validation', () => {
  it('creates with questions, keeps totalPoints as the sum and trims the due date to the minute', async () => {
    const r = await create();
    expect(r.errors).toBeUndefined();
    expect(r.data.createAssessment).toMatchObject({
      title: 'Homework',
      dueDate: '2030-05-01T10:15:00.000Z',
      totalPoints: 11,
      scope: 'WHOLE_CLASS',
    });
    expect(r.data.createAssessment.questions.map((q: { order: number }) => q.order)).toEqual([1, 2, 3]);
  });

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['title', { title: '  ' }, 'Assignment title is required'],
    ['due date', { dueDate: null }, 'Due date is required'],
    ['questions', { questions: [] }, 'Please add at least one question'],
    ['students', { scope: 'INDIVIDUAL_STUDENTS', targetStudentIds: [] }, 'Please select at least one student for individual assignment'],
    ['exam students', { kind: 'EXAM', scope: 'INDIVIDUAL_STUDENTS' }, 'Please select at least one student for individual exam'],
    [
      'quiz students',
      { kind: 'QUIZ', courseId: null, moduleId: 'MODULE', scope: 'INDIVIDUAL_STUDENTS' },
      'Please select at least one student for individual quiz',
    ],
    [
      'targets of the class',
      { scope: 'INDIVIDUAL_STUDENTS', targetStudentIds: ['OTHER'] },
      "Only students placed in the course's class and year can be selected",
    ],
    [
      'two options',
      { questions: [{ type: 'MCQ', questionText: 'Q', options: [{ text: 'a', isCorrect: true }] }] },
      'A multiple-choice question needs at least two options',
    ],
    [
      'option texts of their own',
      { questions: [{ type: 'MCQ', questionText: 'Q', options: [{ text: 'same', isCorrect: true }, { text: ' Same ' }] }] },
      'Each option of a question needs its own text: "Same" appears twice',
    ],
    [
      'one correct',
      { questions: [{ type: 'MCQ', questionText: 'Q', options: [{ text: 'a' }, { text: 'b' }] }] },
      'A multiple-choice question needs at least one correct option',
    ],
    ['points', { questions: [{ type: 'LONG_ANSWER', questionText: 'Q', points: 0 }] }, 'Points must be a whole number of at least 1'],
    [
      'weight',
      { questions: [{ type: 'SHORT_ANSWER', questionText: 'Q', acceptedAnswers: [{ answer: 'a', weight: 101 }] }] },
      'Weight must be a whole number from 0 to 100',
    ],
    [
      'penalty',
      { questions: [{ ...QUESTIONS[0], partialMarking: { enabled: true, penaltyPerWrong: -1 } }] },
      'Penalty per wrong answer must be a whole number from 0 to 100',
    ],
  ];
  it.each(cases)('refuses without %s, with its text, on both transports', async (_name, over, text) => {
    const fix = (o: Record<string, unknown>) =>
      JSON.parse(JSON.stringify(o).replace('"MODULE"', JSON.stringify(mathModule)).replace('"OTHER"', JSON.stringify(otherStudent)));
    const g = await create(fix(over));
    expect([g.errors?.[0].extensions?.code, g.errors?.[0].message]).toEqual(['VALIDATION', text]);
    const kind = (over.kind as string) ?? 'ASSIGNMENT';
    const path = { ASSIGNMENT: '/assignments', EXAM: '/exams', QUIZ: '/quizzes' }[kind]!;
    const scopeField = { ASSIGNMENT: 'assignmentScope', EXAM: 'examScope', QUIZ: 'quizScope' }[kind]!;
    const o = fix(over);
    const qs = (o.questions ?? QUESTIONS).map((q: any) => ({
      ...q,
      type: specWord(q.type),
      correctAnswers: q.acceptedAnswers?.map((a: any) => a.answer),
      shortAnswerWeights: q.acceptedAnswers,
    }));
    const r = await t.rest('POST', path, {
      token: tok.teacher,
      body: {
        course: math,
        module: o.moduleId,
        title: o.title ?? 'Homework',
        dueDate: 'dueDate' in o ? o.dueDate : '2030-05-01T10:15',
        [scopeField]: specWord(o.scope),
        targetStudents: o.targetStudentIds,
        questions: qs,
      },
    });
    expect([r.status, r.body.message]).toEqual([400, text]);
  });

  it('on edit: the texts that name the item, and switching to whole_class clears the targets', async () => {
    const { data } = await create({
      kind: 'QUIZ',
      courseId: null,
      moduleId: mathModule,
      scope: 'INDIVIDUAL_STUDENTS',
      targetStudentIds: [id.student],
    });
    const qid = data.createAssessment.id;
    const edit = await t.rest('PUT', `/quizzes/${qid}`, { token: tok.teacher, body: { questions: [] } });
    expect([edit.status, edit.body.message]).toEqual([400, 'Please add at least one question to the quiz']);
    const g = await t.gql(
      'mutation($i: UpdateAssessmentInput!) { updateAssessment(input: $i) { id scope targetStudents { id } } }',
      { i: { id: qid, scope: 'WHOLE_CLASS' } },
      tok.teacher,
    );
    expect(g.data.updateAssessment).toMatchObject({ scope: 'WHOLE_CLASS', targetStudents: [] });
    const a = await create();
    const e = await t.gql(
      'mutation($i: UpdateAssessmentInput!) { updateAssessment(input: $i) { id } }',
      { i: { id: a.data.createAssessment.id, questions: [] } },
      tok.teacher,
    );
    expect(e.errors?.[0].message).toBe('Please add at least one question to the assignment');
  });
});

describe('who may', () => {
  let visible: string;
  let targeted: string;
  beforeAll(async () => {
    visible = (await create({ title: 'For all' })).data.createAssessment.id;
    targeted = (await create({ kind: 'EXAM', title: 'For Stella', scope: 'INDIVIDUAL_STUDENTS', targetStudentIds: [id.student] })).data
      .createAssessment.id;
  });

  it('another teacher cannot author in the course; SuperAdmin and Admin read but do not change', async () => {
    expect((await create({}, tok.teacher2)).errors?.[0].extensions?.code).toMatch(/NOT_FOUND|FORBIDDEN/);
    expect((await t.rest('PUT', `/assignments/${visible}`, { token: tok.teacher2, body: { title: 'x' } })).status).toBe(404);
    expect((await t.rest('GET', `/assignments/${visible}`, { token: tok.admin })).status).toBe(200);
    expect((await t.rest('PUT', `/assignments/${visible}`, { token: tok.admin, body: { title: 'x' } })).status).toBe(403);
  });

  it('a student reads only visible items of their class meant for them; others are told not found', async () => {
    expect((await t.rest('GET', `/assignments/${visible}`, { token: tok.student })).status).toBe(200);
    expect((await t.rest('GET', `/exams/${targeted}`, { token: tok.student })).status).toBe(200);
    expect((await t.rest('GET', `/exams/${targeted}`, { token: tok.student2 })).status).toBe(404);
    expect((await t.rest('GET', `/assignments/${visible}`, { token: otherTok })).status).toBe(404);
    expect((await t.rest('GET', `/assignments/${visible}`, { token: tok.parent })).status).toBe(404);
    expect((await t.rest('GET', `/exams/${visible}`, { token: tok.teacher })).status).toBe(404); // another family
    const g = await t.gql(ONE, { id: targeted }, tok.student2);
    expect(g.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const list = await t.gql('query($c: ID!) { assessments(courseId: $c, kind: EXAM) { nodes { id } } }', { c: math }, tok.student2);
    expect(list.data.assessments.nodes.map((a: { id: string }) => a.id)).not.toContain(targeted);
    await t.gql(
      'mutation($i: UpdateAssessmentInput!) { updateAssessment(input: $i) { id } }',
      { i: { id: visible, isVisible: false } },
      tok.teacher,
    );
    expect((await t.rest('GET', `/assignments/${visible}`, { token: tok.student })).status).toBe(404);
    expect(
      (await t.rest('GET', `/assignments/course/${math}`, { token: tok.student })).body.data.map((a: { _id: string }) => a._id),
    ).not.toContain(visible);
    await t.gql(
      'mutation($i: UpdateAssessmentInput!) { updateAssessment(input: $i) { id } }',
      { i: { id: visible, isVisible: true } },
      tok.teacher,
    );
  });

  it('the key never reaches a student, on any path; the teacher gets it', async () => {
    const rawRest = [
      await t.rest('GET', `/assignments/${visible}`, { token: tok.student }),
      await t.rest('GET', `/exams/${targeted}`, { token: tok.student }),
      await t.rest('GET', `/assignments/course/${math}`, { token: tok.student }),
    ].map((r) => JSON.stringify(r.body));
    for (const raw of rawRest) {
      expect(raw).not.toMatch(/isCorrect|correctAnswers|shortAnswerWeights|weight|partialMarking|penalty|Paree|targetStudents/);
    }
    const page = await t.gql(
      `query($c: ID!) { course(id: $c) { assignments { questions { options { isCorrect } acceptedAnswers { answer weight } partialMarking { penaltyPerWrong } } }
      exams { targetStudents { id } questions { options { isCorrect } acceptedAnswers { answer } } } modules { quizzes { questions { options { text isCorrect } acceptedAnswers { answer } } } } } }`,
      { c: math },
      tok.student,
    );
    expect(page.errors).toBeUndefined();
    expect(JSON.stringify(page.data)).not.toMatch(/"isCorrect":(true|false)|"answer"|"weight"|"penaltyPerWrong":\d|"targetStudents":\[/);
    const g = JSON.stringify((await t.gql(ONE, { id: targeted }, tok.student)).data);
    expect(g).not.toMatch(/"isCorrect":(true|false)|Paree|"weight"|"penaltyPerWrong"|"enabled"/);
    expect(g).toContain('"targetStudents":null');
    const teacher = await t.rest('GET', `/exams/${targeted}`, { token: tok.teacher });
    expect(teacher.body.data.questions[1]).toMatchObject({
      correctAnswers: ['Paris', 'Paree'],
      shortAnswerWeights: [
        { answer: 'Paris', weight: 100 },
        { answer: 'Paree', weight: 50 },
      ],
    });
    expect(teacher.body.data.questions[0].options[0]).toMatchObject({ text: '2', isCorrect: true });
    expect(teacher.body.data).toMatchObject({ examScope: 'individual_students', targetStudents: [id.student] });
  });
});

test('the demo school has an assignment, an exam and a quiz of each result visibility, with every question type, one for student@ only', async () => {
  const rows: Array<{ kind: string; result_visibility: string; types: string[]; targets: string[] }> = await t.ds.query(
    `SELECT a.kind, a.result_visibility, ARRAY(SELECT DISTINCT q.type FROM questions q WHERE q.assessment_id = a.id) AS types,
            ARRAY(SELECT x.student_id::text FROM assessment_targets x WHERE x.assessment_id = a.id) AS targets
       FROM assessments a JOIN courses c ON c.id = a.course_id WHERE c.title = 'MATH-5A' AND a.created_by IS NOT NULL AND a.title LIKE 'Fractions %'`,
  );
  for (const kind of ['ASSIGNMENT', 'EXAM', 'QUIZ']) {
    expect(
      rows
        .filter((r) => r.kind === kind)
        .map((r) => r.result_visibility)
        .sort(),
    ).toEqual(['immediate', 'manual', 'scoreOnly']);
  }
  expect(rows.every((r) => r.types.length === 3)).toBe(true);
  expect(rows.filter((r) => r.targets.length).map((r) => r.targets)).toEqual([[id.student]]);
  const seen = await t.rest('GET', `/exams/course/${math}`, { token: tok.student2 });
  expect(seen.body.data.filter((a: { title: string }) => a.title.startsWith('Fractions')).length).toBe(2);
});
