import { Readable } from 'node:stream';
import { Row, Vars, row } from './matrix';
import { World, exists } from './world';
import { Kind, fresh } from './assessments.rows';
import { tinyPdf } from '../../modules/files';

/**
 * The taking side (issue 12): students submit and read their own work, the course's teachers (and SuperAdmin,
 * Admin) read the course's submissions, only the student and the course's teachers download its files, only
 * the course's teachers release manual results. Item cases as in assessments.rows.ts ("own": visible, whole
 * class, MATH-5A; "hidden"; "notMine": for student2@ only; "other": ART-6A). Submission cases: "own", student@'s
 * in MATH-5A; "classmate", student2@'s in MATH-5A; "other", student2@'s of an ART-6A item (teacher2@'s course).
 * GraphQL rides on the assignments family.
 */
interface Family {
  kind: Kind;
  path: string;
  items: string;
  idField: string;
  query: string;
  gql: boolean;
}
const FAMILIES: Family[] = [
  { kind: 'ASSIGNMENT', path: '/submissions', items: '/assignments', idField: 'assignmentId', query: 'assignment', gql: true },
  { kind: 'QUIZ', path: '/quizsubmissions', items: '/quizzes', idField: 'quizId', query: 'quiz', gql: false },
  { kind: 'EXAM', path: '/examsubmissions', items: '/exams', idField: 'examId', query: 'exam', gql: false },
];

/** A submission of a fresh item with a long answer carrying a stored file; ids of the submission and the file. */
async function submission(w: World, kind: Kind, c: string): Promise<{ id: string; fileId: string; item: string }> {
  const item = await fresh(w, kind, c === 'other' ? 'other' : 'own');
  const student = c === 'own' ? w.me.Student : w.student2;
  const put = await w.t.services.files.store.put(Readable.from([tinyPdf(['Answer'])]));
  const [file] = await w.ds.query(
    `INSERT INTO files (storage_key, original_name, size, mime, sha256, owner_id) VALUES ($1, 'answer.pdf', $2, 'application/pdf', $3, $4) RETURNING id`,
    [put.key, put.size, put.sha256, student],
  );
  const [s] = await w.ds.query(
    `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, max_score) VALUES ($1, $2, 'pending', now(), 1) RETURNING id`,
    [item, student],
  );
  const [q] = await w.ds.query('SELECT id FROM questions WHERE assessment_id = $1', [item]);
  await w.ds.query(
    `INSERT INTO submission_answers (submission_id, question_id, answer, file_id, file_name) VALUES ($1, $2, 'Because', $3, 'answer.pdf')`,
    [s.id, q.id, file.id],
  );
  return { id: s.id, fileId: file.id, item };
}

const DRAFT_PDF = { name: 'file', filename: 'working.pdf', contentType: 'application/pdf', data: tinyPdf(['Working']) };

/** student@'s draft of the item keeping a stored file for its long answer. */
async function draftFileOf(w: World, item: string, q: string): Promise<void> {
  const put = await w.t.services.files.store.put(Readable.from([tinyPdf(['Draft'])]));
  const [file] = await w.ds.query(
    `INSERT INTO files (storage_key, original_name, size, mime, sha256, owner_id) VALUES ($1, 'draft.pdf', $2, 'application/pdf', $3, $4) RETURNING id`,
    [put.key, put.size, put.sha256, w.me.Student],
  );
  await w.ds.query(`INSERT INTO submission_drafts (assessment_id, student_id) VALUES ($1, $2)`, [item, w.me.Student]);
  await w.ds.query(
    `INSERT INTO submission_draft_files (assessment_id, student_id, question_id, file_id, file_name) VALUES ($1, $2, $3, $4, 'draft.pdf')`,
    [item, w.me.Student, q, file.id],
  );
}

const submitted = async (w: World, item: string) =>
  ((await w.ds.query('SELECT 1 FROM submissions WHERE assessment_id = $1', [item])) as unknown[]).length > 0;

function familyRows(f: Family): Row<any>[] {
  const g = <T extends object>(gql: T) => (f.gql ? gql : {});
  const ANSWERS = (q: string) => [{ questionId: q, answer: 'Because' }];
  const itemWithQuestion = async (w: World, c: string) => {
    const id = await fresh(w, f.kind, c);
    const [q] = await w.ds.query('SELECT id FROM questions WHERE assessment_id = $1', [id]);
    return { id, q: q.id as string, target: id };
  };
  return [
    row({
      ...g({ gql: 'Query.myAssessments' as const, query: `query { myAssessments(kind: ${f.kind}, first: 500) { nodes { id } } }` }),
      rest: { [`GET ${f.items}`]: () => ({ path: f.items }) },
      expect: { own: 'AAAAE', hidden: 'AAAEE', notMine: 'AAAEE', other: 'AAEEE' },
      given: async (w, c) => ({ target: await fresh(w, f.kind, c) }),
    }),
    row({
      ...g({ gql: 'Query.submission' as const, query: 'query($id: ID!) { submission(id: $id) { id } }' }),
      variables: (v: Vars) => ({ id: v.id }),
      rest: { [`GET ${f.path}/:id`]: (v: Vars) => ({ path: `${f.path}/${v.id}` }) },
      // parent@ is linked to student@ (issue 17): reads the child's work, never a classmate's
      expect: { own: 'AAAAA', classmate: 'AAANN', other: 'AANNN' },
      given: async (w, c) => {
        const s = await submission(w, f.kind, c);
        return { id: s.id, target: s.id };
      },
    }),
    row({
      ...g({ gql: 'Query.submissions' as const, query: 'query($item: ID!) { submissions(assessmentId: $item) { nodes { id } } }' }),
      variables: (v: Vars) => ({ item: v.item }),
      rest: { [`GET ${f.path}`]: (v: Vars) => ({ path: `${f.path}?${f.query}=${v.item}` }) },
      expect: { own: 'AAAAA', classmate: 'AAAEE', other: 'AAEEE' },
      given: async (w, c) => {
        const s = await submission(w, f.kind, c);
        return { item: s.item, target: s.id };
      },
    }),
    row({
      rest: { [`GET ${f.path}/download/:submissionId/:fileId`]: (v: Vars) => ({ path: `${f.path}/download/${v.id}/${v.fileId}` }) },
      expect: { own: 'NNAAN', classmate: 'NNANN', other: 'NNNNN' },
      given: async (w, c) => submission(w, f.kind, c),
    }),
    row({
      ...g({
        gql: 'Mutation.submitAssessment' as const,
        query: 'mutation($input: SubmitAssessmentInput!) { submitAssessment(input: $input) { id } }',
      }),
      variables: (v: Vars) => ({ input: { assessmentId: v.id, answers: ANSWERS(v.q) } }),
      rest: { [`POST ${f.path}`]: (v: Vars) => ({ path: f.path, body: { [f.idField]: v.id, answers: ANSWERS(v.q) } }) },
      expect: { own: 'FFFAF', hidden: 'FFFNF', notMine: 'FFFNF', other: 'FFFNF' },
      given: async (w, c) => {
        const { id, q } = await itemWithQuestion(w, c);
        return { id, q };
      },
      changed: (w, v) => submitted(w, v.id),
    }),
    row({
      ...g({
        gql: 'Mutation.saveDraft' as const,
        query: 'mutation($input: SaveDraftInput!) { saveDraft(input: $input) { assessmentId } }',
      }),
      variables: (v: Vars) => ({ input: { assessmentId: v.id, answers: ANSWERS(v.q) } }),
      rest: { [`PUT ${f.path}/draft`]: (v: Vars) => ({ path: `${f.path}/draft`, body: { [f.idField]: v.id, answers: ANSWERS(v.q) } }) },
      expect: { own: 'FFFAF', hidden: 'FFFNF', other: 'FFFNF' },
      given: async (w, c) => itemWithQuestion(w, c),
      changed: async (w, v) =>
        ((await w.ds.query('SELECT 1 FROM submission_drafts WHERE assessment_id = $1', [v.id])) as unknown[]).length > 0,
    }),
    row({
      ...g({
        gql: 'Mutation.attachDraftFile' as const,
        query: 'mutation($input: DraftFileInput!, $file: Upload!) { attachDraftFile(input: $input, file: $file) { assessmentId } }',
      }),
      variables: (v: Vars) => ({ input: { assessmentId: v.id, questionId: v.q } }),
      file: () => DRAFT_PDF,
      rest: {
        [`POST ${f.path}/draft/file`]: (v: Vars) => ({
          path: `${f.path}/draft/file`,
          multipart: [{ name: f.idField, value: v.id }, { name: 'questionId', value: v.q }, DRAFT_PDF],
        }),
      },
      // drafts keep files (issue 25): as saveDraft
      expect: { own: 'FFFAF', hidden: 'FFFNF', other: 'FFFNF' },
      given: async (w, c) => itemWithQuestion(w, c),
      changed: async (w, v) =>
        ((await w.ds.query('SELECT 1 FROM submission_draft_files WHERE assessment_id = $1', [v.id])) as unknown[]).length > 0,
    }),
    row({
      ...g({
        gql: 'Mutation.removeDraftFile' as const,
        query: 'mutation($input: DraftFileInput!) { removeDraftFile(input: $input) { assessmentId } }',
      }),
      variables: (v: Vars) => ({ input: { assessmentId: v.id, questionId: v.q } }),
      rest: {
        [`DELETE ${f.path}/draft/file`]: (v: Vars) => ({ path: `${f.path}/draft/file`, body: { [f.idField]: v.id, questionId: v.q } }),
      },
      expect: { own: 'FFFAF', hidden: 'FFFNF', other: 'FFFNF' },
      given: async (w, c) => {
        const v = await itemWithQuestion(w, c);
        await draftFileOf(w, v.id, v.q);
        return v;
      },
      changed: async (w, v) =>
        ((await w.ds.query('SELECT 1 FROM submission_draft_files WHERE assessment_id = $1', [v.id])) as unknown[]).length === 0,
    }),
    row({
      ...g({ gql: 'Mutation.releaseResults' as const, query: 'mutation($id: ID!) { releaseResults(assessmentId: $id) { id } }' }),
      variables: (v: Vars) => ({ id: v.id }),
      rest: { [`POST ${f.path}/release-results`]: (v: Vars) => ({ path: `${f.path}/release-results`, body: { [f.idField]: v.id } }) },
      expect: { own: 'FFAFN', hidden: 'FFANN', other: 'FFNNN' },
      given: async (w, c) => {
        const id = await fresh(w, f.kind, c);
        return { id, target: id };
      },
      changed: async (w, v) =>
        (await exists(w, 'assessments', v.id)) &&
        ((await w.ds.query('SELECT 1 FROM assessments WHERE id = $1 AND results_released_at IS NOT NULL', [v.id])) as unknown[]).length > 0,
    }),
  ];
}

export const submissionsRows: Row<any>[] = FAMILIES.flatMap(familyRows);
