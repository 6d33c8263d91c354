import { startTestServer, TestServer } from '../test/test-server';
import { walkConnection } from '../test/walk-connection';
import { seedDemoSchool } from './seed';
import { PAGE_TEXT } from '../core/paging';
import { cloneItems, cloneRows } from '../test/dashboards.fixtures';

/**
 * The lists that grow all year (issue 26): a teacher's review lists, a student's items, a child's items, and a
 * course's announcements and threads are connections walked by first/after, refused above their maximum (500) with the maximum, in the same
 * statements a page however many rows it holds, and in the order the whole list had; their REST twins answer
 * whole as before unless ?limit= or ?offset= asks for a window, with the total in X-Total-Count.
 */
let t: TestServer;
const tok: Record<string, string> = {};
let studentId: string;
let math: string;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'admin', 'student']) tok[who] = await t.login(`${who}@demo.school`);
  [{ id: studentId }] = await t.ds.query(`SELECT id FROM users WHERE email = 'student@demo.school'`);
  [{ id: math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  // every demo item 12 more times, due on other days: several courses, years and equal due dates to order;
  // the course's announcements and threads (replies stay on the originals) likewise, some at the same instant
  await cloneItems(t.ds, 12);
  const copy = { title: `x.title || ' #' || g`, created_at: `x.created_at - (g / 2) * interval '1 hour'` };
  await cloneRows(t.ds, 'announcements', 12, copy, `x.course_id = '${math}'`);
  await cloneRows(t.ds, 'discussions', 30, copy, `x.course_id = '${math}' AND x.parent_id IS NULL`);
}, 60_000);
afterAll(() => t.close());

interface List {
  name: string;
  field: string;
  args: string;
  node: string;
  token: string;
  /** The id in a node's selection ('assessment { id }' or 'id'). */
  id: string;
  /** The rows the whole list has, counted in SQL. */
  count?: string;
  /** The REST twin, which also gives the whole list's length when `count` is not written. */
  rest?: () => string;
  /** A page without submissions skips reading them (and their answers): this many statements fewer, never more per row. */
  skipsEmpty?: number;
}

/** The statement counts of pages of one list: all the same, or at most skipsEmpty apart. */
const sameCost = (l: List, counts: number[]) => expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(l.skipsEmpty ?? 0);

const LISTS: List[] = [
  {
    name: 'reviewItems (teacher)',
    field: 'reviewItems',
    args: 'kind: ASSIGNMENT',
    token: 'teacher',
    id: 'assessment { id }',
    node: 'assessment { id dueDate course { id } } yearLabel className subjectName submissionCount badge',
    count: `SELECT count(*)::int AS n FROM assessments a JOIN course_teachers ct ON ct.course_id = a.course_id
             JOIN users u ON u.id = ct.teacher_id WHERE u.email = 'teacher@demo.school' AND a.kind = 'ASSIGNMENT'`,
  },
  {
    name: 'reviewItems (admin)',
    field: 'reviewItems',
    args: 'kind: QUIZ',
    token: 'admin',
    id: 'assessment { id }',
    node: 'assessment { id } yearLabel className subjectName',
    count: `SELECT count(*)::int AS n FROM assessments WHERE kind = 'QUIZ'`,
  },
  {
    name: 'myAssessments (student)',
    field: 'myAssessments',
    args: 'kind: ASSIGNMENT',
    token: 'student',
    id: 'id',
    node: 'id title course { id } myStatus { label dueDate } mySubmission { id }',
    rest: () => '/assignments',
    skipsEmpty: 1,
  },
  {
    name: 'announcements (student: visible ones)',
    field: 'announcements',
    args: 'courseId: $c',
    token: 'student',
    id: 'id',
    node: 'id title isVisible author { firstName }',
    rest: () => `/announcements/course/${math}`,
  },
  {
    name: 'discussions (teacher)',
    field: 'discussions',
    args: 'courseId: $c',
    token: 'teacher',
    id: 'id',
    node: 'id title author { firstName } replies { id content author { firstName } }',
    rest: () => `/discussions/course/${math}`,
  },
  {
    name: 'childAssessments (admin)',
    field: 'childAssessments',
    args: 'studentId: $s',
    token: 'admin',
    id: 'assessment { id }',
    node: 'assessment { id kind } status { label dueDate } submission { id answers { grade { score } } }',
    rest: () => `/students/${studentId}/assessments`,
    skipsEmpty: 2,
  },
];

const pageOf = (
  l: List,
) => `query($first: Int, $after: String${l.args.includes('$s') ? ', $s: ID!' : ''}${l.args.includes('$c') ? ', $c: ID!' : ''}) {
  ${l.field}(${l.args}, first: $first, after: $after) { totalCount edges { cursor node { ${l.id} } } nodes { ${l.node} } pageInfo { hasNextPage hasPreviousPage endCursor } }
}`;
const ask = (l: List, v: { first?: number; after?: string | null }) => t.gql(pageOf(l), { ...v, s: studentId, c: math }, tok[l.token]);

/** How many rows the whole list has: counted in SQL, or the REST twin's whole list. */
async function countOf(l: List): Promise<number> {
  if (l.count) return (await t.ds.query(l.count))[0].n;
  return (await t.rest('GET', l.rest!(), { token: tok[l.token] })).body.data.length;
}
const idOf = (n: { assessment?: { id: string }; id?: string }): string => (n.assessment?.id ?? n.id)!;

const walk = (l: List, first: number) => walkConnection((page) => ask(l, page), l.field, first, idOf);

describe.each(LISTS.map((l) => [l.name, l] as const))('%s', (_name, l) => {
  it('a walk by first/after meets each row exactly once, in the order of one big page, in the same statements a page', async () => {
    const n = await countOf(l);
    expect(n).toBeGreaterThan(20);
    const w = await walk(l, 7);
    expect([w.total, w.ids.length, new Set(w.ids).size, w.pages]).toEqual([n, n, n, Math.ceil(n / 7)]);
    sameCost(l, [...w.statements]);
    const whole = await ask(l, { first: 500 });
    expect(whole.data[l.field].nodes.map(idOf)).toEqual(w.ids);
  });

  it('a page costs the same statements for 2 rows as for 100 (or fewer without submissions)', async () => {
    const small = await ask(l, { first: 2 });
    const large = await ask(l, { first: 100 });
    expect([small.errors, large.errors]).toEqual([undefined, undefined]);
    expect(small.data[l.field].nodes).toHaveLength(2);
    expect(large.data[l.field].nodes.length).toBeGreaterThan(20);
    sameCost(l, [small.sql, large.sql]);
  });

  it('a first above the maximum is refused with the maximum, never cut', async () => {
    const res = await ask(l, { first: 501 });
    expect(res.data).toBeNull();
    expect(res.errors?.[0]).toMatchObject({ message: PAGE_TEXT.firstRange(500), extensions: { code: 'VALIDATION', field: 'first' } });
  });

  const rest = l.rest;
  if (rest) {
    it("REST answers whole without a window, in the walk's order, and honours limit and offset with the total in X-Total-Count", async () => {
      const whole = await t.rest('GET', rest(), { token: tok[l.token] });
      expect([whole.status, whole.headers.get('x-total-count')]).toEqual([200, null]);
      const ids = whole.body.data.map((x: { _id: string }) => x._id);
      expect(ids).toEqual((await walk(l, 9)).ids);
      const page = await t.rest('GET', `${rest()}?limit=5&offset=3`, { token: tok[l.token] });
      expect([page.status, page.headers.get('x-total-count'), page.body.data]).toEqual([
        200,
        String(ids.length),
        whole.body.data.slice(3, 8),
      ]);
      const tooMany = await t.rest('GET', `${rest()}?limit=501`, { token: tok[l.token] });
      expect([tooMany.status, tooMany.body]).toEqual([
        400,
        { success: false, code: 'VALIDATION', field: 'limit', message: PAGE_TEXT.limitRange(500) },
      ]);
    });
  }
});

it('a review list keeps its groups: year newest first, then class and subject, the latest due date first', async () => {
  const res = await ask(LISTS[0], { first: 500 });
  type Card = { yearLabel: string; className: string; subjectName: string; assessment: { dueDate: string } };
  const cards: Card[] = res.data.reviewItems.nodes;
  const sorted = [...cards].sort(
    (x, y) =>
      y.yearLabel.localeCompare(x.yearLabel) ||
      x.className.localeCompare(y.className) ||
      x.subjectName.localeCompare(y.subjectName) ||
      y.assessment.dueDate.localeCompare(x.assessment.dueDate),
  );
  expect(cards).toEqual(sorted);
});

it("a child's items stay by the due date that applies to the child (an extension when reopened)", async () => {
  const res = await ask(
    LISTS.find((l) => l.field === 'childAssessments')!,
    { first: 500 },
  );
  const dues: string[] = res.data.childAssessments.nodes.map((n: { status: { dueDate: string } }) => n.status.dueDate);
  expect(dues).toEqual([...dues].sort());
});

it("a page of threads brings each thread's replies, as the whole list does", async () => {
  const l = LISTS.find((x) => x.field === 'discussions')!;
  type Thread = { id: string; replies: Array<{ id: string }> };
  const whole: Thread[] = (await t.rest('GET', l.rest!(), { token: tok.teacher })).body.data.map(
    (d: { _id: string; replies: Array<{ _id: string }> }) => ({ id: d._id, replies: d.replies.map((r) => ({ id: r._id })) }),
  );
  expect(whole.some((d) => d.replies.length > 0)).toBe(true);
  const paged: Thread[] = [];
  let after: string | null = null;
  for (;;) {
    const c: { nodes: Thread[]; pageInfo: { hasNextPage: boolean; endCursor: string } } = (await ask(l, { first: 4, after })).data
      .discussions;
    paged.push(...c.nodes.map((d) => ({ id: d.id, replies: d.replies.map((r) => ({ id: r.id })) })));
    if (!c.pageInfo.hasNextPage) break;
    after = c.pageInfo.endCursor;
  }
  expect(paged).toEqual(whole);
});
