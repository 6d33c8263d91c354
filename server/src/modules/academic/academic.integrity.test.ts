import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeUser } from '../../test/factories';
import { makeAllocation, makeClass, makeSubject, makeYear, placeStudent } from '../../test/academic.factories';
import { Role } from '../../core/role';
import { ACADEMIC_TEXT as T } from './academic.validation';

/** Validation texts, integrity rules, refused deletes, concurrent edits and the REST shapes. */
let t: TestServer;
let admin: string;
const ids: Record<string, string> = {};
const year: Record<string, string> = {};
const cls: Record<string, string> = {};
const subject: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  admin = await t.login('admin@demo.school');
  for (const u of await t.ds.query(`SELECT id, email FROM users`)) ids[u.email] = u.id;
  for (const y of await t.ds.query(`SELECT id, year FROM academic_years`)) year[y.year] = y.id;
  for (const c of await t.ds.query(`SELECT c.id, c.name, y.year FROM classes c JOIN academic_years y ON y.id = c.academic_year_id`))
    cls[`${c.name} ${c.year}`] = c.id;
  for (const s of await t.ds.query(`SELECT id, name FROM subjects`)) subject[s.name] = s.id;
});
afterAll(() => t.close());

const none = '00000000-0000-4000-8000-000000000000';
const post = (p: string, body: unknown) => t.rest('POST', p, { token: admin, body });
const put = (p: string, body: unknown) => t.rest('PUT', p, { token: admin, body });
const uniq = () => Math.random().toString(36).slice(2, 10);
const snapshot = async () =>
  (
    await t.ds.query(`SELECT (SELECT count(*) FROM academic_years)::int AS years, (SELECT count(*) FROM classes)::int AS classes,
     (SELECT count(*) FROM subjects)::int AS subjects, (SELECT count(*) FROM allocations)::int AS allocations,
     (SELECT count(*) FROM allocation_teachers)::int AS teachers, (SELECT count(*) FROM users WHERE class_id IS NOT NULL)::int AS placed`)
  )[0];

describe('the demo school', () => {
  it('has two years, four classes, five subjects, both teachers assigned and both students placed', async () => {
    const tree = await t.gql(
      `{ academicTree { year isActive classes { name grade allocations { subject { name } teachers { email } } } } }`,
      {},
      admin,
    );
    const shape = tree.data.academicTree.map((y: any) => ({
      year: y.year,
      isActive: y.isActive,
      classes: y.classes.map(
        (c: any) =>
          `${c.name} (${c.grade}): ${c.allocations.map((a: any) => `${a.subject.name}=${a.teachers.map((x: any) => x.email).join('+')}`).join(', ')}`,
      ),
    }));
    expect(shape).toEqual([
      {
        year: '2026',
        isActive: true,
        classes: [
          'Class 5A (5): English=teacher2@demo.school, History=teacher2@demo.school, Mathematics=teacher@demo.school, Science=teacher@demo.school',
          'Class 5B (5): English=teacher@demo.school',
          'Class 6A (6): Art=teacher2@demo.school',
        ],
      },
      { year: '2025', isActive: false, classes: ['Class 5A (5): '] },
    ]);
    const subjects = await t.gql('{ subjects { nodes { name } } }', {}, admin);
    expect(subjects.data.subjects.nodes.map((s: any) => s.name)).toEqual(['Art', 'English', 'History', 'Mathematics', 'Science']);
    const placed = await t.ds.query(`SELECT u.email FROM users u JOIN classes c ON c.id = u.class_id WHERE c.id = $1 ORDER BY u.email`, [
      cls['Class 5A 2026'],
    ]);
    expect(placed.map((r: any) => r.email)).toEqual(['student2@demo.school', 'student@demo.school']);
  });
});

describe('validation texts (platform.md section 5)', () => {
  it.each<[string, string, unknown, number, string]>([
    ['POST', '/academic-years', {}, 400, T.yearRequired],
    ['POST', '/academic-years', { year: '   ' }, 400, T.yearRequired],
    ['POST', '/academic-years', { year: 'x'.repeat(51) }, 400, 'Year can be at most 50 characters'],
    ['POST', '/academic-years', { year: `V-${uniq()}`, isActive: 'yes' }, 400, 'isActive must be true or false'],
    ['POST', '/classes', { name: 'Class 9Z', grade: '9' }, 400, T.academicYearRequired],
    ['POST', '/classes', { academicYear: 'YEAR', name: 'Class 9Z', grade: '9' }, 404, T.yearNotFound],
    ['POST', '/classes', { academicYear: none, name: 'Class 9Z', grade: '9' }, 404, T.yearNotFound],
    ['POST', '/classes', { academicYear: 'YEAR2026', grade: '9' }, 400, T.classNameRequired],
    ['POST', '/classes', { academicYear: 'YEAR2026', name: 'Class 9Z' }, 400, T.gradeRequired],
    ['POST', '/classes', { academicYear: 'YEAR2026', name: 'Class 9Z', grade: ' ' }, 400, T.gradeRequired],
    ['POST', '/classes', { academicYear: 'YEAR2026', name: 'x'.repeat(101), grade: '9' }, 400, 'Class name can be at most 100 characters'],
    ['POST', '/subjects', { description: 'no name' }, 400, T.subjectNameRequired],
    ['POST', '/subjects', { name: '' }, 400, T.subjectNameRequired],
    ['POST', '/teacher-assignments', { class: 'CLASS5A', subject: 'MATH', teachers: ['TEACHER'] }, 400, T.academicYearRequired],
    ['POST', '/teacher-assignments', { academicYear: 'YEAR2026', subject: 'MATH', teachers: ['TEACHER'] }, 400, T.classRequired],
    ['POST', '/teacher-assignments', { academicYear: 'YEAR2026', class: 'CLASS5A', teachers: ['TEACHER'] }, 400, T.subjectRequired],
    ['POST', '/teacher-assignments', { academicYear: 'YEAR2026', class: 'CLASS5A', subject: 'MATH' }, 400, T.teacherRequired],
    ['POST', '/teacher-assignments', { academicYear: 'YEAR2026', class: 'CLASS5A', subject: 'MATH', teachers: [] }, 400, T.teacherRequired],
    [
      'POST',
      '/teacher-assignments',
      { academicYear: 'YEAR2026', class: 'CLASS5A', subject: 'MATH', teachers: [none] },
      404,
      T.teacherNotFound,
    ],
    ['PUT', '/academic-years/YEAR2026', { year: '' }, 400, T.yearRequired],
    ['PUT', '/classes/CLASS5A', { name: '  ' }, 400, T.classNameRequired],
    ['PUT', '/classes/CLASS5A', { grade: '' }, 400, T.gradeRequired],
    ['PUT', '/classes/CLASS5A', { academicYear: '' }, 400, T.academicYearRequired],
    ['PUT', '/subjects/MATH', { name: null }, 400, T.subjectNameRequired],
    ['PUT', '/teacher-assignments/ALLOCATION', { teachers: [] }, 400, T.teacherRequired],
    ['PUT', '/teacher-assignments/ALLOCATION', { class: '' }, 400, T.classRequired],
    ['PUT', '/academic-years/YEAR2026', { version: 'one' }, 400, 'Version must be a whole number'],
    ['GET', `/academic-years/${none}`, undefined, 404, T.yearNotFound],
    ['GET', '/academic-years/not-a-uuid', undefined, 404, T.yearNotFound],
    ['GET', `/classes/${none}`, undefined, 404, T.classNotFound],
    ['GET', `/classes/academic-year/${none}`, undefined, 404, T.yearNotFound],
    ['GET', `/subjects/${none}`, undefined, 404, T.subjectNotFound],
    ['GET', `/teacher-assignments/${none}`, undefined, 404, T.allocationNotFound],
    ['PUT', `/classes/${none}`, { name: 'X' }, 404, T.classNotFound],
    ['DELETE', `/subjects/${none}`, undefined, 404, T.subjectNotFound],
  ])('%s %s %j -> %i %s', async (method, path, body, status, message) => {
    const [{ id: allocation }] = await t.ds.query(`SELECT id FROM allocations WHERE class_id = $1 LIMIT 1`, [cls['Class 5A 2026']]);
    const fill = (v: string) =>
      v
        .replace('YEAR2026', year['2026'])
        .replace('CLASS5A', cls['Class 5A 2026'])
        .replace('MATH', subject.Mathematics)
        .replace('TEACHER', ids['teacher@demo.school'])
        .replace('ALLOCATION', allocation);
    const before = await snapshot();
    const res = await t.rest(method, fill(path), {
      token: admin,
      body: body === undefined ? undefined : JSON.parse(fill(JSON.stringify(body))),
    });
    expect([res.status, res.body]).toEqual([status, expect.objectContaining({ success: false, message })]);
    expect(await snapshot()).toEqual(before);
  });

  it('GraphQL answers the same texts with code VALIDATION', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['mutation($input: CreateAcademicYearInput!) { createAcademicYear(input: $input) { id } }', { year: ' ' }, T.yearRequired],
      [
        'mutation($input: CreateClassInput!) { createClass(input: $input) { id } }',
        { name: '', grade: '5', academicYearId: year['2026'] },
        T.classNameRequired,
      ],
      [
        'mutation($input: CreateClassInput!) { createClass(input: $input) { id } }',
        { name: 'Class 9Y', grade: '', academicYearId: year['2026'] },
        T.gradeRequired,
      ],
      ['mutation($input: CreateSubjectInput!) { createSubject(input: $input) { id } }', { name: '  ' }, T.subjectNameRequired],
      [
        'mutation($input: CreateAllocationInput!) { createAllocation(input: $input) { id } }',
        { academicYearId: year['2026'], classId: cls['Class 6A 2026'], subjectId: subject.Science, teacherIds: [] },
        T.teacherRequired,
      ],
      [
        'mutation($input: UpdateClassInput!) { updateClass(input: $input) { id } }',
        { id: cls['Class 5A 2026'], academicYearId: null },
        T.academicYearRequired,
      ],
    ];
    for (const [query, input, message] of cases) {
      const res = await t.gql(query, { input }, admin);
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'VALIDATION' } });
    }
  });
});

describe('integrity', () => {
  it('a year text is unique (regardless of case), on create and on rename', async () => {
    const res = await post('/academic-years', { year: '2026' });
    expect([res.status, res.body.message]).toEqual([409, T.yearTaken('2026')]);
    const y = await makeYear(t.ds, `Term-${uniq()}`);
    const upper = await post('/academic-years', { year: y.year.toUpperCase() });
    expect(upper.status).toBe(409);
    const rename = await put(`/academic-years/${y.id}`, { year: '2025' });
    expect([rename.status, rename.body.message]).toEqual([409, T.yearTaken('2025')]);
  });

  it('a class name is unique within its year only', async () => {
    const dup = await post('/classes', { name: 'class 5a', grade: '5', academicYear: year['2026'] });
    expect([dup.status, dup.body.message]).toEqual([409, T.classTaken('class 5a')]);
    const y = await makeYear(t.ds);
    const other = await post('/classes', { name: 'Class 5A', grade: '5', academicYear: y.id, description: 'same name, other year' });
    expect(other.status).toBe(201);
    expect(other.body).toMatchObject({
      success: true,
      message: T.classCreated,
      data: {
        name: 'Class 5A',
        grade: '5',
        academicYear: { _id: y.id, year: y.year },
        description: 'same name, other year',
        isActive: true,
        version: 1,
      },
    });
    const rename = await put(`/classes/${cls['Class 5B 2026']}`, { name: 'Class 6A' });
    expect([rename.status, rename.body.message]).toEqual([409, T.classTaken('Class 6A')]);
  });

  it('a subject name is unique regardless of case', async () => {
    const res = await post('/subjects', { name: 'mathematics' });
    expect([res.status, res.body.message]).toEqual([409, T.subjectTaken('mathematics')]);
    const gql = await t.gql(
      'mutation($input: UpdateSubjectInput!) { updateSubject(input: $input) { id } }',
      { input: { id: subject.Art, name: 'HISTORY' } },
      admin,
    );
    expect(gql.errors?.[0]).toMatchObject({ message: T.subjectTaken('HISTORY'), extensions: { code: 'CONFLICT' } });
  });

  it('one allocation per class, subject and year', async () => {
    const res = await post('/teacher-assignments', {
      academicYear: year['2026'],
      class: cls['Class 5A 2026'],
      subject: subject.Mathematics,
      teachers: [ids['teacher2@demo.school']],
    });
    expect([res.status, res.body.message]).toEqual([409, T.allocationTaken]);
  });

  it("the class must belong to the allocation's year, in the service and in the database", async () => {
    const before = await snapshot();
    const res = await post('/teacher-assignments', {
      academicYear: year['2026'],
      class: cls['Class 5A 2025'],
      subject: subject.Art,
      teachers: [ids['teacher@demo.school']],
    });
    expect([res.status, res.body.message]).toEqual([400, T.classYearMismatch]);
    const [{ id }] = await t.ds.query(`SELECT id FROM allocations WHERE class_id = $1 LIMIT 1`, [cls['Class 5A 2026']]);
    const move = await put(`/teacher-assignments/${id}`, { academicYear: year['2025'] });
    expect([move.status, move.body.message]).toEqual([400, T.classYearMismatch]);
    expect(await snapshot()).toEqual(before);
    await expect(
      t.ds.query(`INSERT INTO allocations (class_id, subject_id, academic_year_id) VALUES ($1, $2, $3)`, [
        cls['Class 5A 2025'],
        subject.Art,
        year['2026'],
      ]),
    ).rejects.toThrow(/allocations_class_year_fk/);
    await expect(t.ds.query(`UPDATE allocations SET academic_year_id = $2 WHERE id = $1`, [id, year['2025']])).rejects.toThrow(
      /allocations_class_year_fk/,
    );
  });

  it('only users whose stored role is Teacher can be assigned, in the service and in the database', async () => {
    const before = await snapshot();
    const res = await post('/teacher-assignments', {
      academicYear: year['2026'],
      class: cls['Class 6A 2026'],
      subject: subject.Science,
      teachers: [ids['teacher@demo.school'], ids['student@demo.school']],
    });
    expect([res.status, res.body.message]).toEqual([400, T.notATeacher('Stella Student')]);
    const [{ id }] = await t.ds.query(`SELECT id FROM allocations LIMIT 1`);
    const upd = await put(`/teacher-assignments/${id}`, { teachers: [ids['admin@demo.school']] });
    expect([upd.status, upd.body.message]).toEqual([400, T.notATeacher('Ada Admin')]);
    expect(await snapshot()).toEqual(before);
    await expect(
      t.ds.query(`INSERT INTO allocation_teachers (allocation_id, teacher_id) VALUES ($1, $2)`, [id, ids['parent@demo.school']]),
    ).rejects.toThrow(/allocation_teachers_teacher_fk/);
    // nor can an assigned teacher's stored role change underneath
    await expect(t.ds.query(`UPDATE users SET role = 'Admin' WHERE id = $1`, [ids['teacher@demo.school']])).rejects.toThrow(
      /allocation_teachers_teacher_fk/,
    );
  });

  it("a student's class must belong to their year, and only students are placed, in the database", async () => {
    await expect(placeStudent(t.ds, ids['student2@demo.school'], cls['Class 5A 2025'], year['2026'])).rejects.toThrow(
      /users_class_year_fk/,
    );
    await expect(placeStudent(t.ds, ids['parent@demo.school'], cls['Class 5A 2026'], year['2026'])).rejects.toThrow(
      /users_placement_check/,
    );
    await expect(t.ds.query(`UPDATE users SET class_id = NULL WHERE id = $1`, [ids['student@demo.school']])).rejects.toThrow(
      /users_placement_check/,
    );
  });

  it('creates, reads and updates an allocation with the spec shape', async () => {
    const c = await makeClass(t.ds, year['2026']);
    const created = await post('/teacher-assignments', {
      academicYear: year['2026'],
      class: c.id,
      subject: subject.Art,
      teachers: [ids['teacher2@demo.school'], ids['teacher@demo.school'], ids['teacher@demo.school']],
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      success: true,
      message: T.allocationCreated,
      data: {
        _id: expect.any(String),
        teachers: [
          { _id: ids['teacher@demo.school'], firstName: 'Tara', lastName: 'Teacher', email: 'teacher@demo.school' },
          { _id: ids['teacher2@demo.school'], firstName: 'Theo', lastName: 'Tutor', email: 'teacher2@demo.school' },
        ],
        class: { _id: c.id, name: c.name, grade: '5' },
        subject: { _id: subject.Art, name: 'Art' },
        academicYear: { _id: year['2026'], year: '2026' },
        createdAt: expect.any(String),
        version: 1,
      },
    });
    const id = created.body.data._id;
    const updated = await put(`/teacher-assignments/${id}`, { teachers: [ids['teacher2@demo.school']], subject: subject.History });
    expect(updated.body).toMatchObject({
      message: T.allocationUpdated,
      data: { subject: { name: 'History' }, teachers: [{ email: 'teacher2@demo.school' }], version: 2 },
    });
    const byClass = await t.rest('GET', `/teacher-assignments/class/${c.id}?academicYear=${year['2026']}`, { token: admin });
    expect(byClass.body.data.map((a: { _id: string }) => a._id)).toEqual([id]);
    const otherYear = await t.rest('GET', `/teacher-assignments/class/${c.id}?academicYear=${year['2025']}`, { token: admin });
    expect(otherYear.body.data).toEqual([]);
    const gql = await t.gql(
      'query($id: ID!) { allocation(id: $id) { class { id } subject { name } academicYear { year } teachers { email } } }',
      { id },
      admin,
    );
    expect(gql.data.allocation).toEqual({
      class: { id: c.id },
      subject: { name: 'History' },
      academicYear: { year: '2026' },
      teachers: [{ email: 'teacher2@demo.school' }],
    });
  });

  it('creates and reads years and subjects with the spec fields', async () => {
    const y = await post('/academic-years', { year: `C-${uniq()}`, isActive: false });
    expect([y.status, y.body]).toEqual([
      201,
      {
        success: true,
        message: T.yearCreated,
        data: {
          _id: expect.any(String),
          year: expect.stringMatching(/^C-/),
          isActive: false,
          startDate: null,
          endDate: null,
          createdAt: expect.any(String),
          version: 1,
        },
      },
    ]);
    expect((await t.rest('GET', `/academic-years/${y.body.data._id}`, { token: admin })).body.data).toEqual(y.body.data);
    const s = await post('/subjects', { name: `  Music ${uniq()} `, description: ' Songs ' });
    expect([s.status, s.body]).toEqual([
      201,
      {
        success: true,
        message: T.subjectCreated,
        data: {
          _id: expect.any(String),
          name: expect.stringMatching(/^Music \w+$/),
          description: 'Songs',
          isActive: true,
          createdAt: expect.any(String),
          version: 1,
        },
      },
    ]);
    const upd = await put(`/subjects/${s.body.data._id}`, { isActive: false, description: null });
    expect(upd.body).toMatchObject({ success: true, message: T.subjectUpdated, data: { isActive: false, description: '', version: 2 } });
  });

  it('lists classes with academicYear {_id, year}, also by year', async () => {
    const all = await t.rest('GET', '/classes', { token: admin });
    const fiveA = all.body.data.find((c: { _id: string }) => c._id === cls['Class 5A 2026']);
    expect(fiveA).toEqual({
      _id: cls['Class 5A 2026'],
      name: 'Class 5A',
      grade: '5',
      academicYear: { _id: year['2026'], year: '2026' },
      description: 'Grade 5, section A',
      isActive: true,
      createdAt: expect.any(String),
      version: 1,
    });
    const of2025 = await t.rest('GET', `/classes/academic-year/${year['2025']}`, { token: admin });
    expect(of2025.body.data.map((c: { name: string }) => c.name)).toEqual(['Class 5A']);
    const gql = await t.gql(
      'query($y: ID) { classes(academicYearId: $y) { nodes { name academicYear { year } } } }',
      { y: year['2025'] },
      admin,
    );
    expect(gql.data.classes.nodes).toEqual([{ name: 'Class 5A', academicYear: { year: '2025' } }]);
  });

  it('moves a class to another year only while nothing ties it to its year', async () => {
    const res = await put(`/classes/${cls['Class 5A 2026']}`, { academicYear: year['2025'], name: 'Class 5C' });
    expect([res.status, res.body.message]).toEqual([409, T.classCannotMove('Class 5A')]);
    expect((await t.ds.query(`SELECT name FROM classes WHERE id = $1`, [cls['Class 5A 2026']]))[0].name).toBe('Class 5A');
    const free = await makeClass(t.ds, year['2026']);
    const moved = await put(`/classes/${free.id}`, { academicYear: year['2025'], grade: '7', description: 'moved' });
    expect(moved.body).toMatchObject({
      success: true,
      message: T.classUpdated,
      data: { academicYear: { _id: year['2025'], year: '2025' }, grade: '7', description: 'moved', version: 2 },
    });
  });
});

describe('refused deletes remove nothing', () => {
  it('a year with classes', async () => {
    const before = await snapshot();
    const res = await t.rest('DELETE', `/academic-years/${year['2026']}`, { token: admin });
    const n = async (y: string) => (await t.ds.query(`SELECT count(*)::int AS n FROM classes WHERE academic_year_id = $1`, [y]))[0].n;
    expect([res.status, res.body]).toEqual([
      409,
      { success: false, code: 'CONFLICT', message: T.yearInUse('2026', await n(year['2026'])) },
    ]);
    const gql = await t.gql('mutation($id: ID!) { deleteAcademicYear(id: $id) }', { id: year['2025'] }, admin);
    expect(gql.errors?.[0]).toMatchObject({ message: T.yearInUse('2025', await n(year['2025'])), extensions: { code: 'CONFLICT' } });
    expect(await snapshot()).toEqual(before);
    expect(T.yearInUse('2025', 1)).toBe('Cannot delete academic year 2025: it still has 1 class. Delete or move them first.');
  });

  it('a class with students and allocations', async () => {
    const before = await snapshot();
    const res = await t.rest('DELETE', `/classes/${cls['Class 5A 2026']}`, { token: admin });
    expect([res.status, res.body.message]).toEqual([
      409,
      'Cannot delete Class 5A: 2 students are assigned to it and it has 4 teacher assignments. Move or remove them first.',
    ]);
    const gql = await t.gql('mutation($id: ID!) { deleteClass(id: $id) }', { id: cls['Class 6A 2026'] }, admin);
    expect(gql.errors?.[0]).toMatchObject({
      message: 'Cannot delete Class 6A: it has 1 teacher assignment. Move or remove them first.',
      extensions: { code: 'CONFLICT' },
    });
    const c = await makeClass(t.ds, year['2026']);
    const s = await makeUser(t.ds, { role: Role.Student });
    await placeStudent(t.ds, s.id, c.id, year['2026']);
    const onlyStudent = await t.rest('DELETE', `/classes/${c.id}`, { token: admin });
    expect(onlyStudent.body.message).toBe(`Cannot delete ${c.name}: 1 student is assigned to it. Move or remove them first.`);
    expect(await snapshot()).toEqual({ ...before, classes: before.classes + 1, placed: before.placed + 1 });
  });

  it('a subject used by allocations', async () => {
    const before = await snapshot();
    const used = (await t.ds.query(`SELECT count(*)::int AS n FROM allocations WHERE subject_id = $1`, [subject.English]))[0].n;
    const res = await t.rest('DELETE', `/subjects/${subject.English}`, { token: admin });
    expect([res.status, res.body.message]).toEqual([409, T.subjectInUse('English', used)]);
    expect(await snapshot()).toEqual(before);
  });

  it('rows of a later domain (courses, attendance) refuse the delete with a clear text, never a cascade', async () => {
    await t.ds.query(
      `CREATE TABLE later_domain (class_id uuid REFERENCES classes(id), subject_id uuid REFERENCES subjects(id), allocation_id uuid REFERENCES allocations(id))`,
    );
    const y = await makeYear(t.ds);
    const c = await makeClass(t.ds, y.id);
    const s = await makeSubject(t.ds);
    const c2 = await makeClass(t.ds, y.id);
    const a = await makeAllocation(t.ds, {
      classId: c2.id,
      subjectId: s.id,
      academicYearId: y.id,
      teacherIds: [ids['teacher@demo.school']],
    });
    await t.ds.query(`INSERT INTO later_domain VALUES ($1, NULL, NULL), (NULL, $2, NULL), (NULL, NULL, $3)`, [c.id, s.id, a]);
    const before = await snapshot();
    expect((await t.rest('DELETE', `/classes/${c.id}`, { token: admin })).body.message).toBe(T.stillUsed(c.name));
    await t.ds.query(`DELETE FROM later_domain WHERE class_id IS NOT NULL`);
    expect((await t.rest('DELETE', `/teacher-assignments/${a}`, { token: admin })).body).toEqual({
      success: false,
      code: 'CONFLICT',
      message: T.stillUsed('this teacher assignment'),
    });
    await t.ds.query(`DELETE FROM later_domain WHERE allocation_id IS NOT NULL`);
    const sub = await t.rest('DELETE', `/teacher-assignments/${a}`, { token: admin });
    expect(sub.body).toEqual({ success: true, message: T.allocationDeleted });
    const subj = await t.rest('DELETE', `/subjects/${s.id}`, { token: admin });
    expect([subj.status, subj.body.message]).toEqual([409, T.stillUsed(s.name)]);
    expect(await snapshot()).toEqual({ ...before, allocations: before.allocations - 1, teachers: before.teachers - 1 });
    await t.ds.query(`DROP TABLE later_domain`);
  });

  it('a teacher who is assigned cannot be deleted (their allocations do not vanish)', async () => {
    const before = await snapshot();
    const res = await t.rest('DELETE', `/users/${ids['teacher2@demo.school']}`, { token: admin });
    expect(res.status).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('deletes what nothing uses', async () => {
    const y = await makeYear(t.ds);
    const c = await makeClass(t.ds, y.id);
    expect((await t.rest('DELETE', `/classes/${c.id}`, { token: admin })).body).toEqual({ success: true, message: T.classDeleted });
    expect((await t.rest('DELETE', `/academic-years/${y.id}`, { token: admin })).body).toEqual({ success: true, message: T.yearDeleted });
    expect(await t.ds.query(`SELECT 1 FROM academic_years WHERE id = $1`, [y.id])).toHaveLength(0);
  });
});

describe('concurrent edits', () => {
  it('an update that names an outdated version is refused and changes nothing', async () => {
    const y = await makeYear(t.ds);
    const first = await put(`/academic-years/${y.id}`, { isActive: false, version: 1 });
    expect(first.body).toMatchObject({ success: true, message: T.yearUpdated, data: { isActive: false, version: 2 } });
    const stale = await put(`/academic-years/${y.id}`, { year: 'Stale', version: 1 });
    expect([stale.status, stale.body.message]).toEqual([409, T.changedMeanwhile('academic year')]);
    expect((await t.ds.query(`SELECT year, version FROM academic_years WHERE id = $1`, [y.id]))[0]).toEqual({ year: y.year, version: 2 });

    const s = await makeSubject(t.ds);
    const ok = await t.gql(
      'mutation($input: UpdateSubjectInput!) { updateSubject(input: $input) { description version } }',
      { input: { id: s.id, description: 'new', version: 1 } },
      admin,
    );
    expect(ok.data.updateSubject).toEqual({ description: 'new', version: 2 });
    const late = await t.gql(
      'mutation($input: UpdateSubjectInput!) { updateSubject(input: $input) { version } }',
      { input: { id: s.id, description: 'late', version: 1 } },
      admin,
    );
    expect(late.errors?.[0]).toMatchObject({ message: T.changedMeanwhile('subject'), extensions: { code: 'CONFLICT' } });
  });

  it('two simultaneous edits of the same version: exactly one wins', async () => {
    const c = await makeClass(t.ds, year['2026']);
    const results = await Promise.all(['A', 'B', 'C'].map((g) => put(`/classes/${c.id}`, { grade: g, version: 1 })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.status === 200)!.body.data.grade;
    expect((await t.ds.query(`SELECT grade, version FROM classes WHERE id = $1`, [c.id]))[0]).toEqual({ grade: winner, version: 2 });
  });
});
