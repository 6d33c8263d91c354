import { startTestServer, TestServer } from '../test/test-server';
import { seedDemoSchool } from '../db/seed';
import { courseFacts } from '../modules/courses/courses.facts';
import { Role } from '../modules/users/role';
import { Actor, can } from '.';
import { allocationReadableSql, assessmentReadableSql, commentSnippetOwnSql, questionBankReadableSql, courseReadableSql, courseSeesHiddenSql, itemReadableSql, notificationOwnSql, parentOfSql, studentViewSql, submissionReadableSql, userDeletableSql, userEditableSql } from './sql';
import { ASSESSMENT_REF } from '../modules/assessments/assessments.queries';
import { SUBMISSION_REF } from '../modules/submissions/submissions.queries';
import { BANK_REF, bankFacts, banksById } from '../modules/question-banks/question-banks.queries';
import { userFacts } from '../modules/users/users.facts';
import { studentActor } from './children';
import { randomUUID } from 'node:crypto';
import { applicationActor } from './actor';
import { APPLICATION, SCOPES } from './credentials';

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
  const users: Array<{ id: string; role: Role; child_ids: string[] }> = await t.ds.query(
    'SELECT id, role, ARRAY(SELECT ps.student_id::text FROM parent_students ps WHERE ps.parent_id = u.id) AS child_ids FROM users u');
  // every user as every role: a SuperAdmin viewing as a Student has a student's rights, and no more; the
  // linked children come with a Parent session (the demo parent has one), as AuthService.resolveSession loads them
  actors = users.flatMap((u) => Object.values(Role).map((activeRole) => ({
    userId: u.id, role: u.role, activeRole, impersonating: activeRole !== u.role, sessionId: 'test',
    childIds: activeRole === Role.Parent ? u.child_ids : [],
  })));
  // and applications (issue 26), each scope on its own and none of the reading ones: no person's rule is theirs
  const scopeSets = [[SCOPES.schoolRead], [SCOPES.rosterRead], [SCOPES.rosterCoreRead], [SCOPES.gradebookRead], [SCOPES.gradebookWrite, SCOPES.gradebookDelete]];
  actors.push(...scopeSets.map((scopes, i) => applicationActor({ id: randomUUID(), name: `twin app ${i}`, scopes })));
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

test('assessment.read agrees with its SQL twin (visible or not, in a hidden module or not, whole class or targeted)', async () => {
  const [student] = await t.ds.query(`SELECT id FROM users WHERE email = 'student@demo.school'`);
  const modules: Array<{ id: string; course_id: string; is_visible: boolean }> = await t.ds.query('SELECT id, course_id, is_visible FROM course_modules');
  // every combination on every course: with no module, in a visible and in a hidden module
  for (const courseId of courseIds) {
    const places = [null, modules.find((m) => m.course_id === courseId && m.is_visible)?.id, modules.find((m) => m.course_id === courseId && !m.is_visible)?.id];
    for (const moduleId of places.filter((p) => p !== undefined)) {
      for (const visible of [true, false]) {
        for (const scope of ['whole_class', 'individual_students']) {
          const [{ id }] = await t.ds.query(
            `INSERT INTO assessments (kind, course_id, module_id, title, due_date, is_visible, scope) VALUES ('ASSIGNMENT', $1, $2, 'twin', '2030-01-01', $3, $4) RETURNING id`,
            [courseId, moduleId, visible, scope]);
          if (scope === 'individual_students') await t.ds.query('INSERT INTO assessment_targets (assessment_id, student_id) VALUES ($1, $2)', [id, student.id]);
        }
      }
    }
  }
  const items: Array<{ id: string; course_id: string; visible: boolean; whole: boolean; targets: string[] }> = await t.ds.query(
    `SELECT a.id, a.course_id, ${ASSESSMENT_REF.visible} AS visible, a.scope = 'whole_class' AS whole,
            ARRAY(SELECT x.student_id::text FROM assessment_targets x WHERE x.assessment_id = a.id) AS targets FROM assessments a`);
  expect(items.length).toBeGreaterThan(8);
  for (const actor of actors) {
    const facts = await courseFacts(t.ds, actor, courseIds);
    const rows: Array<{ id: string; ok: boolean }> = await t.ds.query(
      `SELECT a.id, ${assessmentReadableSql(actor, ASSESSMENT_REF, '$1')} AS ok, $1::uuid AS viewer FROM assessments a`, [actor.userId]);
    for (const r of rows) {
      const i = items.find((x) => x.id === r.id)!;
      const object = { course: facts.get(i.course_id)!, visible: i.visible, wholeClass: i.whole, targetsViewer: i.targets.includes(actor.userId) };
      expect([actor.activeRole, actor.userId, r.id, r.ok]).toEqual([actor.activeRole, actor.userId, r.id, can(actor, 'assessment.read', object)]);
    }
  }
  await t.ds.query(`DELETE FROM assessments WHERE title = 'twin'`);
});

test('submission.read agrees with its SQL twin (every student of every course, visible and hidden items)', async () => {
  const students: Array<{ id: string }> = await t.ds.query(`SELECT id FROM users WHERE role = 'Student'`);
  for (const courseId of courseIds) {
    for (const visible of [true, false]) {
      const [{ id }] = await t.ds.query(
        `INSERT INTO assessments (kind, course_id, title, due_date, is_visible) VALUES ('ASSIGNMENT', $1, 'twin', '2030-01-01', $2) RETURNING id`, [courseId, visible]);
      for (const s of students) await t.ds.query('INSERT INTO submissions (assessment_id, student_id) VALUES ($1, $2)', [id, s.id]);
    }
  }
  const subs: Array<{ id: string; student_id: string; course_id: string; visible: boolean; teacher_ids: string[] }> = await t.ds.query(
    `SELECT s.id, s.student_id, a.course_id, a.is_visible AS visible, ARRAY(SELECT ct.teacher_id::text FROM course_teachers ct WHERE ct.course_id = a.course_id) AS teacher_ids
       FROM submissions s JOIN assessments a ON a.id = s.assessment_id WHERE a.title = 'twin'`);
  expect(subs.length).toBeGreaterThan(2);
  // whether each student may read each item, asked of the JS rule as that student (independent of the SQL fact)
  const shown = new Map<string, boolean>();
  for (const s of students) {
    const facts = await courseFacts(t.ds, studentActor(s.id), courseIds);
    for (const x of subs.filter((y) => y.student_id === s.id)) {
      shown.set(x.id, can(studentActor(s.id), 'assessment.read', { course: facts.get(x.course_id)!, visible: x.visible, wholeClass: true, targetsViewer: false }));
    }
  }
  expect([...shown.values()]).toContain(true);
  expect([...shown.values()]).toContain(false);
  let learnerReads = 0;
  for (const actor of actors) {
    const rows: Array<{ id: string; ok: boolean }> = await t.ds.query(
      `SELECT s.id, ${submissionReadableSql(actor, SUBMISSION_REF, '$1')} AS ok, $1::uuid AS viewer
         FROM submissions s JOIN assessments a ON a.id = s.assessment_id WHERE a.title = 'twin'`, [actor.userId]);
    for (const r of rows) {
      const x = subs.find((y) => y.id === r.id)!;
      const object = { studentId: x.student_id, teacherIds: x.teacher_ids, itemShownToStudent: shown.get(x.id)! };
      expect([actor.activeRole, actor.userId, r.id, r.ok]).toEqual([actor.activeRole, actor.userId, r.id, can(actor, 'submission.read', object)]);
      if (r.ok && (actor.activeRole === Role.Student || actor.activeRole === Role.Parent)) learnerReads += 1;
    }
  }
  expect(learnerReads).toBeGreaterThan(0);
  await t.ds.query(`DELETE FROM assessments WHERE title = 'twin'`);
});

test('user.update and user.delete agree with their SQL twins (every user as every role, on every user)', async () => {
  const users: Array<{ id: string; role: Role }> = await t.ds.query('SELECT id, role FROM users');
  let teacherEdits = 0;
  let teacherRefusals = 0;
  for (const actor of actors) {
    const facts = await userFacts(t.ds, actor, users.map((u) => u.id));
    const rows: Array<{ id: string; edit: boolean; del: boolean }> = await t.ds.query(
      `SELECT u.id, ${userEditableSql(actor, { userId: 'u.id', role: 'u.role' }, '$1')} AS edit,
              ${userDeletableSql(actor, { userId: 'u.id', role: 'u.role' }, '$1')} AS del, $1::uuid AS viewer FROM users u`, [actor.userId]);
    expect(rows).toHaveLength(users.length);
    for (const r of rows) {
      const who = [actor.activeRole, actor.userId, r.id];
      expect([...who, r.edit]).toEqual([...who, can(actor, 'user.update', facts.get(r.id)!)]);
      expect([...who, r.del]).toEqual([...who, can(actor, 'user.delete', facts.get(r.id)!)]);
      if (actor.activeRole === Role.Teacher) {
        if (r.edit) teacherEdits += 1;
        else teacherRefusals += 1;
      }
    }
  }
  expect(teacherEdits).toBeGreaterThan(0);
  expect(teacherRefusals).toBeGreaterThan(0);
});

test('family.readChild and family.readStudentView agree with their SQL twins (every user as every role, every user as the student)', async () => {
  const students: Array<{ id: string }> = await t.ds.query('SELECT id FROM users');
  expect(actors.some((a) => a.childIds.length > 0)).toBe(true);
  let parentsAllowed = 0;
  for (const actor of actors) {
    const rows: Array<{ id: string; child: boolean; view: boolean }> = await t.ds.query(
      `SELECT u.id, ${parentOfSql(actor, 'u.id', '$1')} AS child, ${studentViewSql(actor, 'u.id', '$1')} AS view, $1::uuid AS viewer FROM users u`,
      [actor.userId]);
    expect(rows).toHaveLength(students.length);
    for (const r of rows) {
      const who = [actor.activeRole, actor.userId, r.id];
      expect([...who, r.child]).toEqual([...who, can(actor, 'family.readChild', { studentId: r.id })]);
      expect([...who, r.view]).toEqual([...who, can(actor, 'family.readStudentView', { studentId: r.id })]);
      if (r.child) parentsAllowed += 1;
    }
  }
  expect(parentsAllowed).toBeGreaterThan(0);
});

test('notification.read agrees with its SQL twin (every user as every role, a notice for every user)', async () => {
  const recipients: Array<{ id: string }> = await t.ds.query('SELECT id FROM users');
  let own = 0;
  for (const actor of actors) {
    // a notice addressed to each user in turn: only the viewer's own is theirs, whatever role they act as
    const rows: Array<{ id: string; own: boolean }> = await t.ds.query(
      `SELECT u.id, ${notificationOwnSql(actor, 'u.id', '$1')} AS own, $1::uuid AS viewer FROM users u`, [actor.userId]);
    expect(rows).toHaveLength(recipients.length);
    for (const r of rows) {
      const who = [actor.activeRole, actor.userId, r.id];
      expect([...who, r.own]).toEqual([...who, can(actor, 'notification.read', { userId: r.id })]);
      if (r.own) own += 1;
    }
  }
  expect(own).toBe(actors.filter((a) => a.activeRole !== APPLICATION).length);
});

test('commentSnippet.own agrees with its SQL twin (every user as every role, a snippet of every user)', async () => {
  let own = 0;
  for (const actor of actors) {
    const rows: Array<{ id: string; own: boolean }> = await t.ds.query(
      `SELECT u.id, ${commentSnippetOwnSql(actor, 'u.id', '$1')} AS own, $1::uuid AS viewer FROM users u`, [actor.userId]);
    for (const r of rows) {
      const who = [actor.activeRole, actor.userId, r.id];
      expect([...who, r.own]).toEqual([...who, can(actor, 'commentSnippet.own', { teacherId: r.id })]);
      if (r.own) own += 1;
    }
  }
  // a teacher's own, as a teacher; anyone acting as a teacher (a SuperAdmin viewing as one) has a bank of their own
  expect(own).toBe(actors.filter((a) => a.activeRole === Role.Teacher).length);
});

test('questionBank.read agrees with its SQL twin (every user as every role, banks of every teacher in every subject, each sharing)', async () => {
  // banks of each teacher (their stored role) in each subject with each sharing: teachers of a subject and teachers of others
  await t.ds.query(
    `INSERT INTO question_banks (owner_id, subject_id, name, sharing)
     SELECT u.id, s.id, 'Twin ' || s.name || ' ' || sh, sh FROM users u CROSS JOIN subjects s CROSS JOIN unnest(ARRAY['private', 'read', 'edit']) AS sh
      WHERE u.role = 'Teacher'`);
  const bankIds: string[] = (await t.ds.query(`SELECT id FROM question_banks WHERE name LIKE 'Twin %'`)).map((b: { id: string }) => b.id);
  expect(bankIds.length).toBeGreaterThan(10);
  const counts = { read: 0, denied: 0 };
  for (const actor of actors) {
    const rows: Array<{ id: string; ok: boolean }> = await t.ds.query(
      `SELECT b.id, ${questionBankReadableSql(actor, BANK_REF, '$2::uuid')} AS ok, $2::uuid AS viewer FROM question_banks b WHERE b.id = ANY($1::uuid[])`, [bankIds, actor.userId]);
    const facts = new Map((await banksById(t.ds, actor, bankIds)).map((b) => [b.id, bankFacts(b)]));
    for (const r of rows) {
      const who = [actor.activeRole, actor.userId, r.id];
      const rule = can(actor, 'questionBank.read', facts.get(r.id)!);
      expect([...who, r.ok]).toEqual([...who, rule]);
      counts[rule ? 'read' : 'denied'] += 1;
    }
  }
  expect(counts.read).toBeGreaterThan(0);
  expect(counts.denied).toBeGreaterThan(0);
});
