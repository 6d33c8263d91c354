import { GqlResult, startTestServer, TestServer } from '../test/test-server';
import { makeUser } from '../test/factories';
import { seedDemoSchool } from '../app/seed';
import { makeClass, makeYear } from '../test/academic.factories';
import { Role } from './role';
import { PAGE_TEXT } from './paging';

/**
 * Every list that grows with the school is paged (issue 26): Relay connections walked by first/after meet
 * every row exactly once, even when names tie; a page size above the maximum is refused with the maximum,
 * never cut; REST lists answer whole as before unless ?limit= or ?offset= asks for a window, with the total
 * in X-Total-Count. The measured defect: users(limit: 500, offset: 500) answered 0 of 220 (cut to 200).
 */
let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  const boss = await makeUser(t.ds, { role: Role.Admin, lastName: 'Aaboss' });
  admin = await t.login(boss.email);
  // 499 students who all share one name: only the id orders them
  await t.ds.query(
    `INSERT INTO users (first_name, last_name, email, role, activated)
     SELECT 'Same', 'Name', 'walk' || g || '@test.school', 'Student', true FROM generate_series(1, 499) g`,
  );
});
afterAll(() => t.close());

const PAGE = `query($first: Int, $after: String) {
  users(first: $first, after: $after) { totalCount edges { cursor node { id } } nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }
}`;

describe('a walk by first/after', () => {
  it('returns each of 500 users exactly once, in a constant number of statements a page', async () => {
    const seen: string[] = [];
    const statements = new Set<number>();
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const res: GqlResult = await t.gql(PAGE, { first: 37, after }, admin);
      expect(res.errors).toBeUndefined();
      const c = res.data.users;
      expect(c.totalCount).toBe(500);
      expect(c.nodes).toEqual(c.edges.map((e: { node: unknown }) => e.node));
      expect(c.pageInfo).toMatchObject({ hasPreviousPage: pages > 0, startCursor: c.edges[0].cursor, endCursor: c.edges.at(-1).cursor });
      seen.push(...c.nodes.map((n: { id: string }) => n.id));
      statements.add(res.sql);
      pages++;
      if (!c.pageInfo.hasNextPage) break;
      after = c.pageInfo.endCursor;
    }
    expect(pages).toBe(Math.ceil(500 / 37));
    expect(seen).toHaveLength(500);
    expect(new Set(seen).size).toBe(500);
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM users`);
    expect(n).toBe(500);
    expect(statements.size).toBe(1);
  });

  it('refuses a page size above the maximum with the maximum, never a silent cut', async () => {
    const res = await t.gql(PAGE, { first: 500 }, admin);
    expect(res.data).toBeNull();
    expect(res.errors?.[0]).toMatchObject({ message: PAGE_TEXT.firstRange(200), extensions: { code: 'VALIDATION', field: 'first' } });
    expect(res.errors?.[0].message).toContain('200');
    for (const first of [0, -1]) {
      expect((await t.gql(PAGE, { first }, admin)).errors?.[0]).toMatchObject({ extensions: { code: 'VALIDATION', field: 'first' } });
    }
  });

  it('refuses a cursor it did not give', async () => {
    for (const after of ['nope', Buffer.from('o:-1').toString('base64url'), Buffer.from('o:1e3').toString('base64url'), '']) {
      expect((await t.gql(PAGE, { first: 5, after }, admin)).errors?.[0]).toMatchObject({
        message: PAGE_TEXT.badCursor,
        extensions: { code: 'VALIDATION', field: 'after' },
      });
    }
  });

  it('past the end: an empty page with no cursors', async () => {
    const last = await t.gql(PAGE, { first: 200, after: Buffer.from('o:499').toString('base64url') }, admin);
    expect(last.data.users).toMatchObject({
      totalCount: 500,
      nodes: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: true, startCursor: null, endCursor: null },
    });
  });
});

describe('REST lists', () => {
  it('answer whole and as before when no window is asked for', async () => {
    const res = await t.rest('GET', '/users', { token: admin });
    expect([res.status, res.body.data.length, res.headers.get('x-total-count')]).toEqual([200, 500, null]);
  });

  it('honour limit and offset and say the total in X-Total-Count', async () => {
    const whole = (await t.rest('GET', '/users', { token: admin })).body.data.map((u: { _id: string }) => u._id);
    const page = await t.rest('GET', '/users?limit=10&offset=495', { token: admin });
    expect([page.status, page.headers.get('x-total-count'), page.body.data.map((u: { _id: string }) => u._id)]).toEqual([
      200,
      '500',
      whole.slice(495),
    ]);
    const firstTen = await t.rest('GET', '/users?limit=10', { token: admin });
    expect(firstTen.body.data.map((u: { _id: string }) => u._id)).toEqual(whole.slice(0, 10));
    const fromOffset = await t.rest('GET', '/users?offset=490', { token: admin });
    expect(fromOffset.body.data.map((u: { _id: string }) => u._id)).toEqual(whole.slice(490, 540));
  });

  it.each([
    ['limit=201', 'limit', PAGE_TEXT.limitRange(200)],
    ['limit=0', 'limit', PAGE_TEXT.limitRange(200)],
    ['limit=ten', 'limit', PAGE_TEXT.limitRange(200)],
    ['offset=-1', 'offset', PAGE_TEXT.offsetInvalid],
  ])('?%s is a VALIDATION error naming %s', async (query, field, message) => {
    const res = await t.rest('GET', `/users?${query}`, { token: admin });
    expect([res.status, res.body]).toEqual([400, { success: false, code: 'VALIDATION', field, message }]);
  });
});

describe('lookups a script needs', () => {
  it("users by class and a class's students, paged, in the same statements for one class or several", async () => {
    const year = await makeYear(t.ds);
    const a = await makeClass(t.ds, year.id, 'Paging A');
    const b = await makeClass(t.ds, year.id, 'Paging B');
    await t.ds.query(
      `UPDATE users SET class_id = $1, academic_year_id = $2 WHERE id IN (SELECT id FROM users WHERE role = 'Student' ORDER BY id LIMIT 30)`,
      [a.id, year.id],
    );
    await t.ds.query(
      `UPDATE users SET class_id = $1, academic_year_id = $2 WHERE id IN (SELECT id FROM users WHERE role = 'Student' AND class_id IS NULL ORDER BY id LIMIT 3)`,
      [b.id, year.id],
    );

    const byClass = await t.gql(
      `query($c: ID) { users(classId: $c, first: 200) { totalCount nodes { class { id } } } }`,
      { c: a.id },
      admin,
    );
    expect(byClass.data.users.totalCount).toBe(30);
    expect(byClass.data.users.nodes.every((u: { class: { id: string } }) => u.class.id === a.id)).toBe(true);

    const STUDENTS = `query($y: ID, $after: String) { classes(academicYearId: $y) { nodes { name students(first: 20, after: $after) { totalCount nodes { id } pageInfo { hasNextPage endCursor } } } } }`;
    const one = await t.gql(STUDENTS, { y: year.id }, admin);
    const [pa, pb] = one.data.classes.nodes;
    expect([pa.name, pa.students.totalCount, pa.students.nodes.length, pa.students.pageInfo.hasNextPage]).toEqual([
      'Paging A',
      30,
      20,
      true,
    ]);
    expect([pb.name, pb.students.totalCount, pb.students.nodes.length, pb.students.pageInfo.hasNextPage]).toEqual([
      'Paging B',
      3,
      3,
      false,
    ]);
    const rest = await t.gql(STUDENTS, { y: year.id, after: pa.students.pageInfo.endCursor }, admin);
    expect(rest.data.classes.nodes[0].students.nodes).toHaveLength(10);
    expect(new Set([...pa.students.nodes, ...rest.data.classes.nodes[0].students.nodes].map((n: { id: string }) => n.id)).size).toBe(30);

    for (let i = 0; i < 5; i++) await makeClass(t.ds, year.id);
    const many = await t.gql(STUDENTS, { y: year.id }, admin);
    expect(many.data.classes.nodes).toHaveLength(7);
    expect(many.sql).toBe(one.sql);

    // a student sees classes but not who is in them
    const student = await makeUser(t.ds, { role: Role.Student });
    const asStudent = await t.gql(STUDENTS, { y: year.id }, await t.login(student.email));
    expect(asStudent.data.classes.nodes.map((c: { students: unknown }) => c.students)).toEqual(new Array(7).fill(null));
  });
});

describe('a course by code and year, and REST lists read whole', () => {
  it('coursesByCode finds the course a script names, as REST GET /courses?code=&academicYearId= does, regardless of case', async () => {
    const fresh = await startTestServer();
    try {
      await seedDemoSchool(fresh.ds);
      const token = await fresh.login('admin@demo.school');
      const [course]: Array<{ id: string; title: string; academic_year_id: string }> = await fresh.ds.query(
        'SELECT id, title, academic_year_id FROM courses ORDER BY title LIMIT 1',
      );
      const Q = 'query($code: String!, $y: ID!) { coursesByCode(code: $code, academicYearId: $y) { id title } }';
      const found = await fresh.gql(Q, { code: course.title.toUpperCase(), y: course.academic_year_id }, token);
      expect(found.data.coursesByCode).toEqual([{ id: course.id, title: course.title }]);
      const rest = await fresh.rest(
        'GET',
        `/courses?code=${encodeURIComponent(course.title.toLowerCase())}&academicYearId=${course.academic_year_id}`,
        { token },
      );
      expect(rest.body.data.map((c: { _id: string }) => c._id)).toEqual([course.id]);
      const otherYear = await fresh.gql(Q, { code: course.title, y: '00000000-0000-4000-8000-000000000000' }, token);
      expect(otherYear.data.coursesByCode).toEqual([]);
      expect((await fresh.gql(Q, { code: ' ', y: course.academic_year_id }, token)).errors?.[0].extensions).toMatchObject({
        code: 'VALIDATION',
        field: 'code',
      });
      // a parent reads no course: none found, not an error
      expect(
        (await fresh.gql(Q, { code: course.title, y: course.academic_year_id }, await fresh.login('parent@demo.school'))).data
          .coursesByCode,
      ).toEqual([]);

      const all = (await fresh.rest('GET', '/courses', { token })).body.data.map((c: { _id: string }) => c._id);
      expect(all.length).toBeGreaterThan(1);
      const second = await fresh.rest('GET', '/courses?limit=1&offset=1', { token });
      expect([second.body.data.map((c: { _id: string }) => c._id), second.headers.get('x-total-count')]).toEqual([
        [all[1]],
        String(all.length),
      ]);
    } finally {
      await fresh.close();
    }
  });
});
