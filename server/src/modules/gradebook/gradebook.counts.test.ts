import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { Classroom, addStudents, makeClassroom } from '../../test/dashboards.fixtures';
import { makeGradeItem, makePlacedStudent } from './gradebook.test.fixtures';

/**
 * DESIGN.md rule 4 for grades: a gradebook (GraphQL with its CSV, REST, the CSV file) runs the same number of
 * statements for 40 students as for 2; a student's report the same for 40 items as for 2.
 */
let t: TestServer;
let teacher: string;
let room: Classroom;
let pupil: string;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  teacher = await t.login('teacher@demo.school');
  const [{ id }] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
  room = await makeClassroom(t.ds, id, 1);
  const p = await makePlacedStudent(t.ds, room, { firstName: 'Count', lastName: 'Pupil' });
  pupil = await t.login(p.email);
}, 60_000);
afterAll(() => t.close());

/** Submissions of every student for every item of the room's course: graded (every 2nd), pending, reopened (every 5th). */
async function fill() {
  await t.ds.query(
    `INSERT INTO submissions (assessment_id, student_id, status, total_score, max_score, submitted_at)
     SELECT a.id, u.id, CASE WHEN (row_number() OVER ()) % 5 = 0 THEN 'reopened' WHEN (row_number() OVER ()) % 2 = 0 THEN 'graded' ELSE 'pending' END,
            3, a.total_points, now() - interval '1 hour'
       FROM assessments a JOIN users u ON u.class_id = $2 AND u.role = 'Student'
      WHERE a.course_id = $1 ON CONFLICT DO NOTHING`,
    [room.courseId, room.classId],
  );
}

const BOOK = `query($id: ID!) { gradebook(courseId: $id) { columns { id title } rows(first: 200) { nodes { student { id lastName } average pointsEarned
  cells { assessmentId status score percentage countsTowardAverage } } } csv } }`;

async function measureBook() {
  const g = await t.gql(BOOK, { id: room.courseId }, teacher);
  expect(g.errors).toBeUndefined();
  const r = await t.rest('GET', `/courses/${room.courseId}/gradebook`, { token: teacher });
  expect(r.status).toBe(200);
  const csv = await t.rest('GET', `/courses/${room.courseId}/gradebook?format=csv`, { token: teacher });
  expect(csv.status).toBe(200);
  return { g, r, csv };
}

it('a gradebook runs as many statements for 40 students as for 2', async () => {
  for (const visibility of ['immediate', 'manual', 'scoreOnly', 'immediate'] as const)
    await makeGradeItem(t.ds, room.courseId, { visibility });
  await fill();
  const small = await measureBook();
  expect(small.g.data.gradebook.rows.nodes).toHaveLength(2);
  await addStudents(t.ds, room, 38);
  await fill();
  const large = await measureBook();
  expect(large.g.data.gradebook.rows.nodes).toHaveLength(40);
  expect(large.csv.body.split('\r\n')).toHaveLength(42);
  expect([large.g.sql, large.r.sql, large.csv.sql]).toEqual([small.g.sql, small.r.sql, small.csv.sql]);
}, 120_000);

const MY = `{ myGrades { courses { courseId average items { assessmentId status score } trend { average } } } }`;

it("a student's report runs as many statements for 40 items as for 2", async () => {
  await t.ds.query('DELETE FROM assessments WHERE course_id = $1', [room.courseId]);
  const measure = async () => {
    const g = await t.gql(MY, {}, pupil);
    expect(g.errors).toBeUndefined();
    const r = await t.rest('GET', '/grades/me', { token: pupil });
    expect(r.status).toBe(200);
    const items = g.data.myGrades.courses.find((c: { courseId: string }) => c.courseId === room.courseId).items.length;
    return { items, g: g.sql, r: r.sql };
  };
  for (let i = 0; i < 2; i += 1) await makeGradeItem(t.ds, room.courseId);
  await fill();
  const small = await measure();
  for (let i = 0; i < 38; i += 1) await makeGradeItem(t.ds, room.courseId, { visibility: i % 3 ? 'immediate' : 'manual' });
  await fill();
  const large = await measure();
  expect([small.items, large.items]).toEqual([2, 40]);
  expect([large.g, large.r]).toEqual([small.g, small.r]);
}, 120_000);
