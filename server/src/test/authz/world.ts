import { DataSource } from 'typeorm';
import { seedDemoSchool } from '../../app/seed';
import { Role } from '../../core/role';
import { DEMO_EMAIL, signInEachRole } from '../demo';
import { TestServer } from '../test-server';
import { makeUser } from '../factories';
import { makeAllocation, makeClass, makeSubject, makeYear } from '../academic.factories';
import { makeAnnouncement, makeContent, makeCourse, makeDiscussion, makeModule } from '../courses.factories';

/** Who makes an attempt: a role's demo account, or nobody (no token). */
export type Who = Role | 'anonymous';

/**
 * The demo school as the matrix sees it. "own" and "other" are relative to the demo account of each role:
 *
 * - own course: MATH-5A, taught by teacher@ to Class 5A 2026, where student@ is placed (a Teacher's own course,
 *   a Student's own class's course); "hidden": a hidden module, content item or announcement of it;
 * - other course: ART-6A, taught by teacher2@ to Class 6A, where no demo student is placed (another teacher's
 *   course, another class's course);
 * - own allocation: Mathematics in Class 5A 2026 (teacher@); other: Art in Class 6A (teacher2@). Attendance takes
 *   English of Class 5A (teacher2@) as the other one, so that both rosters hold student@.
 *
 * SuperAdmin, Admin and Parent have no course of their own: their "own" and "other" are the same objects.
 */
export interface World {
  t: TestServer;
  ds: DataSource;
  tokens: Record<Role, string>;
  /** The user id of each role's demo account. */
  me: Record<Role, string>;
  teacher2: string;
  student2: string;
  year: { y2026: string };
  cls: { c5A: string; c6A: string };
  subject: Record<'Mathematics' | 'English' | 'Science' | 'History' | 'Art', string>;
  alloc: { own: string; other: string };
  course: { own: string; ownScience: string; other: string };
  module: { own: string; hidden: string; other: string; ownScience: string };
  content: { own: string; hidden: string; other: string };
  announcement: { own: string; hidden: string; other: string };
  /** Discussion threads: MATH-5A's (by student@), and one of ART-6A (by teacher2@). */
  thread: { own: string; other: string };
  /** An attendance record of student@: in Mathematics of Class 5A (the demo seed's), and in English of Class 5A (teacher2@). */
  record: Record<Own, { id: string; date: string }>;
  fresh: Fresh;
}

export type Own = 'own' | 'other';

/** New rows for one attempt, written as plain SQL by the test factories. */
export interface Fresh {
  user(role: Role): Promise<string>;
  /** A course like the own one (Mathematics of Class 5A, teacher@) or the other one (Art of Class 6A, teacher2@). */
  course(which: Own): Promise<string>;
  module(courseId: string, visible?: boolean): Promise<string>;
  content(moduleId: string, visible?: boolean): Promise<string>;
  announcement(courseId: string, visible?: boolean): Promise<string>;
  discussion(courseId: string, authorId: string): Promise<string>;
  year(): Promise<string>;
  class(): Promise<string>;
  subject(): Promise<string>;
  /** An allocation of a new class and subject in 2026, taught by a teacher made for it (not a demo account). */
  allocation(): Promise<string>;
}

/** The demo account acting, or for the anonymous attempt the Parent's (whose objects it then tries). */
export const accountOf = (w: World, who: Who) => w.me[who === 'anonymous' ? Role.Parent : who];

export async function buildWorld(t: TestServer): Promise<World> {
  const ds = t.ds;
  await seedDemoSchool(ds);
  const tokens = await signInEachRole(t);
  const one = async (sql: string, params: unknown[] = []) => ((await ds.query(sql, params)) as Array<{ id: string }>)[0].id;
  const userId = (email: string) => one('SELECT id FROM users WHERE email = $1', [email]);
  const me = {} as Record<Role, string>;
  for (const role of Object.values(Role)) me[role] = await userId(DEMO_EMAIL[role]);
  const teacher2 = await userId('teacher2@demo.school');
  const student2 = await userId('student2@demo.school');

  const yearId = (y: string) => one('SELECT id FROM academic_years WHERE year = $1', [y]);
  const year = { y2026: await yearId('2026') };
  const classId = (name: string) => one('SELECT id FROM classes WHERE name = $1 AND academic_year_id = $2', [name, year.y2026]);
  const cls = { c5A: await classId('Class 5A'), c6A: await classId('Class 6A') };
  const subject = {} as World['subject'];
  for (const name of ['Mathematics', 'English', 'Science', 'History', 'Art'] as const) {
    subject[name] = await one('SELECT id FROM subjects WHERE name = $1', [name]);
  }
  const allocationOf = (c: string, s: string) => one('SELECT id FROM allocations WHERE class_id = $1 AND subject_id = $2', [c, s]);
  const alloc = {
    own: await allocationOf(cls.c5A, subject.Mathematics),
    other: await allocationOf(cls.c6A, subject.Art),
  };

  const courseId = (title: string) => one('SELECT id FROM courses WHERE title = $1', [title]);
  const where = {
    own: { teacherIds: [me.Teacher], classId: cls.c5A, subjectId: subject.Mathematics, academicYearId: year.y2026 },
    other: { teacherIds: [teacher2], classId: cls.c6A, subjectId: subject.Art, academicYearId: year.y2026 },
  };
  const course = {
    own: await courseId('MATH-5A'),
    ownScience: await courseId('SCI-5A'),
    other: await makeCourse(ds, { ...where.other, title: 'ART-6A' }),
  };
  const firstModule = (c: string, visible: boolean) =>
    one('SELECT id FROM course_modules WHERE course_id = $1 AND is_visible = $2 ORDER BY sort_order LIMIT 1', [c, visible]);
  const module = {
    own: await firstModule(course.own, true),
    hidden: await firstModule(course.own, false),
    other: await makeModule(ds, course.other, { title: 'Colours' }),
    ownScience: await firstModule(course.ownScience, true),
  };
  const content = {
    own: await one('SELECT id FROM contents WHERE module_id = $1 AND is_visible LIMIT 1', [module.own]),
    hidden: (await makeContent(ds, t.services, module.own, { title: 'Hidden notes', isVisible: false })).id,
    other: (await makeContent(ds, t.services, module.other, { title: 'Colour wheel' })).id,
  };
  const announcement = {
    own: await one('SELECT id FROM announcements WHERE course_id = $1 AND is_visible LIMIT 1', [course.own]),
    hidden: await one('SELECT id FROM announcements WHERE course_id = $1 AND NOT is_visible LIMIT 1', [course.own]),
    other: await makeAnnouncement(ds, course.other, teacher2, { title: 'Paints' }),
  };
  const thread = {
    own: await one('SELECT id FROM discussions WHERE course_id = $1 AND parent_id IS NULL AND author_id = $2', [course.own, me.Student]),
    other: await makeDiscussion(ds, course.other, teacher2, null, 'Favourite colours'),
  };
  const record = {
    own: (
      await ds.query(
        `SELECT id, to_char(date, 'YYYY-MM-DD') AS date FROM attendance_records WHERE student_id = $1 AND class_id = $2 AND subject_id = $3 ORDER BY date DESC LIMIT 1`,
        [me.Student, cls.c5A, subject.Mathematics],
      )
    )[0],
    other: (
      await ds.query(
        `INSERT INTO attendance_records (student_id, class_id, subject_id, academic_year_id, date, status, teacher_id)
       VALUES ($1, $2, $3, $4, current_date - 1, 'Present', $5) RETURNING id, to_char(date, 'YYYY-MM-DD') AS date`,
        [me.Student, cls.c5A, subject.English, year.y2026, teacher2],
      )
    )[0],
  };

  let modules: Promise<string> = Promise.resolve('');
  let courses = 0;
  const fresh: Fresh = {
    user: async (role) => (await makeUser(ds, { role })).id,
    // a course's name is unique in its class, subject and year: each fresh one gets its own
    course: (which) => makeCourse(ds, { ...where[which], title: `AUTHZ-${which}-${++courses}` }),
    // one at a time: a module takes the next order number of its course, which concurrent inserts would share
    module: (c, visible = true) =>
      (modules = modules.catch(() => '').then(() => makeModule(ds, c, { title: 'Authz week', isVisible: visible }))),
    content: async (m, visible = true) => (await makeContent(ds, t.services, m, { title: 'Authz item', isVisible: visible })).id,
    announcement: (c, visible = true) =>
      makeAnnouncement(ds, c, c === course.other ? teacher2 : me.Teacher, { title: 'Authz notice', isVisible: visible }),
    discussion: (c, author) => makeDiscussion(ds, c, author, null, 'Authz thread'),
    year: async () => (await makeYear(ds, undefined, false)).id,
    class: async () => (await makeClass(ds, year.y2026)).id,
    subject: async () => (await makeSubject(ds)).id,
    allocation: async () =>
      makeAllocation(ds, {
        classId: await fresh.class(),
        subjectId: await fresh.subject(),
        academicYearId: year.y2026,
        teacherIds: [(await makeUser(ds, { role: Role.Teacher })).id],
      }),
  };

  return { t, ds, tokens, me, teacher2, student2, year, cls, subject, alloc, course, module, content, announcement, thread, record, fresh };
}

/** Whether a row with this id exists in the table (deletes must remove it; refused deletes must not). */
export async function exists(w: World, table: string, id: unknown): Promise<boolean> {
  const rows = await w.ds.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
  return rows.length > 0;
}

/** Whether the table has a row whose column holds this value (creates and updates write a unique one). */
export async function holds(
  w: World,
  table: string,
  column: string,
  value: unknown,
  where = 'true',
  params: unknown[] = [],
): Promise<boolean> {
  const rows = await w.ds.query(`SELECT 1 FROM ${table} WHERE ${column} = $1 AND ${where}`, [value, ...params]);
  return rows.length > 0;
}
