import { startTestServer, TestServer } from '../../test/test-server';
import { bothWays } from '../../test/both-ways';
import { seedDemoSchool } from '../../app/seed';
import { Actor, authorize } from '../../policies';
import { Page, PageWindow, pageOfQuery } from '../../core/paging';
import { AssessmentKind, readableAssessmentQuery } from '../assessments';
import { Classroom, fillSubmissions, makeBigItem, makeClassroom } from '../../test/dashboards.fixtures';
import { REVIEW_TEXT, badgeOf } from './dashboards.service';
import { ReviewItem } from './dashboards.types';

/** The old path's counts: submissions of many items by status (the yardstick review-list.ts is compared with). */
async function reviewCounts(m: TestServer['ds'], assessmentIds: string[]): Promise<Map<string, { total: number; graded: number }>> {
  if (!assessmentIds.length) return new Map();
  const rows: Array<{ assessment_id: string; total: number; graded: number }> = await m.query(
    `SELECT assessment_id, count(*)::int AS total, count(*) FILTER (WHERE status = 'graded')::int AS graded
       FROM submissions WHERE assessment_id = ANY($1::uuid[]) GROUP BY assessment_id`,
    [assessmentIds],
  );
  return new Map(rows.map((r) => [r.assessment_id, { total: r.total, graded: r.graded }]));
}

/**
 * reviewItems builds its page in one statement (review-list.ts). Its answers must be exactly those of the ORM
 * path it replaced (kept here as the yardstick): every field, every kind, every viewer who may see a list
 * (a teacher, another teacher, Admin, SuperAdmin), whole lists and windows, equal due dates.
 */
let t: TestServer;
const tok: Record<string, string> = {};
let room: Classroom;

/** The review list as it was read before: the ORM's page and total, then the page's counts. */
async function ormItems(actor: Actor, kind: AssessmentKind, window: PageWindow): Promise<Page<ReviewItem>> {
  authorize(actor, 'review.list', undefined, { message: REVIEW_TEXT.cannotList });
  const qb = readableAssessmentQuery(t.ds, actor, { kind })
    .orderBy('y.year COLLATE "und-x-icu"', 'DESC')
    .addOrderBy('cl.name COLLATE "und-x-icu"', 'ASC')
    .addOrderBy('s.name COLLATE "und-x-icu"', 'ASC')
    .addOrderBy('a.due_date', 'DESC')
    .addOrderBy('a.position', 'ASC')
    .addOrderBy('a.created_at', 'DESC')
    .addOrderBy('a.id', 'ASC');
  const page = await pageOfQuery(qb, window);
  const counts = await reviewCounts(
    t.ds,
    page.items.map((a) => a.id),
  );
  const label = (v: string | undefined | null, fallback: string) => (v && v.trim() ? v : fallback);
  const cards = page.items.map((a) => {
    const { total, graded } = counts.get(a.id) ?? { total: 0, graded: 0 };
    const badge = badgeOf(total, graded);
    return Object.assign(new ReviewItem(), {
      assessment: a,
      yearLabel: label(a.course?.academicYear?.year, 'Unknown Year'),
      className: label(a.course?.class?.name, 'Unknown Class'),
      subjectName: label(a.course?.subject?.name, 'Unknown Subject'),
      submissionCount: total,
      gradedCount: graded,
      pendingCount: total - graded,
      badge,
      badgeLabel: REVIEW_TEXT.badge(badge, kind),
    });
  });
  return { ...page, items: cards };
}

const CARDS = `query($kind: AssessmentKind!, $first: Int, $after: String) { reviewItems(kind: $kind, first: $first, after: $after) {
  totalCount pageInfo { hasNextPage endCursor }
  nodes { yearLabel className subjectName submissionCount gradedCount pendingCount badge badgeLabel
    assessment { id kind title description instructions dueDate totalPoints resultVisibility isVisible scope resultsReleasedAt resultsReleasedByName
      lateDueDate createdAt updatedAt version viewerCanManage viewerCanDelete
      course { id title description version createdAt updatedAt subject { id name description isActive createdAt version }
        class { id name grade description isActive createdAt version } academicYear { id year isActive startDate endDate createdAt version } }
      module { id title description moduleType order isVisible version createdAt } } } } }`;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'teacher2', 'admin', 'superadmin', 'student']) tok[who] = await t.login(`${who}@demo.school`);
  const [{ id }] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
  room = await makeClassroom(t.ds, id, 6);
  const [{ id: moduleId }] = await t.ds.query(
    `INSERT INTO course_modules (course_id, title, sort_order) VALUES ($1, 'Review week', 1) RETURNING id`,
    [room.courseId],
  );
  for (let i = 0; i < 4; i += 1) {
    for (const [kind, where] of [
      ['ASSIGNMENT', { courseId: room.courseId }],
      ['EXAM', { courseId: room.courseId }],
      ['QUIZ', { moduleId }],
    ] as const) {
      const item = await makeBigItem(t, tok.teacher, where, 2, { kind, dueInHours: i % 2 ? 24 : -24 });
      if (i > 0) await fillSubmissions(t.ds, item, room, i / 4);
      if (i === 3) await t.ds.query(`UPDATE submissions SET status = 'graded' WHERE assessment_id = $1`, [item]);
    }
  }
  // names cannot be blank (check constraints), so the 'Unknown ...' labels do not arise; equal due dates order by position
  await t.ds.query(`UPDATE assessments SET due_date = date_trunc('minute', now()) WHERE course_id = $1 AND kind = 'EXAM'`, [room.courseId]);
}, 120_000);
afterAll(() => t.close());

const both = (who: string, variables: Record<string, unknown>) =>
  bothWays(t.services.grading.dashboards, 'items', ormItems, () => t.gql(CARDS, variables, tok[who]));

it('answers as the ORM path did, for every kind, viewer and window', async () => {
  let seen = 0;
  for (const who of ['teacher', 'teacher2', 'admin', 'superadmin']) {
    for (const kind of ['ASSIGNMENT', 'EXAM', 'QUIZ']) {
      for (const window of [{}, { first: 2 }, { first: 3, after: null as string | null }]) {
        const { fresh, orm } = await both(who, { kind, ...window });
        expect(fresh.errors).toBeUndefined();
        expect(fresh.data).toEqual(orm.data);
        expect(fresh.sql).toBeLessThan(orm.sql); // the two paths did run
        seen += fresh.data.reviewItems.nodes.length;
        const next = fresh.data.reviewItems.pageInfo.endCursor;
        if (next && fresh.data.reviewItems.pageInfo.hasNextPage) {
          const later = await both(who, { kind, first: 2, after: next });
          expect(later.fresh.data).toEqual(later.orm.data);
        }
      }
    }
  }
  expect(seen).toBeGreaterThan(20);
}, 120_000);

it('the labels and badges of the fixture are the ones the cards show', async () => {
  const r = await t.gql(CARDS, { kind: 'EXAM' }, tok.teacher);
  const mine = r.data.reviewItems.nodes.filter((n: { assessment: { course: { id: string } } }) => n.assessment.course.id === room.courseId);
  expect(mine).toHaveLength(4);
  const [names] = await t.ds.query(
    `SELECT cl.name AS "className", s.name AS "subjectName" FROM courses c JOIN classes cl ON cl.id = c.class_id
    JOIN subjects s ON s.id = c.subject_id WHERE c.id = $1`,
    [room.courseId],
  );
  for (const n of mine) expect(n).toMatchObject(names);
  expect(mine.some((n: { badge: string }) => n.badge === 'ALL_GRADED')).toBe(true);
  expect(mine.some((n: { badge: string }) => n.badge === 'NONE')).toBe(true);
});

it('denials are unchanged: a student may not list', async () => {
  const { fresh, orm } = await both('student', { kind: 'EXAM' });
  expect(fresh.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  expect(fresh.errors?.[0]?.message).toBe(orm.errors?.[0]?.message);
});

// the same card fields as the review lists'
const QUEUE = `query($first: Int, $after: String) { gradingQueue(first: $first, after: $after) {
  totalCount pageInfo { hasNextPage endCursor }
  ${CARDS.slice(CARDS.indexOf('nodes {'))}`;

type QueueCard = { pendingCount: number; assessment: { id: string; kind: string; dueDate: string } };

/** What the dashboard card computed before gradingQueue: the three whole lists, those with work to grade, earliest due first. */
async function queueOfLists(who: string): Promise<QueueCard[]> {
  const lists = await Promise.all(['ASSIGNMENT', 'QUIZ', 'EXAM'].map((kind) => t.gql(CARDS, { kind, first: 500 }, tok[who])));
  const all: QueueCard[] = lists.flatMap((r) => r.data.reviewItems.nodes);
  // a stable sort on the due date, as the card's was; equal due dates then differ in order only
  return all.filter((c) => c.pendingCount > 0).sort((a, b) => a.assessment.dueDate.localeCompare(b.assessment.dueDate));
}

const byDueThenId = (cards: QueueCard[]) =>
  [...cards].sort((a, b) => a.assessment.dueDate.localeCompare(b.assessment.dueDate) || a.assessment.id.localeCompare(b.assessment.id));

it('the grading queue holds what the three review lists have waiting, the earliest due first, for every viewer who may list', async () => {
  for (const who of ['teacher', 'teacher2', 'admin', 'superadmin']) {
    const expected = await queueOfLists(who);
    const r = await t.gql(QUEUE, { first: 100 }, tok[who]);
    expect(r.errors).toBeUndefined();
    const got: QueueCard[] = r.data.gradingQueue.nodes;
    expect(r.data.gradingQueue.totalCount).toBe(expected.length);
    expect(got.map((c) => c.assessment.dueDate)).toEqual([...got.map((c) => c.assessment.dueDate)].sort());
    expect(byDueThenId(got)).toEqual(byDueThenId(expected));
    if (who === 'teacher') expect(got.length).toBeGreaterThan(4);
  }
}, 120_000);

it('the grading queue pages: 5 unless asked, the pages meet every item once, at most 100 a page', async () => {
  const whole = (await t.gql(QUEUE, { first: 100 }, tok.teacher)).data.gradingQueue;
  const first = (await t.gql(QUEUE, {}, tok.teacher)).data.gradingQueue;
  expect(first.nodes).toHaveLength(Math.min(5, whole.totalCount));
  const seen: string[] = [];
  let after: string | null = null;
  for (let i = 0; i < 50; i += 1) {
    const page: { nodes: QueueCard[]; pageInfo: { hasNextPage: boolean; endCursor: string } } = (
      await t.gql(QUEUE, { first: 2, after }, tok.teacher)
    ).data.gradingQueue;
    seen.push(...page.nodes.map((n) => n.assessment.id));
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  expect(seen).toEqual(whole.nodes.map((n: QueueCard) => n.assessment.id));
  const tooMany = await t.gql(QUEUE, { first: 101 }, tok.teacher);
  expect(tooMany.errors?.[0]?.message).toBe('first must be a whole number from 1 to 100 (the most this list gives in one page)');
});

it('GET /api/review/queue is its twin: the same items, X-Total-Count, the first 5 unless asked; a student is refused', async () => {
  const whole = (await t.gql(QUEUE, { first: 100 }, tok.teacher)).data.gradingQueue;
  const all = await t.rest('GET', '/review/queue?limit=100', { token: tok.teacher });
  expect(all.status).toBe(200);
  expect(all.headers.get('x-total-count')).toBe(String(whole.totalCount));
  expect(all.body.data.map((c: { assessment: { _id: string } }) => c.assessment._id)).toEqual(
    whole.nodes.map((n: QueueCard) => n.assessment.id),
  );
  expect(all.body.data[0]).toMatchObject({
    pendingCount: whole.nodes[0].pendingCount,
    badgeLabel: expect.any(String),
    className: expect.any(String),
  });
  const plain = await t.rest('GET', '/review/queue', { token: tok.teacher });
  expect(plain.body.data).toHaveLength(Math.min(5, whole.totalCount));
  const student = await t.rest('GET', '/review/queue', { token: tok.student });
  expect(student.status).toBe(403);
  expect(student.body.message).toBe(REVIEW_TEXT.cannotList);
  const gqlStudent = await t.gql(QUEUE, {}, tok.student);
  expect(gqlStudent.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
});

it("the review pages' statement leaves out each item's course and module when the operation cannot ask for them, and brings them when it may", async () => {
  // which way each request read: the resolver tells the service whether the operation may ask for them
  const review = t.services.grading.dashboards;
  const items = review.items.bind(review);
  const places: boolean[] = [];
  review.items = (...args: Parameters<typeof items>) => {
    places.push(args[3] ?? true);
    return items(...args);
  };
  const full = await t.gql(CARDS, { kind: 'QUIZ' }, tok.teacher);
  const card = (n: Record<string, any>) => ({
    ...n,
    assessment: { id: n.assessment.id, title: n.assessment.title, dueDate: n.assessment.dueDate },
  });
  // the web's review page: no course, no module
  const lean = await t.gql(
    `query($kind: AssessmentKind!) { reviewItems(kind: $kind) { nodes { ...Card } } }
    fragment Card on ReviewItem { yearLabel className subjectName submissionCount gradedCount pendingCount badge badgeLabel assessment { id title dueDate } }`,
    { kind: 'QUIZ' },
    tok.teacher,
  );
  expect(lean.errors).toBeUndefined();
  expect(lean.data.reviewItems.nodes).toEqual(
    full.data.reviewItems.nodes.map(
      ({
        assessment,
        yearLabel,
        className,
        subjectName,
        submissionCount,
        gradedCount,
        pendingCount,
        badge,
        badgeLabel,
      }: Record<string, any>) =>
        card({ assessment, yearLabel, className, subjectName, submissionCount, gradedCount, pendingCount, badge, badgeLabel }),
    ),
  );
  // asked through an alias, a fragment and the edges, they come in the same statements (no loader reads them)
  const asked = await t.gql(
    `query($kind: AssessmentKind!) { reviewItems(kind: $kind) { edges { node { assessment { id ...Where } } } } }
    fragment Where on Assessment { place: course { title subject { name } } module { title } }`,
    { kind: 'QUIZ' },
    tok.teacher,
  );
  expect(asked.errors).toBeUndefined();
  expect(asked.data.reviewItems.edges.map((e: any) => e.node.assessment)).toEqual(
    full.data.reviewItems.nodes.map((n: any) => ({
      id: n.assessment.id,
      place: { title: n.assessment.course.title, subject: { name: n.assessment.course.subject.name } },
      module: { title: n.assessment.module.title },
    })),
  );
  expect(asked.sql).toBe(lean.sql);
  review.items = items;
  expect(places).toEqual([true, false, true]);
  // the service's lean rows carry neither
  const [teacher] = await t.ds.query(`SELECT id, role FROM users WHERE email = 'teacher@demo.school'`);
  const actor = { userId: teacher.id, role: teacher.role, activeRole: teacher.role, impersonating: false, sessionId: 's', childIds: [] };
  const rows = await t.services.grading.dashboards.items(actor as never, AssessmentKind.QUIZ, { offset: 0, limit: 100 }, false);
  expect(rows.items.length).toBeGreaterThan(3);
  expect(rows.items.every((i) => i.assessment.course === undefined && i.assessment.module === undefined)).toBe(true);
});
