import { randomUUID } from 'node:crypto';
import { startTestServer, TestServer } from '../test/test-server';
import { seedDemoSchool } from '../app/seed';
import { courseFacts } from '../modules/courses';
import { userFacts } from '../modules/users';
import { ASSESSMENT_REF } from '../modules/assessments';
import { SUBMISSION_REF } from '../modules/submissions';
import { AuditKind } from '../modules/audit';
import { Role } from '../core/role';
import { Actor, applicationActor } from './actor';
import { SCOPES } from './credentials';
import { type Action, predOf, rules, shownToStudent } from './rules';
import { linkedParent, type Pred } from './atoms';
import {
  allocationReadableSql,
  assessmentReadableSql,
  auditReadableSql,
  calendarStudentSql,
  commentSnippetOwnSql,
  courseReadableSql,
  courseSeesHiddenSql,
  itemReadableSql,
  notificationOwnSql,
  parentOfSql,
  studentCourseSql,
  studentItemSql,
  studentViewSql,
  submissionReadableSql,
  userDeletableSql,
  userEditableSql,
} from './sql';

/**
 * Every rule of rules.ts, decided twice from its one definition: the JS form on the facts the services load,
 * and the SQL form rendered for the viewer and asked of the database over every object of the rule's kind.
 * For every demo user in every role they can act as (and applications of each scope), on every object, the two
 * must agree. A rule whose expression has an atom with no set form is listed in JS_ONLY; any other rule must
 * name its kind below, so a new rule cannot skip the check.
 */
const JS_ONLY: Action[] = ['role.switch', 'student.place', 'course.create'];

type Row = Record<string, unknown> & { id: string };
interface Ctx {
  actor: Actor;
  course: Map<string, { teacherIds: string[]; viewerInClass: boolean }>;
  user: Map<string, unknown>;
}
interface Kind {
  /** The objects: a FROM clause (and any joins) whose rows the rule's columns name. */
  from: string;
  /** A key for each row, and the raw values the facts are made of. */
  select: string;
  /** The columns the rule's SQL form is given. */
  cols: Record<string, string>;
  /** The facts `can()` is given for one row, as the services load them. */
  facts: (row: Row, ctx: Ctx) => unknown;
}

const COURSE_TEACHERS = 'ARRAY(SELECT ct.teacher_id::text FROM course_teachers ct WHERE ct.course_id = c.id)';
const SUBJECT_TEACHERS = (subject: string) =>
  `ARRAY(SELECT DISTINCT xt.teacher_id::text FROM allocations xa JOIN allocation_teachers xt ON xt.allocation_id = xa.id WHERE xa.subject_id = ${subject})`;
const KINDS: Record<string, Kind> = {
  course: { from: 'courses c', select: 'c.id::text AS id', cols: { courseId: 'c.id' }, facts: (r, x) => x.course.get(r.id) },
  item: {
    from: 'courses c CROSS JOIN (VALUES (true), (false)) v(vis)',
    select: `c.id || v.vis::text AS id, c.id AS course_id, v.vis`,
    cols: { courseId: 'c.id', visible: 'v.vis' },
    facts: (r, x) => ({ course: x.course.get(r.course_id as string), visible: r.vis }),
  },
  assessment: {
    from: 'assessments a',
    select: `a.id, a.course_id, ${ASSESSMENT_REF.visible} AS visible, a.scope = 'whole_class' AS whole,
      ARRAY(SELECT x.student_id::text FROM assessment_targets x WHERE x.assessment_id = a.id) AS targets`,
    cols: ASSESSMENT_REF,
    facts: (r, x) => {
      const course = x.course.get(r.course_id as string)!;
      return {
        course,
        teacherIds: course.teacherIds,
        visible: r.visible,
        wholeClass: r.whole,
        targetsViewer: (r.targets as string[]).includes(x.actor.userId),
      };
    },
  },
  submission: {
    from: 'submissions s JOIN assessments a ON a.id = s.assessment_id JOIN courses c ON c.id = a.course_id',
    select: `s.id, s.student_id, ${COURSE_TEACHERS} AS teacher_ids, s.status = 'graded' AS graded, a.result_visibility AS visibility,
      a.results_released_at IS NOT NULL AS released, s.is_auto_submitted AS auto`,
    cols: {
      ...SUBMISSION_REF,
      graded: `s.status = 'graded'`,
      visibility: 'a.result_visibility',
      released: 'a.results_released_at IS NOT NULL',
      autoSubmitted: 's.is_auto_submitted',
    },
    facts: (r) => ({
      studentId: r.student_id,
      teacherIds: r.teacher_ids,
      itemShownToStudent: r.shown,
      graded: r.graded,
      visibility: r.visibility,
      released: r.released,
      autoSubmitted: r.auto,
    }),
  },
  allocation: {
    from: 'allocations a',
    select: 'a.id, ARRAY(SELECT x.teacher_id::text FROM allocation_teachers x WHERE x.allocation_id = a.id) AS teacher_ids',
    cols: { allocationId: 'a.id' },
    facts: (r) => ({ teacherIds: r.teacher_ids }),
  },
  user: { from: 'users u', select: 'u.id', cols: { id: 'u.id', role: 'u.role' }, facts: (r, x) => x.user.get(r.id) },
  student: { from: 'users u', select: 'u.id', cols: { studentId: 'u.id' }, facts: (r) => ({ studentId: r.id }) },
  // every course of every user as a student's view: the user's placement read apart from the rule's SQL form
  studentCourse: {
    from: 'courses c CROSS JOIN users u',
    select: `c.id::text || u.id::text AS id, u.id::text AS student_id,
      coalesce(u.class_id = c.class_id AND u.academic_year_id = c.academic_year_id, false) AS in_class`,
    cols: { courseId: 'c.id', studentId: 'u.id' },
    facts: (r) => ({ studentId: r.student_id, studentInClass: r.in_class }),
  },
  teacher: { from: 'users u', select: 'u.id', cols: { teacherId: 'u.id' }, facts: (r) => ({ teacherId: r.id }) },
  recipient: { from: 'users u', select: 'u.id', cols: { userId: 'u.id' }, facts: (r) => ({ userId: r.id }) },
  // every kind of row on every course, and on none (account changes name no course)
  audit: {
    from: `(SELECT id FROM courses UNION ALL SELECT NULL) c CROSS JOIN unnest($2::text[]) k(kind)`,
    select: `coalesce(c.id::text, '-') || k.kind AS id, k.kind, ${COURSE_TEACHERS} AS teacher_ids`,
    cols: { kind: 'k.kind', courseId: 'c.id' },
    facts: (r) => ({ kind: r.kind, courseTeacherIds: r.teacher_ids }),
  },
  // every user as the author of a discussion on every course, and a discussion whose author is gone
  discussion: {
    from: 'courses c CROSS JOIN (SELECT id FROM users UNION ALL SELECT NULL) au(author_id)',
    select: `c.id || coalesce(au.author_id::text, '-') AS id, c.id AS course_id, au.author_id::text AS author_id`,
    cols: { courseId: 'c.id', authorId: 'au.author_id' },
    facts: (r, x) => ({ course: x.course.get(r.course_id as string), authorId: r.author_id }),
  },
  // every subject, with its teachers (any class, any year) read apart from the rule's SQL form
  subject: {
    from: 'subjects s',
    select: `s.id, ${SUBJECT_TEACHERS('s.id')} AS teacher_ids`,
    cols: { subjectId: 's.id' },
    facts: (r, x) => ({ viewerTeachesSubject: (r.teacher_ids as string[]).includes(x.actor.userId) }),
  },
  // banks of every sharing level on every subject, owned by its teachers and by others (addFixtures)
  bank: {
    from: 'question_banks b',
    select: `b.id, b.owner_id::text AS owner_id, b.sharing, ${SUBJECT_TEACHERS('b.subject_id')} AS teacher_ids`,
    cols: { ownerId: 'b.owner_id', subjectId: 'b.subject_id', sharing: 'b.sharing' },
    facts: (r, x) => ({
      ownerId: r.owner_id,
      sharing: r.sharing,
      viewerTeachesSubject: (r.teacher_ids as string[]).includes(x.actor.userId),
    }),
  },
};

const KIND_OF: Partial<Record<Action, keyof typeof KINDS>> = {
  'questionBank.create': 'subject',
  'questionBank.read': 'bank',
  'questionBank.edit': 'bank',
  'questionBank.manage': 'bank',
  'course.read': 'course',
  'course.seeHidden': 'course',
  'course.manage': 'course',
  'course.delete': 'course',
  'assessment.release': 'course',
  'assessment.review': 'course',
  'assessment.autoSubmit': 'course',
  'grades.gradebook': 'course',
  'discussion.post': 'course',
  'course.readItem': 'item',
  'assessment.read': 'assessment',
  'assessment.seeKey': 'assessment',
  'submission.grade': 'submission',
  'submission.reopen': 'submission',
  'submission.seeGrading': 'submission',
  'submission.read': 'submission',
  'submission.download': 'submission',
  'submission.seeResults': 'submission',
  'submission.seeGrades': 'submission',
  'submission.seeCorrect': 'submission',
  'allocation.read': 'allocation',
  'attendance.mark': 'allocation',
  'user.read': 'user',
  'user.create': 'user',
  'user.delete': 'user',
  'user.update': 'user',
  'user.changeEmail': 'user',
  'family.readLinks': 'user',
  'calendar.dueDatesOf': 'student',
  'family.readChild': 'student',
  'family.readStudentView': 'student',
  'family.readStudentCourse': 'studentCourse',
  'family.readStudentItem': 'submission',
  'allocation.listOfTeacher': 'teacher',
  'course.listOfTeacher': 'teacher',
  'commentSnippet.own': 'teacher',
  'notification.read': 'recipient',
  'audit.read': 'audit',
  'discussion.change': 'discussion',
};

let t: TestServer;
let actors: Actor[];
let courseIds: string[];
let userIds: string[];
const actions = Object.keys(rules) as Action[];

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  const users: Array<{ id: string; role: Role; child_ids: string[] }> = await t.ds.query(
    'SELECT id, role, ARRAY(SELECT ps.student_id::text FROM parent_students ps WHERE ps.parent_id = u.id) AS child_ids FROM users u',
  );
  userIds = users.map((u) => u.id);
  // every user as every role (a SuperAdmin viewing as a Student has a student's rights, and no more); the linked
  // children come with a Parent session as resolveSession loads them; and applications of each scope
  actors = users.flatMap((u) =>
    Object.values(Role).map((activeRole) => ({
      userId: u.id,
      role: u.role,
      activeRole,
      impersonating: activeRole !== u.role,
      sessionId: 'test',
      childIds: activeRole === Role.Parent ? u.child_ids : [],
    })),
  );
  const scopeSets = [
    [SCOPES.schoolRead],
    [SCOPES.rosterRead],
    [SCOPES.rosterCoreRead],
    [SCOPES.gradebookRead],
    [SCOPES.gradebookWrite, SCOPES.gradebookDelete],
  ];
  actors.push(...scopeSets.map((scopes, i) => applicationActor({ id: randomUUID(), name: `agreement app ${i}`, scopes })));
  courseIds = (await t.ds.query('SELECT id FROM courses')).map((c: { id: string }) => c.id);
  await addFixtures();
});
afterAll(() => t.close());

/**
 * Objects the demo school lacks: on every course, assessments with no module and in a visible and a hidden module,
 * visible and hidden, for the whole class and for one student; every student's submission to items of each result
 * visibility, released or not, graded or not, auto-submitted or not.
 */
async function addFixtures() {
  const [target] = await t.ds.query(`SELECT id FROM users WHERE email = 'student@demo.school'`);
  const modules: Array<{ id: string; course_id: string; is_visible: boolean }> = await t.ds.query(
    'SELECT id, course_id, is_visible FROM course_modules',
  );
  const students: Array<{ id: string }> = await t.ds.query(`SELECT id FROM users WHERE role = 'Student'`);
  // a bank of each sharing level on every subject, owned by each teacher (of the subject or not)
  await t.ds.query(
    `INSERT INTO question_banks (owner_id, subject_id, name, sharing)
     SELECT u.id, s.id, 'agreement', sh FROM users u CROSS JOIN subjects s CROSS JOIN unnest(ARRAY['private', 'read', 'edit']) sh
      WHERE u.role = 'Teacher'`,
  );
  let n = 0;
  for (const courseId of courseIds) {
    const places = [
      null,
      modules.find((m) => m.course_id === courseId && m.is_visible)?.id,
      modules.find((m) => m.course_id === courseId && !m.is_visible)?.id,
    ];
    for (const moduleId of places.filter((p) => p !== undefined)) {
      for (const visible of [true, false]) {
        for (const scope of ['whole_class', 'individual_students']) {
          const visibility = ['immediate', 'scoreOnly', 'manual'][n % 3];
          const released = n % 2 === 0;
          n += 1;
          const [{ id }] = await t.ds.query(
            `INSERT INTO assessments (kind, course_id, module_id, title, due_date, is_visible, scope, result_visibility, results_released_at)
             VALUES ('ASSIGNMENT', $1, $2, 'agreement', '2030-01-01', $3, $4, $5, CASE WHEN $6 THEN now() END) RETURNING id`,
            [courseId, moduleId, visible, scope, visibility, released],
          );
          if (scope === 'individual_students')
            await t.ds.query('INSERT INTO assessment_targets (assessment_id, student_id) VALUES ($1, $2)', [id, target.id]);
          await t.ds.query(
            `INSERT INTO submissions (assessment_id, student_id, status, is_auto_submitted)
             SELECT $1, s.id, CASE WHEN i % 2 = 0 THEN 'graded' ELSE 'pending' END, i % 3 = 0
               FROM unnest($2::uuid[]) WITH ORDINALITY s(id, i)
              WHERE NOT EXISTS (SELECT 1 FROM submissions x WHERE x.assessment_id = $1 AND x.student_id = s.id)`,
            [id, students.map((s) => s.id)],
          );
        }
      }
    }
  }
}

/**
 * Whether each submission's item is shown to its student: the JS form of shownToStudent on that student's own
 * facts (the services load this fact with the SQL form, so the JS form is what makes this check independent).
 */
async function shownFacts(): Promise<Map<string, boolean>> {
  const subs: Array<{ id: string; student_id: string; course_id: string; visible: boolean; whole: boolean; targets: string[] }> =
    await t.ds.query(
      `SELECT s.id, s.student_id, a.course_id, ${ASSESSMENT_REF.visible} AS visible, a.scope = 'whole_class' AS whole,
            ARRAY(SELECT x.student_id::text FROM assessment_targets x WHERE x.assessment_id = a.id) AS targets
       FROM submissions s JOIN assessments a ON a.id = s.assessment_id`,
    );
  const shown = new Map<string, boolean>();
  for (const studentId of new Set(subs.map((s) => s.student_id))) {
    const asStudent = actors.find((a) => a.userId === studentId && a.activeRole === Role.Student)!;
    const facts = await courseFacts(t.ds, asStudent, courseIds);
    for (const s of subs.filter((x) => x.student_id === studentId)) {
      shown.set(
        s.id,
        shownToStudent.js(asStudent, {
          course: facts.get(s.course_id)!,
          visible: s.visible,
          wholeClass: s.whole,
          targetsViewer: s.targets.includes(studentId),
        }),
      );
    }
  }
  return shown;
}

/** The rules of a kind decided both ways for one actor: the disagreements, and how many decisions were compared. */
async function compare(kind: Kind, ruleNames: Action[], actor: Actor, shown: Map<string, boolean>) {
  const preds = ruleNames.map((r) => predOf(r)!);
  const exprs = preds.map((p, i) => `(${p.sql!(actor, kind.cols as never, '$1::uuid')}) IS TRUE AS r${i}`);
  const rows: Row[] = await t.ds.query(
    `SELECT ${kind.select}, ${exprs.join(', ')}, $1::uuid AS viewer, $2::text[] AS kinds FROM ${kind.from}`,
    [actor.userId, Object.values(AuditKind)],
  );
  const ctx: Ctx = {
    actor,
    course: await courseFacts(t.ds, actor, courseIds),
    user: kind === KINDS.user ? await userFacts(t.ds, actor, userIds) : new Map(),
  };
  const wrong: string[] = [];
  const allowed = new Map<Action, number>();
  const refused = new Map<Action, number>();
  for (const row of rows) {
    if (kind === KINDS.submission) row.shown = shown.get(row.id);
    const facts = kind.facts(row, ctx);
    ruleNames.forEach((rule, i) => {
      const js = (rules[rule] as (a: Actor, f: unknown) => boolean)(actor, facts);
      allowed.set(rule, (allowed.get(rule) ?? 0) + (js ? 1 : 0));
      refused.set(rule, (refused.get(rule) ?? 0) + (js ? 0 : 1));
      if (js !== row[`r${i}`]) wrong.push(`${rule} as ${actor.activeRole} ${actor.userId} on ${row.id}: JS ${js}, SQL ${row[`r${i}`]}`);
    });
  }
  return { wrong, compared: rows.length * ruleNames.length, allowed, refused };
}

/** Every rule of every kind, for every actor: all disagreements (none expected) and how many were compared. */
async function agreement(only?: Action[]) {
  const shown = await shownFacts();
  const wrong: string[] = [];
  let compared = 0;
  const allowed = new Map<Action, number>();
  const refused = new Map<Action, number>();
  for (const [name, kind] of Object.entries(KINDS)) {
    const ruleNames = (Object.keys(KIND_OF) as Action[]).filter((r) => KIND_OF[r] === name && (!only || only.includes(r)));
    if (!ruleNames.length) continue;
    for (const actor of actors) {
      const r = await compare(kind, ruleNames, actor, shown);
      wrong.push(...r.wrong);
      compared += r.compared;
      for (const [rule, n] of r.allowed) allowed.set(rule, (allowed.get(rule) ?? 0) + n);
      for (const [rule, n] of r.refused) refused.set(rule, (refused.get(rule) ?? 0) + n);
    }
  }
  return { wrong, compared, allowed, refused };
}

test('every rule is an expression of atoms; each has both forms and a kind here, or is one of the JS-only rules', () => {
  const plain = actions.filter((a) => !predOf(a));
  expect(plain).toEqual([]);
  const jsOnly = actions.filter((a) => !predOf(a)!.sql);
  expect(jsOnly.sort()).toEqual([...JS_ONLY].sort());
  const withoutKind = actions.filter((a) => predOf(a)!.sql && !predOf(a)!.actorOnly && !KIND_OF[a]);
  expect(withoutKind).toEqual([]);
  expect(Object.keys(KIND_OF).filter((a) => !actions.includes(a as Action))).toEqual([]);
});

test('rules of the actor alone: the rendered constant is the JS decision, for every actor', async () => {
  const actorOnly = actions.filter((a) => predOf(a)!.actorOnly);
  expect(actorOnly.length).toBeGreaterThan(20);
  for (const actor of actors) {
    const exprs = actorOnly.map((a, i) => `(${predOf(a)!.sql!(actor, {}, '$1::uuid')}) IS TRUE AS r${i}`);
    const [row] = await t.ds.query(`SELECT ${exprs.join(', ')}, $1::uuid AS viewer`, [actor.userId]);
    for (const [i, a] of actorOnly.entries())
      expect([a, actor.activeRole, row[`r${i}`]]).toEqual([a, actor.activeRole, (rules[a] as (x: Actor, f?: unknown) => boolean)(actor)]);
  }
});

test('rules of objects: the JS and the SQL decision agree for every demo user in every role on every object of the kind', async () => {
  const { wrong, compared, allowed, refused } = await agreement();
  expect(wrong.slice(0, 20)).toEqual([]);
  expect(compared).toBeGreaterThan(20_000);
  // each rule allows someone something and refuses someone something, so neither form agrees by always saying the same
  for (const rule of Object.keys(KIND_OF) as Action[]) {
    expect([rule, allowed.get(rule)! > 0, refused.get(rule)! > 0]).toEqual([rule, true, true]);
  }
}, 300_000);

test('the check can fail: a parent link whose SQL form forgets the parent disagrees with its JS form', async () => {
  const atom = linkedParent as { sql: Pred<unknown, { studentId: string }>['sql'] };
  const right = atom.sql;
  atom.sql = (_a, r) => `EXISTS (SELECT 1 FROM parent_students ps WHERE ps.student_id = ${r.studentId})`;
  try {
    const { wrong } = await agreement(['family.readChild', 'submission.read']);
    expect(wrong.some((w) => w.startsWith('family.readChild as Parent'))).toBe(true);
    expect(wrong.some((w) => w.startsWith('submission.read as Parent'))).toBe(true);
  } finally {
    atom.sql = right;
  }
}, 120_000);

test('the names the domains call in policies/sql.ts are the renderings of their rules, columns passed through as named', () => {
  const form = (action: Action, cols: object) => (a: Actor) => predOf(action)!.sql!(a, cols as never, '$1');
  const names: Array<[(a: Actor) => string, (a: Actor) => string]> = [
    [(a) => courseReadableSql(a, { courseId: 'c.id' }, '$1'), form('course.read', { courseId: 'c.id' })],
    [(a) => courseSeesHiddenSql(a, { courseId: 'c.id' }, '$1'), form('course.seeHidden', { courseId: 'c.id' })],
    [(a) => itemReadableSql(a, { courseId: 'c.id', visible: 'm.v' }, '$1'), form('course.readItem', { courseId: 'c.id', visible: 'm.v' })],
    [(a) => assessmentReadableSql(a, ASSESSMENT_REF, '$1'), form('assessment.read', ASSESSMENT_REF)],
    [(a) => submissionReadableSql(a, SUBMISSION_REF, '$1'), form('submission.read', SUBMISSION_REF)],
    [(a) => allocationReadableSql(a, 'x.id', '$1'), form('allocation.read', { allocationId: 'x.id' })],
    [(a) => userEditableSql(a, { userId: 'u.id', role: 'u.role' }, '$1'), form('user.update', { id: 'u.id', role: 'u.role' })],
    [(a) => userDeletableSql(a, { userId: 'u.id', role: 'u.role' }, '$1'), form('user.delete', { id: 'u.id', role: 'u.role' })],
    [(a) => calendarStudentSql(a, 's.id', '$1'), form('calendar.dueDatesOf', { studentId: 's.id' })],
    [(a) => parentOfSql(a, 's.id', '$1'), form('family.readChild', { studentId: 's.id' })],
    [(a) => studentViewSql(a, 's.id', '$1'), form('family.readStudentView', { studentId: 's.id' })],
    [
      (a) => studentCourseSql(a, { studentId: 's.id', courseId: 'c.id' }, '$1'),
      form('family.readStudentCourse', { studentId: 's.id', courseId: 'c.id' }),
    ],
    [(a) => studentItemSql(a, SUBMISSION_REF, '$1'), form('family.readStudentItem', SUBMISSION_REF)],
    [
      (a) => auditReadableSql(a, { kind: 'e.kind', courseId: 'e.course_id' }, '$1'),
      form('audit.read', { kind: 'e.kind', courseId: 'e.course_id' }),
    ],
    [(a) => commentSnippetOwnSql(a, 'x.teacher_id', '$1'), form('commentSnippet.own', { teacherId: 'x.teacher_id' })],
    [(a) => notificationOwnSql(a, 'n.user_id', '$1'), form('notification.read', { userId: 'n.user_id' })],
  ];
  for (const actor of actors) for (const [name, rule] of names) expect(name(actor)).toBe(rule(actor));
});
