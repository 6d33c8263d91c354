import { GradingWorld, GRADE, gradingWorld } from '../../test/grading.fixtures';
import { AUDIT_TEXT, MAX_AUDIT_PAGE } from './audit.service';
import { QUESTIONS } from '../../test/assessments.fixtures';

/**
 * The audit log (issue 23): what is recorded, in the change's transaction (a refused change leaves no row), who
 * reads which rows, paging by cursor, and rows that nothing can change.
 */
let w: GradingWorld;
beforeAll(async () => {
  w = await gradingWorld();
}, 60_000);
afterAll(() => w.t.close());

const EVENTS = `query($filter: AuditFilterInput, $first: Int, $after: String) { auditEvents(filter: $filter, first: $first, after: $after) {
  edges { cursor node { id kind actorName actorRole actingRole impersonating targetName from to note submissionId } } pageInfo { hasNextPage endCursor } totalCount } }`;
const rows = (sql: string, params: unknown[] = []) => w.t.ds.query(sql, params);

test('a grade change is recorded with who, from, to, the submission and the question; a refused one leaves nothing', async () => {
  const i = await w.item();
  const sid = await w.submit(i);
  const refused = await w.t.gql(GRADE, { input: { submissionId: sid, questionId: i.long, score: 99, expectedVersion: 0 } }, w.tok.teacher);
  expect(refused.errors).toBeDefined();
  expect(await rows(`SELECT 1 FROM audit_events WHERE submission_id = $1`, [sid])).toEqual([]);
  await w.t.gql(GRADE, { input: { submissionId: sid, questionId: i.long, score: 3, feedback: 'Good', expectedVersion: 0 } }, w.tok.teacher);
  await w.t.gql(GRADE, { input: { submissionId: sid, questionId: i.long, score: 4.5, expectedVersion: 1 } }, w.tok.teacher2);
  const got = await w.t.gql(EVENTS, { filter: { submissionId: sid } }, w.tok.admin);
  expect(got.data.auditEvents.edges.map((e: { node: unknown }) => e.node)).toEqual([
    expect.objectContaining({
      kind: 'GRADE_CHANGED',
      actorName: w.name.teacher2,
      from: '3',
      to: '4.5',
      targetName: w.name.student,
      submissionId: sid,
      note: 'Question 3',
    }),
    expect.objectContaining({
      kind: 'GRADE_CHANGED',
      actorName: w.name.teacher,
      actorRole: 'Teacher',
      from: null,
      to: '3',
      note: 'Question 3; feedback changed',
    }),
  ]);
});

test('an edit of the key that changes totals records each total', async () => {
  const i = await w.item({ autoOnly: true });
  const sid = await w.submit(i);
  // the short answer now accepts Lyon only: the perfect 'PARIS' loses its 2 points
  const questions = [
    { ...QUESTIONS[0], id: i.mcq.id },
    { ...QUESTIONS[1], id: i.short, acceptedAnswers: [{ answer: 'Lyon', weight: 100 }] },
  ];
  const edited = await w.t.gql(
    `mutation($input: UpdateAssessmentInput!) { updateAssessment(input: $input) { id } }`,
    { input: { id: i.id, questions } },
    w.tok.teacher,
  );
  expect(edited.errors).toBeUndefined();
  const [row] = await rows(`SELECT kind, actor_id, details FROM audit_events WHERE submission_id = $1`, [sid]);
  expect(row).toMatchObject({
    kind: 'GRADE_CHANGED',
    actor_id: w.id.teacher,
    details: { from: '6', to: '4', note: 'Total regraded after an edit of the answer key' },
  });
});

test('a teacher reads only the grade changes of the courses they teach; students and parents are refused', async () => {
  const teacherRows = await w.t.gql(EVENTS, { first: 100 }, w.tok.teacher);
  expect(teacherRows.data.auditEvents.totalCount).toBeGreaterThan(0);
  expect(new Set(teacherRows.data.auditEvents.edges.map((e: { node: { kind: string } }) => e.node.kind))).toEqual(
    new Set(['GRADE_CHANGED']),
  );
  expect((await w.t.gql(EVENTS, {}, w.tok.outsider)).data.auditEvents.totalCount).toBe(0);
  for (const who of ['student', 'parent']) {
    expect((await w.t.gql(EVENTS, {}, w.tok[who])).errors?.[0]).toMatchObject({
      message: AUDIT_TEXT.cannotRead,
      extensions: { code: 'FORBIDDEN' },
    });
    expect((await w.t.rest('GET', '/audit-events', { token: w.tok[who] })).status).toBe(403);
  }
});

test('a role switch and what was done under it are recorded, over both transports', async () => {
  const sa = await w.t.login('superadmin@demo.school');
  await w.t.rest('POST', '/auth/switch-role', { token: sa, body: { role: 'Admin' } });
  const made = await w.t.rest('POST', '/users', {
    token: sa,
    body: { firstName: 'Under', lastName: 'Switch', email: 'under-switch@test.school', role: 'Parent' },
  });
  expect(made.status).toBe(201);
  await w.t.gql(`mutation { switchRole(input: { role: "original" }) { role } }`, {}, sa);
  const got = await w.t.gql(EVENTS, { filter: { person: 'Sam Super' }, first: 10 }, w.tok.admin);
  const kinds = got.data.auditEvents.edges.map(
    (e: { node: { kind: string; from: string; to: string; impersonating: boolean; note: string } }) => [
      e.node.kind,
      e.node.from,
      e.node.to,
      e.node.impersonating,
      e.node.note,
    ],
  );
  // the operation's own row is written right after its answer, so it may land after the switch back: order aside
  expect(kinds.slice(0, 4)).toEqual(
    expect.arrayContaining([
      ['ROLE_SWITCHED', 'Admin', 'SuperAdmin', true, null],
      ['ACTED_WHILE_SWITCHED', 'SuperAdmin', 'Admin', true, 'REST POST /api/users'],
      ['USER_CREATED', null, 'under-switch@test.school (Parent)', true, null],
      ['ROLE_SWITCHED', 'SuperAdmin', 'Admin', false, null],
    ]),
  );
  const created = await rows(
    `SELECT impersonating, acting_role FROM audit_events WHERE kind = 'USER_CREATED' AND details->>'to' LIKE 'under-switch%'`,
  );
  expect(created).toEqual([{ impersonating: true, acting_role: 'Admin' }]);
});

test('pages by cursor return every row once; a page above the maximum is refused, never cut', async () => {
  const [{ n }] = await rows('SELECT count(*)::int AS n FROM audit_events');
  const seen: string[] = [];
  let after: string | null = null;
  for (;;) {
    const page: {
      data: {
        auditEvents: { edges: Array<{ node: { id: string } }>; pageInfo: { hasNextPage: boolean; endCursor: string }; totalCount: number };
      };
    } = await w.t.gql(EVENTS, { first: 2, after }, w.tok.admin);
    expect(page.data.auditEvents.totalCount).toBe(n);
    seen.push(...page.data.auditEvents.edges.map((e) => e.node.id));
    if (!page.data.auditEvents.pageInfo.hasNextPage) break;
    after = page.data.auditEvents.pageInfo.endCursor;
  }
  expect(seen).toHaveLength(n);
  expect(new Set(seen).size).toBe(n);
  const tooMany = await w.t.gql(EVENTS, { first: MAX_AUDIT_PAGE + 1 }, w.tok.admin);
  expect(tooMany.errors?.[0]).toMatchObject({ message: AUDIT_TEXT.badFirst(MAX_AUDIT_PAGE), extensions: { code: 'VALIDATION' } });
  const rest = await w.t.rest('GET', '/audit-events?first=1', { token: w.tok.admin });
  expect([rest.status, rest.headers.get('x-total-count'), rest.body.data.length]).toEqual([200, String(n), 1]);
  expect(rest.headers.get('x-next-cursor')).toBeTruthy();
});

test('rows are never changed or removed, not even by SQL', async () => {
  const [{ id }] = await rows('SELECT id FROM audit_events LIMIT 1');
  await expect(rows(`UPDATE audit_events SET kind = 'USER_DELETED' WHERE id = $1`, [id])).rejects.toThrow(/never changed or removed/);
  await expect(rows('DELETE FROM audit_events WHERE id = $1', [id])).rejects.toThrow(/never changed or removed/);
  await expect(rows('TRUNCATE audit_events')).rejects.toThrow(/never changed or removed/);
});
