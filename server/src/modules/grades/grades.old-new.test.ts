import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../db/seed';
import { gradebookRows, gradebookRowsOld } from './grades.queries';

/** Old (four statements, ORM-free rows) against new (one JSON statement): the same gradebook rows for every course. */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  await t.ds.query(`UPDATE assessments SET is_visible = false WHERE id IN (SELECT id FROM assessments ORDER BY id LIMIT 3)`);
  await t.ds.query(`UPDATE assessments SET scope = 'individual_students' WHERE id IN (SELECT id FROM assessments ORDER BY id OFFSET 3 LIMIT 2)`);
  await t.ds.query(`UPDATE submissions SET submitted_at = now() - interval '1 hour 0.123456 seconds', total_score = 7.25 WHERE id IN (SELECT id FROM submissions ORDER BY id LIMIT 5)`);
}, 120_000);
afterAll(() => t.close());

test('the same header, columns, students and submissions for every course', async () => {
  const courses: Array<{ id: string }> = await t.ds.query('SELECT id FROM courses');
  let cells = 0;
  for (const c of courses) {
    const [a, b] = [await gradebookRowsOld(t.ds, c.id), await gradebookRows(t.ds, c.id)];
    const key = (x: { id: string }) => x.id;
    expect({ ...b, submissions: [...b.submissions].sort((x, y) => key(x).localeCompare(key(y))) })
      .toEqual({ ...a, submissions: [...a.submissions].sort((x, y) => key(x).localeCompare(key(y))) });
    cells += a.columns.length * a.students.length + a.submissions.length;
  }
  console.log('courses', courses.length, 'cells+submissions', cells);
  expect(cells).toBeGreaterThan(10);
});
