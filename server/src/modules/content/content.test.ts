import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeContent, makeModule, rowCounts, storedFiles } from '../../test/courses.factories';
import { Part, generatedBytes, gqlUploadParts, postMultipart } from '../../test/multipart';
import { officeContentTypes, tinyPdf, tinyPng, tinyZip } from '../files';
import { sweepUnreferencedFiles } from '../../jobs/file-cleanup';

/**
 * Content: uploads through both transports with every refusal leaving nothing behind, downloads and who
 * may make them, edits, deletes, and reuse (copies share bytes, but never break when the original goes).
 */
let t: TestServer;
const tok: Record<string, string> = {};
let mathCourse: string;
let weekOne: string;
let hiddenModule: string;
let visiblePdf: string;
let hiddenPdf: string;
let otherCourseModule: string;

const UPLOAD = `mutation($input: UploadContentInput!, $file: Upload) {
  uploadContent(input: $input, file: $file) { id title fileName fileSize mimeType contentType isVisible downloadUrl }
}`;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'teacher2', 'student', 'student2', 'parent', 'admin']) tok[who] = await t.login(`${who}@demo.school`);
  [{ id: mathCourse }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  [{ id: weekOne }] = await t.ds.query(`SELECT id FROM course_modules WHERE course_id = $1 AND sort_order = 1`, [mathCourse]);
  [{ id: hiddenModule }] = await t.ds.query(`SELECT id FROM course_modules WHERE course_id = $1 AND NOT is_visible`, [mathCourse]);
  [{ id: visiblePdf }] = await t.ds.query(`SELECT id FROM contents WHERE module_id = $1 AND content_type = 'PDF'`, [weekOne]);
  hiddenPdf = (await makeContent(t.ds, t.services, weekOne, { title: 'Hidden notes', isVisible: false })).id;
  // a module of teacher2's course (English, Class 5A 2026)
  const [place] = await t.ds.query(
    `SELECT c.id AS class_id, c.academic_year_id FROM classes c JOIN academic_years y ON y.id = c.academic_year_id WHERE c.name = 'Class 5A' AND y.year = '2026'`,
  );
  const [english] = await t.ds.query(`SELECT id FROM subjects WHERE name = 'English'`);
  const res = await t.rest('POST', '/courses', {
    token: tok.teacher2,
    body: { title: 'ENG-5A', subject: english.id, class: place.class_id, academicYear: place.academic_year_id },
  });
  otherCourseModule = await makeModule(t.ds, res.body.data._id, { title: 'Teacher 2 week' });
});
afterAll(() => t.close());

const restUpload = (token: string | undefined, fields: Record<string, string>, file?: Extract<Part, { filename: string }>) =>
  postMultipart(
    `${t.url}/api/content`,
    [...(file ? [{ ...file, name: 'file' }] : []), ...Object.entries(fields).map(([name, value]) => ({ name, value }))],
    token ? { authorization: `Bearer ${token}` } : {},
  );

const gqlUpload = (
  token: string,
  input: Record<string, unknown>,
  file: Extract<Part, { filename: string }> | null,
  headers: Record<string, string> = { 'apollo-require-preflight': 'true' },
) => postMultipart(`${t.url}/graphql`, gqlUploadParts(UPLOAD, { input }, file), { authorization: `Bearer ${token}`, ...headers });

const pdf = { name: 'file', filename: 'Lesson 1 – notes.pdf', contentType: 'application/pdf', data: tinyPdf(['Lesson 1']) };
const png = { name: 'file', filename: 'diagram.png', contentType: 'image/png', data: tinyPng(8, 8) };

/** Runs an upload that must be refused and proves no row and no file were left. */
async function refused(send: () => Promise<{ status: number; body: any }>) {
  const rows = await rowCounts(t.ds);
  const files = storedFiles(t.services).length;
  const res = await send();
  expect(await rowCounts(t.ds)).toEqual(rows);
  expect(storedFiles(t.services)).toHaveLength(files);
  return res;
}

const gqlError = (res: { body: any }) => [res.body.errors?.[0]?.extensions?.code, res.body.errors?.[0]?.message];

describe('upload', () => {
  it('over REST multipart: stored, recorded, and downloadable byte for byte', async () => {
    const before = storedFiles(t.services).length;
    const res = await restUpload(
      tok.teacher,
      { module: weekOne, title: 'Lesson notes', description: 'Read first', contentType: 'PDF', isVisible: 'true' },
      pdf,
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Content uploaded successfully');
    expect(res.body.data).toMatchObject({
      title: 'Lesson notes',
      fileName: 'Lesson 1 – notes.pdf',
      fileSize: pdf.data.length,
      contentType: 'PDF',
      isVisible: true,
      mimeType: 'application/pdf',
    });
    expect(storedFiles(t.services)).toHaveLength(before + 1);
    const dl = await fetch(`${t.url}/api/content/download/${res.body.data._id}`, { headers: { authorization: `Bearer ${tok.student}` } });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(dl.headers.get('content-disposition')).toBe(
      `attachment; filename="Lesson 1 _ notes.pdf"; filename*=UTF-8''Lesson%201%20%E2%80%93%20notes.pdf`,
    );
    expect(Buffer.from(await dl.arrayBuffer()).equals(pdf.data)).toBe(true);
    const [file] = await t.ds.query(
      `SELECT f.size::int, f.mime, f.sha256, f.owner_id FROM files f JOIN contents c ON c.file_id = f.id WHERE c.id = $1`,
      [res.body.data._id],
    );
    const [teacher] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
    expect(file).toMatchObject({ size: pdf.data.length, mime: 'application/pdf', owner_id: teacher.id });
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('over GraphQL multipart reaches the same code (title defaults to the file name)', async () => {
    const res = await gqlUpload(tok.teacher, { moduleId: weekOne, contentType: 'OTHER' }, png);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.uploadContent).toMatchObject({
      title: 'diagram.png',
      fileName: 'diagram.png',
      mimeType: 'image/png',
      contentType: 'OTHER',
    });
    const dl = await t.rest('GET', `/content/download/${res.body.data.uploadContent.id}`, { token: tok.teacher });
    expect(dl.status).toBe(200);
  });

  it.each([
    [
      'a UTF-8 text file as Reading',
      'Reading',
      { filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('Grüße – plain text\n') },
    ],
    [
      'a docx as Reading',
      'Reading',
      {
        filename: 'essay.docx',
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        data: tinyZip([
          { name: '[Content_Types].xml', data: officeContentTypes('word'), deflate: true },
          { name: 'word/document.xml', data: '<w/>' },
        ]),
      },
    ],
    [
      'a pptx as PPT',
      'PPT',
      {
        filename: 'slides.pptx',
        contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        data: tinyZip([{ name: '[Content_Types].xml', data: officeContentTypes('presentation') }]),
      },
    ],
    [
      'an old PowerPoint file as PPT',
      'PPT',
      {
        filename: 'slides.ppt',
        contentType: 'application/vnd.ms-powerpoint',
        data: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]),
      },
    ],
    [
      'an mp4 as Video',
      'Video',
      {
        filename: 'clip.mp4',
        contentType: 'video/mp4',
        data: Buffer.concat([Buffer.from('00000018667479706d703432', 'hex'), Buffer.alloc(64)]),
      },
    ],
    [
      'a webm as Video (type from the extension)',
      'Video',
      {
        filename: 'clip.webm',
        contentType: 'application/octet-stream',
        data: Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.alloc(64)]),
      },
    ],
    [
      'a jpeg as Other',
      'Other',
      { filename: 'photo.jpg', contentType: 'image/jpeg', data: Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(64)]) },
    ],
  ])('accepts %s', async (_label, contentType, file) => {
    const res = await restUpload(tok.teacher, { module: weekOne, contentType }, { name: 'file', ...file });
    expect([res.status, res.body.data?.contentType]).toEqual([201, contentType]);
  });
});

describe('refused uploads store nothing', () => {
  it("without a file: 'Please select a file to upload' (REST and GraphQL)", async () => {
    const rest = await refused(() => restUpload(tok.teacher, { module: weekOne, contentType: 'PDF' }));
    expect([rest.status, rest.body.message]).toEqual([400, 'Please select a file to upload']);
    const empty = await refused(() => restUpload(tok.teacher, { module: weekOne }, { name: 'file', filename: '', data: Buffer.alloc(0) }));
    expect(empty.body.message).toBe('Please select a file to upload');
    const gql = await refused(() => gqlUpload(tok.teacher, { moduleId: weekOne }, null));
    expect(gqlError(gql)).toEqual(['VALIDATION', 'Please select a file to upload']);
  });

  it('a file whose declared type is not allowed for the chosen type', async () => {
    const rest = await refused(() => restUpload(tok.teacher, { module: weekOne, contentType: 'PDF' }, png));
    expect([rest.status, rest.body.message]).toEqual([400, 'Invalid file type for PDF. Please select a valid file.']);
    const gql = await refused(() => gqlUpload(tok.teacher, { moduleId: weekOne, contentType: 'VIDEO' }, pdf));
    expect(gqlError(gql)).toEqual(['VALIDATION', 'Invalid file type for Video. Please select a valid file.']);
  });

  it('a renamed file whose bytes disagree with its name and declared type', async () => {
    const renamed = { name: 'file', filename: 'report.pdf', contentType: 'application/pdf', data: tinyPng(4, 4) };
    const rest = await refused(() => restUpload(tok.teacher, { module: weekOne, contentType: 'PDF' }, renamed));
    expect([rest.status, rest.body.message]).toEqual([400, 'Invalid file type for PDF. Please select a valid file.']);
    const gql = await refused(() => gqlUpload(tok.teacher, { moduleId: weekOne, contentType: 'PDF' }, renamed));
    expect(gqlError(gql)).toEqual(['VALIDATION', 'Invalid file type for PDF. Please select a valid file.']);
    const binaryText = { name: 'file', filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from([0x68, 0x69, 0x00, 0x01]) };
    expect((await refused(() => restUpload(tok.teacher, { module: weekOne, contentType: 'Reading' }, binaryText))).status).toBe(400);
    const pptxAsWord = {
      name: 'file',
      filename: 'essay.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      data: tinyZip([{ name: '[Content_Types].xml', data: officeContentTypes('presentation') }]),
    };
    expect((await refused(() => restUpload(tok.teacher, { module: weekOne, contentType: 'Reading' }, pptxAsWord))).status).toBe(400);
    const plainZip = {
      name: 'file',
      filename: 'slides.pptx',
      contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      data: tinyZip([{ name: 'a.txt', data: 'x' }]),
    };
    expect((await refused(() => restUpload(tok.teacher, { module: weekOne, contentType: 'PPT' }, plainZip))).status).toBe(400);
  });

  it('a file of 50MB + 1 byte, streamed (REST 413 and GraphQL PAYLOAD_TOO_LARGE)', async () => {
    const big = { name: 'file', filename: 'big.pdf', contentType: 'application/pdf', data: generatedBytes(50 * 1024 * 1024 + 1) };
    const rest = await refused(() => restUpload(tok.teacher, { module: weekOne, contentType: 'PDF' }, big));
    expect([rest.status, rest.body.message]).toEqual([413, 'File is too large. The maximum size is 50MB.']);
    const gql = await refused(() => gqlUpload(tok.teacher, { moduleId: weekOne, contentType: 'PDF' }, big));
    expect(gqlError(gql)).toEqual(['PAYLOAD_TOO_LARGE', 'File is too large. The maximum size is 50MB.']);
  }, 60_000);

  it('exactly 50MB is accepted', async () => {
    const res = await restUpload(
      tok.teacher,
      { module: weekOne, contentType: 'PDF' },
      { name: 'file', filename: 'max.pdf', contentType: 'application/pdf', data: generatedBytes(50 * 1024 * 1024) },
    );
    expect([res.status, res.body.data?.fileSize]).toEqual([201, 50 * 1024 * 1024]);
    await t.rest('DELETE', `/content/${res.body.data._id}`, { token: tok.teacher });
  }, 60_000);

  it('GraphQL multipart without the preflight header is refused before parsing', async () => {
    const res = await refused(() => gqlUpload(tok.teacher, { moduleId: weekOne }, pdf, {}));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/Apollo-Require-Preflight/);
  });

  it('by anyone but a teacher of the course', async () => {
    for (const who of ['student', 'parent', 'admin']) {
      const res = await refused(() => restUpload(tok[who], { module: weekOne, contentType: 'PDF' }, pdf));
      expect([who, res.status, res.body.message]).toEqual([who, 403, 'Only teachers can upload content']);
      const gql = await refused(() => gqlUpload(tok[who], { moduleId: weekOne }, pdf));
      expect(gqlError(gql)[0]).toBe('FORBIDDEN');
    }
    // another teacher does not see the course at all
    const other = await refused(() => restUpload(tok.teacher2, { module: weekOne, contentType: 'PDF' }, pdf));
    expect([other.status, other.body.message]).toEqual([404, 'Module not found']);
    const gql = await refused(() => gqlUpload(tok.teacher2, { moduleId: weekOne }, pdf));
    expect(gqlError(gql)[0]).toBe('NOT_FOUND');
    const noModule = await refused(() => restUpload(tok.teacher, { contentType: 'PDF' }, pdf));
    expect([noModule.status, noModule.body.message]).toEqual([400, 'Module is required']);
    const anonymous = await refused(() => restUpload(undefined, { module: weekOne }, pdf));
    expect(anonymous.status).toBe(401);
  });
});

describe('reading and downloading', () => {
  const download = (token: string, id: string) => t.rest('GET', `/content/download/${id}`, { token });

  it('students list only visible items and never reach hidden ones by id', async () => {
    const list = await t.rest('GET', `/content/module/${weekOne}`, { token: tok.student });
    const ids = list.body.data.map((c: { _id: string }) => c._id);
    expect(ids).toContain(visiblePdf);
    expect(ids).not.toContain(hiddenPdf);
    const teacherList = await t.rest('GET', `/content/module/${weekOne}`, { token: tok.teacher });
    expect(teacherList.body.data.map((c: { _id: string }) => c._id)).toContain(hiddenPdf);
    expect((await download(tok.student, hiddenPdf)).status).toBe(404);
    const gql = await t.gql('query($id: ID!) { content(id: $id) { id } }', { id: hiddenPdf }, tok.student);
    expect(gql.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await download(tok.teacher, hiddenPdf)).status).toBe(200);
  });

  it('a visible file in a hidden module is not found for students', async () => {
    const [item] = await t.ds.query(`SELECT id FROM contents WHERE module_id = $1`, [hiddenModule]);
    await t.ds.query(`UPDATE contents SET is_visible = true WHERE id = $1`, [item.id]);
    expect((await download(tok.student, item.id)).status).toBe(404);
    expect((await t.rest('GET', `/content/module/${hiddenModule}`, { token: tok.student })).status).toBe(404);
    expect((await download(tok.teacher, item.id)).status).toBe(200);
  });

  it('others: another teacher, a parent and a student of another class get not found; an admin may read', async () => {
    const [other] = await t.ds.query(`SELECT c.id, c.academic_year_id FROM classes c WHERE c.name = 'Class 5B'`);
    await t.ds.query(`UPDATE users SET class_id = $1, academic_year_id = $2 WHERE email = 'student2@demo.school'`, [
      other.id,
      other.academic_year_id,
    ]);
    for (const who of ['teacher2', 'parent', 'student2']) {
      expect([who, (await download(tok[who], visiblePdf)).status]).toEqual([who, 404]);
      expect([who, (await t.rest('GET', `/content/module/${weekOne}`, { token: tok[who] })).status]).toEqual([who, 404]);
    }
    expect((await download(tok.admin, hiddenPdf)).status).toBe(200);
    const [c5a] = await t.ds.query(
      `SELECT c.id, c.academic_year_id FROM classes c JOIN academic_years y ON y.id = c.academic_year_id WHERE c.name = 'Class 5A' AND y.year = '2026'`,
    );
    await t.ds.query(`UPDATE users SET class_id = $1, academic_year_id = $2 WHERE email = 'student2@demo.school'`, [
      c5a.id,
      c5a.academic_year_id,
    ]);
    expect((await download(tok.student2, visiblePdf)).status).toBe(200);
  });

  it('adds an extension from the type when the stored name has none; text is served as UTF-8', async () => {
    const item = await makeContent(t.ds, t.services, weekOne, {
      name: 'README',
      mime: 'text/plain',
      contentType: 'Reading',
      bytes: Buffer.from('hello'),
    });
    const res = await fetch(`${t.url}/api/content/download/${item.id}`, { headers: { authorization: `Bearer ${tok.teacher}` } });
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="README.txt"; filename*=UTF-8''README.txt`);
  });
});

describe('edit and delete', () => {
  it('a teacher edits title, description, type (only to one the file suits) and visibility', async () => {
    const item = await makeContent(t.ds, t.services, weekOne, { title: 'Before' });
    const res = await t.rest('PUT', `/content/${item.id}`, {
      token: tok.teacher,
      body: { title: 'After', description: 'd', isVisible: false },
    });
    expect(res.body).toMatchObject({
      success: true,
      message: 'Content updated successfully',
      data: { title: 'After', description: 'd', isVisible: false },
    });
    const wrong = await t.rest('PUT', `/content/${item.id}`, { token: tok.teacher, body: { contentType: 'Video' } });
    expect([wrong.status, wrong.body.message]).toEqual([400, 'Invalid file type for Video. Please select a valid file.']);
    const gql = await t.gql(
      'mutation($input: UpdateContentInput!) { updateContent(input: $input) { title version } }',
      { input: { id: item.id, title: 'Via GraphQL', version: 1 } },
      tok.teacher,
    );
    expect(gql.errors?.[0].extensions?.code).toBe('CONFLICT');
  });

  it('students, parents and other teachers cannot edit or delete', async () => {
    const item = await makeContent(t.ds, t.services, weekOne);
    expect((await t.rest('PUT', `/content/${item.id}`, { token: tok.student, body: { title: 'x' } })).status).toBe(403);
    expect((await t.rest('DELETE', `/content/${item.id}`, { token: tok.student })).status).toBe(403);
    for (const who of ['teacher2', 'parent']) {
      expect((await t.rest('PUT', `/content/${item.id}`, { token: tok[who], body: { title: 'x' } })).status).toBe(404);
      expect((await t.rest('DELETE', `/content/${item.id}`, { token: tok[who] })).status).toBe(404);
    }
    expect((await t.rest('PUT', `/content/${item.id}`, { token: tok.admin, body: { title: 'x' } })).status).toBe(403);
    expect((await t.rest('PUT', `/content/${hiddenPdf}`, { token: tok.student, body: { title: 'x' } })).status).toBe(404);
  });

  it('deleting removes the row; the file-cleanup sweep then removes the stored file', async () => {
    const item = await makeContent(t.ds, t.services, weekOne);
    const res = await t.rest('DELETE', `/content/${item.id}`, { token: tok.teacher });
    expect(res.body).toEqual({ success: true, message: 'Content deleted successfully' });
    expect(await t.ds.query('SELECT 1 FROM contents WHERE id = $1', [item.id])).toHaveLength(0);
    expect(await t.ds.query('SELECT 1 FROM files WHERE id = $1', [item.fileId])).toHaveLength(1);
    // earlier tests' deletes may have left files too
    expect((await sweepUnreferencedFiles(t.ds, t.services.files.store)).keys).toContain(item.key);
    expect(await t.ds.query('SELECT 1 FROM files WHERE id = $1', [item.fileId])).toHaveLength(0);
    expect(await t.services.files.store.exists(item.key)).toBe(false);
  });
});

describe('reuse', () => {
  it("lists your other modules' content with its module and course, and copies it into your module", async () => {
    const target = await makeModule(t.ds, mathCourse, { title: 'Target' });
    const list = await t.rest('GET', `/content/reuse/available/${target}`, { token: tok.teacher });
    expect(list.status).toBe(200);
    const mine = list.body.data.find((c: { _id: string }) => c._id === visiblePdf);
    expect(mine.module).toMatchObject({
      _id: weekOne,
      course: { _id: mathCourse, title: 'MATH-5A', academicYear: { year: '2026' }, class: { name: 'Class 5A' } },
    });
    expect(list.body.data.every((c: { module: { _id: string } }) => c.module._id !== target)).toBe(true);
    expect((await t.rest('GET', `/content/reuse/available/${target}`, { token: tok.teacher2 })).status).toBe(404);
    expect(
      (await t.rest('GET', `/content/reuse/available/${otherCourseModule}`, { token: tok.teacher2 })).body.data.some(
        (c: { _id: string }) => c._id === visiblePdf,
      ),
    ).toBe(false);

    const source = await makeContent(t.ds, t.services, weekOne, { title: 'Original', bytes: tinyPdf(['Shared']) });
    const copy = await t.rest('POST', `/content/reuse/clone/${source.id}`, { token: tok.teacher, body: { newModuleId: target } });
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({ title: 'Original', module: { _id: target } });
    // editing the copy leaves the original
    await t.rest('PUT', `/content/${copy.body.data._id}`, { token: tok.teacher, body: { title: 'Copy' } });
    const [orig] = await t.ds.query('SELECT title FROM contents WHERE id = $1', [source.id]);
    expect(orig.title).toBe('Original');
    // deleting the original never breaks the copy, not even after a sweep
    await t.rest('DELETE', `/content/${source.id}`, { token: tok.teacher });
    await sweepUnreferencedFiles(t.ds, t.services.files.store);
    const dl = await fetch(`${t.url}/api/content/download/${copy.body.data._id}`, { headers: { authorization: `Bearer ${tok.teacher}` } });
    expect(Buffer.from(await dl.arrayBuffer()).equals(tinyPdf(['Shared']))).toBe(true);
    // and once the copy goes too, so do the bytes
    await t.rest('DELETE', `/content/${copy.body.data._id}`, { token: tok.teacher });
    await sweepUnreferencedFiles(t.ds, t.services.files.store);
    expect(await t.services.files.store.exists(source.key)).toBe(false);
  });

  it('only between your own modules', async () => {
    const mod = await makeModule(t.ds, mathCourse);
    const intoOther = await t.rest('POST', `/content/reuse/clone/${visiblePdf}`, {
      token: tok.teacher,
      body: { newModuleId: otherCourseModule },
    });
    expect(intoOther.status).toBe(404);
    const fromOther = await t.rest('POST', `/content/reuse/clone/${visiblePdf}`, {
      token: tok.teacher2,
      body: { newModuleId: otherCourseModule },
    });
    expect(fromOther.status).toBe(404);
    const student = await t.rest('POST', `/content/reuse/clone/${visiblePdf}`, { token: tok.student, body: { newModuleId: mod } });
    expect(student.status).toBe(403);
    const gql = await t.gql(
      'mutation($input: CloneContentInput!) { cloneContent(input: $input) { id title module { id } } }',
      { input: { contentId: visiblePdf, newModuleId: mod } },
      tok.teacher,
    );
    expect(gql.data.cloneContent.module.id).toBe(mod);
  });
});
