import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeUser } from '../../test/factories';
import { makeContent, makeCourse, makeModule, storedFiles } from '../../test/courses.factories';
import { makeAnnouncement, makeDiscussion } from '../../test/courses.factories';
import { Role } from '../../core/role';
import { sweepUnreferencedFiles } from '../../jobs/file-cleanup';
import { PAGE_TEXT } from '../../core/paging';
import { COURSE_PAGE } from './courses.types';

/**
 * Courses: who may create, read, list, change and delete them (platform.md section 6 and the house rules),
 * the spec's REST shapes, My Courses, the student lists, and reuse as a deep copy.
 */
let t: TestServer;
const tok: Record<string, string> = {};
const id: Record<string, string> = {};
let math: string;
let science: string;
let c5a: { id: string; year: string };
let c5b: string;
let c6a: string;
let c5a2025: string;
let y2025: string;
const subj: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'teacher2', 'student', 'student2', 'parent', 'admin', 'superadmin']) {
    tok[who] = await t.login(`${who}@demo.school`);
    [{ id: id[who] }] = await t.ds.query(`SELECT id FROM users WHERE email = $1`, [`${who}@demo.school`]);
  }
  [{ id: math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  [{ id: science }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'SCI-5A'`);
  const classes: Array<{ id: string; name: string; year: string; year_id: string }> = await t.ds.query(
    `SELECT c.id, c.name, y.year, y.id AS year_id FROM classes c JOIN academic_years y ON y.id = c.academic_year_id`,
  );
  const cls = (name: string, year = '2026') => classes.find((c) => c.name === name && c.year === year)!;
  c5a = { id: cls('Class 5A').id, year: cls('Class 5A').year_id };
  c5b = cls('Class 5B').id;
  c6a = cls('Class 6A').id;
  c5a2025 = cls('Class 5A', '2025').id;
  y2025 = cls('Class 5A', '2025').year_id;
  for (const s of await t.ds.query(`SELECT id, name FROM subjects`)) subj[s.name] = s.id;
});
afterAll(() => t.close());

const sweep = () => sweepUnreferencedFiles(t.ds, t.services.files.store);

const titles = (body: { data: Array<{ title: string }> }) => body.data.map((c) => c.title).sort();

describe('create', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    title: 'ENG-5B',
    description: 'English',
    subject: subj.English,
    class: c5b,
    academicYear: c5a.year,
    ...over,
  });

  it('a teacher creates a course for a class, subject and year they are assigned to; they teach it', async () => {
    const res = await t.rest('POST', '/courses', { token: tok.teacher, body: body() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Course created successfully',
      data: {
        title: 'ENG-5B',
        description: 'English',
        subject: { name: 'English' },
        class: { name: 'Class 5B' },
        academicYear: { year: '2026' },
      },
    });
    expect(res.body.data.teachers.map((x: { _id: string }) => x._id)).toEqual([id.teacher]);
    await t.rest('DELETE', `/courses/${res.body.data._id}`, { token: tok.teacher });
  });

  it("needs a course code: 'Course code is required'", async () => {
    const res = await t.rest('POST', '/courses', { token: tok.teacher, body: body({ title: '  ' }) });
    expect([res.status, res.body.message]).toEqual([400, 'Course code is required']);
    const gql = await t.gql(
      'mutation($i: CreateCourseInput!) { createCourse(input: $i) { id } }',
      { i: { title: '', subjectId: subj.English, classId: c5b, academicYearId: c5a.year } },
      tok.teacher,
    );
    expect([gql.errors?.[0].extensions?.code, gql.errors?.[0].message]).toEqual(['VALIDATION', 'Course code is required']);
  });

  it('is refused where the teacher is not assigned, and for every other role', async () => {
    const notMine = await t.rest('POST', '/courses', { token: tok.teacher, body: body({ subject: subj.Art, class: c6a }) });
    expect([notMine.status, notMine.body.message]).toEqual([
      403,
      'You can only create courses for classes and subjects you are assigned to teach',
    ]);
    for (const who of ['student', 'parent', 'admin', 'superadmin']) {
      expect([who, (await t.rest('POST', '/courses', { token: tok[who], body: body() })).status]).toEqual([who, 403]);
    }
    const gql = await t.gql(
      'mutation($i: CreateCourseInput!) { createCourse(input: $i) { id } }',
      { i: { title: 'X', subjectId: subj.Art, classId: c6a, academicYearId: c5a.year } },
      tok.teacher,
    );
    expect(gql.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await t.ds.query(`SELECT 1 FROM courses WHERE class_id = $1`, [c6a])).toHaveLength(0);
  });
});

describe('read and list', () => {
  it("GET /courses: a teacher their own, an admin all, a student their class's, a parent none", async () => {
    expect(titles((await t.rest('GET', '/courses', { token: tok.teacher })).body)).toEqual(['MATH-5A', 'SCI-5A']);
    expect(titles((await t.rest('GET', '/courses', { token: tok.teacher2 })).body)).toEqual([]);
    expect(titles((await t.rest('GET', '/courses', { token: tok.admin })).body)).toEqual(expect.arrayContaining(['MATH-5A', 'SCI-5A']));
    expect(titles((await t.rest('GET', '/courses', { token: tok.student })).body)).toEqual(['MATH-5A', 'SCI-5A']);
    expect((await t.rest('GET', '/courses', { token: tok.parent })).body).toEqual({ success: true, data: [] });
    const gql = await t.gql(
      '{ courses { nodes { title subject { name } class { name } academicYear { year } teachers { firstName lastName } } } }',
      {},
      tok.teacher,
    );
    expect(gql.data.courses.nodes[0]).toEqual({
      title: 'MATH-5A',
      subject: { name: 'Mathematics' },
      class: { name: 'Class 5A' },
      academicYear: { year: '2026' },
      teachers: [{ firstName: 'Tara', lastName: 'Teacher' }],
    });
  });

  it('GET /courses/{id}: not found for another teacher, a parent and a student of another class', async () => {
    const other = await makeUser(t.ds, { role: Role.Student });
    await t.ds.query(`UPDATE users SET class_id = $1, academic_year_id = $2 WHERE id = $3`, [c5b, c5a.year, other.id]);
    const otherTok = await t.login(other.email);
    for (const [who, token] of [
      ['teacher2', tok.teacher2],
      ['parent', tok.parent],
      ['other student', otherTok],
    ]) {
      const res = await t.rest('GET', `/courses/${math}`, { token });
      expect([who, res.status, res.body.message]).toEqual([who, 404, 'Course not found']);
      const gql = await t.gql('query($id: ID!) { course(id: $id) { id } }', { id: math }, token);
      expect(gql.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    }
    for (const who of ['teacher', 'student', 'admin', 'superadmin']) {
      const res = await t.rest('GET', `/courses/${math}`, { token: tok[who] });
      expect([who, res.status, res.body.data.title]).toEqual([who, 200, 'MATH-5A']);
    }
    for (const [who, may] of [
      ['teacher', true],
      ['student', false],
      ['admin', false],
    ] as const) {
      const gql = await t.gql('query($id: ID!) { course(id: $id) { viewerCanManage } }', { id: math }, tok[who]);
      expect([who, gql.data.course.viewerCanManage]).toEqual([who, may]);
    }
    expect((await t.rest('GET', '/courses/not-an-id', { token: tok.teacher })).status).toBe(404);
  });

  it('GET /courses/teacher/{teacherId}: yourself as a teacher, anyone as an admin', async () => {
    expect(titles((await t.rest('GET', `/courses/teacher/${id.teacher}`, { token: tok.teacher })).body)).toEqual(['MATH-5A', 'SCI-5A']);
    const other = await t.rest('GET', `/courses/teacher/${id.teacher}`, { token: tok.teacher2 });
    expect([other.status, other.body.message]).toEqual([403, 'You can only view your own courses']);
    expect(titles((await t.rest('GET', `/courses/teacher/${id.teacher}`, { token: tok.admin })).body)).toEqual(['MATH-5A', 'SCI-5A']);
    for (const who of ['student', 'parent'])
      expect((await t.rest('GET', `/courses/teacher/${id.teacher}`, { token: tok[who] })).status).toBe(403);
    const gql = await t.gql('query($t: ID!) { teacherCourses(teacherId: $t) { title } }', { t: id.teacher }, tok.admin);
    expect(gql.data.teacherCourses).toHaveLength(2);
  });

  it('students: my-courses, and all-courses with the top-level studentInfo', async () => {
    const mine = await t.rest('GET', '/courses/student/my-courses', { token: tok.student });
    expect(titles(mine.body)).toEqual(['MATH-5A', 'SCI-5A']);
    const all = await t.rest('GET', '/courses/student/all-courses', { token: tok.student });
    expect(all.body.studentInfo).toEqual({
      academicYear: { _id: c5a.year, year: '2026', isActive: true },
      class: { _id: c5a.id, name: 'Class 5A', grade: '5' },
    });
    expect(all.body.data[0]).toMatchObject({
      subject: { name: 'Mathematics' },
      title: 'MATH-5A',
      academicYear: { year: '2026' },
      class: { name: 'Class 5A' },
    });
    const unplaced = await makeUser(t.ds, { role: Role.Student });
    const none = await t.rest('GET', '/courses/student/all-courses', { token: await t.login(unplaced.email) });
    expect(none.body).toEqual({ success: true, data: [], studentInfo: { academicYear: null, class: null } });
    const parent = await t.rest('GET', '/courses/student/my-courses', { token: tok.parent });
    expect(parent.body.data).toEqual([]);
    const gql = await t.gql(
      '{ studentCourses { studentInfo { academicYear { year } class { name } } courses { title } } }',
      {},
      tok.student,
    );
    expect(gql.data.studentCourses.studentInfo).toEqual({ academicYear: { year: '2026' }, class: { name: 'Class 5A' } });
    // the dashboard's card asks for its first few only; the list's own order
    const few = await t.gql('{ studentCourses { courses(first: 1) { title } } }', {}, tok.student);
    expect(few.data.studentCourses.courses).toEqual(gql.data.studentCourses.courses.slice(0, 1));
    expect(gql.data.studentCourses.courses.length).toBeGreaterThan(1);
    const zero = await t.gql('{ studentCourses { courses(first: 0) { title } } }', {}, tok.student);
    expect(zero.errors?.[0]?.message).toBe(PAGE_TEXT.firstRange(COURSE_PAGE.max));
  });

  it("myCourses: the teacher's years, classes and subjects from their allocations, with their courses", async () => {
    const res = await t.gql(
      `{ myCourses { academicYear { year } classes { class { name } subjects { subject { name } allocationId courses { title } } } } }`,
      {},
      tok.teacher,
    );
    expect(res.data.myCourses).toEqual([
      {
        academicYear: { year: '2026' },
        classes: [
          {
            class: { name: 'Class 5A' },
            subjects: [
              { subject: { name: 'Mathematics' }, allocationId: expect.any(String), courses: [{ title: 'MATH-5A' }] },
              { subject: { name: 'Science' }, allocationId: expect.any(String), courses: [{ title: 'SCI-5A' }] },
            ],
          },
          { class: { name: 'Class 5B' }, subjects: [{ subject: { name: 'English' }, allocationId: expect.any(String), courses: [] }] },
        ],
      },
    ]);
    for (const who of ['student', 'parent', 'admin'])
      expect((await t.gql('{ myCourses { classes { class { name } } } }', {}, tok[who])).data.myCourses).toEqual([]);
  });

  it('myCourses (built in SQL as plain objects) answers every field of its years, classes, subjects and courses as the entities do', async () => {
    const YEAR = 'id year isActive startDate endDate createdAt version';
    const CLASS = `id name grade description isActive createdAt version academicYear { ${YEAR} }`;
    const SUBJECT = 'id name description isActive createdAt version';
    const COURSE = `id title description createdAt updatedAt version subject { ${SUBJECT} } class { ${CLASS} } academicYear { ${YEAR} } teachers { id lastName }`;
    const res = await t.gql(
      `{ myCourses { academicYear { ${YEAR} } classes { class { ${CLASS} } subjects { subject { ${SUBJECT} } courses { ${COURSE} } } } } }`,
      {},
      tok.teacher,
    );
    expect(res.errors).toBeUndefined();
    let seen = 0;
    for (const y of res.data.myCourses) {
      for (const cl of y.classes) {
        for (const s of cl.subjects) {
          for (const c of s.courses) {
            const one = await t.gql(`query($id: ID!) { course(id: $id) { ${COURSE} } }`, { id: c.id }, tok.teacher);
            expect(c).toEqual(one.data.course);
            expect([y.academicYear, cl.class, s.subject]).toEqual([
              one.data.course.academicYear,
              one.data.course.class,
              one.data.course.subject,
            ]);
            seen += 1;
          }
        }
      }
    }
    expect(seen).toBeGreaterThan(1);
  });

  it("myCourses builds each level lean when the operation asks no more than the web's page does: the same answer", async () => {
    const service = t.services.courses;
    const myCourses = service.myCourses.bind(service);
    const asked: unknown[] = [];
    service.myCourses = (...a: Parameters<typeof myCourses>) => (asked.push(a[1]), myCourses(...a));
    const WHOLE = `{ myCourses { academicYear { id year isActive startDate } classes { class { id name grade }
      subjects { allocationId subject { id name description } courses { id title description version } } } } }`;
    const whole = await t.gql(WHOLE, {}, tok.teacher);
    // the web's page, through an alias and a fragment
    const lean = await t.gql(
      `{ myCourses { academicYear { id year isActive } classes { class { ...Named }
      subjects { allocationId subject { id name } courses { __typename id code: title description } } } } }
      fragment Named on SchoolClass { id name }`,
      {},
      tok.teacher,
    );
    // one level asking more makes the statement whole
    const more = await t.gql(
      '{ myCourses { academicYear { id } classes { class { id } subjects { subject { id } courses { id createdAt } } } } }',
      {},
      tok.teacher,
    );
    service.myCourses = myCourses;
    expect([whole.errors, lean.errors, more.errors]).toEqual([undefined, undefined, undefined]);
    expect(asked).toEqual([false, true, false]);
    expect(lean.sql).toBe(whole.sql);
    const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));
    expect(whole.data.myCourses.length).toBeGreaterThan(0);
    expect(lean.data.myCourses).toEqual(
      whole.data.myCourses.map((y: any) => ({
        academicYear: pick(y.academicYear, ['id', 'year', 'isActive']),
        classes: y.classes.map((c: any) => ({
          class: pick(c.class, ['id', 'name']),
          subjects: c.subjects.map((s: any) => ({
            allocationId: s.allocationId,
            subject: pick(s.subject, ['id', 'name']),
            courses: s.courses.map((x: any) => ({ __typename: 'Course', id: x.id, code: x.title, description: x.description })),
          })),
        })),
      })),
    );
    // left out of the statement, not only of the answer
    const [me] = await t.ds.query(`SELECT id, role FROM users WHERE email = 'teacher@demo.school'`);
    const actor = { userId: me.id, role: me.role, activeRole: me.role, impersonating: false, sessionId: 's', childIds: [] };
    const bare = await service.myCourses(actor as never, true);
    const courses = bare.flatMap((y) => y.classes.flatMap((c) => c.subjects.flatMap((s) => s.courses)));
    expect(courses.length).toBeGreaterThan(1);
    expect(courses.every((c) => Object.keys(c).sort().join() === 'description,id,title')).toBe(true);
    expect(bare.every((y) => Object.keys(y.academicYear).sort().join() === 'id,isActive,year')).toBe(true);
  });
});

describe('edit and delete', () => {
  it("the course's teachers edit title and description; concurrent edits conflict", async () => {
    const res = await t.rest('PUT', `/courses/${science}`, { token: tok.teacher, body: { title: 'SCI-5A', description: 'Updated' } });
    expect(res.body).toMatchObject({ success: true, message: 'Course updated successfully', data: { description: 'Updated' } });
    const blank = await t.rest('PUT', `/courses/${science}`, { token: tok.teacher, body: { title: '' } });
    expect([blank.status, blank.body.message]).toEqual([400, 'Course code is required']);
    const stale = await t.rest('PUT', `/courses/${science}`, { token: tok.teacher, body: { description: 'x', version: 1 } });
    expect([stale.status, stale.body.message]).toEqual([409, 'This course was changed by someone else. Reload it and try again.']);
  });

  it('others cannot: another teacher (not found), a student of the class and admins (forbidden)', async () => {
    expect((await t.rest('PUT', `/courses/${science}`, { token: tok.teacher2, body: { title: 'x' } })).status).toBe(404);
    expect((await t.rest('PUT', `/courses/${science}`, { token: tok.parent, body: { title: 'x' } })).status).toBe(404);
    for (const who of ['student', 'admin']) {
      const res = await t.rest('PUT', `/courses/${science}`, { token: tok[who], body: { title: 'x' } });
      expect([who, res.status, res.body.message]).toEqual([who, 403, 'Only the teachers of this course can change it']);
    }
    for (const who of ['teacher2', 'parent']) expect((await t.rest('DELETE', `/courses/${science}`, { token: tok[who] })).status).toBe(404);
    const student = await t.rest('DELETE', `/courses/${science}`, { token: tok.student });
    expect([student.status, student.body.message]).toEqual([403, 'Only the teachers of this course or an administrator can delete it']);
    expect(await t.ds.query('SELECT 1 FROM courses WHERE id = $1', [science])).toHaveLength(1);
  });

  it('deleting a course removes its modules, content, files, announcements and discussions in one go', async () => {
    const course = await makeCourse(t.ds, {
      teacherIds: [id.teacher],
      classId: c5a.id,
      subjectId: subj.Mathematics,
      academicYearId: c5a.year,
      title: 'DOOMED',
    });
    const mod = await makeModule(t.ds, course);
    const item = await makeContent(t.ds, t.services, mod);
    await makeAnnouncement(t.ds, course, id.teacher);
    const thread = await makeDiscussion(t.ds, course, id.student);
    await makeDiscussion(t.ds, course, id.teacher, thread);
    const files = storedFiles(t.services).length;
    const res = await t.gql('mutation($id: ID!) { deleteCourse(id: $id) }', { id: course }, tok.teacher);
    expect(res.data.deleteCourse).toBe(true);
    for (const table of ['courses', 'course_modules', 'contents', 'announcements', 'discussions']) {
      const col = table === 'courses' ? 'id' : table === 'contents' ? 'module_id' : 'course_id';
      expect([table, await t.ds.query(`SELECT 1 FROM ${table} WHERE ${col} = $1`, [table === 'contents' ? mod : course])]).toEqual([
        table,
        [],
      ]);
    }
    // the file is the cleanup job's: its row and bytes stay until the sweep
    expect(await t.ds.query('SELECT 1 FROM files WHERE id = $1', [item.fileId])).toHaveLength(1);
    expect(storedFiles(t.services)).toHaveLength(files);
    expect((await sweep()).keys).toEqual([item.key]);
    expect(await t.ds.query('SELECT 1 FROM files WHERE id = $1', [item.fileId])).toHaveLength(0);
    expect(storedFiles(t.services)).toHaveLength(files - 1);
  });

  it('an admin may delete any course', async () => {
    const course = await makeCourse(t.ds, {
      teacherIds: [id.teacher],
      classId: c5a.id,
      subjectId: subj.Mathematics,
      academicYearId: c5a.year,
    });
    const res = await t.rest('DELETE', `/courses/${course}`, { token: tok.admin });
    expect(res.body).toEqual({ success: true, message: 'Course deleted successfully' });
  });

  it('a class or year that still has courses cannot be deleted (CONFLICT from the foreign key)', async () => {
    await makeCourse(t.ds, { teacherIds: [id.teacher], classId: c5a2025, subjectId: subj.Art, academicYearId: y2025 });
    expect((await t.rest('DELETE', `/classes/${c5a2025}`, { token: tok.admin })).status).toBe(409);
    expect((await t.rest('DELETE', `/subjects/${subj.Art}`, { token: tok.admin })).status).toBe(409);
    expect(await t.ds.query('SELECT 1 FROM classes WHERE id = $1', [c5a2025])).toHaveLength(1);
  });
});

describe('reuse', () => {
  it("lists the teacher's own courses of a subject with year and class", async () => {
    const res = await t.rest('GET', `/courses/reuse/available/${subj.Mathematics}`, { token: tok.teacher });
    expect(
      res.body.data.map((c: { title: string; academicYear: { year: string }; class: { name: string } }) => [
        c.title,
        c.academicYear.year,
        c.class.name,
      ]),
    ).toEqual([['MATH-5A', '2026', 'Class 5A']]);
    expect((await t.rest('GET', `/courses/reuse/available/${subj.Mathematics}`, { token: tok.teacher2 })).body.data).toEqual([]);
    expect((await t.rest('GET', `/courses/reuse/available/${subj.Mathematics}`, { token: tok.admin })).body.data).toEqual([]);
  });

  it('clones a course with its modules and content (a deep copy); editing the copy leaves the original', async () => {
    const res = await t.rest('POST', `/courses/reuse/clone/${math}`, {
      token: tok.teacher,
      body: { newAcademicYear: c5a.year, newClass: c5b, newSubject: subj.English, title: 'ENG-5B (from maths)', description: 'Reused' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'Course reused successfully',
      data: { title: 'ENG-5B (from maths)', description: 'Reused', class: { name: 'Class 5B' }, subject: { name: 'English' } },
    });
    const copy = res.body.data._id;
    const shape = `SELECT m.title, m.sort_order, m.is_visible, m.module_type, count(ct.id)::int AS items, array_agg(ct.file_id ORDER BY ct.title) FILTER (WHERE ct.id IS NOT NULL) AS files
                     FROM course_modules m LEFT JOIN contents ct ON ct.module_id = m.id WHERE m.course_id = $1 GROUP BY m.id ORDER BY m.sort_order`;
    const original = await t.ds.query(shape, [math]);
    expect(await t.ds.query(shape, [copy])).toEqual(original);
    const [copyModule] = await t.ds.query(`SELECT id FROM course_modules WHERE course_id = $1 ORDER BY sort_order LIMIT 1`, [copy]);
    await t.rest('PUT', `/modules/${copyModule.id}`, { token: tok.teacher, body: { title: 'Changed in the copy' } });
    await t.ds.query(`UPDATE contents SET title = 'Changed item' WHERE module_id = $1`, [copyModule.id]);
    expect(await t.ds.query(shape, [math])).toEqual(original);
    // deleting the copy leaves the original's files
    const files = storedFiles(t.services).length;
    await t.rest('DELETE', `/courses/${copy}`, { token: tok.teacher });
    expect((await sweep()).keys).toEqual([]);
    expect(storedFiles(t.services)).toHaveLength(files);
    const [item] = await t.ds.query(
      `SELECT ct.id FROM contents ct JOIN course_modules m ON m.id = ct.module_id WHERE m.course_id = $1 LIMIT 1`,
      [math],
    );
    expect((await t.rest('GET', `/content/download/${item.id}`, { token: tok.teacher })).status).toBe(200);
  });

  it('deleting the original never breaks the copy', async () => {
    const source = await makeCourse(t.ds, {
      teacherIds: [id.teacher],
      classId: c5a.id,
      subjectId: subj.Science,
      academicYearId: c5a.year,
      title: 'SRC',
    });
    const item = await makeContent(t.ds, t.services, await makeModule(t.ds, source));
    const gql = await t.gql(
      'mutation($i: CloneCourseInput!) { cloneCourse(input: $i) { id modules { contents { id downloadUrl } } } }',
      {
        i: { courseId: source, newAcademicYearId: c5a.year, newClassId: c5a.id, newSubjectId: subj.Science, title: 'COPY' },
      },
      tok.teacher,
    );
    expect(gql.errors).toBeUndefined();
    const copied = gql.data.cloneCourse.modules[0].contents[0];
    await t.rest('DELETE', `/courses/${source}`, { token: tok.teacher });
    await sweep();
    expect(await t.services.files.store.exists(item.key)).toBe(true);
    expect((await t.rest('GET', `/content/download/${copied.id}`, { token: tok.teacher })).status).toBe(200);
    await t.rest('DELETE', `/courses/${gql.data.cloneCourse.id}`, { token: tok.teacher });
    await sweep();
    expect(await t.services.files.store.exists(item.key)).toBe(false);
  });

  it('only from your own course into a class, subject and year you teach', async () => {
    const into = { newAcademicYear: c5a.year, newClass: c6a, newSubject: subj.Art, title: 'X' };
    const notAssigned = await t.rest('POST', `/courses/reuse/clone/${math}`, { token: tok.teacher, body: into });
    expect(notAssigned.status).toBe(403);
    const notMine = await t.rest('POST', `/courses/reuse/clone/${math}`, { token: tok.teacher2, body: into });
    expect(notMine.status).toBe(404);
    const student = await t.rest('POST', `/courses/reuse/clone/${math}`, { token: tok.student, body: into });
    expect(student.status).toBe(403);
    const noTitle = await t.rest('POST', `/courses/reuse/clone/${math}`, {
      token: tok.teacher,
      body: { ...into, newClass: c5b, newSubject: subj.English, title: '' },
    });
    expect([noTitle.status, noTitle.body.message]).toEqual([400, 'Course code is required']);
    expect(await t.ds.query(`SELECT 1 FROM courses WHERE title = 'X'`)).toHaveLength(0);
  });
});
