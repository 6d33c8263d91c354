import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../db/seed';
import { Role } from '../users/role';
import { Actor, storedRoleActor } from '../../policies/actor';
import { ChildrenService } from './families.children';
import { standingOf, shownTo, shownToItsStudent } from '../grades/grades.compute';
import { studentCourseRows, studentCourseRowsOld } from '../grades/grades.queries';

/**
 * Old (a student actor standing in for the student) against new (rules on the reader) for every demo user in every
 * role on every student: the child's items page and list, courses, and the grades report's rows and scores.
 */
let t: TestServer;
let readers: Actor[];
let students: string[];

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  const users: Array<{ id: string; role: Role; child_ids: string[] }> = await t.ds.query(
    'SELECT id, role, ARRAY(SELECT ps.student_id::text FROM parent_students ps WHERE ps.parent_id = u.id) AS child_ids FROM users u');
  // every user in every role they could act as (a parent's children come with a Parent session)
  readers = users.flatMap((u) => Object.values(Role).map((activeRole) => ({
    userId: u.id, role: u.role, activeRole, impersonating: activeRole !== u.role, sessionId: 'x', childIds: activeRole === Role.Parent ? u.child_ids : [],
  })));
  students = users.filter((u) => u.role === Role.Student).map((u) => u.id);
  // variety: hidden, targeted, manual and released items; graded, pending and reopened work with extensions
  await t.ds.query(`UPDATE assessments SET is_visible = false WHERE id IN (SELECT id FROM assessments ORDER BY id LIMIT 3)`);
  await t.ds.query(`UPDATE assessments SET result_visibility = 'manual' WHERE id IN (SELECT id FROM assessments ORDER BY id OFFSET 3 LIMIT 4)`);
  await t.ds.query(`UPDATE submissions SET status = 'reopened', allowed_after_due = true, custom_due_date = now() + interval '3 days'
                     WHERE id IN (SELECT id FROM submissions ORDER BY id LIMIT 5)`);
}, 120_000);
afterAll(() => t.close());

const settle = async <T>(f: () => Promise<T>) => { try { return { ok: await f() }; } catch (e) { return { error: (e as Error).message }; } };
const plain = (x: unknown) => JSON.parse(JSON.stringify(x));

test('a child\'s items, list and page, and courses: the same as through the student actor', async () => {
  const s = t.services;
  const kids = new ChildrenService(t.ds, s.courses, s.submissions, s.attendance);
  let compared = 0;
  let items = 0;
  for (const reader of readers) {
    for (const student of students) {
      const [oldAll, newAll] = [await settle(() => kids.assessmentsOld(reader, student)), await settle(() => kids.assessments(reader, student))];
      expect(plain(newAll)).toEqual(plain(oldAll));
      const w = { offset: 1, limit: 3 };
      expect(plain(await settle(() => kids.assessmentsPage(reader, student, w)))).toEqual(plain(await settle(() => kids.assessmentsPageOld(reader, student, w))));
      if ('ok' in newAll) {
        items += (newAll.ok as unknown[]).length;
        compared += 1;
        expect(plain(await kids.courseList(reader, student))).toEqual(plain(await s.courses.studentCourses(storedRoleActor(student, Role.Student))));
      }
    }
  }
  console.log('readers', readers.length, 'students', students.length, 'allowed pairs', compared, 'items', items);
  expect(compared).toBeGreaterThan(students.length);
}, 300_000);

test('the grades report: the same rows and the same scores as through the student actor', async () => {
  const now = new Date();
  let cells = 0;
  for (const student of students) {
    const asStudent = storedRoleActor(student, Role.Student);
    const old = await studentCourseRowsOld(t.ds, asStudent);
    for (const reader of readers.filter((r) => [Role.SuperAdmin, Role.Admin].includes(r.activeRole as Role) || (r.userId === student && r.activeRole === Role.Student) || r.childIds.includes(student))) {
      const rows = await studentCourseRows(t.ds, reader, student);
      expect(rows).toEqual(old);
    }
    for (const r of old.filter((x) => x.column)) {
      cells += 1;
      expect(standingOf(r.column!, r.submission, student, shownToItsStudent, now)).toEqual(standingOf(r.column!, r.submission, student, shownTo(asStudent), now));
    }
  }
  expect(cells).toBeGreaterThan(10);
}, 300_000);
