import { GradingWorld, gradingWorld } from '../../test/grading.fixtures';
import { postMultipart } from '../../test/multipart';
import { sweepUnreferencedFiles } from '../../jobs/file-cleanup';
import { storedRoleActor } from '../../policies/actor';
import { Role } from '../../core/role';
import { copyBankQuestion } from '../assessments';
import { tinyPng } from '../files';
import { writeQtiPackage } from './qti.export';
import { readQti } from './qti.import';
import { writeZip } from './qti.package';
import { SAMPLE_QUESTIONS, fixtureFile, fixturePackage } from './fixtures';

/**
 * Images of QTI items (issue 30): kept as files with the bank question, carried when it is copied, linked or
 * drawn into an item (and when the item is reused or its questions saved to a bank), served like the question (a student only for a question of theirs, never a bank's), written
 * back by the export so that export and import round-trip them; SVG and mislabelled images are not kept. And the
 * import into an item appends in one transaction with the item's questions read inside it.
 */
let w: GradingWorld;
const sign = fixtureFile('qti3', 'images/sign.png');
const teacher = () => storedRoleActor(w.id.teacher, Role.Teacher);

beforeAll(async () => {
  w = await gradingWorld();
}, 60_000);
afterAll(() => w.t.close());

const importRest = (token: string, zip: Buffer, fields: Record<string, string>) =>
  postMultipart(
    `${w.t.url}/api/qti/import`,
    [
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'dryRun', value: 'false' },
      { name: 'file', filename: 'package.zip', contentType: 'application/zip', data: zip },
    ],
    { authorization: `Bearer ${token}` },
  );

async function download(path: string, token: string) {
  const res = await fetch(`${w.t.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

const BANK = `query($id: ID!) { questionBank(id: $id) { questions { id questionText images { id name url } } } }`;
const ITEM = `query($id: ID!) { assessment(id: $id) { questions { id questionText images { name url } } drawnQuestions { id images { url } } } }`;

async function newBank(name: string) {
  const [{ subject_id: subjectId }] = await w.t.ds.query('SELECT subject_id FROM courses WHERE id = $1', [w.math]);
  return (await w.t.services.questionBanks.create(teacher(), { name, subjectId, sharing: 'private' })).id;
}

async function newExam(title: string) {
  const [{ id }] = await w.t.ds.query(
    `INSERT INTO assessments (kind, course_id, title, due_date, is_visible, scope, total_points)
     VALUES ('EXAM', $1, $2, '2030-01-01', true, 'whole_class', 1) RETURNING id`,
    [w.math, title],
  );
  return id as string;
}

const bankQuestions = async (bankId: string) =>
  (await w.t.gql(BANK, { id: bankId }, w.tok.teacher)).data.questionBank.questions as Array<{
    id: string;
    questionText: string;
    images: Array<{ id: string; name: string; url: string }>;
  }>;

describe('images of imported items', () => {
  it("the 1EdTech example keeps its image with the bank question: a file checked and stored, read by the bank's readers only, kept by the sweep", async () => {
    const bankId = await newBank('Images');
    const res = await importRest(w.tok.teacher, await fixturePackage('qti3'), { bankId });
    expect(res.status).toBe(201);
    expect(res.body.data.questions[0].notes).toEqual([]);
    const [choice, ...others] = await bankQuestions(bankId);
    expect(choice.images).toEqual([{ id: expect.any(String), name: 'sign.png', url: `/api/question-images/${choice.images[0].id}` }]);
    expect(others.every((q) => !q.images.length)).toBe(true);
    const [file] = await w.t.ds.query(
      'SELECT f.mime, f.size::int AS size FROM files f JOIN question_images qi ON qi.file_id = f.id WHERE qi.id = $1',
      [choice.images[0].id],
    );
    expect(file).toEqual({ mime: 'image/png', size: sign.length });

    expect(await download(choice.images[0].url, w.tok.teacher)).toEqual({ status: 200, type: 'image/png', bytes: sign });
    for (const who of ['student', 'parent', 'outsider'])
      expect([who, (await download(choice.images[0].url, w.tok[who])).status]).toEqual([who, 404]);
    // REST twin: the bank page carries the images
    const page = await w.t.rest('GET', `/question-banks/${bankId}`, { token: w.tok.teacher });
    expect(page.body.data.questions[0].images).toEqual([{ _id: choice.images[0].id, name: 'sign.png', url: choice.images[0].url }]);

    await sweepUnreferencedFiles(w.t.ds, w.t.services.files.store);
    expect((await download(choice.images[0].url, w.tok.teacher)).status).toBe(200);
  });

  it('an SVG or an image whose bytes are not what its name says is not kept, and the preview says so', async () => {
    const item = (
      src: string,
    ) => `<?xml version="1.0"?><qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="i">
      <qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="string"/>
      <qti-item-body><p>Look <img src="${src}" alt="x"/></p><qti-extended-text-interaction response-identifier="RESPONSE"/></qti-item-body></qti-assessment-item>`;
    const zip = await writeZip([
      ['a.xml', item('evil.svg')],
      ['b.xml', item('fake.png')],
      ['evil.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['fake.png', '<html>not a png</html>'],
    ]);
    const bankId = await newBank('No SVG');
    const res = await importRest(w.tok.teacher, zip, { bankId });
    expect(res.body.data.questions.map((q: { notes: string[] }) => q.notes)).toEqual([
      [expect.stringContaining('The image evil.svg is not kept')],
      [expect.stringContaining('The image fake.png is not kept')],
    ]);
    expect((await bankQuestions(bankId)).map((q) => q.images)).toEqual([[], []]);
  });

  it('copied, linked or drawn into an item the image goes with the question; a student gets it only for a question of theirs', async () => {
    const bankId = await newBank('Drawn images');
    const pictured = (n: number) => ({
      ...SAMPLE_QUESTIONS[5],
      questionText: `Describe picture ${n}.`,
      images: [{ name: `p${n}.png`, bytes: tinyPng(n + 1, 2) }],
    });
    await importRest(w.tok.teacher, await writeQtiPackage('x', [pictured(1), pictured(2), pictured(3)]), { bankId });
    const [one, two, three] = await bankQuestions(bankId);

    const examId = await newExam('Pictures');
    await w.t.services.assessments.banking.addFromBank(teacher(), { assessmentId: examId, bankQuestionIds: [one.id], link: false });
    await w.t.services.assessments.banking.addFromBank(teacher(), { assessmentId: examId, bankQuestionIds: [two.id], link: true });
    await w.t.services.assessments.update(teacher(), examId, { randomDraws: [{ bankId, count: 1 }] });
    const mine = (await w.t.gql(ITEM, { id: examId }, w.tok.student)).data.assessment;
    expect(mine.questions.map((q: { images: Array<{ name: string }> }) => q.images.map((i) => i.name)).slice(0, 2)).toEqual([
      ['p1.png'],
      ['p2.png'],
    ]);
    expect(mine.questions).toHaveLength(3);
    const drawnForMe = mine.questions[2];
    expect(drawnForMe.images).toHaveLength(1);
    for (const q of mine.questions) expect((await download(q.images[0].url, w.tok.student)).status).toBe(200);
    expect((await download(mine.questions[0].images[0].url, w.tok.student)).bytes.equals(tinyPng(2, 2))).toBe(true);

    // a question the draw gave to someone else: its teachers read it, the student does not
    const [{ id: drawId }] = await w.t.ds.query('SELECT id FROM assessment_draws WHERE assessment_id = $1', [examId]);
    const notMine = [one, two, three].find((b) => !drawnForMe.questionText.includes(b.questionText))!;
    const otherId = await w.t.ds.transaction((m) => copyBankQuestion(m, examId, notMine.id, 1_000_099, { linked: false, drawId }));
    const teacherView = (await w.t.gql(ITEM, { id: examId }, w.tok.teacher)).data.assessment;
    const other = teacherView.drawnQuestions.find((q: { id: string }) => q.id === otherId);
    expect((await download(other.images[0].url, w.tok.teacher)).status).toBe(200);
    expect((await download(other.images[0].url, w.tok.student)).status).toBe(404);
    expect((await download(other.images[0].url, w.tok.parent)).status).toBe(404);
    // a reused item's questions show the same images (the files rows are shared)
    const copy = await w.t.services.assessments.clone(teacher(), undefined, {
      assessmentId: examId,
      targetCourseId: w.math,
      title: 'Pictures again',
    });
    const copied = (await w.t.gql(ITEM, { id: copy.assessment.id }, w.tok.teacher)).data.assessment.questions;
    expect(copied.map((q: { images: Array<{ name: string }> }) => q.images.map((i) => i.name))).toEqual([['p1.png'], ['p2.png']]);
    // saved back into a bank, the copies show them too
    const savedTo = await newBank('Saved pictures');
    await w.t.services.assessments.banking.saveToBank(teacher(), { assessmentId: examId, bankId: savedTo });
    expect((await bankQuestions(savedTo)).map((q) => q.images.map((i) => i.name))).toEqual([['p1.png'], ['p2.png']]);
    // REST twin: the item read carries each question's images
    const rest = await w.t.rest('GET', `/exams/${examId}`, { token: w.tok.student });
    expect(rest.body.data.questions[0].images).toEqual([{ _id: expect.any(String), name: 'p1.png', url: mine.questions[0].images[0].url }]);
  });

  it('export and import round-trip the images (bank and item): same text, same names, same bytes', async () => {
    const bankId = await newBank('Round trip images');
    await importRest(w.tok.teacher, await fixturePackage('qti3'), { bankId });
    const before = await bankQuestions(bankId);
    const zip = await download(`/api/question-banks/${bankId}/qti`, w.tok.teacher);
    const read = await readQti(zip.bytes);
    expect(read.files.map((f) => f.path)).toEqual(['items/images/q1/1/sign.png']);
    const res = await importRest(w.tok.teacher, zip.bytes, {
      newBankName: 'Round trip copy',
      newBankSubjectId: (await w.t.ds.query('SELECT subject_id FROM courses WHERE id = $1', [w.math]))[0].subject_id,
    });
    const after = await bankQuestions(res.body.data.bankId);
    expect(after.map((q) => [q.questionText, q.images.map((i) => i.name)])).toEqual(
      before.map((q) => [q.questionText, q.images.map((i) => i.name)]),
    );
    expect((await download(after[0].images[0].url, w.tok.teacher)).bytes.equals(sign)).toBe(true);

    const examId = await newExam('Round trip item');
    expect((await importRest(w.tok.teacher, zip.bytes, { assessmentId: examId })).status).toBe(201);
    const again = await readQti((await download(`/api/assessments/${examId}/qti`, w.tok.teacher)).bytes);
    expect(again.questions.map((q) => q.question.questionText)).toEqual(before.map((q) => q.questionText));
    expect(again.files.map((f) => f.bytes.equals(sign))).toEqual([true]);
  });
});

describe('import into an item', () => {
  it('appends in one transaction with the questions read inside it: an edit committed meanwhile is not lost', async () => {
    const examId = await newExam('Simultaneous');
    await w.t.ds.query(`INSERT INTO questions (assessment_id, type, question_text, sort_order) VALUES ($1, 'LongAnswer', 'First', 1)`, [
      examId,
    ]);
    const zip = await writeQtiPackage('x', SAMPLE_QUESTIONS.slice(4, 6));
    const runner = w.t.ds.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    let imported;
    try {
      // an editor's save in progress: it holds the item and adds a question
      await runner.query('UPDATE assessments SET version = version + 1 WHERE id = $1', [examId]);
      await runner.query(
        `INSERT INTO questions (assessment_id, type, question_text, sort_order) VALUES ($1, 'LongAnswer', 'Added meanwhile', 2)`,
        [examId],
      );
      imported = importRest(w.tok.teacher, zip, { assessmentId: examId });
      // the import waits for the item (it reads the last question only once it holds it)
      for (let i = 0; i < 200; i++) {
        const [{ n }] = await w.t.ds.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (n > 0) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    expect((await imported).status).toBe(201);
    const qs = await w.t.ds.query('SELECT question_text, sort_order FROM questions WHERE assessment_id = $1 ORDER BY sort_order', [examId]);
    expect(qs.map((q: { question_text: string }) => q.question_text)).toEqual([
      'First',
      'Added meanwhile',
      SAMPLE_QUESTIONS[4].questionText,
      SAMPLE_QUESTIONS[5].questionText,
    ]);
    expect(qs.map((q: { sort_order: number }) => q.sort_order)).toEqual([1, 2, 3, 4]);
    const [{ total }] = await w.t.ds.query('SELECT total_points AS total FROM assessments WHERE id = $1', [examId]);
    expect(total).toBe(1 + 1 + SAMPLE_QUESTIONS[4].points + SAMPLE_QUESTIONS[5].points);
  });
});
