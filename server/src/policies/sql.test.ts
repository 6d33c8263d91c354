import { startTestServer, TestServer } from '../test/test-server';
import { seedDemoSchool } from '../db/seed';
import { courseFacts } from '../modules/courses/courses.facts';
import { Role } from '../modules/users/role';
import { Actor, can } from '.';
import { allocationReadableSql, courseReadableSql, courseSeesHiddenSql, itemReadableSql } from './sql';

/**
 * Each SQL twin decides exactly what its rule decides, for every demo user in every role they can act as,
 * on every course of the demo school, for visible and hidden items: the database is asked the twin, the
 * rule is asked with the facts the services load, and the two answers must agree.
 */
let t: TestServer;
let actors: Actor[];
let courseIds: string[];

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  const users: Array<{ id: string; role: Role }> = await t.ds.query('SELECT id, role FROM users');
  // every user as every role: a SuperAdmin viewing as a Student has a student's rights, and no more
  actors = users.flatMap((u) => Object.values(Role).map((activeRole) => ({
    userId: u.id, role: u.role, activeRole, impersonating: activeRole !== u.role, sessionId: 'test',
  })));
  courseIds = (await t.ds.query('SELECT id FROM courses')).map((c: { id: string }) => c.id);
});
afterAll(() => t.close());

async function sqlSays(actor: Actor, expr: (courseId: string) => string): Promise<Map<string, boolean>> {
  const rows: Array<{ id: string; ok: boolean }> = await t.ds.query(
    `SELECT c.id, ${expr('c.id')} AS ok, $2::uuid AS viewer FROM courses c WHERE c.id = ANY($1::uuid[])`, [courseIds, actor.userId]);
  return new Map(rows.map((r) => [r.id, r.ok]));
}

test('the demo school gives every rule both answers', async () => {
  expect(courseIds.length).toBeGreaterThan(1);
  expect(actors.length).toBeGreaterThan(20);
});

test('course.read, course.seeHidden and course.readItem agree with their SQL twins', async () => {
  let checked = 0;
  for (const actor of actors) {
    const facts = await courseFacts(t.ds, actor, courseIds);
    const read = await sqlSays(actor, (c) => courseReadableSql(actor, { courseId: c }, '$2'));
    const hidden = await sqlSays(actor, (c) => courseSeesHiddenSql(actor, { courseId: c }, '$2'));
    const visibleItem = await sqlSays(actor, (c) => itemReadableSql(actor, { courseId: c, visible: 'TRUE' }, '$2'));
    const hiddenItem = await sqlSays(actor, (c) => itemReadableSql(actor, { courseId: c, visible: 'FALSE' }, '$2'));
    for (const id of courseIds) {
      const f = facts.get(id)!;
      const who = `${actor.activeRole} ${actor.userId} on ${id}`;
      expect([who, read.get(id)]).toEqual([who, can(actor, 'course.read', f)]);
      expect([who, hidden.get(id)]).toEqual([who, can(actor, 'course.seeHidden', f)]);
      expect([who, visibleItem.get(id)]).toEqual([who, can(actor, 'course.readItem', { course: f, visible: true })]);
      expect([who, hiddenItem.get(id)]).toEqual([who, can(actor, 'course.readItem', { course: f, visible: false })]);
      checked += 1;
    }
  }
  expect(checked).toBe(actors.length * courseIds.length);
});

test('allocation.read agrees with its SQL twin', async () => {
  const allocations: Array<{ id: string; teacher_ids: string[] }> = await t.ds.query(
    'SELECT a.id, ARRAY(SELECT x.teacher_id::text FROM allocation_teachers x WHERE x.allocation_id = a.id) AS teacher_ids FROM allocations a');
  expect(allocations.length).toBeGreaterThan(1);
  for (const actor of actors) {
    const rows: Array<{ id: string; ok: boolean }> = await t.ds.query(
      `SELECT a.id, ${allocationReadableSql(actor, 'a.id', '$1')} AS ok, $1::uuid AS viewer FROM allocations a`, [actor.userId]);
    for (const r of rows) {
      const teacherIds = allocations.find((a) => a.id === r.id)!.teacher_ids;
      expect([actor.activeRole, r.id, r.ok]).toEqual([actor.activeRole, r.id, can(actor, 'allocation.read', { teacherIds })]);
    }
  }
});
