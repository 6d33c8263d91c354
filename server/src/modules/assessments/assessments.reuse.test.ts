import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeItem } from '../../test/submissions.fixtures';

/**
 * Reuse lists (DESIGN "reuse lists"; issue 25): the teacher's items of the kind, the target course's and
 * module's own included, so last week's quiz can be copied within the course; never another teacher's items.
 */
let t: TestServer;
const tok: Record<string, string> = {};
let math: string;
let mod: string;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'teacher2']) tok[who] = await t.login(`${who}@demo.school`);
  [{ id: math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  [{ id: mod }] = await t.ds.query('SELECT id FROM course_modules WHERE course_id = $1 ORDER BY sort_order LIMIT 1', [math]);
}, 60_000);
afterAll(() => t.close());

const LIST = `query($kind: AssessmentKind!, $courseId: ID, $moduleId: ID) { reusableAssessments(kind: $kind, courseId: $courseId, moduleId: $moduleId) { nodes { id } } }`;
const ids = async (vars: Record<string, unknown>, token = tok.teacher) =>
  (await t.gql(LIST, vars, token)).data?.reusableAssessments?.nodes.map((a: { id: string }) => a.id) ?? null;

describe('reuse lists', () => {
  it("offer the course's own assignments and the module's own quizzes, on both transports", async () => {
    const assignment = await makeItem(t, tok.teacher, { courseId: math });
    const quiz = await makeItem(t, tok.teacher, { moduleId: mod }, { kind: 'QUIZ' });
    expect(await ids({ kind: 'ASSIGNMENT', courseId: math })).toContain(assignment.id);
    expect(await ids({ kind: 'QUIZ', moduleId: mod })).toContain(quiz.id);
    const rest = await t.rest('GET', `/assignments/reuse/available/${math}`, { token: tok.teacher });
    expect([rest.status, rest.body.data.some((a: { _id: string }) => a._id === assignment.id)]).toEqual([200, true]);
  });

  it("never another teacher's: teacher2 is refused a course they do not teach", async () => {
    const r = await t.gql(LIST, { kind: 'ASSIGNMENT', courseId: math }, tok.teacher2);
    expect(r.errors?.[0]?.extensions?.code).toMatch(/NOT_FOUND|FORBIDDEN/);
  });
});
