import { startTestServer, TestServer } from '../../test/test-server';
import { DEMO_EMAIL, ROLES, signInEachRole } from '../../test/demo';
import { seedDemoSchool } from '../../app/seed';
import { Role } from '../../core/role';
import { makeAllocation, makeClass, makeSubject, makeYear } from '../../test/academic.factories';
import { makeUser } from '../../test/factories';
import { ACADEMIC_TEXT as T } from './academic.validation';

/**
 * Who may do what with the academic structure, for each of the five roles and through both transports.
 * The expected outcomes are written out (platform.md section 6 and DESIGN.md "where the spec is silent"),
 * not computed from the rules under test.
 */
let t: TestServer;
let tokens: Record<Role, string>;
const ids: Record<string, string> = {};
let y2026: string;
/** Teaches the allocations the write tests make, so the demo teachers keep exactly the demo school's. */
let helperTeacher: string;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  tokens = await signInEachRole(t);
  for (const u of await t.ds.query(`SELECT id, email FROM users`)) ids[u.email] = u.id;
  [{ id: y2026 }] = await t.ds.query(`SELECT id FROM academic_years WHERE year = '2026'`);
  helperTeacher = (await makeUser(t.ds, { role: Role.Teacher })).id;
});
afterAll(() => t.close());

const Y = true;
const N = false;
const WRITE: Record<Role, boolean> = { SuperAdmin: Y, Admin: Y, Teacher: N, Student: N, Parent: N };
const uniq = () => Math.random().toString(36).slice(2, 10);

/** One entity's three write operations over both transports, and how to read back what happened. */
interface Entity {
  name: string;
  table: string;
  fresh(): Promise<string>;
  restCreate(): { path: string; body: Record<string, unknown> };
  gqlCreate(): { query: string; input: Record<string, unknown>; field: string };
  restPath: string;
  updateBody(id: string): Promise<{ rest: Record<string, unknown>; gql: Record<string, unknown>; column: string; value: string }>;
  gqlUpdate: string;
  gqlDelete: string;
}

const teacherId = () => ids['teacher@demo.school'];
const writerId = () => helperTeacher;

const ENTITIES: Entity[] = [
  {
    name: 'academic year',
    table: 'academic_years',
    fresh: async () => (await makeYear(t.ds)).id,
    restCreate: () => ({ path: '/academic-years', body: { year: `R-${uniq()}`, isActive: true } }),
    gqlCreate: () => ({
      query: 'mutation($input: CreateAcademicYearInput!) { createAcademicYear(input: $input) { id } }',
      input: { year: `G-${uniq()}` },
      field: 'createAcademicYear',
    }),
    restPath: '/academic-years',
    updateBody: async () => {
      const value = `U-${uniq()}`;
      return { rest: { year: value }, gql: { year: `${value}g` }, column: 'year', value };
    },
    gqlUpdate: 'mutation($input: UpdateAcademicYearInput!) { updateAcademicYear(input: $input) { id } }',
    gqlDelete: 'mutation($id: ID!) { deleteAcademicYear(id: $id) }',
  },
  {
    name: 'class',
    table: 'classes',
    fresh: async () => (await makeClass(t.ds, y2026)).id,
    restCreate: () => ({
      path: '/classes',
      body: { name: `R ${uniq()}`, grade: '5', academicYear: y2026, description: 'd', isActive: true },
    }),
    gqlCreate: () => ({
      query: 'mutation($input: CreateClassInput!) { createClass(input: $input) { id } }',
      input: { name: `G ${uniq()}`, grade: '5', academicYearId: y2026 },
      field: 'createClass',
    }),
    restPath: '/classes',
    updateBody: async () => {
      const value = `U ${uniq()}`;
      return { rest: { name: value }, gql: { name: `${value}g` }, column: 'name', value };
    },
    gqlUpdate: 'mutation($input: UpdateClassInput!) { updateClass(input: $input) { id } }',
    gqlDelete: 'mutation($id: ID!) { deleteClass(id: $id) }',
  },
  {
    name: 'subject',
    table: 'subjects',
    fresh: async () => (await makeSubject(t.ds)).id,
    restCreate: () => ({ path: '/subjects', body: { name: `R ${uniq()}`, description: 'd', isActive: true } }),
    gqlCreate: () => ({
      query: 'mutation($input: CreateSubjectInput!) { createSubject(input: $input) { id } }',
      input: { name: `G ${uniq()}` },
      field: 'createSubject',
    }),
    restPath: '/subjects',
    updateBody: async () => {
      const value = `U ${uniq()}`;
      return { rest: { name: value }, gql: { name: `${value}g` }, column: 'name', value };
    },
    gqlUpdate: 'mutation($input: UpdateSubjectInput!) { updateSubject(input: $input) { id } }',
    gqlDelete: 'mutation($id: ID!) { deleteSubject(id: $id) }',
  },
  {
    name: 'allocation',
    table: 'allocations',
    fresh: async () => {
      const c = await makeClass(t.ds, y2026);
      const s = await makeSubject(t.ds);
      return makeAllocation(t.ds, { classId: c.id, subjectId: s.id, academicYearId: y2026, teacherIds: [writerId()] });
    },
    restCreate: () => ({ path: '/teacher-assignments', body: {} }),
    gqlCreate: () => ({
      query: 'mutation($input: CreateAllocationInput!) { createAllocation(input: $input) { id } }',
      input: {},
      field: 'createAllocation',
    }),
    restPath: '/teacher-assignments',
    updateBody: async () => {
      const s = await makeSubject(t.ds);
      return { rest: { subject: s.id }, gql: { subjectId: s.id }, column: 'subject_id', value: s.id };
    },
    gqlUpdate: 'mutation($input: UpdateAllocationInput!) { updateAllocation(input: $input) { id } }',
    gqlDelete: 'mutation($id: ID!) { deleteAllocation(id: $id) }',
  },
];

/** An allocation needs a class and subject of its own for each attempt (one per class+subject+year). */
async function allocationBodies() {
  const c = await makeClass(t.ds, y2026);
  const s = await makeSubject(t.ds);
  const c2 = await makeClass(t.ds, y2026);
  return {
    rest: { teachers: [writerId()], class: c.id, subject: s.id, academicYear: y2026 },
    gql: { teacherIds: [writerId()], classId: c2.id, subjectId: s.id, academicYearId: y2026 },
  };
}

const count = async (table: string) => (await t.ds.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;

describe.each(ROLES)('as %s', (actor) => {
  describe.each(ENTITIES)('$name', (e) => {
    it(`creates over REST and GraphQL: ${WRITE[actor] ? 'allowed' : 'denied'}`, async () => {
      const before = await count(e.table);
      const rc = e.restCreate();
      const gc = e.gqlCreate();
      if (e.table === 'allocations') {
        const b = await allocationBodies();
        Object.assign(rc.body, b.rest);
        Object.assign(gc.input, b.gql);
      }
      const rest = await t.rest('POST', rc.path, { token: tokens[actor], body: rc.body });
      const gql = await t.gql(gc.query, { input: gc.input }, tokens[actor]);
      if (WRITE[actor]) {
        expect(rest.status).toBe(201);
        expect(rest.body.data._id).toBeDefined();
        expect(gql.errors).toBeUndefined();
        expect(gql.data[gc.field].id).toBeDefined();
        expect(await count(e.table)).toBe(before + 2);
      } else {
        expect([rest.status, rest.body.message]).toEqual([403, T.cannotManage]);
        expect(gql.errors?.[0]).toMatchObject({ message: T.cannotManage, extensions: { code: 'FORBIDDEN' } });
        expect(await count(e.table)).toBe(before);
      }
    });

    it(`updates over REST and GraphQL: ${WRITE[actor] ? 'allowed' : 'denied'}`, async () => {
      const a = await e.fresh();
      const b = await e.fresh();
      const u = await e.updateBody(a);
      const rest = await t.rest('PUT', `${e.restPath}/${a}`, { token: tokens[actor], body: u.rest });
      const gql = await t.gql(e.gqlUpdate, { input: { id: b, ...u.gql } }, tokens[actor]);
      const rows = await t.ds.query(`SELECT id, ${u.column}::text AS v FROM ${e.table} WHERE id IN ($1, $2) ORDER BY id = $1 DESC`, [a, b]);
      if (WRITE[actor]) {
        expect(rest.status).toBe(200);
        expect(gql.errors).toBeUndefined();
        expect(rows[0].v).toBe(u.value);
        expect(rows[1].v).toBe(u.gql[Object.keys(u.gql)[0]]);
      } else {
        expect([rest.status, rest.body.message]).toEqual([403, T.cannotManage]);
        expect(gql.errors?.[0].extensions?.code).toBe('FORBIDDEN');
        expect(rows.map((r: { v: string }) => r.v)).not.toContain(u.value);
      }
    });

    it(`deletes over REST and GraphQL: ${WRITE[actor] ? 'allowed' : 'denied'}`, async () => {
      const a = await e.fresh();
      const b = await e.fresh();
      const rest = await t.rest('DELETE', `${e.restPath}/${a}`, { token: tokens[actor] });
      const gql = await t.gql(e.gqlDelete, { id: b }, tokens[actor]);
      const left = await t.ds.query(`SELECT 1 FROM ${e.table} WHERE id IN ($1, $2)`, [a, b]);
      if (WRITE[actor]) {
        expect(rest.body).toEqual({ success: true, message: expect.stringMatching(/deleted successfully$/) });
        expect(gql.data).toEqual({ [e.gqlDelete.match(/\{ (\w+)\(/)![1]]: true });
        expect(left).toHaveLength(0);
      } else {
        expect([rest.status, rest.body.message]).toEqual([403, T.cannotManage]);
        expect(gql.errors?.[0].extensions?.code).toBe('FORBIDDEN');
        expect(left).toHaveLength(2);
      }
    });
  });

  it('reads years, classes and subjects over REST and GraphQL (the course-management tree is for every role)', async () => {
    const years = await t.rest('GET', '/academic-years', { token: tokens[actor] });
    const classes = await t.rest('GET', '/classes', { token: tokens[actor] });
    const subjects = await t.rest('GET', '/subjects', { token: tokens[actor] });
    expect(years.body.data.map((y: { year: string }) => y.year)).toEqual(expect.arrayContaining(['2026', '2025']));
    expect(classes.body.data.length).toBeGreaterThanOrEqual(4);
    expect(subjects.body.data.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['Mathematics', 'Art']));
    const gql = await t.gql(
      '{ academicYears { year } classes(first: 500) { nodes { name } } subjects(first: 500) { nodes { name } } }',
      {},
      tokens[actor],
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.academicYears.length).toBe(years.body.data.length);
    expect(gql.data.classes.nodes.length).toBe(classes.body.data.length);
    expect(gql.data.subjects.nodes.length).toBe(subjects.body.data.length);
    const one = await t.rest('GET', `/classes/${classes.body.data[0]._id}`, { token: tokens[actor] });
    expect(one.status).toBe(200);
  });
});

describe('reading allocations', () => {
  // teacher@ teaches 3 of the demo school's 6 allocations (Class 5A Mathematics and Science, Class 5B English)
  const DEMO = (rows: Array<{ class: { name: string }; academicYear: { year: string } }>) =>
    rows.filter((r) => r.academicYear.year === '2026' && /^Class [56][AB]$/.test(r.class.name));
  const LIST: Record<Role, number> = { SuperAdmin: 6, Admin: 6, Teacher: 3, Student: 0, Parent: 0 };

  it.each(ROLES)('GET /teacher-assignments as %s lists only what the role may see', async (actor) => {
    const rest = await t.rest('GET', '/teacher-assignments', { token: tokens[actor] });
    expect(rest.status).toBe(200);
    const gql = await t.gql('{ allocations(first: 500) { nodes { id class { name } academicYear { year } } } }', {}, tokens[actor]);
    expect(DEMO(rest.body.data)).toHaveLength(LIST[actor]);
    expect(DEMO(gql.data.allocations.nodes)).toHaveLength(LIST[actor]);
    if (actor === Role.Teacher) {
      for (const a of rest.body.data) expect(a.teachers.map((x: { email: string }) => x.email)).toContain('teacher@demo.school');
    }
  });

  const OWN: Record<Role, boolean> = { SuperAdmin: Y, Admin: Y, Teacher: Y, Student: N, Parent: N };
  it.each(ROLES)('GET /teacher-assignments/teacher/{teacher@} as %s', async (actor) => {
    const rest = await t.rest('GET', `/teacher-assignments/teacher/${teacherId()}`, { token: tokens[actor] });
    const gql = await t.gql('query($id: ID!) { allocations(teacherId: $id) { nodes { id } } }', { id: teacherId() }, tokens[actor]);
    if (OWN[actor]) {
      expect(rest.status).toBe(200);
      expect(rest.body.data).toHaveLength(3);
      expect(gql.data.allocations.nodes).toHaveLength(3);
    } else {
      expect([rest.status, rest.body.message]).toEqual([403, T.ownAllocationsOnly]);
      expect(gql.errors?.[0]).toMatchObject({ message: T.ownAllocationsOnly, extensions: { code: 'FORBIDDEN' } });
    }
  });

  it("a teacher cannot read another teacher's allocations, as a list or one by one", async () => {
    const other = ids['teacher2@demo.school'];
    const rest = await t.rest('GET', `/teacher-assignments/teacher/${other}`, { token: tokens.Teacher });
    expect([rest.status, rest.body.message]).toEqual([403, T.ownAllocationsOnly]);
    const gql = await t.gql('query($id: ID!) { allocations(teacherId: $id) { nodes { id } } }', { id: other }, tokens.Teacher);
    expect(gql.errors?.[0].extensions?.code).toBe('FORBIDDEN');

    const [{ id: theirs }] = await t.ds.query(`SELECT allocation_id AS id FROM allocation_teachers WHERE teacher_id = $1 LIMIT 1`, [other]);
    const one = await t.rest('GET', `/teacher-assignments/${theirs}`, { token: tokens.Teacher });
    expect([one.status, one.body.message]).toEqual([404, T.allocationNotFound]);
    const gone = await t.gql('query($id: ID!) { allocation(id: $id) { id } }', { id: theirs }, tokens.Teacher);
    expect(gone.errors?.[0]).toMatchObject({ message: T.allocationNotFound, extensions: { code: 'NOT_FOUND' } });
    // admins read it
    expect((await t.rest('GET', `/teacher-assignments/${theirs}`, { token: tokens.Admin })).status).toBe(200);
    // and the teacher reads one of their own
    const [{ id: mine }] = await t.ds.query(`SELECT allocation_id AS id FROM allocation_teachers WHERE teacher_id = $1 LIMIT 1`, [
      teacherId(),
    ]);
    expect((await t.rest('GET', `/teacher-assignments/${mine}`, { token: tokens.Teacher })).status).toBe(200);
  });

  it('the tree shows each role only the allocations it may see', async () => {
    const Q = '{ academicTree { year classes { name allocations { subject { name } teachers { email } } } } }';
    const count = (tree: Array<{ classes: Array<{ allocations: unknown[] }> }>) =>
      tree.flatMap((y) => y.classes).flatMap((c) => c.allocations).length;
    for (const actor of ROLES) {
      const res = await t.gql(Q, {}, tokens[actor]);
      expect(res.errors).toBeUndefined();
      if (actor === Role.Teacher) expect(count(res.data.academicTree)).toBe(3);
      if (actor === Role.Student || actor === Role.Parent) expect(count(res.data.academicTree)).toBe(0);
      expect(res.data.academicTree.map((y: { year: string }) => y.year)).toEqual(expect.arrayContaining(['2026', '2025']));
    }
  });
});

it('an impersonating SuperAdmin has only the rights of the role it views as', async () => {
  const token = await t.login(DEMO_EMAIL.SuperAdmin);
  await t.rest('POST', '/auth/switch-role', { token, body: { role: 'Teacher' } });
  const res = await t.rest('POST', '/academic-years', { token, body: { year: `I-${uniq()}` } });
  expect([res.status, res.body.message]).toEqual([403, T.cannotManage]);
  // viewing as a Teacher it has no allocations of its own, so it sees none
  const list = await t.rest('GET', '/teacher-assignments', { token });
  expect(list.body.data).toEqual([]);
});

it('every path needs a session', async () => {
  const some = '00000000-0000-4000-8000-000000000000';
  const paths: Array<[string, string]> = [
    ['GET', '/academic-years'],
    ['GET', `/academic-years/${some}`],
    ['POST', '/academic-years'],
    ['PUT', `/academic-years/${some}`],
    ['DELETE', `/academic-years/${some}`],
    ['GET', '/classes'],
    ['GET', `/classes/${some}`],
    ['GET', `/classes/academic-year/${some}`],
    ['POST', '/classes'],
    ['PUT', `/classes/${some}`],
    ['DELETE', `/classes/${some}`],
    ['GET', '/subjects'],
    ['GET', `/subjects/${some}`],
    ['POST', '/subjects'],
    ['PUT', `/subjects/${some}`],
    ['DELETE', `/subjects/${some}`],
    ['GET', '/teacher-assignments'],
    ['GET', `/teacher-assignments/${some}`],
    ['GET', `/teacher-assignments/class/${some}`],
    ['GET', `/teacher-assignments/teacher/${some}`],
    ['POST', '/teacher-assignments'],
    ['PUT', `/teacher-assignments/${some}`],
    ['DELETE', `/teacher-assignments/${some}`],
    ['PUT', `/users/${some}`],
  ];
  for (const [m, p] of paths) {
    expect([m, p, (await t.rest(m, p, { body: m === 'POST' || m === 'PUT' ? {} : undefined })).status]).toEqual([m, p, 401]);
  }
  const gql = await t.gql('{ academicTree { id } }');
  expect(gql.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
});
