import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeAnnouncement, makeContent, makeCourse, makeDiscussion, makeModule } from '../../test/courses.factories';
import { makeUser } from '../../test/factories';
import { QUESTIONS } from '../../test/assessments.fixtures';
import { Role } from '../../core/role';

/**
 * Issue 14: what the client may show comes from the server per object (users' viewerCanEdit and
 * viewerCanDelete), and delete confirmations can state what goes with the deleted thing (deleteImpact on
 * courses and modules; the submissions count of a refused assessment delete in the error's fields).
 */
let t: TestServer;
const tok: Record<string, string> = {};
const id: Record<string, string> = {};
let course: string;
let week1: string;
let assignment: string;

const CREATE = 'mutation($i: CreateAssessmentInput!) { createAssessment(input: $i) { id } }';
async function createAssessment(i: Record<string, unknown>): Promise<string> {
  const r = await t.gql(CREATE, { i: { title: 'Work', dueDate: '2030-05-01T10:00:00Z', questions: QUESTIONS, ...i } }, tok.teacher);
  expect(r.errors).toBeUndefined();
  return r.data.createAssessment.id;
}
const submit = (assessmentId: string, student: string) =>
  t.ds.query(`INSERT INTO submissions (assessment_id, student_id, status, submitted_at) VALUES ($1, $2, 'pending', now())`, [
    assessmentId,
    student,
  ]);

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['superadmin', 'admin', 'teacher', 'teacher2', 'student', 'student2', 'parent']) {
    tok[who] = await t.login(`${who}@demo.school`);
    [{ id: id[who] }] = await t.ds.query('SELECT id FROM users WHERE email = $1', [`${who}@demo.school`]);
  }
  const [at] = await t.ds.query(
    `SELECT c.id AS "classId", c.academic_year_id AS "academicYearId", s.id AS "subjectId"
     FROM classes c JOIN academic_years y ON y.id = c.academic_year_id, subjects s
     WHERE c.name = 'Class 5A' AND y.year = '2026' AND s.name = 'Mathematics'`,
  );
  course = await makeCourse(t.ds, { ...at, teacherIds: [id.teacher], title: 'IMPACT-5A' });
  week1 = await makeModule(t.ds, course, { title: 'Week 1' });
  const week2 = await makeModule(t.ds, course, { title: 'Week 2' });
  await makeContent(t.ds, t.services, week1);
  await makeContent(t.ds, t.services, week1);
  await makeContent(t.ds, t.services, week2);
  const quiz = await createAssessment({ kind: 'QUIZ', moduleId: week1 });
  assignment = await createAssessment({ kind: 'ASSIGNMENT', courseId: course });
  await submit(quiz, id.student);
  await submit(assignment, id.student);
  await submit(assignment, id.student2);
  await makeAnnouncement(t.ds, course, id.teacher);
  const thread = await makeDiscussion(t.ds, course, id.student);
  await makeDiscussion(t.ds, course, id.teacher, thread, 'Re');
}, 60_000);
afterAll(() => t?.close());

const COURSE_IMPACT = `query($id: ID!) { course(id: $id) { viewerCanDelete
  deleteImpact { modules contents assessments submissions announcements discussions } } }`;
const MODULE_IMPACT = 'query($id: ID!) { module(id: $id) { deleteImpact { contents quizzes submissions } } }';

describe('deleteImpact', () => {
  it('a course counts its modules, content, assessments, submissions, announcements and discussions, for those who may delete it', async () => {
    const whole = { modules: 2, contents: 3, assessments: 2, submissions: 3, announcements: 1, discussions: 2 };
    for (const who of ['teacher', 'admin', 'superadmin']) {
      const r = await t.gql(COURSE_IMPACT, { id: course }, tok[who]);
      expect([who, r.errors, r.data.course]).toEqual([who, undefined, { viewerCanDelete: true, deleteImpact: whole }]);
    }
    // a student of the class reads the course but may not delete it: no counts
    const s = await t.gql(COURSE_IMPACT, { id: course }, tok.student);
    expect(s.data.course).toEqual({ viewerCanDelete: false, deleteImpact: null });
  });

  it('a module counts its content, quizzes and their submissions, for its course teachers only', async () => {
    const r = await t.gql(MODULE_IMPACT, { id: week1 }, tok.teacher);
    expect(r.errors).toBeUndefined();
    expect(r.data.module.deleteImpact).toEqual({ contents: 2, quizzes: 1, submissions: 1 });
    for (const who of ['admin', 'student']) {
      const other = await t.gql(MODULE_IMPACT, { id: week1 }, tok[who]);
      expect([who, other.data.module.deleteImpact]).toEqual([who, null]);
    }
  });

  it('a refused assessment delete carries the submissions count in its fields, on both transports', async () => {
    // refused only when the client sent a count that is not the real one (the web app sends 0 first; issue 24)
    const g = await t.gql(
      'mutation($id: ID!) { deleteAssessment(id: $id, confirmSubmissions: 0) { id } }',
      { id: assignment },
      tok.teacher,
    );
    expect(g.errors?.[0].extensions).toEqual({ code: 'CONFLICT', submissions: 2 });
    const r = await t.rest('DELETE', `/assignments/${assignment}?confirmSubmissions=0`, { token: tok.teacher });
    expect([r.status, r.body.submissions]).toEqual([409, 2]);
    const left = await t.ds.query('SELECT 1 FROM submissions WHERE assessment_id = $1', [assignment]);
    expect(left.length).toBe(2);
  });
});

describe('users: viewerCanEdit and viewerCanDelete follow the rules per row', () => {
  const USERS = 'query($search: String) { users(search: $search, first: 100) { nodes { email viewerCanEdit viewerCanDelete } } }';
  const flags = async (who: string) => {
    const r = await t.gql(USERS, { search: 'demo.school' }, tok[who]);
    expect(r.errors).toBeUndefined();
    return Object.fromEntries(r.data.users.nodes.map((u: any) => [u.email, [u.viewerCanEdit, u.viewerCanDelete]]));
  };

  it('an Admin: not SuperAdmins, and never their own delete', async () => {
    const f = await flags('admin');
    expect(f['superadmin@demo.school']).toEqual([false, false]);
    expect(f['admin@demo.school']).toEqual([true, false]);
    expect(f['teacher@demo.school']).toEqual([true, true]);
    expect(f['parent@demo.school']).toEqual([true, true]);
  });

  it("a Teacher: their students and those students' parents, never staff, not even themselves (issue 23)", async () => {
    const f = await flags('teacher');
    expect(f['admin@demo.school']).toEqual([false, false]);
    expect(f['teacher@demo.school']).toEqual([false, false]);
    expect(f['teacher2@demo.school']).toEqual([false, false]);
    expect(f['student@demo.school']).toEqual([true, true]);
    expect(f['parent@demo.school']).toEqual([true, true]);
  });

  it('what the flag promises the server does: a shown Delete succeeds, a hidden one is refused', async () => {
    // a parent of a student of Class 5A, which teacher@ teaches
    const victim = await makeUser(t.ds, { role: Role.Parent });
    await t.ds.query(`INSERT INTO parent_students (parent_id, student_id) SELECT $1, id FROM users WHERE email = 'student2@demo.school'`, [
      victim.id,
    ]);
    const shown = await t.gql('mutation($id: ID!) { deleteUser(id: $id) }', { id: victim.id }, tok.teacher);
    expect(shown.errors).toBeUndefined();
    const hidden = await t.gql('mutation($id: ID!) { deleteUser(id: $id) }', { id: id.admin }, tok.teacher);
    expect(hidden.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
