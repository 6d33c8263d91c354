import { Row, Vars, row, uniq } from './matrix';
import { World } from './world';
import { Kind, fresh } from './assessments.rows';

/**
 * Teacher grading (issue 13): only the course's teachers grade, reopen (and extend) and create submissions for
 * grading; SuperAdmin and Admin, who read the course's submissions, are refused (403) as for releasing results;
 * a student is refused on their own work, and neither another teacher nor a parent learns that it exists.
 * Submission cases as in submissions.rows.ts: "own", student@'s in MATH-5A; "classmate", student2@'s there;
 * "other", student2@'s of an ART-6A item (teacher2@'s). Item cases as in assessments.rows.ts ("own", "hidden",
 * "other"), for student@. GraphQL rides on the assignments family.
 */
interface Family {
  kind: Kind;
  path: string;
  idField: string;
  submissionField: string;
  gql: boolean;
}
const FAMILIES: Family[] = [
  { kind: 'ASSIGNMENT', path: '/submissions', idField: 'assignmentId', submissionField: 'submissionId', gql: true },
  { kind: 'QUIZ', path: '/quizsubmissions', idField: 'quizId', submissionField: 'submissionId', gql: false },
  { kind: 'EXAM', path: '/examsubmissions', idField: 'examId', submissionField: 'examSubmissionId', gql: false },
];

/** A handed-in submission of a fresh item (one long-answer question of 1 point) with no grade yet. */
async function submission(w: World, kind: Kind, c: string): Promise<{ id: string; q: string; target: string }> {
  const item = await fresh(w, kind, c === 'other' ? 'other' : 'own');
  const student = c === 'own' ? w.me.Student : w.student2;
  const [s] = await w.ds.query(
    `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, max_score) VALUES ($1, $2, 'pending', now(), 1) RETURNING id`,
    [item, student],
  );
  const [q] = await w.ds.query('SELECT id FROM questions WHERE assessment_id = $1', [item]);
  return { id: s.id, q: q.id, target: s.id };
}

/** A fresh item (past its due date when asked) and student@, who has no submission of it. */
async function itemAndStudent(w: World, kind: Kind, c: string, pastDue: boolean): Promise<Vars> {
  const id = await fresh(w, kind, c);
  if (pastDue) await w.ds.query(`UPDATE assessments SET due_date = date_trunc('minute', now() - interval '1 day') WHERE id = $1`, [id]);
  return { id, student: w.me.Student, target: w.me.Student };
}

const has = async (w: World, sql: string, params: unknown[]) => ((await w.ds.query(sql, params)) as unknown[]).length > 0;

function familyRows(f: Family): Row<any>[] {
  const g = <T extends object>(gql: T) => (f.gql ? gql : {});
  return [
    row({
      ...g({ gql: 'Mutation.gradeAnswer' as const, query: 'mutation($input: GradeAnswerInput!) { gradeAnswer(input: $input) { id } }' }),
      variables: (v: Vars) => ({ input: { submissionId: v.id, questionId: v.q, score: 1, feedback: 'Well argued' } }),
      rest: {
        [`PUT ${f.path}/grade`]: (v: Vars) => ({
          path: `${f.path}/grade`,
          body: { [f.submissionField]: v.id, questionId: v.q, score: 1, feedback: 'Well argued' },
        }),
      },
      // parent@ reads student@'s work (issue 17), so is refused rather than told not found
      expect: { own: 'FFAFF', classmate: 'FFANN', other: 'FFNNN' },
      given: async (w, c) => submission(w, f.kind, c),
      changed: (w, v) => has(w, 'SELECT 1 FROM grades WHERE submission_id = $1', [v.id]),
    }),
    row({
      ...g({
        gql: 'Mutation.gradeSubmission' as const,
        query: 'mutation($input: GradeSubmissionInput!) { gradeSubmission(input: $input) { id } }',
      }),
      variables: (v: Vars) => ({ input: { submissionId: v.id, grades: [{ questionId: v.q, score: 1, feedback: 'Well argued' }] } }),
      rest: {
        [`PUT ${f.path}/grades`]: (v: Vars) => ({
          path: `${f.path}/grades`,
          body: { [f.submissionField]: v.id, grades: [{ questionId: v.q, score: 1 }] },
        }),
      },
      // Save all (issue 25): the same rule as one question's save
      expect: { own: 'FFAFF', classmate: 'FFANN', other: 'FFNNN' },
      given: async (w, c) => submission(w, f.kind, c),
      changed: (w, v) => has(w, 'SELECT 1 FROM grades WHERE submission_id = $1', [v.id]),
    }),
    row({
      ...g({
        gql: 'Mutation.reopenSubmission' as const,
        query: 'mutation($input: ReopenSubmissionInput!) { reopenSubmission(input: $input) { id student { id } } }',
      }),
      variables: (v: Vars) => ({ input: { assessmentId: v.id, studentId: v.student } }),
      rest: { [`POST ${f.path}/reopen`]: (v: Vars) => ({ path: `${f.path}/reopen`, body: { [f.idField]: v.id, studentId: v.student } }) },
      expect: { own: 'FFAFN', hidden: 'FFANN', other: 'FFNNN' },
      given: async (w, c) => itemAndStudent(w, f.kind, c, false),
      changed: (w, v) => has(w, `SELECT 1 FROM submissions WHERE assessment_id = $1 AND status = 'reopened'`, [v.id]),
    }),
    row({
      ...g({
        gql: 'Mutation.createSubmissionForGrading' as const,
        query: 'mutation($input: CreateSubmissionForGradingInput!) { createSubmissionForGrading(input: $input) { id student { id } } }',
      }),
      variables: (v: Vars) => ({ input: { assessmentId: v.id, studentId: v.student } }),
      rest: {
        [`POST ${f.path}/create-for-grading`]: (v: Vars) => ({
          path: `${f.path}/create-for-grading`,
          body: { [f.idField]: v.id, studentId: v.student },
        }),
      },
      expect: { own: 'FFAFN', hidden: 'FFANN', other: 'FFNNN' },
      given: async (w, c) => itemAndStudent(w, f.kind, c, true),
      changed: (w, v) => has(w, 'SELECT 1 FROM submissions WHERE assessment_id = $1', [v.id]),
    }),
  ];
}

/** A snippet of teacher@'s comment bank ("own") or of teacher2@'s ("other"). */
async function snippet(w: World, c: string): Promise<string> {
  const [r] = await w.ds.query('INSERT INTO comment_snippets (teacher_id, text) VALUES ($1, $2) RETURNING id', [
    c === 'own' ? w.me.Teacher : w.teacher2,
    uniq('Snippet'),
  ]);
  return r.id;
}

/** The comment bank (issue 25): each teacher's own snippets; other roles have an empty bank and may not keep one. */
const commentBankRows: Row<any>[] = [
  row({
    gql: 'Query.myCommentSnippets',
    query: '{ myCommentSnippets { id } }',
    expect: { own: 'EEAEE', other: 'EEEEE' },
    given: async (w, c) => ({ target: await snippet(w, c) }),
  }),
  row({
    gql: 'Mutation.addCommentSnippet',
    query: 'mutation($input: AddCommentSnippetInput!) { addCommentSnippet(input: $input) { id text } }',
    variables: (v: Vars) => ({ input: { text: v.text } }),
    expect: { own: 'FFAFF' },
    given: async () => {
      const text = uniq('Kept');
      return { text, target: text };
    },
    changed: (w, v) => has(w, 'SELECT 1 FROM comment_snippets WHERE text = $1', [v.text]),
  }),
  row({
    gql: 'Mutation.deleteCommentSnippet',
    query: 'mutation($id: ID!) { deleteCommentSnippet(id: $id) }',
    variables: (v: Vars) => ({ id: v.id }),
    expect: { own: 'FFAFF', other: 'FFNFF' },
    given: async (w, c) => {
      const id = await snippet(w, c);
      return { id, target: id };
    },
    changed: async (w, v) => !(await has(w, 'SELECT 1 FROM comment_snippets WHERE id = $1', [v.id])),
  }),
];

export const gradingRows: Row<any>[] = [...FAMILIES.flatMap(familyRows), ...commentBankRows];
