import { GradingWorld, GRADE, REOPEN, code, gradingWorld } from '../../test/grading.fixtures';
import { GRADING_TEXT, MAX_REOPEN_YEARS } from './grading.validation';
import { REVIEW_REST_TEXT } from './dashboards.rest';
import { FILE_TEXT, MAX_UPLOAD_FILES } from '../files';
import { generatedBytes, postMultipart } from '../../test/multipart';
import { perfect } from '../../test/submissions.fixtures';

/**
 * Issue 23's edge inputs, each refused with a clear error and changing nothing: a score finer than the spec's
 * step of 0.01 (1e-9 was stored as 0), a reopen date in year 9999, `dryRun=yes` (it ran a real sweep), more
 * files or more bytes in one submit than a submit may carry; and a text file named evil.html is kept and
 * offered for download as evil.html.txt.
 */
let w: GradingWorld;
beforeAll(async () => {
  w = await gradingWorld();
}, 60_000);
afterAll(() => w.t.close());

test('a score finer than 0.01 is refused, two decimals are kept', async () => {
  const i = await w.item();
  const sid = await w.submit(i);
  for (const score of [1e-9, 0.001, 2.345]) {
    const r = await w.t.gql(GRADE, { input: { submissionId: sid, questionId: i.long, score, expectedVersion: 0 } }, w.tok.teacher);
    expect([score, ...code(r)]).toEqual([score, 'VALIDATION', GRADING_TEXT.scoreStep]);
  }
  expect(await w.t.ds.query('SELECT 1 FROM grades WHERE submission_id = $1 AND question_id = $2', [sid, i.long])).toEqual([]);
  const ok = await w.t.gql(GRADE, { input: { submissionId: sid, questionId: i.long, score: 2.35, expectedVersion: 0 } }, w.tok.teacher);
  expect(ok.data.gradeAnswer.answers.find((a: { questionId: string }) => a.questionId === i.long).grade.score).toBe(2.35);
});

test(`a reopen date more than ${MAX_REOPEN_YEARS} years ahead is refused (REST and GraphQL)`, async () => {
  const i = await w.item();
  const far = '9999-01-01T00:00:00.000Z';
  const r = await w.t.gql(REOPEN, { input: { assessmentId: i.id, studentId: w.id.student, newDueDate: far } }, w.tok.teacher);
  expect(code(r)).toEqual(['VALIDATION', GRADING_TEXT.newDueDateTooFar]);
  const rest = await w.t.rest('POST', '/submissions/reopen', {
    token: w.tok.teacher,
    body: { assignmentId: i.id, studentId: w.id.student, newDueDate: far },
  });
  expect([rest.status, rest.body.message]).toEqual([400, GRADING_TEXT.newDueDateTooFar]);
  expect(await w.t.ds.query('SELECT 1 FROM submissions WHERE assessment_id = $1', [i.id])).toEqual([]);
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString();
  expect(
    (await w.t.gql(REOPEN, { input: { assessmentId: i.id, studentId: w.id.student, newDueDate: nextYear } }, w.tok.teacher)).errors,
  ).toBeUndefined();
});

test('dryRun takes true or false only; anything else changes nothing', async () => {
  const i = await w.item({ dueInHours: -1 });
  for (const v of ['yes', '1', 'TRUE']) {
    const r = await w.t.rest('POST', `/submissions/auto-submit-overdue?dryRun=${v}`, {
      token: w.tok.teacher,
      body: { assignmentId: i.id },
    });
    expect([v, r.status, r.body.message]).toEqual([v, 400, REVIEW_REST_TEXT.dryRun]);
  }
  expect(await w.t.ds.query('SELECT 1 FROM submissions WHERE assessment_id = $1', [i.id])).toEqual([]);
  const dry = await w.t.rest('POST', '/submissions/auto-submit-overdue?dryRun=true', {
    token: w.tok.teacher,
    body: { assignmentId: i.id },
  });
  expect(dry.status).toBe(200);
});

describe('what one submit may carry', () => {
  const submit = (
    itemId: string,
    answers: unknown[],
    files: Array<{ filename: string; contentType: string; data: Buffer | (() => AsyncIterable<Buffer>) }>,
  ) =>
    postMultipart(
      `${w.t.url}/api/submissions`,
      [
        { name: 'assignmentId', value: itemId },
        { name: 'answers', value: JSON.stringify(answers) },
        ...files.map((f) => ({ name: 'files', ...f })),
      ],
      { authorization: `Bearer ${w.tok.student2}` },
    );

  test('a text file named .html or .svg is kept and downloaded with a .txt name', async () => {
    for (const name of ['evil.html', 'evil.svg']) {
      const i = await w.item();
      const answers = perfect(i).map((a) => (a.questionId === i.long ? { ...a, fileIndex: 0 } : a));
      const res = await submit(i.id, answers, [
        { filename: name, contentType: 'text/plain', data: Buffer.from('<script>alert(1)</script>') },
      ]);
      expect(res.status).toBe(201);
      const answer = res.body.data.answers.find((a: { question: string }) => a.question === i.long);
      expect(answer.fileName).toBe(`${name}.txt`);
      const dl = await fetch(`${w.t.url}/api/submissions/download/${res.body.data._id}/${answer.fileId}`, {
        headers: { authorization: `Bearer ${w.tok.student2}` },
      });
      expect(dl.headers.get('content-disposition')).toContain(`${name}.txt`);
      expect(dl.headers.get('content-type')).toMatch(/^text\/plain/);
    }
  });

  test(`more than ${MAX_UPLOAD_FILES} files, or more than 100MB together, are refused and nothing is stored`, async () => {
    const i = await w.item();
    const [before] = await w.t.ds.query('SELECT count(*)::int AS n FROM files');
    const many = Array.from({ length: MAX_UPLOAD_FILES + 1 }, (_, n) => ({
      filename: `f${n}.txt`,
      contentType: 'text/plain',
      data: Buffer.from('text'),
    }));
    const tooMany = await submit(i.id, perfect(i), many);
    expect([tooMany.status, tooMany.body.message]).toEqual([413, FILE_TEXT.tooMany(MAX_UPLOAD_FILES)]);
    // three files of 40MB: each within the 50MB of one file, too much together
    const big = Array.from({ length: 3 }, (_, n) => ({
      filename: `big${n}.pdf`,
      contentType: 'application/pdf',
      data: generatedBytes(40 * 1024 * 1024),
    }));
    const res = await submit(i.id, perfect(i), big);
    expect([res.status, res.body.message]).toEqual([413, FILE_TEXT.tooLargeTogether]);
    const [after] = await w.t.ds.query('SELECT count(*)::int AS n FROM files');
    expect(after.n).toBe(before.n);
    expect(await w.t.ds.query('SELECT 1 FROM submissions WHERE assessment_id = $1', [i.id])).toEqual([]);
  });
});
