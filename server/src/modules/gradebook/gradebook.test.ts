import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { Classroom, makeClassroom } from '../../test/dashboards.fixtures';
import { makeGradeItem, makeGradeSubmission, makePlacedStudent } from './gradebook.test.fixtures';
import { csvField } from './gradebook.csv';

/**
 * Grades (issue 17): the course average is points earned over points possible of released, graded work the
 * student may see, on both transports, the same in the student's report, an admin's view of it and the
 * teacher's gradebook; who may read what; the CSV file.
 */
let t: TestServer;
const tok: Record<string, string> = {};
let room: Classroom;
let ann: { id: string; email: string };
let bo: { id: string; email: string };
const item: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['teacher', 'teacher2', 'admin', 'parent', 'student']) tok[who] = await t.login(`${who}@demo.school`);
  const [{ id: teacherId }] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
  room = await makeClassroom(t.ds, teacherId, 0);
  ann = await makePlacedStudent(t.ds, room, { firstName: 'Ann', lastName: 'Smith, "Jr"' });
  bo = await makePlacedStudent(t.ds, room, { firstName: '=HYPERLINK("http://x")', lastName: 'Zed' });
  tok.ann = await t.login(ann.email);
  const c = room.courseId;
  // Ann: counted A 8/10, C 6/10 (manual, released), F 2/5 (auto-submitted), G 4/5 (scoreOnly): 20 / 30 = 67%
  item.A = await makeGradeItem(t.ds, c, { title: 'A immediate' });
  await makeGradeSubmission(t.ds, item.A, ann.id, { score: 8, submittedHoursAgo: 50 });
  item.B = await makeGradeItem(t.ds, c, { title: 'B manual unreleased', visibility: 'manual' });
  await makeGradeSubmission(t.ds, item.B, ann.id, { score: 5, submittedHoursAgo: 45 });
  item.C = await makeGradeItem(t.ds, c, { title: 'C manual released', visibility: 'manual', released: true });
  await makeGradeSubmission(t.ds, item.C, ann.id, { score: 6, submittedHoursAgo: 40 });
  item.D = await makeGradeItem(t.ds, c, { title: 'D partly graded' });
  await makeGradeSubmission(t.ds, item.D, ann.id, { status: 'pending', score: 3, submittedHoursAgo: 35 });
  item.E = await makeGradeItem(t.ds, c, { title: 'E missing' });
  item.F = await makeGradeItem(t.ds, c, { title: 'F auto-submitted', points: 5 });
  await makeGradeSubmission(t.ds, item.F, ann.id, { score: 2, max: 5, auto: true, submittedHoursAgo: 30 });
  item.G = await makeGradeItem(t.ds, c, { title: 'G score only', points: 5, visibility: 'scoreOnly' });
  await makeGradeSubmission(t.ds, item.G, ann.id, { score: 4, max: 5, submittedHoursAgo: 20 });
  item.H = await makeGradeItem(t.ds, c, { title: 'H hidden', visible: false });
  await makeGradeSubmission(t.ds, item.H, ann.id, { score: 10 });
  item.I = await makeGradeItem(t.ds, c, { title: 'I reopened' });
  await makeGradeSubmission(t.ds, item.I, ann.id, { status: 'reopened', score: 7, afterDue: true });
  item.J = await makeGradeItem(t.ds, c, { title: 'J upcoming', dueInHours: 48 });
  item.K = await makeGradeItem(t.ds, c, { title: 'K for Bo', targets: [bo.id] });
  await makeGradeSubmission(t.ds, item.K, bo.id, { score: 9 });
}, 60_000);
afterAll(() => t.close());

const REPORT = `{ courses { courseId courseTitle pointsEarned pointsPossible average
  items { assessmentId title status statusLabel score maxScore percentage countsTowardAverage isAutoSubmitted }
  trend { title percentage average } } }`;
const MY = `{ myGrades ${REPORT} }`;
const OF = `query($id: ID!) { studentGrades(studentId: $id) ${REPORT.replace('{ courses', '{ student { id lastName } courses')} }`;
const BOOK = `query($id: ID!) { gradebook(courseId: $id) { courseTitle columns { id title totalPoints visibleToStudents resultsShown }
  rows { nodes { student { id firstName lastName } pointsEarned pointsPossible average cells { assessmentId status statusLabel score countsTowardAverage } } } csv } }`;

type Course = {
  courseId: string;
  pointsEarned: number;
  pointsPossible: number;
  average: number | null;
  items: Array<Record<string, any>>;
  trend: unknown[];
};
const roomOf = (courses: Course[]) => courses.find((c) => c.courseId === room.courseId)!;

describe("a student's report", () => {
  it('counts released, graded work only: points earned over points possible, on both transports', async () => {
    const g = await t.gql(MY, {}, tok.ann);
    expect(g.errors).toBeUndefined();
    const c = roomOf(g.data.myGrades.courses);
    expect([c.pointsEarned, c.pointsPossible, c.average]).toEqual([20, 30, 67]);
    const by = Object.fromEntries(c.items.map((i) => [i.title, i]));
    // the hidden item and the item for another student are not there at all
    expect(Object.keys(by).sort()).toEqual([
      'A immediate',
      'B manual unreleased',
      'C manual released',
      'D partly graded',
      'E missing',
      'F auto-submitted',
      'G score only',
      'I reopened',
      'J upcoming',
    ]);
    expect(by['A immediate']).toMatchObject({ status: 'GRADED', score: 8, maxScore: 10, percentage: 80, countsTowardAverage: true });
    // an unreleased manual result: neither the score nor its points, anywhere
    expect(by['B manual unreleased']).toMatchObject({
      status: 'UNRELEASED',
      statusLabel: 'Results not released',
      score: null,
      percentage: null,
      countsTowardAverage: false,
    });
    expect(by['C manual released']).toMatchObject({ status: 'GRADED', score: 6, countsTowardAverage: true });
    expect(by['D partly graded']).toMatchObject({
      status: 'NOT_GRADED',
      statusLabel: 'Not graded',
      score: null,
      countsTowardAverage: false,
    });
    expect(by['E missing']).toMatchObject({ status: 'MISSING', score: null, countsTowardAverage: false });
    expect(by['F auto-submitted']).toMatchObject({
      status: 'GRADED',
      score: 2,
      maxScore: 5,
      percentage: 40,
      isAutoSubmitted: true,
      countsTowardAverage: true,
    });
    expect(by['G score only']).toMatchObject({ status: 'GRADED', score: 4, percentage: 80, countsTowardAverage: true });
    expect(by['I reopened']).toMatchObject({ status: 'REOPENED', score: null, countsTowardAverage: false });
    expect(by['J upcoming']).toMatchObject({ status: 'NOT_SUBMITTED', countsTowardAverage: false });
    // the trend: counted items by submission time, with the running average
    expect(c.trend).toEqual([
      { title: 'A immediate', percentage: 80, average: 80 },
      { title: 'C manual released', percentage: 60, average: 70 },
      { title: 'F auto-submitted', percentage: 40, average: 64 },
      { title: 'G score only', percentage: 80, average: 67 },
    ]);

    const r = await t.rest('GET', '/grades/me', { token: tok.ann });
    expect(r.status).toBe(200);
    const rc = roomOf(r.body.data.courses);
    expect([rc.pointsEarned, rc.pointsPossible, rc.average]).toEqual([20, 30, 67]);
    expect(rc.items.find((i) => i.assessmentId === item.B)).toMatchObject({ score: null, percentage: null });
    expect(JSON.stringify(r.body)).not.toContain(item.H);
    expect(r.body.data.student._id).toBe(ann.id);
  });

  it('a release makes the manual result count at once', async () => {
    await t.ds.query('UPDATE assessments SET results_released_at = now() WHERE id = $1', [item.B]);
    try {
      const c = roomOf((await t.gql(MY, {}, tok.ann)).data.myGrades.courses);
      expect([c.pointsEarned, c.pointsPossible, c.average]).toEqual([25, 40, 63]);
    } finally {
      await t.ds.query('UPDATE assessments SET results_released_at = NULL WHERE id = $1', [item.B]);
    }
  });

  it('an admin reads it exactly as the student sees it; nobody else may (not found)', async () => {
    const mine = roomOf((await t.gql(MY, {}, tok.ann)).data.myGrades.courses);
    const a = await t.gql(OF, { id: ann.id }, tok.admin);
    expect(a.errors).toBeUndefined();
    expect(roomOf(a.data.studentGrades.courses)).toEqual(mine);
    const ar = await t.rest('GET', `/students/${ann.id}/grades`, { token: tok.admin });
    expect(ar.status).toBe(200);
    expect(roomOf(ar.body.data.courses).average).toBe(67);
    // the student themself by id too
    expect((await t.rest('GET', `/students/${ann.id}/grades`, { token: tok.ann })).status).toBe(200);
    for (const who of ['teacher', 'student', 'parent']) {
      const g = await t.gql(OF, { id: ann.id }, tok[who]);
      expect(g.errors?.[0].extensions?.code).toBe('NOT_FOUND');
      expect((await t.rest('GET', `/students/${ann.id}/grades`, { token: tok[who] })).status).toBe(404);
    }
    // a user who is not a student, and a malformed id
    const [{ id: teacherId }] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
    expect((await t.rest('GET', `/students/${teacherId}/grades`, { token: tok.admin })).status).toBe(404);
    expect((await t.rest('GET', '/students/nope/grades', { token: tok.admin })).status).toBe(404);
    expect((await t.rest('GET', '/grades/me', { token: tok.teacher })).status).toBe(403);
    expect((await t.rest('GET', '/grades/me')).status).toBe(401);
  });
});

describe("a parent's view of a linked child", () => {
  it("is exactly the child's report: no unreleased result, no hidden item; other students are not found", async () => {
    const [{ id: parentId }] = await t.ds.query(`SELECT id FROM users WHERE email = 'parent@demo.school'`);
    await t.ds.query('INSERT INTO parent_students (parent_id, student_id) VALUES ($1, $2)', [parentId, ann.id]);
    try {
      const mine = roomOf((await t.gql(MY, {}, tok.ann)).data.myGrades.courses);
      const p = await t.gql(OF, { id: ann.id }, tok.parent);
      expect(p.errors).toBeUndefined();
      const c = roomOf(p.data.studentGrades.courses);
      expect(c).toEqual(mine);
      expect(c.items.find((i) => i.assessmentId === item.B)).toMatchObject({ score: null, countsTowardAverage: false });
      const r = await t.rest('GET', `/students/${ann.id}/grades`, { token: tok.parent });
      expect(r.status).toBe(200);
      expect(roomOf(r.body.data.courses).average).toBe(67);
      expect(JSON.stringify(r.body)).not.toContain(item.H);
      // a student who is not their child, and their own report (parents have none)
      expect((await t.rest('GET', `/students/${bo.id}/grades`, { token: tok.parent })).status).toBe(404);
      expect((await t.gql(OF, { id: bo.id }, tok.parent)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
      expect((await t.rest('GET', '/grades/me', { token: tok.parent })).status).toBe(403);
    } finally {
      await t.ds.query('DELETE FROM parent_students WHERE parent_id = $1 AND student_id = $2', [parentId, ann.id]);
    }
  });
});

describe("a course's gradebook", () => {
  it('shows every student x every item with its score or status, and the average the student sees', async () => {
    const g = await t.gql(BOOK, { id: room.courseId }, tok.teacher);
    expect(g.errors).toBeUndefined();
    const book = g.data.gradebook;
    expect(book.columns.map((c: { title: string }) => c.title)).toHaveLength(11);
    expect(book.columns.find((c: { id: string }) => c.id === item.H)).toMatchObject({ visibleToStudents: false });
    expect(book.columns.find((c: { id: string }) => c.id === item.B)).toMatchObject({ resultsShown: false });
    // by last name: "Smith, ..." before "Zed"
    expect(book.rows.nodes.map((r: { student: { id: string } }) => r.student.id)).toEqual([ann.id, bo.id]);
    const [a, b] = book.rows.nodes;
    expect([a.pointsEarned, a.pointsPossible, a.average]).toEqual([20, 30, 67]);
    const cell = (row: typeof a, id: string) => row.cells.find((x: { assessmentId: string }) => x.assessmentId === id);
    // the teacher sees an unreleased score, which still counts nowhere
    expect(cell(a, item.B)).toMatchObject({ status: 'UNRELEASED', score: 5, countsTowardAverage: false });
    expect(cell(a, item.H)).toMatchObject({ status: 'UNRELEASED', score: 10, countsTowardAverage: false });
    expect(cell(a, item.D)).toMatchObject({ status: 'NOT_GRADED', statusLabel: 'Not graded', score: null });
    expect(cell(a, item.E)).toMatchObject({ status: 'MISSING', statusLabel: 'Missing' });
    expect(cell(a, item.K)).toMatchObject({ status: 'NOT_ASSIGNED' });
    expect(cell(b, item.K)).toMatchObject({ status: 'GRADED', score: 9, countsTowardAverage: true });
    expect([b.pointsEarned, b.pointsPossible, b.average]).toEqual([9, 10, 90]);
    expect(cell(b, item.A)).toMatchObject({ status: 'MISSING' });

    const r = await t.rest('GET', `/courses/${room.courseId}/gradebook`, { token: tok.teacher });
    expect(r.status).toBe(200);
    expect(r.body.data.rows.map((x: { average: number }) => x.average)).toEqual([67, 90]);
    expect(r.body.data.rows[0].student._id).toBe(ann.id);
  });

  it('exports CSV with names escaped and formulas defused, the same through GraphQL', async () => {
    const r = await fetch(`${t.url}/api/courses/${room.courseId}/gradebook?format=csv`, {
      headers: { authorization: `Bearer ${tok.teacher}` },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="?gradebook-REVIEW-[A-Za-z0-9-]+\.csv"?$/);
    const text = await r.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toMatch(/^Last name,First name,Email,A immediate \(10 pts\),B manual unreleased \(10 pts\),/);
    expect(lines[0].endsWith(',Points earned,Points possible,Average %')).toBe(true);
    expect(
      lines[1].startsWith(`"Smith, ""Jr""",Ann,${ann.email},8,5,6,Not graded,Missing,2,4,10,Reopened,Not assigned,Not submitted,20,30,67`),
    ).toBe(true);
    expect(lines[2].startsWith(`Zed,"'=HYPERLINK(""http://x"")",${bo.email},Missing,`)).toBe(true);
    expect(lines[2].endsWith(',9,10,90')).toBe(true);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    const g = await t.gql(BOOK, { id: room.courseId }, tok.teacher);
    expect(g.data.gradebook.csv).toBe(text);
  });

  it("is for the course's teachers, SuperAdmin and Admin: a student of the class is refused, others are told not found", async () => {
    expect((await t.rest('GET', `/courses/${room.courseId}/gradebook`, { token: tok.admin })).status).toBe(200);
    expect((await t.rest('GET', `/courses/${room.courseId}/gradebook`, { token: tok.ann })).status).toBe(403);
    expect((await t.gql(BOOK, { id: room.courseId }, tok.ann)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    for (const who of ['teacher2', 'student', 'parent']) {
      expect((await t.rest('GET', `/courses/${room.courseId}/gradebook?format=csv`, { token: tok[who] })).status).toBe(404);
      expect((await t.gql(BOOK, { id: room.courseId }, tok[who])).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    }
    expect((await t.rest('GET', `/courses/${room.courseId}/gradebook`)).status).toBe(401);
  });
});

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+2', "'=1+2"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['=A1,B1', `"'=A1,B1"`],
    [' padded', '" padded"'],
  ])('%j -> %s', (input, out) => expect(csvField(input)).toBe(out));
  it('writes numbers and empties as they are', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });
});
