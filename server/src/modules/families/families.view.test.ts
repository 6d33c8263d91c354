import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeUser } from '../../test/factories';
import { Role } from '../../core/role';
import { MadeItem, SUBMIT, makeItem, perfect } from '../../test/submissions.fixtures';
import { GRADE } from '../../test/grading.fixtures';

/**
 * What a parent reads of a linked child (issue 17), through GraphQL and REST: exactly the linked children's
 * courses, work, attendance and feedback, nothing of other students, and never a result the child cannot see.
 */
let t: TestServer;
const tok: Record<string, string> = {};
const id: Record<string, string> = {};
let math: string;
const items: Record<string, MadeItem> = {};
const subs: Record<string, string> = {};

const ASSESSMENTS = `query($s: ID!) { childAssessments(studentId: $s) { nodes {
  assessment { id title kind }
  status { status label dueDate score { totalScore maxScore percentage } submissionId }
  submission { id totalScore percentage resultsVisible gradesVisible correctAnswersVisible
    answers { questionId correctOptionIds acceptedAnswers grade { score feedback explanation { text } } } } } } }`;
const CHILDREN = `{ myChildren { child { id firstName lastName } className academicYear coursesCount
  attendance { total present late absent rate }
  recentGraded { assessmentId title label score { totalScore percentage } } dueSoon { assessmentId title dueDate label } } }`;
const OWN_VIEW = `query($id: ID!) { assessment(id: $id) { id myStatus { label score { totalScore maxScore percentage } }
  mySubmission { totalScore gradesVisible answers { grade { score feedback } } } } }`;

const submit = async (i: MadeItem, token: string) => {
  const r = await t.gql(SUBMIT, { input: { assessmentId: i.id, answers: perfect(i) } }, token);
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data.submitAssessment.id as string;
};

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'student', 'student2', 'parent', 'admin']) {
    tok[who] = await t.login(`${who}@demo.school`);
    [{ id: id[who] }] = await t.ds.query('SELECT id FROM users WHERE email = $1', [`${who}@demo.school`]);
  }
  const other = await makeUser(t.ds, { role: Role.Parent });
  tok.otherParent = await t.login(other.email);
  [{ id: math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  const item = (title: string, o: Parameters<typeof makeItem>[3] = {}) => makeItem(t, tok.teacher, { courseId: math }, { title, ...o });
  items.shown = await item('FAM shown', { autoOnly: true });
  items.manual = await item('FAM manual', { autoOnly: true, visibility: 'manual' });
  items.scoreOnly = await item('FAM scoreOnly', { autoOnly: true, visibility: 'scoreOnly' });
  items.feedback = await item('FAM feedback');
  items.hidden = await item('FAM hidden', { autoOnly: true });
  items.targeted = await item('FAM targeted', { autoOnly: true });
  items.due = await item('FAM due', { dueInHours: 24 });
  for (const k of ['shown', 'manual', 'scoreOnly', 'feedback', 'hidden']) subs[k] = await submit(items[k], tok.student);
  subs.other = await submit(items.shown, tok.student2);
  const graded = await t.gql(
    GRADE,
    { input: { submissionId: subs.feedback, questionId: items.feedback.long, score: 4, feedback: 'Good reasoning, Stella' } },
    tok.teacher,
  );
  if (graded.errors) throw new Error(JSON.stringify(graded.errors));
  // hidden after the child's submit; targeted at the other student only
  await t.ds.query('UPDATE assessments SET is_visible = false WHERE id = $1', [items.hidden.id]);
  await t.ds.query(`UPDATE assessments SET scope = 'individual_students' WHERE id = $1`, [items.targeted.id]);
  await t.ds.query('INSERT INTO assessment_targets (assessment_id, student_id) VALUES ($1, $2)', [items.targeted.id, id.student2]);
}, 90_000);
afterAll(() => t.close());

const byTitle = (list: Array<{ assessment: { title: string } }>) => new Map(list.map((x) => [x.assessment.title, x]));

test('the dashboard lists exactly the linked child, with class, courses, attendance rate, graded work and what is due (GraphQL and REST)', async () => {
  const g = await t.gql(CHILDREN, {}, tok.parent);
  expect(g.errors).toBeUndefined();
  expect(g.data.myChildren.map((c: any) => c.child.id)).toEqual([id.student]);
  const [card] = g.data.myChildren;
  const own = await t.gql(
    '{ studentCourses { courses { id } } myAttendance { summary { total present late absent rate } } }',
    {},
    tok.student,
  );
  expect(card.coursesCount).toBe(own.data.studentCourses.courses.length);
  expect(card.coursesCount).toBeGreaterThan(0);
  expect(card.attendance).toEqual(own.data.myAttendance.summary);
  expect(card.attendance.total).toBeGreaterThan(0);
  expect(card.className).toBeTruthy();
  const graded = new Map(card.recentGraded.map((x: any) => [x.title, x]));
  expect((graded.get('FAM shown') as any)?.score).toMatchObject({ percentage: 100 });
  // graded but the child may not see the score: listed without it
  expect(graded.get('FAM manual')).toMatchObject({ label: 'Completed', score: null });
  expect([...graded.keys()]).not.toContain('FAM hidden');
  expect(card.dueSoon.map((x: any) => x.title)).toContain('FAM due');
  expect(card.dueSoon.map((x: any) => x.title)).not.toContain('FAM targeted');

  const r = await t.rest('GET', '/parents/me/children', { token: tok.parent });
  expect(r.status).toBe(200);
  expect(r.body.data.map((c: any) => c.child._id)).toEqual([id.student]);
  expect(r.body.data[0].attendance.rate).toBe(card.attendance.rate);
  expect(JSON.stringify(r.body)).not.toContain(id.student2);

  // an unlinked parent, and every other role, has no children here
  for (const who of ['otherParent', 'admin', 'teacher', 'student']) {
    expect([who, (await t.gql(CHILDREN, {}, tok[who])).data.myChildren]).toEqual([who, []]);
  }
});

test("the child's items are the child's own view: the same statuses and scores, feedback, never the hidden or another's", async () => {
  const g = await t.gql(ASSESSMENTS, { s: id.student }, tok.parent);
  expect(g.errors).toBeUndefined();
  const mine = byTitle(g.data.childAssessments.nodes);
  expect(mine.has('FAM hidden')).toBe(false);
  expect(mine.has('FAM targeted')).toBe(false);
  for (const k of ['shown', 'manual', 'scoreOnly', 'feedback', 'due']) {
    const own = (await t.gql(OWN_VIEW, { id: items[k].id }, tok.student)).data.assessment;
    const parentSees = mine.get(`FAM ${k}`) as any;
    expect([k, parentSees.status.label, parentSees.status.score]).toEqual([k, own.myStatus.label, own.myStatus.score]);
    expect([k, parentSees.submission?.totalScore ?? null]).toEqual([k, own.mySubmission?.totalScore ?? null]);
    expect([k, parentSees.submission?.gradesVisible ?? null]).toEqual([k, own.mySubmission?.gradesVisible ?? null]);
  }
  const manual = mine.get('FAM manual') as any;
  expect(manual.status.score).toBeNull();
  expect(manual.submission).toMatchObject({ totalScore: null, percentage: null, resultsVisible: false });
  expect(manual.submission.answers.every((a: any) => a.grade === null)).toBe(true);
  const scoreOnly = mine.get('FAM scoreOnly') as any;
  expect(scoreOnly.submission.totalScore).not.toBeNull();
  expect(scoreOnly.submission.answers.every((a: any) => a.grade === null)).toBe(true);
  const feedback = mine.get('FAM feedback') as any;
  expect(feedback.submission.answers.map((a: any) => a.grade?.feedback)).toContain('Good reasoning, Stella');
  // correct answers stay the child's
  expect(feedback.submission.correctAnswersVisible).toBe(false);
  expect(
    feedback.submission.answers.every((a: any) => a.correctOptionIds === null && a.acceptedAnswers === null && !a.grade?.explanation),
  ).toBe(true);

  const r = await t.rest('GET', `/students/${id.student}/assessments`, { token: tok.parent });
  expect(r.status).toBe(200);
  const rest = new Map(r.body.data.map((x: any) => [x.title, x]));
  expect([...rest.keys()].sort()).toEqual([...mine.keys()].sort());
  const rawManual = rest.get('FAM manual') as any;
  expect(rawManual.status.score).toBeNull();
  expect(rawManual.submission).not.toHaveProperty('totalScore');
  expect(JSON.stringify(rawManual.submission)).not.toContain('"grade"');
  expect(JSON.stringify(r.body)).not.toMatch(/isCorrect|correctOptionIds|correctAnswers/);
});

test('a released manual item shows the parent the result exactly when it shows the child', async () => {
  const released = await t.gql(`mutation($id: ID!) { releaseResults(assessmentId: $id) { id } }`, { id: items.manual.id }, tok.teacher);
  expect(released.errors).toBeUndefined();
  const one = await t.gql(`query($id: ID!) { submission(id: $id) { totalScore resultsVisible } }`, { id: subs.manual }, tok.parent);
  expect(one.data.submission).toMatchObject({ resultsVisible: true });
  expect(one.data.submission.totalScore).not.toBeNull();
});

test('nothing of another student: not found through both transports, for an unlinked parent and for other roles', async () => {
  const denied = async (token: string, studentId: string) => {
    for (const q of [
      ASSESSMENTS,
      `query($s: ID!) { childCourses(studentId: $s) { courses { id } } }`,
      `query($s: ID!) { childAttendance(studentId: $s) { summary { rate } } }`,
    ]) {
      const g = await t.gql(q, { s: studentId }, token);
      expect([q.slice(0, 30), g.errors?.[0]?.extensions?.code]).toEqual([q.slice(0, 30), 'NOT_FOUND']);
    }
    for (const p of ['assessments', 'courses', 'attendance']) {
      const r = await t.rest('GET', `/students/${studentId}/${p}`, { token });
      expect([p, r.status, r.body.data]).toEqual([p, 404, undefined]);
    }
  };
  await denied(tok.parent, id.student2);
  await denied(tok.otherParent, id.student);
  await denied(tok.teacher, id.student);
  await denied(tok.student2, id.student);
  const other = await t.gql(`query($id: ID!) { submission(id: $id) { id totalScore } }`, { id: subs.other }, tok.parent);
  expect(other.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  const list = await t.rest('GET', `/submissions?assignment=${items.shown.id}`, { token: tok.parent });
  expect(list.body.data.map((s: any) => s._id)).toEqual([subs.shown]);
});

test("the child's courses and attendance with its rate, as the child sees them (GraphQL and REST)", async () => {
  const own = await t.gql(
    '{ studentCourses { courses { id title } } myAttendance { summary { rate } records(first: 5) { totalCount nodes { id } } } }',
    {},
    tok.student,
  );
  const g = await t.gql(
    `query($s: ID!) { childCourses(studentId: $s) { studentInfo { class { name } } courses { id title } }
    childAttendance(studentId: $s) { summary { rate } records(first: 5) { totalCount nodes { id } } } }`,
    { s: id.student },
    tok.parent,
  );
  expect(g.errors).toBeUndefined();
  expect(g.data.childCourses.courses).toEqual(own.data.studentCourses.courses);
  expect(g.data.childAttendance).toEqual(own.data.myAttendance);
  const courses = await t.rest('GET', `/students/${id.student}/courses`, { token: tok.parent });
  expect(courses.body.data.map((c: any) => c._id)).toEqual(own.data.studentCourses.courses.map((c: any) => c.id));
  const att = await t.rest('GET', `/students/${id.student}/attendance`, { token: tok.parent });
  expect([att.body.data.length, att.body.summary.rate]).toEqual([
    own.data.myAttendance.records.totalCount,
    own.data.myAttendance.summary.rate,
  ]);
  // an admin reads any student's view; the student their own
  expect((await t.gql(ASSESSMENTS, { s: id.student2 }, tok.admin)).errors).toBeUndefined();
  expect((await t.gql(ASSESSMENTS, { s: id.student }, tok.student)).errors).toBeUndefined();
});
