import { GRADE, GradingWorld, REOPEN, code, gradingWorld } from '../../test/grading.fixtures';
import { makeUser } from '../../test/factories';
import { Role } from '../../core/role';
import { notifyAnnouncement } from './notifications.repository';
import { sendDailyDigests, sweepDueSoon } from '../../jobs/notifications';
import { ITEM_KIND_SQL, NotificationTargetRow, linkOfRow } from './notifications.targets';

/**
 * Notifications (issue 17 point 4): each kind written once per event by the change itself (retries and
 * repeats add nothing; a rolled-back change leaves nothing), never about what the student may not see (a
 * hidden announcement, unreleased manual results), read and marked only by their recipient through both
 * transports; the due-soon job and the daily digest once however often they run; the student's To Do.
 */
let w: GradingWorld;
beforeAll(async () => {
  w = await gradingWorld();
}, 60_000);
afterAll(() => w.t.close());

/** A user's rows of a kind, each with the link the bell answers for it (made from its stored target by the route table). */
const mine = async (userId: string, kind: string, subjectId?: string) =>
  (
    (await w.t.ds.query(
      `SELECT id, subject_id, event_key, title, target, course_id, assessment_id, ${ITEM_KIND_SQL('n')} AS item_kind
       FROM notifications n WHERE user_id = $1 AND kind = $2 AND ($3::uuid IS NULL OR subject_id = $3) ORDER BY created_at`,
      [userId, kind, subjectId ?? null],
    )) as Array<{ id: string; subject_id: string; event_key: string; title: string } & NotificationTargetRow>
  ).map(({ target: _t, course_id: _c, assessment_id: _a, item_kind: _k, ...r }) => ({
    ...r,
    link: linkOfRow({ target: _t, course_id: _c, assessment_id: _a, item_kind: _k }),
  }));

const ANNOUNCE = 'mutation($i: CreateAnnouncementInput!) { createAnnouncement(input: $i) { id } }';
const UPDATE_ANN = 'mutation($i: UpdateAnnouncementInput!) { updateAnnouncement(input: $i) { id } }';
const RELEASE = 'mutation($id: ID!) { releaseResults(assessmentId: $id) { id } }';
const LIST = '{ notifications(first: 50) { totalCount nodes { id kind title link readAt createdAt } } unreadCount }';

const announce = async (title: string, isVisible = true) => {
  const r = await w.t.gql(ANNOUNCE, { i: { courseId: w.math, title, content: 'Text', isVisible } }, w.tok.teacher);
  expect(r.errors).toBeUndefined();
  return r.data.createAnnouncement.id as string;
};

/** Grades the long answer of a submission (the one question automatic grading leaves to the teacher). */
const gradeLong = async (sid: string, long: string, score = 3, expectedVersion = 0) => {
  const r = await w.t.gql(GRADE, { input: { submissionId: sid, questionId: long, score, expectedVersion } }, w.tok.teacher);
  expect(r.errors).toBeUndefined();
  return r;
};

it("the demo school: student@ opens a bell with the seeded news, parent@ with their child's graded work", async () => {
  const kinds = async (userId: string) =>
    new Set(
      ((await w.t.ds.query('SELECT kind FROM notifications WHERE user_id = $1', [userId])) as Array<{ kind: string }>).map((r) => r.kind),
    );
  expect([...(await kinds(w.id.student))]).toEqual(expect.arrayContaining(['announcement', 'graded']));
  expect([...(await kinds(w.id.parent))]).toEqual(expect.arrayContaining(['graded']));
  expect(await kinds(w.id.teacher)).toEqual(new Set());
});

describe('announcements', () => {
  it("a visible one reaches each student of the course's class once, with a link; the author gets none", async () => {
    const id = await announce('Field trip');
    const [n, ...more] = await mine(w.id.student, 'announcement', id);
    expect(more).toEqual([]);
    expect(n).toMatchObject({ title: 'New announcement: Field trip', link: `/dashboard/courses/${w.math}?tab=announcements` });
    expect(await mine(w.id.teacher, 'announcement', id)).toEqual([]);
    expect(await mine(w.id.outsider, 'announcement', id)).toEqual([]);
  });

  it('a hidden one notifies nobody until shown, then once, however often it is hidden and shown again', async () => {
    const id = await announce('Draft', false);
    expect(await mine(w.id.student, 'announcement', id)).toEqual([]);
    for (const isVisible of [true, false, true]) {
      const r = await w.t.gql(UPDATE_ANN, { i: { id, isVisible } }, w.tok.teacher);
      expect(r.errors).toBeUndefined();
    }
    expect(await mine(w.id.student, 'announcement', id)).toHaveLength(1);
  });

  it('hidden again: the notice leaves the list and the count', async () => {
    const id = await announce('Soon hidden');
    const before = await w.t.gql(LIST, {}, w.tok.student);
    expect(before.data.notifications.nodes.map((n: { title: string }) => n.title)).toContain('New announcement: Soon hidden');
    await w.t.gql(UPDATE_ANN, { i: { id, isVisible: false } }, w.tok.teacher);
    const after = await w.t.gql(LIST, {}, w.tok.student);
    expect(after.data.notifications.nodes.map((n: { title: string }) => n.title)).not.toContain('New announcement: Soon hidden');
    expect(after.data.unreadCount).toBe(before.data.unreadCount - 1);
  });

  it('a rolled-back change leaves no notification', async () => {
    const [{ id }] = await w.t.ds.query(
      `INSERT INTO announcements (title, content, course_id, is_visible) VALUES ('Rolled back', 'x', $1, true) RETURNING id`,
      [w.math],
    );
    await expect(
      w.t.ds.transaction(async (m) => {
        await notifyAnnouncement(m, id);
        expect(
          (await m.query('SELECT user_id FROM notifications WHERE subject_id = $1', [id])).map((r: { user_id: string }) => r.user_id),
        ).toContain(w.id.student);
        throw new Error('the change fails after the notice');
      }),
    ).rejects.toThrow('the change fails');
    expect(await mine(w.id.student, 'announcement', id)).toEqual([]);
  });

  it('a refused change (showing a hidden one on a stale version) writes no notice', async () => {
    const id = await announce('Stale', false);
    expect(code(await w.t.gql(UPDATE_ANN, { i: { id, isVisible: true, version: 99 } }, w.tok.teacher))[0]).toBe('CONFLICT');
    expect(await mine(w.id.student, 'announcement', id)).toEqual([]);
  });
});

describe('graded, released, reopened', () => {
  it('graded: once when the last grade makes the result visible; corrections and retries add nothing', async () => {
    const i = await w.item();
    const sid = await w.submit(i);
    expect(await mine(w.id.student, 'graded', sid)).toEqual([]); // the long answer is not graded yet
    await gradeLong(sid, i.long!, 3, 0);
    await gradeLong(sid, i.long!, 4, 1);
    expect(
      code(await w.t.gql(GRADE, { input: { submissionId: sid, questionId: i.long, score: 4, expectedVersion: 1 } }, w.tok.teacher))[0],
    ).toBe('CONFLICT');
    const got = await mine(w.id.student, 'graded', sid);
    expect(got).toHaveLength(1);
    expect(got[0].link).toBe(`/dashboard/assignments/${i.id}/view`);
    // the linked parent (the demo seed links parent@ to student@): the same notice, once, naming the child
    const parent = await mine(w.id.parent, 'graded', sid);
    expect(parent).toHaveLength(1);
    expect(parent[0]).toMatchObject({ title: `Stella: Graded: ${got[0].title.slice('Graded: '.length)}`, link: '/dashboard' });
  });

  it('manual results: nothing when graded, once at the release (released twice: still once), no second notice for a later correction', async () => {
    const i = await w.item({ visibility: 'manual' });
    const sid = await w.submit(i);
    await gradeLong(sid, i.long!);
    expect(await mine(w.id.student, 'graded', sid)).toEqual([]);
    expect(await mine(w.id.parent, 'graded', sid)).toEqual([]); // never more than the child
    for (let k = 0; k < 2; k += 1) expect((await w.t.gql(RELEASE, { id: i.id }, w.tok.teacher)).errors).toBeUndefined();
    expect(await mine(w.id.student, 'released', sid)).toHaveLength(1);
    expect(await mine(w.id.parent, 'released', sid)).toHaveLength(1);
    await gradeLong(sid, i.long!, 5, 1);
    expect(await mine(w.id.student, 'graded', sid)).toEqual([]);
  });

  it('a release by someone who may not release writes nothing', async () => {
    const i = await w.item({ visibility: 'manual' });
    const sid = await w.submit(i);
    await gradeLong(sid, i.long!);
    expect(code(await w.t.gql(RELEASE, { id: i.id }, w.tok.outsider))[0]).toBe('NOT_FOUND');
    expect(code(await w.t.gql(RELEASE, { id: i.id }, w.tok.student))[0]).toBe('FORBIDDEN');
    expect(await mine(w.id.student, 'released', sid)).toEqual([]);
  });

  it('reopened: once per new due date (the same request retried: once), again for Extend Again', async () => {
    const i = await w.item({ dueInHours: 2 });
    const sid = await w.submit(i);
    const at = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    for (let k = 0; k < 2; k += 1)
      expect(
        (await w.t.gql(REOPEN, { input: { assessmentId: i.id, studentId: w.id.student, newDueDate: at } }, w.tok.teacher)).errors,
      ).toBeUndefined();
    expect(await mine(w.id.student, 'reopened', sid)).toHaveLength(1);
    const later = new Date(Date.now() + 5 * 24 * 3600_000).toISOString();
    await w.t.gql(REOPEN, { input: { assessmentId: i.id, studentId: w.id.student, newDueDate: later } }, w.tok.teacher);
    const got = await mine(w.id.student, 'reopened', sid);
    expect(got).toHaveLength(2);
    expect(got[0].link).toBe(`/dashboard/assignments/${i.id}/submit`);
    expect(await mine(w.id.student2, 'reopened', sid)).toEqual([]);
  });
});

describe('replies', () => {
  const post = async (token: string, title: string, parentDiscussionId?: string) => {
    const r = await w.t.gql(
      'mutation($i: CreateDiscussionInput!) { createDiscussion(input: $i) { id } }',
      { i: { courseId: w.math, title, content: 'Words', ...(parentDiscussionId ? { parentDiscussionId } : {}) } },
      token,
    );
    expect(r.errors).toBeUndefined();
    return r.data.createDiscussion.id as string;
  };

  it("the post's author hears of a reply once; replying to yourself notifies nobody", async () => {
    const thread = await post(w.tok.student, 'Help with fractions');
    const reply = await post(w.tok.teacher, 'Re', thread);
    const got = await mine(w.id.student, 'reply', reply);
    expect(got).toHaveLength(1);
    expect(got[0].title).toContain('replied: Help with fractions');
    const own = await post(w.tok.student, 'Re', thread);
    expect(await mine(w.id.student, 'reply', own)).toEqual([]);
    expect(await mine(w.id.teacher, 'reply', own)).toEqual([]);
  });
});

describe('due soon (the job) and the To Do', () => {
  it('once per student per item, however often the job runs (also two at once); not for submitted work or later items', async () => {
    const soon = await w.item({ dueInHours: 10 });
    const done = await w.item({ dueInHours: 10 });
    await w.submit(done);
    const later = await w.item({ dueInHours: 30 });
    const hidden = await w.item({ dueInHours: 5 });
    await w.t.ds.query('UPDATE assessments SET is_visible = false WHERE id = $1', [hidden.id]);
    const runs = await Promise.all([sweepDueSoon(w.t.ds), sweepDueSoon(w.t.ds)]);
    expect(runs.some((r) => !r.skipped)).toBe(true);
    await sweepDueSoon(w.t.ds);
    expect(await mine(w.id.student, 'dueSoon', soon.id)).toHaveLength(1);
    expect(await mine(w.id.parent, 'dueSoon', soon.id)).toHaveLength(1);
    expect(await mine(w.id.parent, 'dueSoon', done.id)).toEqual([]);
    for (const none of [done, later, hidden]) expect(await mine(w.id.student, 'dueSoon', none.id)).toEqual([]);
  });

  it("the student's To Do: unsubmitted visible items of the next 7 days, soonest first, with links; empty for a teacher", async () => {
    const a = await w.item({ dueInHours: 50, title: 'Todo B' });
    const b = await w.item({ dueInHours: 20, title: 'Todo A' });
    const far = await w.item({ dueInHours: 24 * 8, title: 'Todo far' });
    const done = await w.item({ dueInHours: 20, title: 'Todo done' });
    await w.submit(done);
    const r = await w.t.gql('{ todo { id title dueDate link kind } }', {}, w.tok.student);
    const ids = r.data.todo.map((x: { id: string }) => x.id);
    expect(ids.indexOf(b.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(ids).not.toContain(far.id);
    expect(ids).not.toContain(done.id);
    const dues = r.data.todo.map((x: { dueDate: string }) => new Date(x.dueDate).getTime());
    expect([...dues].sort((x, y) => x - y)).toEqual(dues);
    expect(r.data.todo.find((x: { id: string }) => x.id === b.id).link).toBe(`/dashboard/assignments/${b.id}/submit`);
    const rest = await w.t.rest('GET', '/notifications/todo', { token: w.tok.student });
    expect(rest.body.data.map((x: { _id: string }) => x._id)).toEqual(ids);
    expect((await w.t.gql('{ todo { id } }', {}, w.tok.teacher)).data.todo).toEqual([]);
  });

  it('the To Do runs as many statements for 40 items as for 2', async () => {
    const add = (n: number) =>
      w.t.ds.query(
        `INSERT INTO assessments (kind, course_id, title, due_date) SELECT 'ASSIGNMENT', $1, 'Bulk todo ' || g, date_trunc('minute', now() + interval '3 days')
         FROM generate_series(1, $2::int) g`,
        [w.math, n],
      );
    const bulk = (r: { data: { todo: Array<{ title: string }> } }) => r.data.todo.filter((x) => x.title.startsWith('Bulk todo')).length;
    await add(2);
    const small = await w.t.gql('{ todo { id title } }', {}, w.tok.student);
    await add(38);
    const large = await w.t.gql('{ todo { id title } }', {}, w.tok.student);
    expect([bulk(small), bulk(large)]).toEqual([2, 40]);
    expect(large.sql).toBe(small.sql);
  });
});

describe('reading and marking', () => {
  it("a user lists, counts and marks only their own, through both transports; anyone else's is not found", async () => {
    await announce('For marking');
    const list = await w.t.gql(LIST, {}, w.tok.student);
    expect(list.errors).toBeUndefined();
    const [first] = list.data.notifications.nodes;
    const unread = list.data.unreadCount;
    expect(unread).toBeGreaterThan(1);
    const own = await w.t.ds.query('SELECT user_id FROM notifications WHERE id = ANY($1::uuid[])', [
      list.data.notifications.nodes.map((n: { id: string }) => n.id),
    ]);
    expect(new Set(own.map((o: { user_id: string }) => o.user_id))).toEqual(new Set([w.id.student]));

    for (const token of [w.tok.teacher, w.tok.admin, w.tok.parent]) {
      expect(code(await w.t.gql('mutation($id: ID!) { markRead(id: $id) { id } }', { id: first.id }, token))).toEqual([
        'NOT_FOUND',
        'Notification not found',
      ]);
      expect((await w.t.rest('PUT', `/notifications/${first.id}/read`, { token })).status).toBe(404);
    }
    expect((await w.t.gql('{ unreadCount }', {}, w.tok.student)).data.unreadCount).toBe(unread);
    expect((await w.t.rest('GET', '/notifications')).status).toBe(401);
    expect(code(await w.t.gql('{ unreadCount }', {}))[0]).toBe('UNAUTHENTICATED');

    const marked = await w.t.gql('mutation($id: ID!) { markRead(id: $id) { id readAt } }', { id: first.id }, w.tok.student);
    expect(marked.data.markRead.readAt).toBeTruthy();
    const rest = await w.t.rest('GET', '/notifications/unread-count', { token: w.tok.student });
    expect(rest.body.data).toEqual({ count: unread - 1 });
    const restList = await w.t.rest('GET', '/notifications?limit=2', { token: w.tok.student });
    expect([restList.body.data.length, restList.headers.get('x-total-count')]).toEqual([2, String(list.data.notifications.totalCount)]);
    expect(restList.body.data[0]).toMatchObject({ _id: first.id, kind: 'announcement' });
    expect((await w.t.rest('GET', '/notifications?limit=0', { token: w.tok.student })).status).toBe(400);

    // another user's markAllRead leaves the student's unread
    await w.t.rest('PUT', '/notifications/read-all', { token: w.tok.student2 });
    expect((await w.t.gql('{ unreadCount }', {}, w.tok.student)).data.unreadCount).toBe(unread - 1);
    const all = await w.t.gql('mutation { markAllRead { count } }', {}, w.tok.student);
    expect(all.data.markAllRead.count).toBe(unread - 1);
    expect((await w.t.gql('{ unreadCount }', {}, w.tok.student)).data.unreadCount).toBe(0);
  });

  it('the list runs as many statements for 40 notifications as for 2', async () => {
    const u = await makeUser(w.t.ds, { role: Role.Student });
    const token = await w.t.login(u.email);
    const add = (n: number) =>
      w.t.ds.query(
        `INSERT INTO notifications (user_id, kind, subject_id, title, target) SELECT $1, 'reply', gen_random_uuid(), 'N' || g, 'dashboard' FROM generate_series(1, $2::int) g`,
        [u.id, n],
      );
    await add(2);
    const small = await w.t.gql(LIST, {}, token);
    await add(38);
    const large = await w.t.gql(LIST, {}, token);
    expect([small.data.notifications.nodes.length, large.data.notifications.nodes.length]).toEqual([2, 40]);
    expect(large.sql).toBe(small.sql);
  });
});

describe('the daily digest', () => {
  const digests = async (email: string) =>
    (await w.t.ds.query('SELECT subject, text FROM mail_outbox WHERE to_address = $1 AND subject = $2', [
      email,
      'Your daily summary',
    ])) as Array<{ text: string }>;

  it('once per user per day with what is unread and due; none for those who turned it off; not before the hour', async () => {
    const mail = w.t.services.mail;
    const early = new Date();
    early.setUTCHours(2);
    expect(await sendDailyDigests(w.t.ds, mail, 'http://lms.test', early, 6)).toEqual({ skipped: true, sent: 0 });
    const off = await w.t.gql('mutation { updateNotificationSettings(input: { dailyDigest: false }) { dailyDigest } }', {}, w.tok.student2);
    expect(off.data.updateNotificationSettings.dailyDigest).toBe(false);
    await w.t.gql(ANNOUNCE, { i: { courseId: w.math, title: 'Digest news', content: 'x' } }, w.tok.teacher);
    const runs = await Promise.all([
      sendDailyDigests(w.t.ds, mail, 'http://lms.test', new Date(), 0),
      sendDailyDigests(w.t.ds, mail, 'http://lms.test', new Date(), 0),
    ]);
    expect(runs.some((r) => r.sent > 0)).toBe(true);
    await sendDailyDigests(w.t.ds, mail, 'http://lms.test', new Date(), 0);
    const got = await digests('student@demo.school');
    expect(got).toHaveLength(1);
    expect(got[0].text).toContain('Digest news');
    expect(got[0].text).toContain('http://lms.test/settings');
    expect(await digests('student2@demo.school')).toEqual([]);
    expect((await w.t.rest('GET', '/notifications/settings', { token: w.tok.student2 })).body.data).toEqual({ dailyDigest: false });
    expect((await w.t.rest('PUT', '/notifications/settings', { token: w.tok.student2, body: { dailyDigest: 'no' } })).status).toBe(400);
  });
});
