import { Role } from '../../core/role';
import { Who, row } from './matrix';
import { World, accountOf } from './world';

/**
 * Notifications (issue 17 point 4): every signed-in user reads and marks their own only. "own": a notice of
 * the acting account; "other": one of student2@ (never one of the acting accounts), which lists leave out and
 * marking does not find (or, for mark-all, leaves unread).
 */
const notice = async (w: World, userId: string): Promise<string> =>
  (
    (await w.ds.query(
      `INSERT INTO notifications (user_id, kind, subject_id, title, target) VALUES ($1, 'reply', gen_random_uuid(), 'Authz notice', 'dashboard') RETURNING id`,
      [userId],
    )) as Array<{ id: string }>
  )[0].id;
const ownerOf = (w: World, c: string, who: Who) => (c === 'own' ? accountOf(w, who) : w.student2);
/**
 * An account of the acting role of its own, signed in for this attempt: mark-all and the settings act on the
 * whole account, and attempts run side by side (the anonymous one included, which otherwise borrows the Parent's).
 */
const ownAccount = async (w: World, who: Who) => {
  const user = await w.fresh.user(who === 'anonymous' ? Role.Parent : who);
  const [{ email }] = (await w.ds.query('SELECT email FROM users WHERE id = $1', [user])) as Array<{ email: string }>;
  return { user, token: await w.t.login(email) };
};
const isRead = async (w: World, id: string) =>
  ((await w.ds.query('SELECT read_at FROM notifications WHERE id = $1', [id])) as Array<{ read_at: Date | null }>)[0]?.read_at != null;
const digestOf = async (w: World, userId: string) =>
  ((await w.ds.query('SELECT daily_digest FROM notification_settings WHERE user_id = $1', [userId])) as Array<{ daily_digest: boolean }>)[0]
    ?.daily_digest ?? true;

export const notificationsRows = [
  row({
    gql: 'Query.notifications',
    query: '{ notifications(first: 100) { nodes { id } } }',
    rest: { 'GET /notifications': () => ({ path: '/notifications?limit=100' }) },
    expect: { own: 'AAAAA', other: 'EEEEE' },
    given: async (w, c, who) => ({ target: await notice(w, ownerOf(w, c, who)) }),
  }),
  row({
    gql: 'Query.unreadCount',
    query: '{ unreadCount }',
    rest: { 'GET /notifications/unread-count': () => ({ path: '/notifications/unread-count' }) },
    expect: { self: 'AAAAA' },
    given: async () => ({}),
  }),
  row({
    gql: 'Query.todo',
    query: '{ todo { id } }',
    rest: { 'GET /notifications/todo': () => ({ path: '/notifications/todo' }) },
    // the To Do holds the student's own work; every other role gets an empty list
    expect: { self: 'AAAAA' },
    given: async () => ({}),
  }),
  row({
    gql: 'Query.notificationSettings',
    query: '{ notificationSettings { dailyDigest } }',
    rest: { 'GET /notifications/settings': () => ({ path: '/notifications/settings' }) },
    expect: { self: 'AAAAA' },
    given: async () => ({}),
  }),
  row({
    gql: 'Mutation.markRead',
    query: 'mutation($id: ID!) { markRead(id: $id) { id } }',
    variables: (v) => ({ id: v.target }),
    rest: { 'PUT /notifications/:id/read': (v) => ({ path: `/notifications/${v.target}/read` }) },
    expect: { own: 'AAAAA', other: 'NNNNN' },
    given: async (w, c, who) => ({ target: await notice(w, ownerOf(w, c, who)) }),
    changed: (w, v) => isRead(w, v.target!),
  }),
  row({
    gql: 'Mutation.markAllRead',
    query: 'mutation { markAllRead { count } }',
    rest: { 'PUT /notifications/read-all': () => ({ path: '/notifications/read-all' }) },
    // the answer is a count: "own" names no target; "other" must stay unread
    expect: { own: 'AAAAA', other: 'EEEEE' },
    given: async (w, c, who) => {
      const me = await ownAccount(w, who);
      const id = await notice(w, c === 'own' ? me.user : w.student2);
      return c === 'own' ? { token: me.token, id } : { token: me.token, id, target: id };
    },
    changed: (w, v) => isRead(w, v.id),
  }),
  row({
    gql: 'Mutation.updateNotificationSettings',
    query: 'mutation($input: UpdateNotificationSettingsInput!) { updateNotificationSettings(input: $input) { dailyDigest } }',
    variables: (v) => ({ input: { dailyDigest: v.next } }),
    rest: { 'PUT /notifications/settings': (v) => ({ path: '/notifications/settings', body: { dailyDigest: v.next } }) },
    expect: { self: 'AAAAA' },
    given: async (w, _c, who) => ({ ...(await ownAccount(w, who)), next: false }),
    changed: async (w, v) => (await digestOf(w, v.user)) === v.next,
  }),
];
