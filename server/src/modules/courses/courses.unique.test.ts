import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { COURSE_TEXT } from './courses.validation';

/** One course per class, subject and year unless the teacher names it differently on purpose. */
let t: TestServer;
let teacher: string;
let place: { subject: string; class: string; academicYear: string };
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  teacher = await t.login('teacher@demo.school');
  const [c] = await t.ds.query(`SELECT subject_id, class_id, academic_year_id FROM courses WHERE title = 'MATH-5A'`);
  place = { subject: c.subject_id, class: c.class_id, academicYear: c.academic_year_id };
});
afterAll(() => t.close());

test('the same name again in the same place is refused (REST), whatever the case', async () => {
  const res = await t.rest('POST', '/courses', { token: teacher, body: { title: 'math-5a', ...place } });
  expect([res.status, res.body.message]).toEqual([409, COURSE_TEXT.titleTaken('math-5a')]);
});

test('the same name again in the same place is refused (GraphQL)', async () => {
  const r = await t.gql(
    'mutation($i: CreateCourseInput!) { createCourse(input: $i) { id } }',
    { i: { title: 'MATH-5A', subjectId: place.subject, classId: place.class, academicYearId: place.academicYear } },
    teacher,
  );
  expect(r.errors?.[0]).toMatchObject({ message: COURSE_TEXT.titleTaken('MATH-5A'), extensions: { code: 'CONFLICT' } });
});

test('another name in the same place is a second course on purpose; renaming onto the first is refused', async () => {
  const res = await t.rest('POST', '/courses', { token: teacher, body: { title: 'MATH-5A Extension', ...place } });
  expect(res.status).toBe(201);
  const rename = await t.rest('PUT', `/courses/${res.body.data._id}`, { token: teacher, body: { title: 'MATH-5A' } });
  expect([rename.status, rename.body.message]).toEqual([409, COURSE_TEXT.titleTaken('MATH-5A')]);
});
