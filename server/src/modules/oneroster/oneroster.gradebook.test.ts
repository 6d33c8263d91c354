import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { SCOPES } from '../../policies/credentials';
import { consumer, imsx } from '../../test/oneroster-client';

/**
 * The gradebook service as an external tool uses it over HTTP with client credentials: categories, line items and
 * results read, created, replaced, exempted and deleted; our own assessments and submissions are readable and
 * never writable from outside.
 */
let t: TestServer;
let tool: Awaited<ReturnType<typeof consumer>>;
let admin: string;
let classSid: string;
let studentSid: string;
let outsiderSid: string;
const G = '/gradebook/v1p2';

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  admin = await t.login('admin@demo.school');
  tool = await consumer(t, admin, [SCOPES.gradebookRead, SCOPES.gradebookWrite, SCOPES.gradebookDelete]);
  [{ id: classSid }] = await t.ds
    .query(`SELECT a.id FROM allocations a JOIN classes c ON c.id = a.class_id JOIN subjects s ON s.id = a.subject_id
    JOIN courses co ON co.class_id = a.class_id AND co.subject_id = a.subject_id AND co.academic_year_id = a.academic_year_id
    JOIN assessments x ON x.course_id = co.id WHERE c.name = 'Class 5A' LIMIT 1`);
  [{ id: studentSid }] = await t.ds.query(`SELECT id FROM users WHERE email = 'student@demo.school'`);
  [{ id: outsiderSid }] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
}, 60_000);
afterAll(() => t?.close());

const call = (method: string, path: string, body?: unknown) => tool.call(method, `${G}${path}`, body);

const item = (over: Record<string, unknown> = {}) => ({
  lineItem: {
    title: 'Reading log',
    description: 'From the reading app',
    assignDate: '2026-03-01T08:00:00.000Z',
    dueDate: '2026-03-15T17:00:00.000Z',
    class: { sourcedId: classSid },
    category: { sourcedId: 'ext-reading' },
    resultValueMin: 0,
    resultValueMax: 10,
    ...over,
  },
});
const result = (over: Record<string, unknown> = {}) => ({
  result: {
    lineItem: { sourcedId: 'li-reading-1' },
    student: { sourcedId: studentSid },
    scoreStatus: 'fully graded',
    score: 8,
    comment: 'Read 8 books',
    ...over,
  },
});

it('categories: our assessment kinds, plus one the tool creates, replaces and deletes', async () => {
  const all = await call('GET', '/categories?sort=sourcedId');
  expect(all.body.categories.map((k: { sourcedId: string }) => k.sourcedId)).toEqual(['assignment', 'exam', 'quiz']);
  const made = await call('PUT', '/categories/ext-reading', { category: { title: 'Reading', weight: 0.1 } });
  expect([made.status, made.body.category]).toEqual([
    201,
    expect.objectContaining({ sourcedId: 'ext-reading', title: 'Reading', weight: 0.1, status: 'active' }),
  ]);
  const again = await call('PUT', '/categories/ext-reading', { category: { sourcedId: 'ext-reading', title: 'Reading (app)' } });
  expect([again.status, again.body.category.title]).toEqual([200, 'Reading (app)']);
  expect((await call('PUT', '/categories/quiz', { category: { title: 'Mine' } })).body).toEqual(imsx('forbidden'));
  const temp = await call('PUT', '/categories/ext-temp', { category: { title: 'Temp' } });
  expect(temp.status).toBe(201);
  expect((await call('DELETE', '/categories/ext-temp')).status).toBe(204);
  expect((await call('GET', '/categories/ext-temp')).status).toBe(404);
});

it('line items: ours are listed for the class with their kind; an external one is created, read, changed and its results follow', async () => {
  const listed = await call('GET', `/classes/${classSid}/lineItems`);
  expect(listed.status).toBe(200);
  const ours = listed.body.lineItems[0];
  expect(ours).toMatchObject({ class: { sourcedId: classSid, type: 'class' }, category: { type: 'category' }, resultValueMin: 0 });
  expect(['assignment', 'exam', 'quiz']).toContain(ours.category.sourcedId);

  const created = await call('PUT', '/lineItems/li-reading-1', item());
  expect(created.status).toBe(201);
  expect(created.body.lineItem).toMatchObject({
    sourcedId: 'li-reading-1',
    title: 'Reading log',
    resultValueMax: 10,
    dueDate: '2026-03-15T17:00:00.000Z',
    class: { sourcedId: classSid },
    category: { sourcedId: 'ext-reading', href: 'http://lms.test/ims/oneroster/gradebook/v1p2/categories/ext-reading' },
  });
  const replaced = await call('PUT', '/lineItems/li-reading-1', item({ title: 'Reading log (term 1)' }));
  expect([replaced.status, replaced.body.lineItem.title]).toEqual([200, 'Reading log (term 1)']);
  expect((await call('GET', '/lineItems/li-reading-1')).body.lineItem.title).toBe('Reading log (term 1)');
  const filtered = await call('GET', `/lineItems?filter=${encodeURIComponent(`class.sourcedId='${classSid}' AND title~'reading'`)}`);
  expect(filtered.body.lineItems.map((l: { sourcedId: string }) => l.sourcedId)).toEqual(['li-reading-1']);

  // a result: created, above the maximum kept (extra credit), then exempted, then deleted
  const r1 = await call('PUT', '/results/res-1', result({ score: 12 }));
  expect([r1.status, r1.body.result]).toEqual([
    201,
    expect.objectContaining({
      sourcedId: 'res-1',
      score: 12,
      scoreStatus: 'fully graded',
      comment: 'Read 8 books',
      student: expect.objectContaining({ sourcedId: studentSid }),
      lineItem: expect.objectContaining({ sourcedId: 'li-reading-1' }),
    }),
  ]);
  const exempt = await call('PUT', '/results/res-1', result({ scoreStatus: 'exempt', score: undefined, comment: 'Away' }));
  expect([exempt.status, exempt.body.result.scoreStatus, exempt.body.result.score]).toEqual([200, 'exempt', undefined]);
  const ofItem = await call('GET', `/classes/${classSid}/lineItems/li-reading-1/results`);
  expect(ofItem.body.results.map((r: { sourcedId: string }) => r.sourcedId)).toEqual(['res-1']);
  expect(ofItem.headers.get('x-total-count')).toBe('1');
  expect(
    (await call('GET', `/classes/${classSid}/students/${studentSid}/results?filter=${encodeURIComponent("scoreStatus='exempt'")}`)).body
      .results,
  ).toHaveLength(1);

  // the course's teacher sees the column beside the course's own, the exempt result as Excused; averages unchanged
  const [{ courseId }] = await t.ds.query(
    `SELECT co.id AS "courseId" FROM allocations a JOIN courses co ON co.class_id = a.class_id
    AND co.subject_id = a.subject_id AND co.academic_year_id = a.academic_year_id WHERE a.id = $1`,
    [classSid],
  );
  const teacher = await t.login('teacher@demo.school');
  const book = await t.gql(
    `query($id: ID!) { gradebook(courseId: $id) { rows { nodes { student { id } average } }
    externalColumns { id title maxScore category cells { studentId score statusLabel comment } } } }`,
    { id: courseId },
    teacher,
  );
  expect(book.errors).toBeUndefined();
  expect(book.data.gradebook.externalColumns).toEqual([
    {
      id: 'li-reading-1',
      title: 'Reading log (term 1)',
      maxScore: 10,
      category: 'Reading (app)',
      cells: [{ studentId: studentSid, score: null, statusLabel: 'Excused', comment: 'Away' }],
    },
  ]);
  const rest = await t.rest('GET', `/courses/${courseId}/gradebook`, { token: teacher });
  expect(rest.body.data.externalColumns).toEqual([
    expect.objectContaining({ _id: 'li-reading-1', cells: [expect.objectContaining({ statusLabel: 'Excused', score: null })] }),
  ]);
  // the gradebook CSV has the column after the course's own items (before the totals): Excused, empty without a result
  const [{ email }] = await t.ds.query(`SELECT email FROM users WHERE id = $1`, [studentSid]);
  const csvOf = async (text: string) => {
    const [head, ...rows] = text
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    const at = head.indexOf('Reading log (term 1) (10 pts) [external]');
    return {
      at,
      head,
      cell: (who: string) => rows.find((r) => r[2] === who)![at],
      others: rows.filter((r) => r[2] !== email).map((r) => r[at]),
    };
  };
  const file = await fetch(`${t.url}/api/courses/${courseId}/gradebook?format=csv`, { headers: { authorization: `Bearer ${teacher}` } });
  const excused = await csvOf(await file.text());
  expect([excused.at, excused.head[excused.at + 1], excused.cell(email)]).toEqual([excused.head.length - 4, 'Points earned', 'Excused']);
  expect(excused.head.slice(3, excused.at)).toEqual(expect.arrayContaining([expect.stringMatching(/ pts\)$/)]));
  expect(new Set(excused.others)).toEqual(new Set(['']));
  await call('PUT', '/results/res-1', result({ score: 12 }));
  const extra = await t.gql(
    `query($id: ID!) { gradebook(courseId: $id) { csv rows { nodes { average } } externalColumns { cells { score statusLabel } } } }`,
    { id: courseId },
    teacher,
  );
  expect(extra.data.gradebook.externalColumns[0].cells).toEqual([{ score: 12, statusLabel: 'Graded' }]);
  expect((await csvOf(extra.data.gradebook.csv)).cell(email)).toBe('12');
  expect(extra.data.gradebook.rows.nodes.map((r: { average: number }) => r.average)).toEqual(
    book.data.gradebook.rows.nodes.map((r: { average: number }) => r.average),
  );

  expect((await call('DELETE', '/results/res-1')).status).toBe(204);
  expect((await call('GET', '/results/res-1')).status).toBe(404);
  expect((await call('DELETE', '/results/res-1')).body).toEqual(imsx('unknownobject'));
  await call('PUT', '/results/res-2', result());
  expect((await call('DELETE', '/lineItems/li-reading-1')).status).toBe(204);
  expect((await call('GET', '/results/res-2')).status).toBe(404);
});

it('our own assessments and their graded work are read, never written or deleted from outside', async () => {
  const [{ id: assessmentId }] = await t.ds.query(
    `SELECT a.id FROM assessments a JOIN submissions s ON s.assessment_id = a.id WHERE s.status = 'graded' LIMIT 1`,
  );
  const graded = await call(
    'GET',
    `/results?filter=${encodeURIComponent(`lineItem.sourcedId='${assessmentId}' AND scoreStatus='fully graded'`)}`,
  );
  expect(graded.body.results.length).toBeGreaterThan(0);
  expect(typeof graded.body.results[0].score).toBe('number');
  const before = await t.ds.query(`SELECT id, total_score, version FROM submissions ORDER BY id`);

  const refusals = [
    await call('PUT', `/lineItems/${assessmentId}`, item()),
    await call('DELETE', `/lineItems/${assessmentId}`),
    await call('PUT', '/results/res-ours', result({ lineItem: { sourcedId: assessmentId } })),
    await call('PUT', `/results/${graded.body.results[0].sourcedId}`, result()),
    await call('DELETE', `/results/${graded.body.results[0].sourcedId}`),
  ];
  for (const r of refusals) {
    expect([r.status, r.body]).toEqual([403, imsx('forbidden')]);
    expect(r.body.imsx_description).toContain('graded here');
  }
  expect(await t.ds.query(`SELECT id, total_score, version FROM submissions ORDER BY id`)).toEqual(before);
});

it('bad input answers 400 invaliddata and writes nothing; each scope is its own right', async () => {
  await call('PUT', '/lineItems/li-checks', item());
  const bad: Array<[string, unknown]> = [
    ['/lineItems/li-x', { title: 'not wrapped' }],
    ['/lineItems/li-x', item({ title: '' })],
    ['/lineItems/li-x', item({ class: { sourcedId: 'no-such-class' } })],
    ['/lineItems/li-x', item({ category: { sourcedId: 'no-such-category' } })],
    ['/lineItems/li-x', item({ dueDate: 'soon' })],
    ['/lineItems/li-x', item({ resultValueMax: -1 })],
    ['/lineItems/li-x', item({ sourcedId: 'another-id' })],
    ['/results/res-x', result({ lineItem: { sourcedId: 'li-checks' }, scoreStatus: 'great' })],
    ['/results/res-x', result({ lineItem: { sourcedId: 'li-checks' }, score: undefined })],
    ['/results/res-x', result({ lineItem: { sourcedId: 'li-checks' }, student: { sourcedId: outsiderSid } })],
    ['/results/res-x', result({ lineItem: { sourcedId: 'no-such-item' } })],
  ];
  for (const [path, body] of bad) {
    const r = await call('PUT', path, body);
    expect([path, r.status, r.body]).toEqual([path, 400, imsx('invaliddata')]);
  }
  const malformed = await fetch(`${t.url}/ims/oneroster${G}/lineItems/li-x`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${tool.token}`, 'content-type': 'application/json' },
    body: '{"lineItem":',
  });
  expect([malformed.status, await malformed.json()]).toEqual([400, imsx('invaliddata')]);
  expect(await t.ds.query(`SELECT sourced_id FROM oneroster_line_items ORDER BY 1`)).toEqual([{ sourced_id: 'li-checks' }]);
  expect(await t.ds.query(`SELECT count(*)::int AS n FROM oneroster_results`)).toEqual([{ n: 0 }]);

  const reader = await consumer(t, admin, [SCOPES.gradebookRead]);
  expect((await reader.call('GET', `${G}/lineItems/li-checks`)).status).toBe(200);
  const write = await reader.call('PUT', `${G}/lineItems/li-checks`, item());
  expect([write.status, write.body]).toEqual([403, imsx('forbidden')]);
  expect(write.body.imsx_description).toContain(SCOPES.gradebookWrite);
  const writer = await consumer(t, admin, [SCOPES.gradebookWrite]);
  expect((await writer.call('DELETE', `${G}/lineItems/li-checks`)).status).toBe(403);
  expect((await writer.call('GET', `${G}/lineItems/li-checks`)).status).toBe(403);
  const roster = await consumer(t, admin, [SCOPES.rosterRead]);
  expect((await roster.call('GET', `${G}/categories`)).status).toBe(403);
  expect((await t.ds.query(`SELECT title FROM oneroster_line_items`))[0].title).toBe('Reading log');
});
