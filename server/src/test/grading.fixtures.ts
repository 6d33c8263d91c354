import { TestServer, startTestServer } from './test-server';
import { seedDemoSchool } from '../app/seed';
import { makeUser } from './factories';
import { Role } from '../core/role';
import { MadeItem, SUBMIT, makeItem, perfect } from './submissions.fixtures';

/** Shared by the grading tests: the demo school, teacher2@ also teaching MATH-5A, and a teacher who does not. */
export interface GradingWorld {
  t: TestServer;
  tok: Record<string, string>;
  id: Record<string, string>;
  /** 'First Last' of each account. */
  name: Record<string, string>;
  math: string;
  item(o?: Parameters<typeof makeItem>[3]): Promise<MadeItem>;
  /** student@ (or another) submits every automatic point and a long answer; the submission's id. */
  submit(i: MadeItem, token?: string, answers?: unknown[]): Promise<string>;
  /** A new item with student@'s submission of it. */
  submitted(o?: Parameters<typeof makeItem>[3]): Promise<{ i: MadeItem; sid: string }>;
  /** The submission's version, total, status and grades: equal before and after a refused save. */
  snapshot(sid: string): Promise<unknown>;
}

export async function gradingWorld(): Promise<GradingWorld> {
  const t = await startTestServer();
  await seedDemoSchool(t.ds);
  const [math] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  // two teachers of one course, so that two graders can meet on one submission
  await t.ds.query(
    `INSERT INTO allocation_teachers (allocation_id, teacher_id)
     SELECT a.id, u.id FROM allocations a JOIN courses c ON c.class_id = a.class_id AND c.subject_id = a.subject_id AND c.academic_year_id = a.academic_year_id
       JOIN users u ON u.email = 'teacher2@demo.school' WHERE c.id = $1 ON CONFLICT DO NOTHING`,
    [math.id],
  );
  const outsider = await makeUser(t.ds, { role: Role.Teacher, firstName: 'Olive', lastName: 'Outsider' });
  const tok: Record<string, string> = {};
  const id: Record<string, string> = {};
  const name: Record<string, string> = {};
  for (const who of ['teacher', 'teacher2', 'student', 'student2', 'parent', 'admin']) {
    tok[who] = await t.login(`${who}@demo.school`);
    const [u] = await t.ds.query(`SELECT id, first_name || ' ' || last_name AS name FROM users WHERE email = $1`, [`${who}@demo.school`]);
    id[who] = u.id;
    name[who] = u.name;
  }
  tok.outsider = await t.login(outsider.email);
  id.outsider = outsider.id;
  const [mod] = await t.ds.query('SELECT id FROM course_modules WHERE course_id = $1 AND is_visible ORDER BY sort_order LIMIT 1', [
    math.id,
  ]);
  const item = (o: Parameters<typeof makeItem>[3] = {}) =>
    makeItem(t, tok.teacher, o.kind === 'QUIZ' ? { moduleId: mod.id } : { courseId: math.id }, o);
  const submit = async (i: MadeItem, token = tok.student, answers: unknown[] = perfect(i)) => {
    const r = await t.gql(SUBMIT, { input: { assessmentId: i.id, answers } }, token);
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data.submitAssessment.id as string;
  };
  const submitted = async (o: Parameters<typeof makeItem>[3] = {}) => {
    const i = await item(o);
    return { i, sid: await submit(i) };
  };
  const snapshot = (sid: string) =>
    t.ds.query(
      `SELECT s.version, s.updated_at, s.total_score, s.status,
            (SELECT json_agg(json_build_object('q', g.question_id, 'score', g.score, 'v', g.version, 'f', g.feedback) ORDER BY g.question_id) FROM grades g WHERE g.submission_id = s.id) AS grades
       FROM submissions s WHERE s.id = $1`,
      [sid],
    );
  return { t, tok, id, name, math: math.id, item, submit, submitted, snapshot };
}

/** The grade of question `qid` in a submission as GraphQL answers it. */
export const gradeOf = (s: { answers: Array<{ questionId: string; grade: Record<string, unknown> }> }, qid: string | null) =>
  s.answers.find((a) => a.questionId === qid)!.grade;

/** The code and message of a GraphQL answer's first error. */
export const code = (r: { errors?: Array<{ message: string; extensions?: { code?: string } }> }) => [
  r.errors?.[0]?.extensions?.code,
  r.errors?.[0]?.message,
];

export const GRADE = `mutation($input: GradeAnswerInput!) { gradeAnswer(input: $input) {
  id status totalScore maxScore version updatedAt assessment { id title }
  answers { questionId grade { score feedback isAutoGraded version autoScore gradedByName } } } }`;

export const REOPEN = `mutation($input: ReopenSubmissionInput!) { reopenSubmission(input: $input) {
  id status allowedAfterDue customDueDate submittedAt version student { id } } }`;

export const CREATE_FOR_GRADING = `mutation($input: CreateSubmissionForGradingInput!) { createSubmissionForGrading(input: $input) {
  id status submittedAt isAutoSubmitted totalScore student { id } } }`;

/** A submission as a teacher's dashboard reads it. */
export const TEACHER_VIEW = `query($id: ID!) { submission(id: $id) { id status totalScore version updatedAt
  answers { questionId grade { score feedback isAutoGraded version autoScore gradedByName explanation { text matchedWeight } } } } }`;
