import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { storedFiles } from '../../test/courses.factories';
import { Part, generatedBytes, postMultipart } from '../../test/multipart';
import { tinyPdf } from '../files';
import { MadeItem, SUBMIT, makeItem, perfect } from '../../test/submissions.fixtures';

/**
 * Long-answer files through both transports: checked by content against the types of section 9, the 50MB
 * limit, one file per long answer; every refusal leaves no row and no bytes; downloads only for the student
 * who sent it and the course's teachers.
 */
let t: TestServer;
const tok: Record<string, string> = {};
let math: string;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'student', 'student2', 'admin']) tok[who] = await t.login(`${who}@demo.school`);
  [{ id: math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
}, 60_000);
afterAll(() => t.close());

type FilePart = Extract<Part, { filename: string }>;
const pdf: FilePart = { name: 'files', filename: 'essay.pdf', contentType: 'application/pdf', data: tinyPdf(['My essay']) };

const restSubmit = (i: MadeItem, answers: unknown[], files: FilePart[], token = tok.student) =>
  postMultipart(
    `${t.url}/api/submissions`,
    [{ name: 'assignmentId', value: i.id }, { name: 'answers', value: JSON.stringify(answers) }, ...files],
    { authorization: `Bearer ${token}` },
  );

/** The GraphQL multipart request (graphql-multipart-request-spec) with files at variables.files.n. */
const gqlSubmit = (i: MadeItem, answers: unknown[], files: FilePart[], token = tok.student) =>
  postMultipart(
    `${t.url}/graphql`,
    [
      {
        name: 'operations',
        value: JSON.stringify({ query: SUBMIT, variables: { input: { assessmentId: i.id, answers }, files: files.map(() => null) } }),
      },
      { name: 'map', value: JSON.stringify(Object.fromEntries(files.map((_f, n) => [String(n), [`variables.files.${n}`]]))) },
      ...files.map((f, n) => ({ ...f, name: String(n) })),
    ],
    { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
  );

const withFile = (i: MadeItem) => perfect(i).map((a) => (a.questionId === i.long ? { ...a, fileIndex: 0 } : a));

async function nothingLeft(send: () => Promise<{ status: number; body: any }>) {
  const [before] = await t.ds.query('SELECT (SELECT count(*)::int FROM files) AS files, (SELECT count(*)::int FROM submissions) AS subs');
  const stored = storedFiles(t.services).length;
  const res = await send();
  const [after] = await t.ds.query('SELECT (SELECT count(*)::int FROM files) AS files, (SELECT count(*)::int FROM submissions) AS subs');
  expect(after).toEqual(before);
  expect(storedFiles(t.services)).toHaveLength(stored);
  return res;
}
const gqlError = (res: { body: any }) => [res.body.errors?.[0]?.extensions?.code, res.body.errors?.[0]?.message];

describe('long-answer files', () => {
  it('REST multipart: stored by foreign key and downloaded byte for byte by the student and the teacher only', async () => {
    const i = await makeItem(t, tok.teacher, { courseId: math });
    const res = await restSubmit(i, withFile(i), [pdf]);
    expect(res.status).toBe(201);
    const answer = res.body.data.answers.find((a: any) => a.question === i.long);
    expect(answer).toMatchObject({ fileName: 'essay.pdf' });
    const [row] = await t.ds.query('SELECT file_id FROM submission_answers WHERE submission_id = $1 AND question_id = $2', [
      res.body.data._id,
      i.long,
    ]);
    expect(row.file_id).toBe(answer.fileId);
    const url = `${t.url}/api/submissions/download/${res.body.data._id}/${answer.fileId}`;
    for (const [who, status] of [
      ['student', 200],
      ['teacher', 200],
      ['student2', 404],
      ['admin', 404],
    ] as const) {
      const dl = await fetch(url, { headers: { authorization: `Bearer ${tok[who]}` } });
      expect([who, dl.status]).toEqual([who, status]);
      if (status === 200) expect(Buffer.from(await dl.arrayBuffer()).equals(pdf.data as Buffer)).toBe(true);
    }
    // the quiz family does not serve an assignment's file
    expect(
      (await fetch(url.replace('/submissions/', '/quizsubmissions/'), { headers: { authorization: `Bearer ${tok.student}` } })).status,
    ).toBe(404);
  });

  it('a part named for its question (file_<questionId>) needs no fileIndex', async () => {
    const i = await makeItem(t, tok.teacher, { courseId: math });
    const res = await restSubmit(i, perfect(i), [{ ...pdf, name: `file_${i.long}` }]);
    expect([res.status, res.body.data.answers.find((a: any) => a.question === i.long).fileName]).toEqual([201, 'essay.pdf']);
  });

  it("the spec's plain `files` part belongs to the only long-answer question; with several the error names both ways to map files", async () => {
    const i = await makeItem(t, tok.teacher, { courseId: math });
    // the spec's client: answers name no file, and a long answer given only as a file has no answer entry
    const plain = await restSubmit(
      i,
      perfect(i).filter((a) => a.questionId !== i.long),
      [pdf],
    );
    expect(plain.status).toBe(201);
    expect(plain.body.data.answers.find((a: any) => a.question === i.long)).toMatchObject({ fileName: 'essay.pdf', answer: '' });
    const other = await makeItem(t, tok.teacher, { courseId: math }, { kind: 'EXAM' });
    const withText = await postMultipart(
      `${t.url}/api/examsubmissions`,
      [{ name: 'examId', value: other.id }, { name: 'answers', value: JSON.stringify(perfect(other)) }, pdf],
      { authorization: `Bearer ${tok.student}` },
    );
    expect([withText.status, withText.body.data.answers.find((a: any) => a.question === other.long)]).toEqual([
      201,
      expect.objectContaining({ fileName: 'essay.pdf', answer: perfect(other)[2].answer }),
    ]);

    const r = await t.gql(
      `mutation($i: CreateAssessmentInput!) { createAssessment(input: $i) { id questions { id } } }`,
      {
        i: {
          kind: 'ASSIGNMENT',
          courseId: math,
          title: 'Two essays',
          dueDate: '2030-01-01T10:00:00.000Z',
          questions: [
            { type: 'LONG_ANSWER', questionText: 'First essay', points: 2 },
            { type: 'LONG_ANSWER', questionText: 'Second essay', points: 2 },
          ],
        },
      },
      tok.teacher,
    );
    const two = {
      id: r.data.createAssessment.id,
      kind: 'ASSIGNMENT',
      mcq: { id: '', right: [], wrong: '' },
      short: '',
      long: null,
    } as MadeItem;
    const res = await nothingLeft(() => restSubmit(two, [], [pdf]));
    expect([res.status, res.body.message]).toEqual([
      400,
      "This item has several long-answer questions: name each file's question, either by the part's name (file_<questionId>) or by the answer's fileIndex (the file's position among the files parts, from 0)",
    ]);
    const named = await restSubmit(two, [], [{ ...pdf, name: `file_${r.data.createAssessment.questions[1].id}` }]);
    expect(named.status).toBe(201);
  });

  it('GraphQL multipart reaches the same service', async () => {
    const i = await makeItem(t, tok.teacher, { courseId: math }, { kind: 'EXAM' });
    const res = await gqlSubmit(i, withFile(i), [
      { ...pdf, filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('plain words\n') },
    ]);
    expect(res.body.errors).toBeUndefined();
    const files = await t.ds.query(
      'SELECT f.mime, sa.file_name FROM submission_answers sa JOIN files f ON f.id = sa.file_id WHERE sa.submission_id = $1',
      [res.body.data.submitAssessment.id],
    );
    expect(files).toEqual([{ mime: 'text/plain', file_name: 'notes.txt' }]);
  });

  it('hostile uploads are refused with nothing stored: wrong type, a disguised type, a file for an MCQ, a stray file', async () => {
    const i = await makeItem(t, tok.teacher, { courseId: math });
    const exe = { ...pdf, filename: 'essay.pdf', data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]) };
    let res = await nothingLeft(() => restSubmit(i, withFile(i), [exe]));
    expect([res.status, res.body.message]).toEqual([400, 'Only PDF, JPG, JPEG, PNG, DOC, DOCX and TXT files can be uploaded']);
    res = await nothingLeft(() => gqlSubmit(i, withFile(i), [exe]));
    expect(gqlError(res)).toEqual(['VALIDATION', 'Only PDF, JPG, JPEG, PNG, DOC, DOCX and TXT files can be uploaded']);
    const video = {
      ...pdf,
      filename: 'clip.mp4',
      contentType: 'video/mp4',
      data: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]),
    };
    res = await nothingLeft(() => restSubmit(i, withFile(i), [video]));
    expect(res.status).toBe(400);
    const onMcq = perfect(i).map((a) => (a.questionId === i.mcq.id ? { ...a, fileIndex: 0 } : a));
    res = await nothingLeft(() => restSubmit(i, onMcq, [pdf]));
    expect([res.status, res.body.message]).toEqual([400, 'A file can be uploaded only for a long-answer question']);
    res = await nothingLeft(() => gqlSubmit(i, onMcq, [pdf]));
    expect(gqlError(res)).toEqual(['VALIDATION', 'A file can be uploaded only for a long-answer question']);
    // a stray file: no long-answer question to take it, or more files than the one long answer
    const noLong = await makeItem(t, tok.teacher, { courseId: math }, { autoOnly: true });
    res = await nothingLeft(() => restSubmit(noLong, perfect(noLong), [pdf]));
    expect([res.status, res.body.message]).toEqual([400, 'Each uploaded file must belong to a long-answer question']);
    res = await nothingLeft(() => restSubmit(i, perfect(i), [pdf, { ...pdf, filename: 'second.pdf' }]));
    expect([res.status, res.body.message]).toEqual([400, 'Each uploaded file must belong to a long-answer question']);
    // a teacher's upload is refused before the body is read
    res = await nothingLeft(() => restSubmit(i, withFile(i), [pdf], tok.teacher));
    expect(res.status).toBe(403);
  });

  it('a file of 50MB + 1 byte, streamed: REST 413 and GraphQL PAYLOAD_TOO_LARGE, nothing stored', async () => {
    const i = await makeItem(t, tok.teacher, { courseId: math });
    const big = { ...pdf, filename: 'big.pdf', data: generatedBytes(50 * 1024 * 1024 + 1) };
    const rest = await nothingLeft(() => restSubmit(i, withFile(i), [big]));
    expect([rest.status, rest.body.message]).toEqual([413, 'File is too large. The maximum size is 50MB.']);
    const gql = await nothingLeft(() => gqlSubmit(i, withFile(i), [big]));
    expect(gqlError(gql)).toEqual(['PAYLOAD_TOO_LARGE', 'File is too large. The maximum size is 50MB.']);
  }, 60_000);

  it('Resubmit keeps the earlier file only when asked (keepFile)', async () => {
    const i = await makeItem(t, tok.teacher, { courseId: math });
    const first = await restSubmit(i, withFile(i), [pdf]);
    await t.ds.query(`UPDATE submissions SET allowed_after_due = true, custom_due_date = now() + interval '1 day' WHERE id = $1`, [
      first.body.data._id,
    ]);
    const kept = await restSubmit(
      i,
      perfect(i).map((a) => (a.questionId === i.long ? { ...a, keepFile: true } : a)),
      [],
    );
    expect(kept.body.data.answers.find((a: any) => a.question === i.long).fileName).toBe('essay.pdf');
    const dropped = await restSubmit(i, perfect(i), []);
    expect(dropped.body.data.answers.find((a: any) => a.question === i.long).fileId).toBeNull();
  });
});
