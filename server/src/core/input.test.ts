import { startTestServer, TestServer } from '../test/test-server';
import { seedDemoSchool } from '../app/seed';
import { cleanFileName } from '../modules/files';
import { toHttp } from '../errors/mapping';
import { charCount, normalizeLine, requiredText } from './input';

/**
 * Hostile input is refused by the input layer with a message before PostgreSQL sees it (a NUL, an integer
 * beyond int4, an object where text belongs), lengths count characters as people do, and names that look
 * the same are the same. What still slips through to the database is a 4xx, never a 500.
 */
describe('the input layer', () => {
  test('lengths are counted in characters: an emoji is one', () => {
    expect(charCount('👩‍🏫')).toBe(3); // a ZWJ sequence is 3 code points, as PostgreSQL's length() counts it
    expect(requiredText('😀'.repeat(10), 'Required', 'Title', 10)).toBe('😀'.repeat(10));
    expect(() => requiredText('😀'.repeat(11), 'Required', 'Title', 10)).toThrow('Title can be at most 10 characters');
  });

  test('names are NFC without zero-width or bidi controls', () => {
    expect(normalizeLine('Cafe\u0301')).toBe('Café');
    expect(normalizeLine('Ma\u200bth\u2060s\ufeff')).toBe('Maths');
    expect(normalizeLine('\u202eevil')).toBe('evil');
    expect(normalizeLine('می\u200cخواهم')).toBe('می\u200cخواهم'); // the non-joiner changes how Persian is drawn: kept
  });

  test('file names lose control, invisible and bidi-override characters', () => {
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('../../etc/pass\u0000wd')).toBe('passwd');
    expect(cleanFileName('\u200b')).toBe('file');
  });

  test('what slips through to PostgreSQL is a 4xx with a message', () => {
    for (const [code, status] of [
      ['22003', 400],
      ['22021', 400],
      ['54000', 400],
      ['22001', 400],
      ['23502', 400],
      ['23514', 400],
      ['23505', 409],
      ['23503', 409],
      ['22P02', 404],
    ] as const) {
      const { status: got, body } = toHttp(Object.assign(new Error('db'), { code }));
      expect([code, got]).toEqual([code, status]);
      expect(body.message).not.toBe('Internal server error');
    }
  });
});

describe('hostile input through both transports', () => {
  let t: TestServer;
  let admin: string;
  let subjectId: string;
  beforeAll(async () => {
    t = await startTestServer();
    await seedDemoSchool(t.ds);
    admin = await t.login('admin@demo.school');
    [{ id: subjectId }] = await t.ds.query(`SELECT id FROM subjects WHERE name = 'Mathematics'`);
  });
  afterAll(() => t.close());
  const subjects = async () => (await t.ds.query('SELECT count(*)::int AS n FROM subjects'))[0].n;

  test('a NUL in a name: 400 with a message, nothing stored (REST and GraphQL)', async () => {
    const before = await subjects();
    const rest = await t.rest('POST', '/subjects', { token: admin, body: { name: 'nul\u0000name' } });
    expect([rest.status, rest.body.message]).toEqual([400, 'Subject name cannot contain control characters']);
    const gql = await t.gql(
      'mutation($i: CreateSubjectInput!) { createSubject(input: $i) { id } }',
      { i: { name: 'nul\u0000name' } },
      admin,
    );
    expect(gql.errors?.[0]).toMatchObject({
      message: 'Subject name cannot contain control characters',
      extensions: { code: 'VALIDATION' },
    });
    expect(await subjects()).toBe(before);
  });

  test('a newline is refused in a name and kept in a description', async () => {
    const name = await t.rest('POST', '/subjects', { token: admin, body: { name: 'Two\nlines' } });
    expect(name.status).toBe(400);
    const ok = await t.rest('POST', '/subjects', {
      token: admin,
      body: { name: 'Geography', description: 'Line one\nLine two\tand a tab' },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.description).toBe('Line one\nLine two\tand a tab');
  });

  test('a version of 2147483648: 400 with a message', async () => {
    const res = await t.rest('PUT', `/subjects/${subjectId}`, { token: admin, body: { name: 'Mathematics', version: 2147483648 } });
    expect([res.status, res.body.message]).toEqual([400, 'Version must be a whole number']);
  });

  test('an object where text belongs: 400, never "[object Object]"', async () => {
    const res = await t.rest('POST', '/subjects', { token: admin, body: { name: 'Art', description: { a: 1 } } });
    expect([res.status, res.body.message]).toEqual([400, 'Description must be text']);
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM subjects WHERE description = '[object Object]'`);
    expect(n).toBe(0);
  });

  test('names that look the same are the same name', async () => {
    expect((await t.rest('POST', '/subjects', { token: admin, body: { name: 'Café' } })).status).toBe(201);
    const decomposed = await t.rest('POST', '/subjects', { token: admin, body: { name: 'Cafe\u0301' } });
    expect(decomposed.status).toBe(409);
    const zeroWidth = await t.rest('POST', '/subjects', { token: admin, body: { name: 'Mathe\u200bmatics' } });
    expect(zeroWidth.status).toBe(409);
  });

  test('200 emoji fit a 200-character course code', async () => {
    const teacher = await t.login('teacher@demo.school');
    const [{ id }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
    const res = await t.rest('PUT', `/courses/${id}`, { token: teacher, body: { title: '📐'.repeat(200) } });
    expect(res.status).toBe(200);
    expect(charCount(res.body.data.title)).toBe(200);
  });
});
