import { startTestServer, TestServer } from '../test/test-server';
import { makeUser } from '../test/factories';
import { holdTableLock } from '../test/table-lock';
import { JOB_LOCK_TIMEOUT_MS } from './advisory';
import { sweepStaleRows } from './housekeeping';

/** Rows that only grow are removed once they decide nothing; recent ones stay (the advisory lock is jobs/file-cleanup.test.ts's). */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

test('old attempts, dead sessions and spent tokens go; live ones stay', async () => {
  const user = await makeUser(t.ds);
  await t.ds.query(
    `INSERT INTO login_attempts (email, ip, succeeded, created_at) VALUES ('a@x.test', '1.2.3.4', false, now() - interval '2 days'), ('b@x.test', '1.2.3.4', false, now())`,
  );
  await t.ds.query(
    `INSERT INTO link_requests (email, ip, created_at) VALUES ('a@x.test', '1.2.3.4', now() - interval '2 days'), ('b@x.test', '1.2.3.4', now())`,
  );
  await t.ds.query(
    `INSERT INTO sessions (token_hash, user_id, active_role, expires_at, last_used_at) VALUES
    ('old', $1, 'Student', now() - interval '2 days', now() - interval '3 days'), ('live', $1, 'Student', now() + interval '1 day', now())`,
    [user.id],
  );
  await t.ds.query(
    `INSERT INTO password_tokens (token_hash, user_id, purpose, expires_at, used_at, created_at) VALUES
    ('spent', $1, 'reset', now() + interval '1 hour', now(), now() - interval '2 days'), ('open', $1, 'invite', now() + interval '6 days', NULL, now() - interval '2 days')`,
    [user.id],
  );

  const run = await sweepStaleRows(t.ds);
  expect(run).toEqual({ skipped: false, deleted: 4 });
  const left = async (sql: string) => (await t.ds.query(sql)).map((r: { k: string }) => r.k);
  expect(await left('SELECT email AS k FROM login_attempts')).toEqual(['b@x.test']);
  expect(await left('SELECT email AS k FROM link_requests')).toEqual(['b@x.test']);
  expect(await left(`SELECT token_hash AS k FROM sessions WHERE token_hash IN ('old', 'live')`)).toEqual(['live']);
  expect(await left(`SELECT token_hash AS k FROM password_tokens WHERE token_hash IN ('spent', 'open')`)).toEqual(['open']);
});

test("expired access tokens, applications' expired tokens and old request counts go; live ones stay", async () => {
  const user = await makeUser(t.ds);
  const hash = (c: string) => c.repeat(64);
  await t.ds.query(
    `INSERT INTO access_tokens (user_id, name, scope, token_hash, owner_role, created_at, expires_at) VALUES
    ($1, 'old', 'READ', $2, 'Student', now() - interval '10 days', now() - interval '2 days'),
    ($1, 'live', 'READ', $3, 'Student', now(), now() + interval '2 days')`,
    [user.id, hash('a'), hash('b')],
  );
  const [{ id: app }] = await t.ds.query(
    `INSERT INTO applications (name, client_id, scopes) VALUES ('Sweep', 'lmsclient_sweep', '{graphql.readonly}') RETURNING id`,
  );
  await t.ds.query(
    `INSERT INTO application_tokens (application_id, token_hash, scopes, created_at, expires_at) VALUES
    ($1, $2, '{}', now() - interval '2 days', now() - interval '2 days' + interval '1 hour'), ($1, $3, '{}', now(), now() + interval '1 hour')`,
    [app, hash('c'), hash('d')],
  );
  await t.ds.query(
    `INSERT INTO application_request_counts (application_id, minute, count) VALUES
    ($1, date_trunc('minute', now() - interval '2 days'), 5), ($1, date_trunc('minute', now()), 3)`,
    [app],
  );

  expect(await sweepStaleRows(t.ds)).toEqual({ skipped: false, deleted: 3 });
  expect((await t.ds.query('SELECT name FROM access_tokens WHERE user_id = $1', [user.id])).map((r: { name: string }) => r.name)).toEqual([
    'live',
  ]);
  expect(
    (await t.ds.query('SELECT token_hash FROM application_tokens WHERE application_id = $1', [app])).map(
      (r: { token_hash: string }) => r.token_hash,
    ),
  ).toEqual([hash('d')]);
  expect(
    (await t.ds.query('SELECT count FROM application_request_counts WHERE application_id = $1', [app])).map(
      (r: { count: number }) => r.count,
    ),
  ).toEqual([3]);
});

test('a table locked by a migration or a bulk load makes the run give up its turn within the lock timeout, undoing what it had deleted; the next run does it', async () => {
  const user = await makeUser(t.ds);
  await t.ds.query(
    `INSERT INTO login_attempts (email, ip, succeeded, created_at) VALUES ('locked@x.test', '1.2.3.4', false, now() - interval '2 days')`,
  );
  await t.ds.query(
    `INSERT INTO sessions (token_hash, user_id, active_role, expires_at, last_used_at) VALUES ('locked-old', $1, 'Student', now() - interval '2 days', now() - interval '3 days')`,
    [user.id],
  );
  // login_attempts goes first and is free; sessions, later in the same run, is held (without a lock timeout the
  // run waits for the holder up to statement_timeout: let go after 10 s)
  const lock = await holdTableLock(t.ds, 'sessions', 10_000);
  try {
    const started = Date.now();
    const run = await sweepStaleRows(t.ds);
    expect({ run, whileLocked: !lock.released }).toEqual({ run: { skipped: true, deleted: 0 }, whileLocked: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(JOB_LOCK_TIMEOUT_MS - 100);
    // the attempt it had already deleted came back with the rollback
    expect(await t.ds.query(`SELECT 1 FROM login_attempts WHERE email = 'locked@x.test'`)).toHaveLength(1);
  } finally {
    await lock.release();
  }
  const again = await sweepStaleRows(t.ds);
  expect(again.skipped).toBe(false);
  expect(
    await t.ds.query(
      `SELECT 1 FROM login_attempts WHERE email = 'locked@x.test' UNION ALL SELECT 1 FROM sessions WHERE token_hash = 'locked-old'`,
    ),
  ).toHaveLength(0);
}, 30_000);
