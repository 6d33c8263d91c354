import { GqlResult, startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../db/seed';
import { PAGE_TEXT } from '../../app/paging';
import { cloneItems } from './review.test.fixtures';

/**
 * A person's lists of items grow all year (issue 26): a teacher's review lists are connections walked by
 * first/after, refused above their maximum (500) with the maximum, in the same statements a page however many
 * rows it holds, and in the order the whole list had.
 */
let t: TestServer;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'admin']) tok[who] = await t.login(`${who}@demo.school`);
  // every demo item 12 more times, due on other days: several courses, years and equal due dates to order
  await cloneItems(t.ds, 12);
}, 60_000);
afterAll(() => t.close());

interface List {
  name: string;
  field: string;
  args: string;
  node: string;
  token: string;
  /** The rows the whole list has, counted in SQL. */
  count: string;
}

const LISTS: List[] = [
  {
    name: 'reviewItems (teacher)', field: 'reviewItems', args: 'kind: ASSIGNMENT', token: 'teacher',
    node: 'assessment { id dueDate course { id } } yearLabel className subjectName submissionCount badge',
    count: `SELECT count(*)::int AS n FROM assessments a JOIN course_teachers ct ON ct.course_id = a.course_id
             JOIN users u ON u.id = ct.teacher_id WHERE u.email = 'teacher@demo.school' AND a.kind = 'ASSIGNMENT'`,
  },
  {
    name: 'reviewItems (admin)', field: 'reviewItems', args: 'kind: QUIZ', token: 'admin',
    node: 'assessment { id } yearLabel className subjectName', count: `SELECT count(*)::int AS n FROM assessments WHERE kind = 'QUIZ'`,
  },
];

const pageOf = (l: List) => `query($first: Int, $after: String) {
  ${l.field}(${l.args}, first: $first, after: $after) { totalCount edges { cursor node { assessment { id } } } nodes { ${l.node} } pageInfo { hasNextPage hasPreviousPage endCursor } }
}`;
const idOf = (n: { assessment?: { id: string }; id?: string }) => n.assessment?.id ?? n.id;

async function walk(l: List, first: number) {
  const ids: string[] = [];
  const statements = new Set<number>();
  let after: string | null = null;
  let pages = 0;
  let total: number;
  for (;;) {
    const res: GqlResult = await t.gql(pageOf(l), { first, after }, tok[l.token]);
    expect(res.errors).toBeUndefined();
    const c = res.data[l.field];
    expect(c.nodes.map(idOf)).toEqual(c.edges.map((e: { node: { assessment: { id: string } } }) => idOf(e.node)));
    expect(c.pageInfo.hasPreviousPage).toBe(pages > 0);
    ids.push(...c.nodes.map(idOf));
    total = c.totalCount;
    pages++;
    if (!c.pageInfo.hasNextPage) break;
    statements.add(res.sql);
    after = c.pageInfo.endCursor;
  }
  return { ids, statements, pages, total };
}

describe.each(LISTS.map((l) => [l.name, l] as const))('%s', (_name, l) => {
  it('a walk by first/after meets each row exactly once, in the order of one big page, in the same statements a page', async () => {
    const [{ n }] = await t.ds.query(l.count);
    expect(n).toBeGreaterThan(20);
    const w = await walk(l, 7);
    expect([w.total, w.ids.length, new Set(w.ids).size, w.pages]).toEqual([n, n, n, Math.ceil(n / 7)]);
    expect(w.statements.size).toBe(1);
    const whole = await t.gql(pageOf(l), { first: 500 }, tok[l.token]);
    expect(whole.data[l.field].nodes.map(idOf)).toEqual(w.ids);
  });

  it('a page costs the same statements for 2 rows as for 100', async () => {
    const small = await t.gql(pageOf(l), { first: 2 }, tok[l.token]);
    const large = await t.gql(pageOf(l), { first: 100 }, tok[l.token]);
    expect([small.errors, large.errors]).toEqual([undefined, undefined]);
    expect(small.data[l.field].nodes).toHaveLength(2);
    expect(large.data[l.field].nodes.length).toBeGreaterThan(20);
    expect(large.sql).toBe(small.sql);
  });

  it('a first above the maximum is refused with the maximum, never cut', async () => {
    const res = await t.gql(pageOf(l), { first: 501 }, tok[l.token]);
    expect(res.data).toBeNull();
    expect(res.errors?.[0]).toMatchObject({ message: PAGE_TEXT.firstRange(500), extensions: { code: 'VALIDATION', field: 'first' } });
  });
});

it('a review list keeps its groups: year newest first, then class and subject, the latest due date first', async () => {
  const res = await t.gql(pageOf(LISTS[0]), { first: 500 }, tok.teacher);
  type Card = { yearLabel: string; className: string; subjectName: string; assessment: { dueDate: string } };
  const cards: Card[] = res.data.reviewItems.nodes;
  const sorted = [...cards].sort((x, y) => y.yearLabel.localeCompare(x.yearLabel) || x.className.localeCompare(y.className)
    || x.subjectName.localeCompare(y.subjectName) || y.assessment.dueDate.localeCompare(x.assessment.dueDate));
  expect(cards).toEqual(sorted);
});
