import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';

/**
 * Issue 23: after a teacher hid an item, its student (and parent) still read the item, its questions, score,
 * feedback and correct answers through the submission paths, while the item itself answered NOT_FOUND. Hidden
 * now means hidden on every path, for the student and their parents: the submission by id (GraphQL and each
 * REST family), the lists by item and without one, and the file download, for an item hidden itself and for
 * a quiz in a hidden module. The course's teachers keep reading it; showing it again gives it back.
 */
let t: TestServer;
let teacher: string;
let student: string;
let parent: string;
const FAMILY = { ASSIGNMENT: ['submissions', 'assignment'], EXAM: ['examsubmissions', 'exam'], QUIZ: ['quizsubmissions', 'quiz'] } as const;
type Kind = keyof typeof FAMILY;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  [teacher, student, parent] = await Promise.all(
    ['teacher@demo.school', 'student@demo.school', 'parent@demo.school'].map((e) => t.login(e)),
  );
});
afterAll(() => t.close());

/** student@'s submissions of the demo school, one per kind: id, item, kind, module. */
async function demoSubmissions(): Promise<Array<{ id: string; assessment_id: string; kind: Kind; module_id: string | null }>> {
  return t.ds.query(
    `SELECT DISTINCT ON (a.kind) s.id, s.assessment_id, a.kind, a.module_id FROM submissions s JOIN assessments a ON a.id = s.assessment_id
       JOIN users u ON u.id = s.student_id WHERE u.email = 'student@demo.school' ORDER BY a.kind, s.status = 'graded' DESC, s.id`,
  );
}

/** Every path by which a viewer may reach one submission; true where it was reached. */
async function reached(token: string, sub: { id: string; assessment_id: string; kind: Kind }): Promise<Record<string, boolean>> {
  const [path, param] = FAMILY[sub.kind];
  const gql = await t.gql(
    `query($id: ID!) { submission(id: $id) { id assessment { questions { id } } answers { correctOptionIds acceptedAnswers } } }`,
    { id: sub.id },
    token,
  );
  const byId = await t.rest('GET', `/${path}/${sub.id}`, { token });
  const byItem = await t.rest('GET', `/${path}?${param}=${sub.assessment_id}`, { token });
  const all = await t.rest('GET', `/${path}`, { token });
  const item = await t.gql(`query($id: ID!) { assessment(id: $id) { id } }`, { id: sub.assessment_id }, token);
  const has = (r: { body: { data?: unknown } }) => JSON.stringify(r.body.data ?? null).includes(sub.id);
  return {
    'GraphQL submission(id)': !gql.errors && gql.data?.submission?.id === sub.id,
    [`GET /${path}/:id`]: byId.status === 200 && has(byId),
    [`GET /${path}?${param}=`]: has(byItem),
    [`GET /${path}`]: has(all),
    'GraphQL assessment(id)': !item.errors && !!item.data?.assessment,
  };
}

const every = (seen: Record<string, boolean>, value: boolean) => Object.fromEntries(Object.keys(seen).map((k) => [k, value]));

test.each(['ASSIGNMENT', 'EXAM', 'QUIZ'] as Kind[])(
  'a hidden %s hides its submission from the student and the parent on every path',
  async (kind) => {
    const sub = (await demoSubmissions()).find((s) => s.kind === kind)!;
    expect(sub).toBeDefined();
    const seenBefore = await reached(student, sub);
    // the parent reads the child's submission, never the item's own page (courses are not theirs)
    expect(seenBefore).toEqual(every(seenBefore, true));
    expect((await reached(parent, sub))['GraphQL submission(id)']).toBe(true);

    const hide = await t.gql(
      `mutation($input: UpdateAssessmentInput!) { updateAssessment(input: $input) { id isVisible } }`,
      { input: { id: sub.assessment_id, isVisible: false } },
      teacher,
    );
    expect(hide.errors).toBeUndefined();
    for (const token of [student, parent]) {
      const seen = await reached(token, sub);
      expect(seen).toEqual(every(seen, false));
    }
    const byId = await t.rest('GET', `/${FAMILY[kind][0]}/${sub.id}`, { token: student });
    expect([byId.status, byId.body.message]).toEqual([404, 'Submission not found']);
    // the course's teacher still reads it
    expect((await reached(teacher, sub))['GraphQL submission(id)']).toBe(true);

    await t.gql(
      `mutation($input: UpdateAssessmentInput!) { updateAssessment(input: $input) { id } }`,
      { input: { id: sub.assessment_id, isVisible: true } },
      teacher,
    );
    expect((await reached(student, sub))['GraphQL submission(id)']).toBe(true);
  },
);

test('a quiz in a hidden module hides its submission too', async () => {
  const sub = (await demoSubmissions()).find((s) => s.kind === 'QUIZ' && s.module_id)!;
  expect(sub).toBeDefined();
  await t.ds.query('UPDATE course_modules SET is_visible = false WHERE id = $1', [sub.module_id]);
  try {
    for (const token of [student, parent]) {
      const seen = await reached(token, sub);
      expect(seen).toEqual(every(seen, false));
    }
  } finally {
    await t.ds.query('UPDATE course_modules SET is_visible = true WHERE id = $1', [sub.module_id]);
  }
});
