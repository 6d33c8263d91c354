import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../db/seed';
import { Role } from '../users/role';
import { Actor } from '../../policies/actor';
import { ChildrenService } from './families.children';

/** Old (the submissions' views in two more statements) against new (in the list's one statement), every user in every role on every student. */
let t: TestServer;
let readers: Actor[];
let students: string[];

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  const users: Array<{ id: string; role: Role; child_ids: string[] }> = await t.ds.query(
    'SELECT id, role, ARRAY(SELECT ps.student_id::text FROM parent_students ps WHERE ps.parent_id = u.id) AS child_ids FROM users u');
  readers = users.flatMap((u) => Object.values(Role).map((activeRole) => ({
    userId: u.id, role: u.role, activeRole, impersonating: activeRole !== u.role, sessionId: 'x', childIds: activeRole === Role.Parent ? u.child_ids : [],
  })));
  students = users.filter((u) => u.role === Role.Student).map((u) => u.id);
  await t.ds.query(`UPDATE assessments SET result_visibility = 'manual' WHERE id IN (SELECT id FROM assessments ORDER BY id OFFSET 3 LIMIT 4)`);
  await t.ds.query(`UPDATE submissions SET status = 'reopened', allowed_after_due = true, custom_due_date = now() + interval '3 days 0.123456 seconds'
                     WHERE id IN (SELECT id FROM submissions ORDER BY id LIMIT 5)`);
}, 120_000);
afterAll(() => t.close());

test('the same items and submissions', async () => {
  const s = t.services;
  const kids = new ChildrenService(t.ds, s.courses, s.submissions, s.attendance);
  const plain = (x: unknown) => JSON.parse(JSON.stringify(x));
  let subs = 0;
  let answers = 0;
  for (const reader of readers) {
    for (const student of students) {
      for (const w of [null, { offset: 1, limit: 3 }]) {
        const [a, b] = [await (kids as any).itemsOfOld(reader, student, w), await (kids as any).itemsOf(reader, student, w)];
        expect(plain(b)).toEqual(plain(a));
        expect(b.items.map((i: any) => i.submission?.submittedAt instanceof Date || !i.submission?.submittedAt)).not.toContain(false);
        subs += b.items.filter((i: any) => i.submission).length;
        answers += b.items.reduce((n: number, i: any) => n + (i.submission?.answers.length ?? 0), 0);
      }
    }
  }
  console.log('submissions', subs, 'answers', answers);
  expect(answers).toBeGreaterThan(5);
}, 300_000);
