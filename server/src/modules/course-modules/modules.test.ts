import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeContent, makeCourse, makeModule } from '../../test/courses.factories';
import { sweepUnreferencedFiles } from '../../jobs/file-cleanup';

/** Modules: order and type defaults, validation texts, who may read (hidden ones) and change them, reuse. */
let t: TestServer;
const tok: Record<string, string> = {};
let math: string;
let science: string;
let hidden: string;
let teacher2Course: string;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'teacher2', 'student', 'parent', 'admin']) tok[who] = await t.login(`${who}@demo.school`);
  [{ id: math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  [{ id: science }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'SCI-5A'`);
  [{ id: hidden }] = await t.ds.query(`SELECT id FROM course_modules WHERE course_id = $1 AND NOT is_visible`, [math]);
  const [c] = await t.ds.query(`SELECT class_id, academic_year_id FROM courses WHERE id = $1`, [math]);
  const [english] = await t.ds.query(`SELECT id FROM subjects WHERE name = 'English'`);
  const [t2] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher2@demo.school'`);
  teacher2Course = await makeCourse(t.ds, {
    teacherIds: [t2.id],
    classId: c.class_id,
    subjectId: english.id,
    academicYearId: c.academic_year_id,
    title: 'ENG-5A',
  });
});
afterAll(() => t.close());

describe('create and edit', () => {
  it('defaults: type Week, order after the highest, visible', async () => {
    const res = await t.rest('POST', '/modules', { token: tok.teacher, body: { title: 'Week 4', course: science } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'Module created successfully',
      data: { title: 'Week 4', moduleType: 'Week', order: 3, isVisible: true, description: '' },
    });
    expect(res.body.data.course).toMatchObject({
      _id: science,
      title: 'SCI-5A',
      subject: { name: 'Science' },
      class: { name: 'Class 5A' },
      academicYear: { year: '2026' },
    });
    const gql = await t.gql(
      'mutation($i: CreateModuleInput!) { createModule(input: $i) { title moduleType order isVisible course { title } } }',
      { i: { courseId: science, title: 'Unit X', moduleType: 'UNIT', order: 10, isVisible: false } },
      tok.teacher,
    );
    expect(gql.data.createModule).toEqual({
      title: 'Unit X',
      moduleType: 'UNIT',
      order: 10,
      isVisible: false,
      course: { title: 'SCI-5A' },
    });
  });

  it.each([
    [{ title: '' }, 'Module title is required'],
    [{ title: 'x', order: 0 }, 'Order must be at least 1'],
    [{ title: 'x', order: -3 }, 'Order must be at least 1'],
    [{ title: 'x', order: 1.5 }, 'Order must be a whole number'],
    [{ title: 'x', moduleType: 'Month' }, 'Module type must be Week or Unit'],
  ])('validates %j: %s', async (body, message) => {
    const res = await t.rest('POST', '/modules', { token: tok.teacher, body: { ...body, course: science } });
    expect([res.status, res.body.message]).toEqual([400, message]);
  });

  it('edits fields and visibility; a stale version conflicts', async () => {
    const mod = await makeModule(t.ds, science, { title: 'Draft' });
    const res = await t.rest('PUT', `/modules/${mod}`, {
      token: tok.teacher,
      body: { title: 'Ready', isVisible: false, order: 7, moduleType: 'Unit', description: 'Now' },
    });
    expect(res.body).toMatchObject({
      message: 'Module updated successfully',
      data: { title: 'Ready', isVisible: false, order: 7, moduleType: 'Unit', description: 'Now', version: 2 },
    });
    const stale = await t.gql(
      'mutation($i: UpdateModuleInput!) { updateModule(input: $i) { id } }',
      { i: { id: mod, isVisible: true, version: 1 } },
      tok.teacher,
    );
    expect(stale.errors?.[0].extensions?.code).toBe('CONFLICT');
    const bad = await t.rest('PUT', `/modules/${mod}`, { token: tok.teacher, body: { order: 0 } });
    expect(bad.body.message).toBe('Order must be at least 1');
  });

  it("only the course's teachers create, edit and delete", async () => {
    const mod = await makeModule(t.ds, science);
    for (const who of ['teacher2', 'parent']) {
      expect([who, (await t.rest('POST', '/modules', { token: tok[who], body: { title: 'x', course: science } })).status]).toEqual([
        who,
        404,
      ]);
      expect([who, (await t.rest('PUT', `/modules/${mod}`, { token: tok[who], body: { title: 'x' } })).status]).toEqual([who, 404]);
      expect([who, (await t.rest('DELETE', `/modules/${mod}`, { token: tok[who] })).status]).toEqual([who, 404]);
    }
    for (const who of ['student', 'admin']) {
      const res = await t.rest('POST', '/modules', { token: tok[who], body: { title: 'x', course: science } });
      expect([who, res.status, res.body.message]).toEqual([who, 403, 'Only the teachers of this course can manage its modules']);
      expect([who, (await t.rest('PUT', `/modules/${mod}`, { token: tok[who], body: { title: 'x' } })).status]).toEqual([who, 403]);
      expect([who, (await t.rest('DELETE', `/modules/${mod}`, { token: tok[who] })).status]).toEqual([who, 403]);
    }
    expect((await t.rest('PUT', `/modules/${hidden}`, { token: tok.student, body: { title: 'x' } })).status).toBe(404);
  });

  it('deleting a module removes its content and the files', async () => {
    const mod = await makeModule(t.ds, science);
    const item = await makeContent(t.ds, t.services, mod);
    const res = await t.rest('DELETE', `/modules/${mod}`, { token: tok.teacher });
    expect(res.body).toEqual({ success: true, message: 'Module deleted successfully' });
    expect(await t.ds.query('SELECT 1 FROM contents WHERE id = $1', [item.id])).toHaveLength(0);
    // the file is the cleanup job's: its row stays until the sweep
    expect(await t.ds.query('SELECT 1 FROM files WHERE id = $1', [item.fileId])).toHaveLength(1);
    expect((await sweepUnreferencedFiles(t.ds, t.services.files.store)).keys).toEqual([item.key]);
    expect(await t.services.files.store.exists(item.key)).toBe(false);
  });
});

describe('read', () => {
  it('students see visible modules only and get not found for a hidden one by id', async () => {
    const list = await t.rest('GET', `/modules/course/${math}`, { token: tok.student });
    expect(list.body.data.map((m: { title: string }) => m.title)).toEqual(['Numbers and place value', 'Fractions']);
    const teacherList = await t.rest('GET', `/modules/course/${math}`, { token: tok.teacher });
    expect(teacherList.body.data.map((m: { isVisible: boolean }) => m.isVisible)).toEqual([true, true, false]);
    expect((await t.rest('GET', `/modules/${hidden}`, { token: tok.student })).status).toBe(404);
    const gql = await t.gql('query($id: ID!) { module(id: $id) { id } }', { id: hidden }, tok.student);
    expect([gql.errors?.[0].extensions?.code, gql.errors?.[0].message]).toEqual(['NOT_FOUND', 'Module not found']);
    const viaCourse = await t.gql('query($id: ID!) { course(id: $id) { modules { id } } }', { id: math }, tok.student);
    expect(viaCourse.data.course.modules.map((m: { id: string }) => m.id)).not.toContain(hidden);
    expect((await t.rest('GET', `/modules/${hidden}`, { token: tok.teacher })).body.data.isVisible).toBe(false);
    expect((await t.rest('GET', `/modules/${hidden}`, { token: tok.admin })).status).toBe(200);
  });

  it('another teacher and a parent get not found for any module of the course', async () => {
    const [visible] = await t.ds.query(`SELECT id FROM course_modules WHERE course_id = $1 AND is_visible LIMIT 1`, [math]);
    for (const who of ['teacher2', 'parent']) {
      expect([who, (await t.rest('GET', `/modules/${visible.id}`, { token: tok[who] })).status]).toEqual([who, 404]);
      expect([who, (await t.rest('GET', `/modules/course/${math}`, { token: tok[who] })).status]).toEqual([who, 404]);
    }
  });
});

describe('reuse', () => {
  it("lists modules of the teacher's courses, the target's own included (DESIGN), with their course tree", async () => {
    const own = await makeModule(t.ds, science, { title: 'Week one of science' });
    const res = await t.rest('GET', `/modules/reuse/available/${science}`, { token: tok.teacher });
    expect(res.status).toBe(200);
    expect(res.body.data.every((m: { course: { _id: string } }) => m.course._id === math || m.course._id === science)).toBe(true);
    expect(res.body.data.some((m: { _id: string }) => m._id === own)).toBe(true);
    expect(res.body.data[0].course).toMatchObject({ title: 'MATH-5A', academicYear: { year: '2026' }, class: { name: 'Class 5A' } });
    expect((await t.rest('GET', `/modules/reuse/available/${science}`, { token: tok.teacher2 })).status).toBe(404);
    const theirs = (await t.rest('GET', `/modules/reuse/available/${teacher2Course}`, { token: tok.teacher2 })).body.data;
    expect(theirs.every((m: { course: { _id: string } }) => m.course._id === teacher2Course)).toBe(true);
  });

  it('clones a module with its content to the end of another course; the copy is independent', async () => {
    const source = await makeModule(t.ds, math, { title: 'Source' });
    const item = await makeContent(t.ds, t.services, source, { title: 'Item' });
    const res = await t.rest('POST', `/modules/reuse/clone/${source}`, { token: tok.teacher, body: { newCourseId: science } });
    expect(res.status).toBe(201);
    const [{ max }] = await t.ds.query('SELECT max(sort_order) FROM course_modules WHERE course_id = $1', [science]);
    expect(res.body).toMatchObject({
      message: 'Module reused successfully',
      data: { title: 'Source', order: max, course: { _id: science } },
    });
    const copied = await t.ds.query('SELECT id, title, file_id FROM contents WHERE module_id = $1', [res.body.data._id]);
    expect(copied).toEqual([{ id: expect.any(String), title: 'Item', file_id: item.fileId }]);
    await t.rest('PUT', `/modules/${res.body.data._id}`, { token: tok.teacher, body: { title: 'Copy' } });
    expect((await t.ds.query('SELECT title FROM course_modules WHERE id = $1', [source]))[0].title).toBe('Source');
    await t.rest('DELETE', `/modules/${source}`, { token: tok.teacher });
    expect((await t.rest('GET', `/content/download/${copied[0].id}`, { token: tok.teacher })).status).toBe(200);
  });

  it('takes the title and description chosen in the reuse picker in the same transaction', async () => {
    const source = await makeModule(t.ds, math, { title: 'Picked' });
    const gql = await t.gql(
      'mutation($i: CloneModuleInput!) { cloneModule(input: $i) { id title description } }',
      { i: { moduleId: source, newCourseId: science, title: 'Renamed copy', description: 'For science' } },
      tok.teacher,
    );
    expect(gql.data.cloneModule).toMatchObject({ title: 'Renamed copy', description: 'For science' });
    expect((await t.ds.query('SELECT title FROM course_modules WHERE id = $1', [source]))[0].title).toBe('Picked');
    const before = Number((await t.ds.query('SELECT count(*) AS n FROM course_modules WHERE course_id = $1', [science]))[0].n);
    const blank = await t.rest('POST', `/modules/reuse/clone/${source}`, {
      token: tok.teacher,
      body: { newCourseId: science, title: '  ' },
    });
    expect([blank.status, blank.body.message]).toEqual([400, 'Module title is required']);
    expect(Number((await t.ds.query('SELECT count(*) AS n FROM course_modules WHERE course_id = $1', [science]))[0].n)).toBe(before);
  });

  it("refuses other teachers' modules and courses", async () => {
    const [m] = await t.ds.query(`SELECT id FROM course_modules WHERE course_id = $1 LIMIT 1`, [math]);
    expect(
      (await t.rest('POST', `/modules/reuse/clone/${m.id}`, { token: tok.teacher, body: { newCourseId: teacher2Course } })).status,
    ).toBe(404);
    expect(
      (await t.rest('POST', `/modules/reuse/clone/${m.id}`, { token: tok.teacher2, body: { newCourseId: teacher2Course } })).status,
    ).toBe(404);
    const gql = await t.gql(
      'mutation($i: CloneModuleInput!) { cloneModule(input: $i) { id } }',
      { i: { moduleId: m.id, newCourseId: science } },
      tok.student,
    );
    expect(gql.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
