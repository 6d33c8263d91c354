import { startTestServer, TestServer } from './test/test-server';
import { seedDemoSchool } from './db/seed';
import { makeUser } from './test/factories';
import { Role } from './modules/users/role';
import { Classroom, makeClassroom } from './modules/review/review.test.fixtures';

let t: TestServer;
let room: Classroom;
let students: string[];
let parentToken: string;
let teacherToken: string;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  const [{ id: teacherId }] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
  teacherToken = await t.login('teacher@demo.school');
  room = await makeClassroom(t.ds, teacherId, 40);
  students = (await t.ds.query(`SELECT id FROM users WHERE class_id = $1 ORDER BY last_name`, [room.classId])).map((r: { id: string }) => r.id);
  const parent = await makeUser(t.ds, { role: Role.Parent });
  await t.ds.query('INSERT INTO parent_students (parent_id, student_id) SELECT $1, unnest($2::uuid[])', [parent.id, students.slice(0, 2)]);
  parentToken = await t.login(parent.email);
  await t.ds.query(
    `WITH a AS (
       INSERT INTO assessments (kind, course_id, title, due_date, result_visibility)
       SELECT 'ASSIGNMENT', $1, 'Count ' || g, date_trunc('minute', now()) + (CASE WHEN g % 2 = 0 THEN 1 ELSE -1 END) * interval '1 day' * g,
              CASE WHEN g % 3 = 0 THEN 'manual' ELSE 'immediate' END
         FROM generate_series(1, 40) g RETURNING id, due_date)
     INSERT INTO submissions (assessment_id, student_id, status, submitted_at, total_score, max_score)
     SELECT a.id, u.id, 'graded', now(), 3, 4 FROM a, users u WHERE u.class_id = $2 AND a.due_date < now()`, [room.courseId, room.classId]);
}, 120_000);
afterAll(() => t.close());

const CHILD = `query($s: ID!) { childAssessments(studentId: $s) { nodes { assessment { id title dueDate course { title } } status { label score { totalScore } }
  submission { id totalScore answers { grade { score feedback } } } } } }`;
const GB = `query($c: ID!) { gradebook(courseId: $c) { courseTitle columns { id title } rows { nodes { student { id } average cells { status score } } } } }`;
const SG = `query($s: ID!) { studentGrades(studentId: $s) { courses { courseTitle average items { title score status } } } }`;

test('measure', async () => {
  const cases: Array<[string, () => Promise<{ sql?: number; errors?: unknown }>]> = [
    ['childAssessments gql', () => t.gql(CHILD, { s: students[0] }, parentToken)],
    ['childAssessments rest', () => t.rest('GET', `/students/${students[0]}/assessments`, { token: parentToken }) as never],
    ['gradebook gql', () => t.gql(GB, { c: room.courseId }, teacherToken)],
    ['gradebook rest', () => t.rest('GET', `/courses/${room.courseId}/gradebook`, { token: teacherToken }) as never],
    ['studentGrades gql (parent)', () => t.gql(SG, { s: students[0] }, parentToken)],
  ];
  for (const [name, f] of cases) {
    const first = await f();
    expect(first.errors).toBeUndefined();
    for (let i = 0; i < 5; i++) await f();
    global.gc?.();
    const h0 = process.memoryUsage().heapUsed;
    const t0 = process.hrtime.bigint();
    const N = 40;
    for (let i = 0; i < N; i++) await f();
    const ms = Number(process.hrtime.bigint() - t0) / 1e6 / N;
    const kb = (process.memoryUsage().heapUsed - h0) / 1024 / N;
    console.log(`MEASURE ${name}: ${first.sql} statements, ${ms.toFixed(1)} ms/req, heap growth ${kb.toFixed(0)} KB/req (no gc between)`);
  }
}, 300_000);
