import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { childIdsOf } from '../../policies/children';
import { Actor, can } from '../../policies';
import { calendarStudentSql } from '../../policies/sql';
import { Role } from '../../core/role';

/**
 * 'calendar.dueDatesOf' and its SQL twin decide alike for every demo user in every role on every student,
 * with parent@ linked to student@ (the demo seed) and to nobody else.
 */
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
}, 60_000);
afterAll(() => t.close());

it("'calendar.dueDatesOf' agrees with calendarStudentSql", async () => {
  const users: Array<{ id: string; role: Role }> = await t.ds.query('SELECT id, role FROM users');
  const students = users.filter((u) => u.role === Role.Student).map((u) => u.id);
  let allowed = 0;
  for (const u of users) {
    for (const activeRole of Object.values(Role)) {
      const actor: Actor = {
        userId: u.id,
        role: u.role,
        activeRole,
        impersonating: activeRole !== u.role,
        sessionId: 'test',
        childIds: activeRole === Role.Parent ? await childIdsOf(t.ds, u.id) : [],
      };
      const rows: Array<{ id: string; ok: boolean }> = await t.ds.query(
        `SELECT st.id, ${calendarStudentSql(actor, 'st.id', '$2')} AS ok, $2::uuid AS viewer FROM users st WHERE st.id = ANY($1::uuid[])`,
        [students, u.id],
      );
      for (const r of rows) {
        const who = `${activeRole} ${u.id} on ${r.id}`;
        expect([who, r.ok]).toEqual([who, can(actor, 'calendar.dueDatesOf', { studentId: r.id })]);
        if (r.ok) allowed += 1;
      }
    }
  }
  // each student sees their own; parent@ sees student@'s
  expect(allowed).toBe(students.length + 1);
});
