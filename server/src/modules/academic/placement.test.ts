import { startTestServer, TestServer } from '../../test/test-server';
import { DEMO_EMAIL, ROLES, signInEachRole } from '../../test/demo';
import { seedDemoSchool } from '../../app/seed';
import { makeUser } from '../../test/factories';
import { Role } from '../../core/role';
import { ACADEMIC_TEXT as T } from './academic.validation';

/**
 * Student placement (assessments.md "Student class assignment", section 7 "Class assignment"):
 * PUT /users/{id} {class, academicYear} and placeStudent, for each role and by ownership.
 */
let t: TestServer;
let tokens: Record<Role, string>;
const ids: Record<string, string> = {};
const year: Record<string, string> = {};
const cls: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  tokens = await signInEachRole(t);
  for (const u of await t.ds.query(`SELECT id, email FROM users`)) ids[u.email] = u.id;
  for (const y of await t.ds.query(`SELECT id, year FROM academic_years`)) year[y.year] = y.id;
  for (const c of await t.ds.query(`SELECT c.id, c.name, y.year FROM classes c JOIN academic_years y ON y.id = c.academic_year_id`))
    cls[`${c.name} ${c.year}`] = c.id;
});
afterAll(() => t.close());

const PLACE = 'mutation($input: PlaceStudentInput!) { placeStudent(input: $input) { id class { id name } academicYear { id year } } }';
const placement = async (userId: string) => (await t.ds.query(`SELECT class_id, academic_year_id FROM users WHERE id = $1`, [userId]))[0];

const Y = true;
const N = false;
// teacher@ teaches Class 5B in 2026, so as Teacher the move into Class 5B is allowed
const PLACE_ALLOWED: Record<Role, boolean> = { SuperAdmin: Y, Admin: Y, Teacher: Y, Student: N, Parent: N };

describe.each(ROLES)('as %s', (actor) => {
  it(`places a student into Class 5B 2026 over REST and GraphQL: ${PLACE_ALLOWED[actor] ? 'allowed' : 'denied'}`, async () => {
    const a = await makeUser(t.ds, { role: Role.Student });
    const b = await makeUser(t.ds, { role: Role.Student });
    const rest = await t.rest('PUT', `/users/${a.id}`, {
      token: tokens[actor],
      body: { class: cls['Class 5B 2026'], academicYear: year['2026'] },
    });
    const gql = await t.gql(PLACE, { input: { userId: b.id, classId: cls['Class 5B 2026'], academicYearId: year['2026'] } }, tokens[actor]);
    if (PLACE_ALLOWED[actor]) {
      expect(rest.status).toBe(200);
      expect(rest.body).toMatchObject({
        success: true,
        message: 'Student assignment updated successfully',
        data: {
          _id: a.id,
          role: 'Student',
          class: { _id: cls['Class 5B 2026'], name: 'Class 5B' },
          academicYear: { _id: year['2026'], year: '2026' },
        },
      });
      expect(gql.data.placeStudent).toEqual({
        id: b.id,
        class: { id: cls['Class 5B 2026'], name: 'Class 5B' },
        academicYear: { id: year['2026'], year: '2026' },
      });
      expect(await placement(a.id)).toEqual({ class_id: cls['Class 5B 2026'], academic_year_id: year['2026'] });
    } else {
      expect([rest.status, rest.body.message]).toEqual([403, T.cannotPlace]);
      expect(gql.errors?.[0]).toMatchObject({ message: T.cannotPlace, extensions: { code: 'FORBIDDEN' } });
      expect(await placement(a.id)).toEqual({ class_id: null, academic_year_id: null });
      expect(await placement(b.id)).toEqual({ class_id: null, academic_year_id: null });
    }
  });

  const NON_STUDENT: Record<Role, number> = { SuperAdmin: 403, Admin: 403, Teacher: 403, Student: 403, Parent: 403 };
  it('cannot place anyone who is not a student', async () => {
    for (const role of [Role.Teacher, Role.Parent, Role.Admin]) {
      const u = await makeUser(t.ds, { role });
      const res = await t.rest('PUT', `/users/${u.id}`, {
        token: tokens[actor],
        body: { class: cls['Class 5A 2026'], academicYear: year['2026'] },
      });
      expect([res.status, res.body.message]).toEqual([NON_STUDENT[actor], PLACE_ALLOWED[actor] ? T.onlyStudents : T.cannotPlace]);
      expect(await placement(u.id)).toEqual({ class_id: null, academic_year_id: null });
    }
  });
});

describe('a teacher places only into classes and years they teach', () => {
  it.each([
    ['Class 6A 2026', '2026', 'taught by teacher2 only'],
    ['Class 5A 2025', '2025', 'a class of a year without any of their allocations'],
  ])('%s (%s): %s', async (className, y) => {
    const s = await makeUser(t.ds, { role: Role.Student });
    const rest = await t.rest('PUT', `/users/${s.id}`, { token: tokens.Teacher, body: { class: cls[className], academicYear: year[y] } });
    expect([rest.status, rest.body.message]).toEqual([403, T.notYourClass]);
    const gql = await t.gql(PLACE, { input: { userId: s.id, classId: cls[className], academicYearId: year[y] } }, tokens.Teacher);
    expect(gql.errors?.[0]).toMatchObject({ message: T.notYourClass, extensions: { code: 'FORBIDDEN' } });
    expect(await placement(s.id)).toEqual({ class_id: null, academic_year_id: null });
  });

  it('teacher2 may place into Class 6A, where they teach Art', async () => {
    const token = await t.login('teacher2@demo.school');
    const s = await makeUser(t.ds, { role: Role.Student });
    const res = await t.rest('PUT', `/users/${s.id}`, { token, body: { class: cls['Class 6A 2026'], academicYear: year['2026'] } });
    expect(res.status).toBe(200);
  });

  it('admins place into any class, also one nobody teaches', async () => {
    const s = await makeUser(t.ds, { role: Role.Student });
    const res = await t.rest('PUT', `/users/${s.id}`, {
      token: tokens.Admin,
      body: { class: cls['Class 5A 2025'], academicYear: year['2025'] },
    });
    expect(res.body.data.academicYear).toEqual({ _id: year['2025'], year: '2025' });
  });

  it('a SuperAdmin viewing as Teacher has no allocations, so places nowhere', async () => {
    const token = await t.login(DEMO_EMAIL.SuperAdmin);
    await t.rest('POST', '/auth/switch-role', { token, body: { role: 'Teacher' } });
    const s = await makeUser(t.ds, { role: Role.Student });
    const res = await t.rest('PUT', `/users/${s.id}`, { token, body: { class: cls['Class 5A 2026'], academicYear: year['2026'] } });
    expect([res.status, res.body.message]).toEqual([403, T.notYourClass]);
  });
});

describe('validation', () => {
  it.each<[Record<string, unknown>, number, string]>([
    [{ class: 'CLASS' }, 400, T.academicYearRequired],
    [{ academicYear: 'YEAR' }, 400, T.classRequired],
    [{ class: '', academicYear: '' }, 400, T.academicYearRequired],
    [{ class: 'CLASS', academicYear: '00000000-0000-4000-8000-000000000000' }, 404, T.yearNotFound],
    [{ class: '00000000-0000-4000-8000-000000000000', academicYear: 'YEAR' }, 404, T.classNotFound],
    [{ class: 'CLASS2025', academicYear: 'YEAR' }, 400, T.classYearMismatch],
  ])('%j -> %i %s', async (body, status, message) => {
    const fill = JSON.parse(
      JSON.stringify(body).replace('CLASS2025', cls['Class 5A 2025']).replace('CLASS', cls['Class 5A 2026']).replace('YEAR', year['2026']),
    );
    const s = await makeUser(t.ds, { role: Role.Student });
    const res = await t.rest('PUT', `/users/${s.id}`, { token: tokens.Teacher, body: fill });
    expect([res.status, res.body]).toEqual([status, expect.objectContaining({ success: false, message })]);
    expect(await placement(s.id)).toEqual({ class_id: null, academic_year_id: null });
  });

  it('an unknown user is not found', async () => {
    const res = await t.rest('PUT', '/users/00000000-0000-4000-8000-000000000000', {
      token: tokens.Admin,
      body: { class: cls['Class 5A 2026'], academicYear: year['2026'] },
    });
    expect([res.status, res.body.message]).toEqual([404, T.userNotFound]);
  });
});

describe('users carry their placement', () => {
  it('GET /users?role=Student shows class {_id, name} and academicYear {_id, year}; others show null', async () => {
    const res = await t.rest('GET', '/users?role=Student', { token: tokens.Teacher });
    const stella = res.body.data.find((u: { email: string }) => u.email === 'student@demo.school');
    expect(stella).toMatchObject({
      class: { _id: cls['Class 5A 2026'], name: 'Class 5A' },
      academicYear: { _id: year['2026'], year: '2026' },
    });
    expect(Object.keys(stella.class).sort()).toEqual(['_id', 'name']);
    expect(stella.classId).toBeUndefined();
    const all = await t.rest('GET', '/users', { token: tokens.Admin });
    const teacher = all.body.data.find((u: { email: string }) => u.email === 'teacher@demo.school');
    expect(teacher).toMatchObject({ class: null, academicYear: null });
    const one = await t.rest('GET', `/users/${ids['student2@demo.school']}`, { token: tokens.Admin });
    expect(one.body.data).toMatchObject({ class: { name: 'Class 5A' }, academicYear: { year: '2026' } });
  });

  it('GraphQL User has class and academicYear', async () => {
    const res = await t.gql(
      'query($id: ID!) { user(id: $id) { class { name grade academicYear { year } } academicYear { year isActive } } }',
      { id: ids['student@demo.school'] },
      tokens.Admin,
    );
    expect(res.data.user).toEqual({
      class: { name: 'Class 5A', grade: '5', academicYear: { year: '2026' } },
      academicYear: { year: '2026', isActive: true },
    });
    const me = await t.gql('{ me { user { class { name } academicYear { year } } } }', {}, tokens.Student);
    expect(me.data.me.user).toEqual({ class: { name: 'Class 5A' }, academicYear: { year: '2026' } });
    const parent = await t.gql('{ me { user { class { name } academicYear { year } } } }', {}, tokens.Parent);
    expect(parent.data.me.user).toEqual({ class: null, academicYear: null });
  });
});

describe('bulk placement (placeStudents, GraphQL only)', () => {
  const MANY = 'mutation($input: PlaceStudentsInput!) { placeStudents(input: $input) { id class { name } academicYear { year } } }';
  const students = async (n: number) => Promise.all(Array.from({ length: n }, () => makeUser(t.ds, { role: Role.Student })));

  it.each(ROLES)('as %s: several students into Class 5B 2026 at once', async (actor) => {
    const group = await students(3);
    const res = await t.gql(
      MANY,
      { input: { userIds: group.map((s) => s.id), classId: cls['Class 5B 2026'], academicYearId: year['2026'] } },
      tokens[actor],
    );
    if (PLACE_ALLOWED[actor]) {
      expect(res.data.placeStudents).toEqual(group.map((s) => ({ id: s.id, class: { name: 'Class 5B' }, academicYear: { year: '2026' } })));
      for (const s of group) expect(await placement(s.id)).toEqual({ class_id: cls['Class 5B 2026'], academic_year_id: year['2026'] });
    } else {
      expect(res.errors?.[0]).toMatchObject({ message: T.cannotPlace, extensions: { code: 'FORBIDDEN' } });
      for (const s of group) expect(await placement(s.id)).toEqual({ class_id: null, academic_year_id: null });
    }
  });

  it('is all or nothing: one non-student among them places nobody', async () => {
    const group = await students(2);
    const parent = await makeUser(t.ds, { role: Role.Parent });
    const res = await t.gql(
      MANY,
      { input: { userIds: [group[0].id, parent.id, group[1].id], classId: cls['Class 5A 2026'], academicYearId: year['2026'] } },
      tokens.Admin,
    );
    expect(res.errors?.[0]).toMatchObject({ message: T.onlyStudents, extensions: { code: 'FORBIDDEN' } });
    for (const s of [...group, parent]) expect(await placement(s.id)).toEqual({ class_id: null, academic_year_id: null });
  });

  it('one unknown student places nobody', async () => {
    const group = await students(1);
    const res = await t.gql(
      MANY,
      {
        input: {
          userIds: [group[0].id, '00000000-0000-4000-8000-000000000000'],
          classId: cls['Class 5A 2026'],
          academicYearId: year['2026'],
        },
      },
      tokens.Admin,
    );
    expect(res.errors?.[0]).toMatchObject({ message: T.userNotFound, extensions: { code: 'NOT_FOUND' } });
    expect(await placement(group[0].id)).toEqual({ class_id: null, academic_year_id: null });
  });

  it('a teacher only where they teach, for the whole group', async () => {
    const group = await students(2);
    const res = await t.gql(
      MANY,
      { input: { userIds: group.map((s) => s.id), classId: cls['Class 6A 2026'], academicYearId: year['2026'] } },
      tokens.Teacher,
    );
    expect(res.errors?.[0]).toMatchObject({ message: T.notYourClass, extensions: { code: 'FORBIDDEN' } });
    for (const s of group) expect(await placement(s.id)).toEqual({ class_id: null, academic_year_id: null });
  });

  it('checks the class against the year, an empty selection and the cap', async () => {
    const group = await students(1);
    const mismatch = await t.gql(
      MANY,
      { input: { userIds: [group[0].id], classId: cls['Class 5A 2025'], academicYearId: year['2026'] } },
      tokens.Admin,
    );
    expect(mismatch.errors?.[0]).toMatchObject({ message: T.classYearMismatch, extensions: { code: 'VALIDATION' } });
    const none = await t.gql(MANY, { input: { userIds: [], classId: cls['Class 5A 2026'], academicYearId: year['2026'] } }, tokens.Admin);
    expect(none.errors?.[0]).toMatchObject({ message: T.selectStudents, extensions: { code: 'VALIDATION' } });
    const tooMany = Array.from({ length: 201 }, () => group[0].id);
    const capped = await t.gql(
      MANY,
      { input: { userIds: tooMany, classId: cls['Class 5A 2026'], academicYearId: year['2026'] } },
      tokens.Admin,
    );
    expect(capped.errors?.[0]).toMatchObject({ message: T.tooManyStudents(200), extensions: { code: 'VALIDATION' } });
  });

  it('takes the same number of statements for 2 students and for 40', async () => {
    const q = (ids: string[]) =>
      t.gql(MANY, { input: { userIds: ids, classId: cls['Class 5A 2026'], academicYearId: year['2026'] } }, tokens.Teacher);
    const small = await q((await students(2)).map((s) => s.id));
    const large = await q((await students(40)).map((s) => s.id));
    expect(large.data.placeStudents).toHaveLength(40);
    expect(large.sql).toBe(small.sql);
  });
});
