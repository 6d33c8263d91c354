import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { storedFiles } from '../../test/courses.factories';
import { Part, postMultipart } from '../../test/multipart';
import { tinyPdf } from '../files';
import { sweepUnreferencedFiles } from '../../jobs/file-cleanup';
import { MadeItem, SUBMIT, makeItem, perfect } from '../../test/submissions.fixtures';

/**
 * Drafts keep files (issue 25 point 6): a long answer's file is stored with the student's draft, comes back
 * with the draft after a reload, replaces the earlier one, goes into the submission when the submit sends no
 * file of its own, and is removed by the cleanup job once its draft is gone. Both transports; only the
 * student, only long answers, only while the item may be submitted, checked by content; refusals leave nothing.
 */
let t: TestServer;
const tok: Record<string, string> = {};
let math: string;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'student', 'student2']) tok[who] = await t.login(`${who}@demo.school`);
  [{ id: math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
}, 60_000);
afterAll(() => t.close());

type FilePart = Extract<Part, { filename: string }>;
const pdf = (text: string, filename = 'photo-of-work.pdf'): FilePart => ({
  name: 'file',
  filename,
  contentType: 'application/pdf',
  data: tinyPdf([text]),
});

const ATTACH = `mutation($input: DraftFileInput!, $file: Upload!) { attachDraftFile(input: $input, file: $file) {
  assessmentId answers { questionId answer } files { questionId file { id name size mimeType } } } }`;
const REMOVE = `mutation($input: DraftFileInput!) { removeDraftFile(input: $input) { files { questionId } } }`;
const DRAFT = `query($id: ID!) { assessment(id: $id) { myDraft { answers { questionId answer } files { questionId file { id name } } } } }`;

const gqlAttach = (assessmentId: string, questionId: string | null, file: FilePart, token = tok.student) =>
  postMultipart(
    `${t.url}/graphql`,
    [
      { name: 'operations', value: JSON.stringify({ query: ATTACH, variables: { input: { assessmentId, questionId }, file: null } }) },
      { name: 'map', value: JSON.stringify({ 0: ['variables.file'] }) },
      { ...file, name: '0' },
    ],
    { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
  );

const restAttach = (assessmentId: string, questionId: string | null, file: FilePart, token = tok.student) =>
  postMultipart(
    `${t.url}/api/submissions/draft/file`,
    [{ name: 'assignmentId', value: assessmentId }, { name: 'questionId', value: questionId ?? '' }, file],
    { authorization: `Bearer ${token}` },
  );

const counts = async () => {
  const [r] = await t.ds.query(
    'SELECT (SELECT count(*)::int FROM files) AS files, (SELECT count(*)::int FROM submission_draft_files) AS drafted',
  );
  return { ...r, stored: storedFiles(t.services).length };
};
const gqlError = (res: { body: any }) => [res.body.errors?.[0]?.extensions?.code, res.body.errors?.[0]?.message];
const w = async (query: string, variables: Record<string, unknown>) => {
  const r = await t.gql(query, variables, tok.student);
  return [r.errors?.[0]?.extensions?.code, r.errors?.[0]?.message];
};

describe('drafts keep files', () => {
  it('attached, kept across a reload, replaced, then submitted with the draft; the replaced and the draft rows go', async () => {
    const i: MadeItem = await makeItem(t, tok.teacher, { courseId: math });
    // the typed text autosaves as before; the file joins the same draft
    await t.gql(
      `mutation($input: SaveDraftInput!) { saveDraft(input: $input) { savedAt } }`,
      { input: { assessmentId: i.id, answers: [{ questionId: i.long, answer: 'Half way' }] } },
      tok.student,
    );
    const first = await gqlAttach(i.id, i.long, pdf('first page', 'page-1.pdf'));
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.attachDraftFile).toMatchObject({
      answers: [{ questionId: i.long, answer: 'Half way' }],
      files: [{ questionId: i.long, file: { name: 'page-1.pdf', mimeType: 'application/pdf' } }],
    });
    const firstId = first.body.data.attachDraftFile.files[0].file.id;

    // a reload: the draft brings the file back
    const reloaded = (await t.gql(DRAFT, { id: i.id }, tok.student)).data.assessment.myDraft;
    expect(reloaded.files).toEqual([{ questionId: i.long, file: { id: firstId, name: 'page-1.pdf' } }]);
    // teachers never see drafts
    expect((await t.gql(DRAFT, { id: i.id }, tok.teacher)).data.assessment.myDraft).toBeNull();

    // a second file replaces the first; the first is then unreferenced and the cleanup job removes it
    const second = await restAttach(i.id, i.long, pdf('the whole essay', 'essay.pdf'));
    expect([second.status, second.body.message, second.body.data.files]).toEqual([
      200,
      'Draft saved',
      [expect.objectContaining({ question: i.long, fileName: 'essay.pdf' })],
    ]);
    const secondId = second.body.data.files[0].fileId;
    await sweepUnreferencedFiles(t.ds, t.services.files.store);
    expect(await t.ds.query('SELECT id FROM files WHERE id = ANY($1::uuid[]) ORDER BY id', [[firstId, secondId]])).toEqual([
      { id: secondId },
    ]);

    // the submit sends no file: the draft's goes into the answer, the draft goes, the file stays
    const sub = await t.gql(SUBMIT, { input: { assessmentId: i.id, answers: perfect(i) } }, tok.student);
    expect(sub.errors).toBeUndefined();
    const [answer] = await t.ds.query('SELECT file_id, file_name FROM submission_answers WHERE submission_id = $1 AND question_id = $2', [
      sub.data.submitAssessment.id,
      i.long,
    ]);
    expect(answer).toEqual({ file_id: secondId, file_name: 'essay.pdf' });
    expect(await t.ds.query('SELECT 1 FROM submission_draft_files WHERE assessment_id = $1', [i.id])).toEqual([]);
    await sweepUnreferencedFiles(t.ds, t.services.files.store);
    expect(await t.ds.query('SELECT id FROM files WHERE id = $1', [secondId])).toEqual([{ id: secondId }]);
  });

  it('the overdue sweep submits the draft with its file: the answer keeps it and the cleanup job leaves it', async () => {
    const i = await makeItem(t, tok.teacher, { courseId: math });
    const a = await gqlAttach(i.id, i.long, pdf('handed in by the clock'));
    const fileId = a.body.data.attachDraftFile.files[0].file.id;
    await t.ds.query(`UPDATE assessments SET due_date = date_trunc('minute', now()) - interval '1 minute' WHERE id = $1`, [i.id]);
    const swept = await t.rest('POST', '/submissions/auto-submit-overdue', { token: tok.teacher, body: { assignmentId: i.id } });
    expect(swept.status).toBe(200);
    const [answer] = await t.ds.query(
      `SELECT sa.file_id, sa.file_name, s.is_auto_submitted FROM submission_answers sa JOIN submissions s ON s.id = sa.submission_id
        WHERE s.assessment_id = $1 AND sa.question_id = $2 AND s.student_id = (SELECT id FROM users WHERE email = 'student@demo.school')`,
      [i.id, i.long],
    );
    expect(answer).toEqual({ file_id: fileId, file_name: 'photo-of-work.pdf', is_auto_submitted: true });
    await sweepUnreferencedFiles(t.ds, t.services.files.store);
    expect(await t.ds.query('SELECT id FROM files WHERE id = $1', [fileId])).toEqual([{ id: fileId }]);
  });

  it('removed from the draft, or the draft gone without a submit: the cleanup job removes the bytes', async () => {
    const i = await makeItem(t, tok.teacher, { courseId: math });
    const a = await gqlAttach(i.id, i.long, pdf('to be removed'));
    const id = a.body.data.attachDraftFile.files[0].file.id;
    const removed = await t.gql(REMOVE, { input: { assessmentId: i.id, questionId: i.long } }, tok.student);
    expect(removed.data.removeDraftFile.files).toEqual([]);
    const again = await w(REMOVE, { input: { assessmentId: i.id, questionId: i.long } });
    expect(again).toEqual(['NOT_FOUND', 'Your draft keeps no file for this question']);
    const rest = await t.rest('DELETE', '/submissions/draft/file', {
      token: tok.student,
      body: { assignmentId: i.id, questionId: i.long },
    });
    expect([rest.status, rest.body.message]).toEqual([404, 'Your draft keeps no file for this question']);

    const b = await restAttach(i.id, i.long, pdf('kept until the draft goes'));
    const kept = b.body.data.files[0].fileId;
    await sweepUnreferencedFiles(t.ds, t.services.files.store);
    expect(await t.ds.query('SELECT id FROM files WHERE id = ANY($1::uuid[]) ORDER BY id', [[id, kept]])).toEqual([{ id: kept }]);
    await t.ds.query('DELETE FROM submission_drafts WHERE assessment_id = $1', [i.id]);
    const before = storedFiles(t.services).length;
    await sweepUnreferencedFiles(t.ds, t.services.files.store);
    expect(await t.ds.query('SELECT id FROM files WHERE id = $1', [kept])).toEqual([]);
    expect(storedFiles(t.services).length).toBe(before - 1);
  });

  it('refuses teachers, other questions than long answers, wrong types and items past their due date, keeping nothing', async () => {
    const i = await makeItem(t, tok.teacher, { courseId: math });
    const before = await counts();
    expect(gqlError(await gqlAttach(i.id, i.long, pdf('x'), tok.teacher))).toEqual(['FORBIDDEN', 'Only students can submit work']);
    expect((await restAttach(i.id, i.long, pdf('x'), tok.teacher)).status).toBe(403);
    expect(gqlError(await gqlAttach(i.id, i.short, pdf('x')))).toEqual([
      'VALIDATION',
      'A file can be uploaded only for a long-answer question',
    ]);
    expect(gqlError(await gqlAttach(i.id, i.mcq.id, pdf('x')))).toEqual([
      'VALIDATION',
      'A file can be uploaded only for a long-answer question',
    ]);
    const notPdf: FilePart = {
      name: 'file',
      filename: 'fake.pdf',
      contentType: 'application/pdf',
      data: Buffer.from('MZ\x90\x00 not a pdf at all'),
    };
    expect(gqlError(await gqlAttach(i.id, i.long, notPdf))).toEqual([
      'VALIDATION',
      'Only PDF, JPG, JPEG, PNG, DOC, DOCX and TXT files can be uploaded',
    ]);
    const noFile = await postMultipart(
      `${t.url}/api/submissions/draft/file`,
      [
        { name: 'assignmentId', value: i.id },
        { name: 'questionId', value: i.long! },
      ],
      { authorization: `Bearer ${tok.student}` },
    );
    expect([noFile.status, noFile.body.message]).toEqual([400, 'Choose a file to attach']);
    await t.ds.query(`UPDATE assessments SET due_date = date_trunc('minute', now()) - interval '1 hour' WHERE id = $1`, [i.id]);
    expect(gqlError(await gqlAttach(i.id, i.long, pdf('x')))).toEqual([
      'FORBIDDEN',
      'Overdue: the due date has passed. You can no longer submit your work.',
    ]);
    expect(await counts()).toEqual(before);
  });
});
