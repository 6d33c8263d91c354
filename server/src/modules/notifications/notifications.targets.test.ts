import { QueryRunner } from 'typeorm';
import { ROUTES } from '@lms/routes';
import { startTestServer, TestServer } from '../../test/test-server';
import { buildWorld, World } from '../../test/authz/world';
import { NotificationTargets1732300032000 } from './1732300032000-NotificationTargets';
import { Notification } from './notification.entity';
import { queueDailyDigests } from './notifications.digest';

/**
 * Issue 29: a notification stores what it points at (`target` and the ids of its own columns), never a URL. The
 * migration converts rows written the old way (their `link`) into targets, reads back the very same links, and
 * `down` writes them back; every answer (GraphQL, REST, the To Do, the digest) makes its links from the route table
 * (@lms/routes) when it is read, so changing a route there changes every answer and nothing stored is left behind.
 */
let t: TestServer;
let w: World;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildWorld(t);
}, 60_000);
afterAll(() => t.close());

const LIST = '{ notifications(first: 100) { nodes { id kind title link } } }';
const migration = new NotificationTargets1732300032000();

async function migrate(step: (q: QueryRunner) => Promise<void>): Promise<void> {
  const q = t.ds.createQueryRunner();
  await q.startTransaction();
  try {
    await step(q);
    await q.commitTransaction();
  } catch (err) {
    await q.rollbackTransaction();
    throw err;
  } finally {
    await q.release();
  }
}

const one = async (sql: string, params: unknown[] = []) => ((await t.ds.query(sql, params)) as Array<{ id: string }>)[0].id;

/** An item of `kind` in the student's course (a quiz in one of its modules), due in `hours` hours. */
const item = (kind: 'ASSIGNMENT' | 'QUIZ' | 'EXAM', title: string, hours = 480) =>
  one(
    `INSERT INTO assessments (kind, course_id, module_id, title, due_date) VALUES ($1, $2, $3, $4, date_trunc('minute', now()) + make_interval(hours => $5)) RETURNING id`,
    [kind, w.course.own, kind === 'QUIZ' ? w.module.own : null, title, hours],
  );

/** Each route named, changed for the time of `run`, then put back. */
async function withRoutes(changes: Partial<Record<keyof typeof ROUTES, string>>, run: () => Promise<void>): Promise<void> {
  const table = ROUTES as Record<string, string>;
  const before = { ...table };
  Object.assign(table, changes);
  try {
    await run();
  } finally {
    for (const key of Object.keys(changes)) table[key] = before[key];
  }
}

/** The digest mails the job would queue now, without keeping them (rolled back). */
async function digestTexts(): Promise<Map<string, string>> {
  const q = t.ds.createQueryRunner();
  await q.startTransaction();
  try {
    return new Map((await queueDailyDigests(q.manager, 'http://lms.test')).map((m) => [m.to, m.text]));
  } finally {
    await q.rollbackTransaction();
    await q.release();
  }
}

describe('the migration', () => {
  it('converts links written the old way into targets, answers the same links, and writes them back on down', async () => {
    const [assignment, quiz, exam] = [
      await item('ASSIGNMENT', 'Mig essay'),
      await item('QUIZ', 'Mig quiz'),
      await item('EXAM', 'Mig exam'),
    ];
    const announcement = await w.fresh.announcement(w.course.own);
    const reply = await w.fresh.discussion(w.course.own, w.me.Teacher);
    const student = w.me.Student;
    const parent = w.me.Parent;
    // what the old code wrote (notifications.record.ts before issue 29): kind, recipient, the ids, the link, and the target it means
    const old = [
      {
        kind: 'announcement',
        user: student,
        course: w.course.own,
        ann: announcement,
        item: null,
        disc: null,
        link: `/dashboard/courses/${w.course.own}?tab=announcements`,
        target: 'courseAnnouncements',
      },
      {
        kind: 'graded',
        user: student,
        course: w.course.own,
        ann: null,
        item: assignment,
        disc: null,
        link: `/dashboard/assignments/${assignment}/view`,
        target: 'itemView',
      },
      {
        kind: 'released',
        user: student,
        course: w.course.own,
        ann: null,
        item: quiz,
        disc: null,
        link: `/dashboard/quizzes/${quiz}/view`,
        target: 'itemView',
      },
      {
        kind: 'reopened',
        user: student,
        course: w.course.own,
        ann: null,
        item: exam,
        disc: null,
        link: `/dashboard/exams/${exam}/submit`,
        target: 'itemSubmit',
      },
      {
        kind: 'dueSoon',
        user: student,
        course: w.course.own,
        ann: null,
        item: quiz,
        disc: null,
        link: `/dashboard/quizzes/${quiz}/submit`,
        target: 'itemSubmit',
      },
      {
        kind: 'reply',
        user: student,
        course: w.course.own,
        ann: null,
        item: null,
        disc: reply,
        link: `/dashboard/courses/${w.course.own}?tab=discussions`,
        target: 'courseDiscussions',
      },
      // a parent's copy of the child's notice led to the parent's dashboard
      {
        kind: 'graded',
        user: parent,
        course: w.course.own,
        ann: null,
        item: assignment,
        disc: null,
        link: '/dashboard',
        target: 'dashboard',
      },
      // written by hand (tests, the authz matrix): no ids at all
      { kind: 'reply', user: student, course: null, ann: null, item: null, disc: null, link: '/dashboard', target: 'dashboard' },
    ];

    await migrate((q) => migration.down(q));
    const ids: string[] = [];
    for (const r of old) {
      ids.push(
        await one(
          `INSERT INTO notifications (user_id, kind, subject_id, title, link, course_id, announcement_id, assessment_id, discussion_id)
         VALUES ($1, $2, gen_random_uuid(), $3, $4, $5, $6, $7, $8) RETURNING id`,
          [r.user, r.kind, `Migrated ${r.kind}`, r.link, r.course, r.ann, r.item, r.disc],
        ),
      );
    }
    const linksBefore: Array<{ id: string; link: string }> = await t.ds.query('SELECT id, link FROM notifications ORDER BY id');
    await migrate((q) => migration.up(q));

    // each row's target, and no link column any more
    const rows: Array<{ id: string; target: string }> = await t.ds.query(
      'SELECT id, target FROM notifications WHERE id = ANY($1::uuid[])',
      [ids],
    );
    const targetOf = new Map(rows.map((r) => [r.id, r.target]));
    expect(ids.map((id) => targetOf.get(id))).toEqual(old.map((r) => r.target));
    const columns: Array<{ column_name: string }> = await t.ds.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'notifications'`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain('link');

    // the links read back through the entity are the ones stored before, for every row (the demo's seeded ones too)
    const entities = await t.ds.getRepository(Notification).find();
    expect(entities.map((n) => ({ id: n.id, link: n.link })).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(linksBefore);
    // and through both transports, as the bell shows them
    const byId = new Map(linksBefore.map((r) => [r.id, r.link]));
    for (const [user, token] of [
      [student, w.tokens.Student],
      [parent, w.tokens.Parent],
    ] as const) {
      const g = await t.gql(LIST, {}, token);
      expect(g.errors).toBeUndefined();
      const mine = old.flatMap((r, i) => (r.user === user ? [ids[i]] : []));
      const answered = new Map((g.data.notifications.nodes as Array<{ id: string; link: string }>).map((n) => [n.id, n.link]));
      for (const id of mine) expect(answered.get(id)).toBe(byId.get(id));
      const rest = await t.rest('GET', '/notifications?limit=100', { token });
      expect(rest.status).toBe(200);
      const restLinks = new Map((rest.body.data as Array<{ _id: string; link: string }>).map((n) => [n._id, n.link]));
      for (const id of mine) expect(restLinks.get(id)).toBe(byId.get(id));
    }

    // down: the links come back as they were; up again: the same targets
    await migrate((q) => migration.down(q));
    expect(await t.ds.query('SELECT id, link FROM notifications ORDER BY id')).toEqual(linksBefore);
    await migrate((q) => migration.up(q));
    const again: Array<{ id: string; target: string }> = await t.ds.query(
      'SELECT id, target FROM notifications WHERE id = ANY($1::uuid[])',
      [ids],
    );
    expect(new Map(again.map((r) => [r.id, r.target]))).toEqual(targetOf);
  });

  it('the database refuses a target without the id its page needs', async () => {
    for (const target of ['itemView', 'itemSubmit', 'courseAnnouncements', 'courseDiscussions', 'somewhere']) {
      await expect(
        t.ds.query(`INSERT INTO notifications (user_id, kind, subject_id, title, target) VALUES ($1, 'reply', gen_random_uuid(), $2, $3)`, [
          w.me.Student,
          `Bad ${target}`,
          target,
        ]),
      ).rejects.toThrow(/notifications_target/);
    }
  });
});

describe('links come from the route table', () => {
  it('changing a route changes every notification, To Do and digest link; no URL is stored', async () => {
    // what is unread so far (the demo's, the migration test's) is read: the digest lists the notices below
    await t.ds.query('UPDATE notifications SET read_at = now()');
    const soon = await item('ASSIGNMENT', 'Route essay', 12);
    const announcement = await w.fresh.announcement(w.course.own);
    // the announcement's notice, through the service that writes it
    await t.gql(
      'mutation($id: ID!, $v: Boolean!) { updateAnnouncement(input: { id: $id, isVisible: $v }) { id } }',
      { id: announcement, v: false },
      w.tokens.Teacher,
    );
    await t.gql(
      'mutation($id: ID!, $v: Boolean!) { updateAnnouncement(input: { id: $id, isVisible: $v }) { id } }',
      { id: announcement, v: true },
      w.tokens.Teacher,
    );
    const [assignment] = [await item('ASSIGNMENT', 'Route graded')];
    await t.ds.query(
      `INSERT INTO notifications (user_id, kind, subject_id, title, target, course_id, assessment_id)
       VALUES ($1, 'graded', gen_random_uuid(), 'Route graded', 'itemView', $2, $3), ($4, 'graded', gen_random_uuid(), 'Stella: Route graded', 'dashboard', $2, $3)`,
      [w.me.Student, w.course.own, assignment, w.me.Parent],
    );

    const read = async () => {
      const student = await t.gql(`${LIST.slice(0, -1)} todo { id link } }`, {}, w.tokens.Student);
      expect(student.errors).toBeUndefined();
      const parent = await t.gql(LIST, {}, w.tokens.Parent);
      const rest = await t.rest('GET', '/notifications/todo', { token: w.tokens.Student });
      const titled = (nodes: Array<{ title: string; link: string }>, title: string) => nodes.find((n) => n.title === title)?.link;
      const digests = await digestTexts();
      return {
        announcement: titled(
          student.data.notifications.nodes,
          'New announcement: ' + (await one('SELECT title AS id FROM announcements WHERE id = $1', [announcement])),
        ),
        graded: titled(student.data.notifications.nodes, 'Route graded'),
        parent: titled(parent.data.notifications.nodes, 'Stella: Route graded'),
        todo: (student.data.todo as Array<{ id: string; link: string }>).find((x) => x.id === soon)?.link,
        todoRest: (rest.body.data as Array<{ _id: string; link: string }>).find((x) => x._id === soon)?.link,
        digest: digests.get('student@demo.school') ?? '',
      };
    };

    const before = await read();
    expect(before).toMatchObject({
      announcement: `/dashboard/courses/${w.course.own}?tab=announcements`,
      graded: `/dashboard/assignments/${assignment}/view`,
      parent: '/dashboard',
      todo: `/dashboard/assignments/${soon}/submit`,
      todoRest: `/dashboard/assignments/${soon}/submit`,
    });
    expect(before.digest).toContain(`http://lms.test/dashboard/assignments/${soon}/submit`);
    expect(before.digest).toContain(`http://lms.test/dashboard/assignments/${assignment}/view`);
    expect(before.digest).toContain('http://lms.test/settings');

    await withRoutes(
      {
        course: '/dashboard/course/:courseId',
        assignmentView: '/dashboard/homework/:id',
        assignmentSubmit: '/dashboard/homework/:id/hand-in',
        dashboard: '/home',
        settings: '/preferences',
      },
      async () => {
        const after = await read();
        expect(after).toMatchObject({
          announcement: `/dashboard/course/${w.course.own}?tab=announcements`,
          graded: `/dashboard/homework/${assignment}`,
          parent: '/home',
          todo: `/dashboard/homework/${soon}/hand-in`,
          todoRest: `/dashboard/homework/${soon}/hand-in`,
        });
        expect(after.digest).toContain(`http://lms.test/dashboard/homework/${soon}/hand-in`);
        expect(after.digest).toContain(`http://lms.test/dashboard/homework/${assignment}\n`);
        expect(after.digest).toContain('Open the app: http://lms.test/home');
        expect(after.digest).toContain('http://lms.test/preferences');
        expect(after.digest).not.toContain('/dashboard/assignments/');
      },
    );
    expect(await read()).toMatchObject({ graded: before.graded, todo: before.todo, parent: '/dashboard' });

    // nothing in a notification row is an address of the web app
    const stored: Array<{ n: string }> = await t.ds.query(
      `SELECT count(*)::text AS n FROM notifications x WHERE row_to_json(x)::text LIKE '%/dashboard%'`,
    );
    expect(stored[0].n).toBe('0');
  });
});
