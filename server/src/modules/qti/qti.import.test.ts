import { seedDemoSchool } from '../../app/seed';
import { storedRoleActor } from '../../policies/actor';
import { signInEachRole } from '../../test/demo';
import { generatedBytes, gqlUploadParts, postMultipart } from '../../test/multipart';
import { startTestServer, TestServer } from '../../test/test-server';
import { QuestionType, autoScore } from '../assessments';
import { Role } from '../../core/role';
import { writeQtiPackage } from './qti.export';
import { readQti } from './qti.import';
import { writeZip } from './qti.package';
import { SAMPLE_QUESTIONS, fixturePackage } from './fixtures';

/**
 * QTI through both transports on the demo school: a bank exported and imported into a new bank gives the same
 * questions and grades sample answers the same; the 1EdTech examples preview (dry run) and import into a bank
 * and an assessment; hostile packages are refused and store nothing; students and parents get nothing.
 */

let t: TestServer;
let tokens: Record<Role, string>;
let teacherId: string;
let mathId: string;
let algebraId: string;

const IMPORT = `mutation($input: ImportQtiInput!) { importQti(input: $input) {
  dryRun imported bankId assessmentId questions { identifier type questionText points notes } skipped { identifier interaction reason } } }`;

function importQti(token: string, file: Buffer, input: Record<string, unknown>, filename = 'package.zip') {
  return postMultipart(
    `${t.url}/graphql`,
    gqlUploadParts(
      IMPORT,
      { input: { file: null, ...input } },
      { name: 'file', filename, contentType: 'application/zip', data: file },
      'variables.input.file',
    ),
    { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
  );
}

async function download(path: string, token: string) {
  const res = await fetch(`${t.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return {
    status: res.status,
    disposition: res.headers.get('content-disposition'),
    type: res.headers.get('content-type'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

const count = async (sql: string, params: unknown[] = []) => Number((await t.ds.query(sql, params))[0].n);
const bankCount = () => count('SELECT count(*)::int AS n FROM bank_questions');
const teacher = () => storedRoleActor(teacherId, Role.Teacher);

/** Every answer worth trying: each subset of options, or each accepted answer, a variant and a wrong one. */
function samples(q: { type: QuestionType; options: Array<unknown>; acceptedAnswers: Array<{ answer: string }> }) {
  if (q.type === QuestionType.MCQ) {
    return Array.from({ length: 2 ** q.options.length }, (_x, m) =>
      q.options
        .map((_o, i) => i)
        .filter((i) => m & (1 << i))
        .map((i) => ({ chosen: i, text: '' })),
    );
  }
  return [...q.acceptedAnswers.map((a) => a.answer), ...q.acceptedAnswers.map((a) => ` ${a.answer.toUpperCase()} `), 'wrong', ''].map(
    (text) => [{ chosen: -1, text }],
  );
}

function grade(
  q: {
    type: QuestionType;
    points: number;
    options: Array<{ id: string; isCorrect: boolean | null }>;
    acceptedAnswers: Array<{ answer: string; weight: number }>;
    partialMarking: { enabled: boolean; penaltyPerWrong: number };
  },
  answer: Array<{ chosen: number; text: string }>,
) {
  return autoScore(
    {
      type: q.type,
      points: q.points,
      options: q.options.map((o) => ({ id: o.id, isCorrect: o.isCorrect === true })),
      accepted: q.acceptedAnswers,
      partialMarking: q.partialMarking.enabled,
      penaltyPerWrong: q.partialMarking.penaltyPerWrong,
    },
    { answer: answer[0]?.text ?? '', selectedOptionIds: answer.filter((a) => a.chosen >= 0).map((a) => q.options[a.chosen].id) },
  );
}

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  tokens = await signInEachRole(t);
  [{ id: teacherId }] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
  [{ subject_id: mathId }] = await t.ds.query(`SELECT subject_id FROM courses WHERE title = 'MATH-5A'`);
  [{ id: algebraId }] = await t.ds.query(`SELECT id FROM question_banks WHERE name = 'Algebra basics'`);
});

afterAll(() => t.close());

describe('round trip', () => {
  it('a bank exported (REST) and imported into a new bank (GraphQL) has the same questions and grades every sample answer the same', async () => {
    const banks = await t.services.questionBanks.list(teacher());
    expect(banks.find((b) => b.id === algebraId)).toBeDefined();
    const extra = await t.services.questionBanks.create(teacher(), { name: 'QTI round trip', subjectId: mathId, sharing: 'private' });
    await t.services.questionBanks.addQuestions(teacher(), extra.id, SAMPLE_QUESTIONS);
    for (const source of [algebraId, extra.id]) {
      const zip = await download(`/question-banks/${source}/qti`, tokens.Teacher);
      expect(zip).toMatchObject({
        status: 200,
        type: 'application/zip',
        disposition: expect.stringMatching(/^attachment; filename="?[A-Za-z0-9-]+-qti\.zip"?$/),
      });
      const res = await importQti(tokens.Teacher, zip.bytes, { newBank: { name: `Copy of ${source}`, subjectId: mathId }, dryRun: false });
      expect(res.body.errors).toBeUndefined();
      const result = res.body.data.importQti;
      expect(result).toMatchObject({ dryRun: false, skipped: [] });
      expect(result.questions.every((q: { notes: string[] }) => !q.notes.length)).toBe(true);

      const before = await t.services.questionBanks.listQuestions(teacher(), source);
      const after = await t.services.questionBanks.listQuestions(teacher(), result.bankId);
      const plain = (qs: typeof before) =>
        qs.map((q) => ({
          type: q.type,
          questionText: q.questionText,
          points: q.points,
          tags: q.tags,
          options: q.options.map((o) => ({ text: o.text, isCorrect: o.isCorrect })),
          acceptedAnswers: q.acceptedAnswers,
          partialMarking: q.partialMarking,
        }));
      expect(after.length).toBe(before.length);
      expect(plain(after)).toEqual(plain(before));
      for (const [i, q] of before.entries()) {
        if (q.type === QuestionType.LongAnswer) continue;
        for (const answer of samples(q))
          expect({ i, answer, score: grade(after[i], answer) }).toEqual({ i, answer, score: grade(q, answer) });
      }
    }
  });

  it("an assessment's questions export (REST) to a package the importer reads back the same", async () => {
    const [{ id: examId }] = await t.ds.query(
      `INSERT INTO assessments (kind, course_id, title, due_date, is_visible, scope, total_points)
       SELECT 'EXAM', id, 'QTI exam', '2030-01-01', true, 'whole_class', 1 FROM courses WHERE title = 'MATH-5A' RETURNING id`,
    );
    await t.ds.query(
      `INSERT INTO questions (assessment_id, type, question_text, sort_order, points) VALUES ($1, 'LongAnswer', 'Why?', 1, 3)`,
      [examId],
    );
    const zip = await download(`/assessments/${examId}/qti`, tokens.Teacher);
    expect(zip.status).toBe(200);
    expect((await readQti(zip.bytes)).questions.map((q) => q.question)).toMatchObject([
      { type: QuestionType.LongAnswer, questionText: 'Why?', points: 3 },
    ]);
    expect((await download(`/assessments/${examId}/qti`, tokens.Student)).status).toBe(404);
    expect((await download(`/assessments/${examId}/qti`, tokens.Parent)).status).toBe(404);
    expect((await download(`/question-banks/${algebraId}/qti`, tokens.Student)).status).toBe(404);
  });
});

describe('the 1EdTech examples', () => {
  it('preview (dry run) lists what would be imported and skipped, and changes nothing', async () => {
    const before = await bankCount();
    const res = await importQti(tokens.Teacher, await fixturePackage('qti3'), { bankId: algebraId, dryRun: true });
    expect(res.body.data.importQti).toMatchObject({
      dryRun: true,
      imported: 4,
      bankId: null,
      questions: [
        { identifier: 'choice', type: 'MCQ' },
        { identifier: 'choiceMultiple', type: 'MCQ' },
        { identifier: 'textEntry', type: 'SHORT_ANSWER' },
        { identifier: 'extendedText', type: 'LONG_ANSWER' },
      ],
      skipped: [{ identifier: 'order', interaction: 'orderInteraction' }],
    });
    expect(await bankCount()).toBe(before);
  });

  it('QTI 2.2 imports into a bank over REST, and into an assessment (appended after its questions)', async () => {
    const zip = await fixturePackage('qti22');
    const before = await count('SELECT count(*)::int AS n FROM bank_questions WHERE bank_id = $1', [algebraId]);
    const res = await postMultipart(
      `${t.url}/api/qti/import`,
      [
        { name: 'bankId', value: algebraId },
        { name: 'dryRun', value: 'false' },
        { name: 'file', filename: 'qti22.zip', contentType: 'application/zip', data: zip },
      ],
      { authorization: `Bearer ${tokens.Teacher}` },
    );
    expect(res).toMatchObject({
      status: 201,
      body: { success: true, data: { imported: 4, bankId: algebraId, skipped: [{ identifier: 'order' }] } },
    });
    expect(await count('SELECT count(*)::int AS n FROM bank_questions WHERE bank_id = $1', [algebraId])).toBe(before + 4);

    const [{ id: examId }] = await t.ds.query(
      `INSERT INTO assessments (kind, course_id, title, due_date, is_visible, scope, total_points)
       SELECT 'EXAM', id, 'QTI into exam', '2030-01-01', true, 'whole_class', 1 FROM courses WHERE title = 'MATH-5A' RETURNING id`,
    );
    await t.ds.query(`INSERT INTO questions (assessment_id, type, question_text, sort_order) VALUES ($1, 'LongAnswer', 'First', 1)`, [
      examId,
    ]);
    const into = await importQti(tokens.Teacher, zip, { assessmentId: examId, dryRun: false });
    expect(into.body.data.importQti).toMatchObject({ imported: 4, assessmentId: examId });
    const qs = await t.ds.query('SELECT question_text, type, points FROM questions WHERE assessment_id = $1 ORDER BY sort_order', [examId]);
    expect(qs.map((q: { type: string; points: number }) => [q.type, q.points])).toEqual([
      ['LongAnswer', 1],
      ['MCQ', 1],
      ['MCQ', 2],
      ['ShortAnswer', 1],
      ['LongAnswer', 1],
    ]);
    expect(qs[0].question_text).toBe('First');
  });
});

describe('hostile packages and wrong viewers', () => {
  const bomb = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><qti-assessment-item identifier="x"><qti-item-body><p>&b;</p></qti-item-body></qti-assessment-item>`;

  it.each([
    [
      'an entity bomb',
      async () =>
        writeZip([
          ['imsmanifest.xml', '<manifest><resources><resource type="imsqti_item_xmlv3p0" href="b.xml"/></resources></manifest>'],
          ['b.xml', bomb],
        ]),
      'VALIDATION',
    ],
    [
      'a path out of the package',
      async () => Buffer.from((await writeZip([['xx/a.xml', bomb]])).toString('latin1').split('xx/a.xml').join('../a.xml'), 'latin1'),
      'VALIDATION',
    ],
    [
      'a manifest of 10,000 items',
      async () =>
        writeZip([
          [
            'imsmanifest.xml',
            `<manifest><resources>${'<resource type="imsqti_item_xmlv3p0" href="a.xml"/>'.repeat(10000)}</resources></manifest>`,
          ],
        ]),
      'VALIDATION',
    ],
  ])('%s is refused with a clear error and stores nothing', async (_name, make, code) => {
    const before = await bankCount();
    const banks = await count('SELECT count(*)::int AS n FROM question_banks');
    for (const target of [{ bankId: algebraId }, { newBank: { name: 'Hostile', subjectId: mathId } }]) {
      const res = await importQti(tokens.Teacher, await make(), { ...target, dryRun: false });
      expect(res.body.errors?.[0]?.extensions?.code).toBe(code);
    }
    expect(await bankCount()).toBe(before);
    expect(await count('SELECT count(*)::int AS n FROM question_banks')).toBe(banks);
  });

  it('a new bank and its questions go together: a question the bank refuses (21 tags) leaves no bank behind', async () => {
    const zip = await writeQtiPackage('x', [{ ...SAMPLE_QUESTIONS[0], tags: Array.from({ length: 21 }, (_x, i) => `tag${i}`) }]);
    const banks = await count('SELECT count(*)::int AS n FROM question_banks');
    const res = await importQti(tokens.Teacher, zip, { newBank: { name: 'Too many tags', subjectId: mathId }, dryRun: false });
    expect(res.body.errors[0]).toMatchObject({ message: expect.stringContaining('at most 20 tags'), extensions: { code: 'VALIDATION' } });
    expect(await count('SELECT count(*)::int AS n FROM question_banks')).toBe(banks);
  });

  it('an upload over 50MB is refused as too large on both transports while it arrives, and stores nothing', async () => {
    const before = await bankCount();
    const big = {
      name: 'file',
      filename: 'big.zip',
      contentType: 'application/zip',
      data: generatedBytes(51 * 1024 * 1024, Buffer.from('PK\u0003\u0004')),
    };
    const rest = await postMultipart(`${t.url}/api/qti/import`, [{ name: 'bankId', value: algebraId }, big], {
      authorization: `Bearer ${tokens.Teacher}`,
    });
    expect(rest.status).toBe(413);
    const gql = await postMultipart(
      `${t.url}/graphql`,
      gqlUploadParts(IMPORT, { input: { file: null, bankId: algebraId } }, big, 'variables.input.file'),
      { authorization: `Bearer ${tokens.Teacher}`, 'apollo-require-preflight': 'true' },
    );
    expect(JSON.stringify(gql.body)).toMatch(/PAYLOAD_TOO_LARGE|too large|exceeds/i);
    expect(await bankCount()).toBe(before);
  });

  it('students and parents may not import; a teacher may not import into a bank they cannot see', async () => {
    const zip = await writeQtiPackage('x', SAMPLE_QUESTIONS.slice(0, 1));
    for (const who of [Role.Student, Role.Parent]) {
      expect((await importQti(tokens[who], zip, { bankId: algebraId, dryRun: true })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    }
    const [{ id: teacher2 }] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher2@demo.school'`);
    const [{ id: hidden }] = await t.ds.query(
      `INSERT INTO question_banks (owner_id, subject_id, name) VALUES ($1, $2, 'Private') RETURNING id`,
      [teacher2, mathId],
    );
    expect((await importQti(tokens.Teacher, zip, { bankId: hidden, dryRun: true })).body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
