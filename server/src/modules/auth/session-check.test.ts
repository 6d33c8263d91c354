import type { Pool } from 'pg';
import { startTestServer, TestServer } from '../../test/test-server';
import { makeUser } from '../../test/factories';
import { seedDemoSchool } from '../../app/seed';
import { Role } from '../../core/role';
import { hashSecret } from './secrets';
import { CheckedViewer, GuessRefuted, SessionCheck, checkedSql, checkedTexts, readsOnly, uncheck } from './session-check';

/**
 * A GraphQL query whose token was looked up before runs on that viewer as a guess, checked inside its first read
 * (session-check.ts): one statement where there were two, and never an answer or a write on a guess that no
 * longer holds (a session ended, expired or switched, a changed row, a parent's changed children).
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
});
afterAll(() => t.close());

const MY_COURSES = '{ myCourses { classes { class { name } subjects { courses { id title } } } } }';
const NAME_AND_COURSES = `{ me { user { firstName } activeRole } ${MY_COURSES.slice(1, -1)} }`;

/** A query asked until the known path answers it (the first request of a text goes through Apollo). */
async function asked(query: string, token: string) {
  await t.gql(query, {}, token);
  return t.gql(query, {}, token);
}

describe('the checked statement (real PostgreSQL)', () => {
  const viewer = (hashParam: string) =>
    `WITH __viewer AS (SELECT md5('v') AS fingerprint, false AS stale WHERE ${hashParam}::text = 'live')`;
  const run = async (text: string, values: unknown[], hash: string) =>
    // pg's whole result, as the pool's client hands it to TypeORM
    uncheck(
      await (t.ds.driver as unknown as { master: Pool }).master.query(checkedSql(text, viewer, `$${values.length + 1}`), [...values, hash]),
    );

  it("keeps a statement's rows, their order and columns, with its own WITH and a trailing comment", async () => {
    const text = `WITH n AS (SELECT g FROM generate_series(1, $1::int) g) SELECT g AS a, -g AS b, NULL::text AS c FROM n ORDER BY g DESC -- last`;
    const { result, fingerprint: fp } = await run(text, [5], 'live');
    expect(fp).toBe((await t.ds.query(`SELECT md5('v') AS m`))[0].m);
    expect(Object.keys(result.rows[0])).toEqual(['a', 'b', 'c']);
    expect(result.rows).toEqual([5, 4, 3, 2, 1].map((g) => ({ a: g, b: -g, c: null })));
    expect(result.rowCount).toBe(5);
    expect(Object.keys(result.rows[0])).toEqual(['a', 'b', 'c']);
  });

  it('takes a trailing semicolon off the read it wraps', async () => {
    const { result } = await run('SELECT $1::int AS a;  ', [3], 'live');
    expect(result.rows).toEqual([{ a: 3 }]);
  });

  it('tells no rows from a gone session: none has a fingerprint, a gone session has none', async () => {
    const none = await run('SELECT 1 AS a WHERE $1::int = 0', [1], 'live');
    expect(none.result.rows).toEqual([]);
    expect(none.fingerprint).not.toBeNull();
    const gone = await run('SELECT 1 AS a WHERE $1::int = 1', [1], 'ended');
    expect(gone.result.rows).toEqual([]);
    expect(gone.fingerprint).toBeNull();
  });

  it('runs only reads on a guess: a write, a lock or a sequence waits for the verdict', () => {
    expect(readsOnly("SELECT json_build_object('a', 1)")).toBe(true);
    expect(readsOnly('  with x as (select 1) select * from x')).toBe(true);
    for (const text of [
      'INSERT INTO t VALUES (1)',
      'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d',
      'SELECT * FROM t FOR UPDATE',
      "SELECT nextval('s')",
      'SELECT pg_advisory_xact_lock(1)',
      'START TRANSACTION',
      'SELECT * FROM t FOR NO KEY UPDATE',
      'UPDATE t SET a = 1',
    ]) {
      expect(readsOnly(text)).toBe(false);
      expect(readsOnly(text)).toBe(false); // kept, and still the same verdict
    }
  });

  it("makes each text's checked form once per parameter, the same as checkedSql makes it", () => {
    const made: string[] = [];
    const viewer = (param: string) => {
      made.push(param);
      return `WITH __viewer AS (SELECT 1 AS fingerprint, false AS stale WHERE ${param}::text IS NOT NULL)`;
    };
    const checked = checkedTexts(viewer);
    const text = 'SELECT 1 AS a WHERE $1::int = 1';
    expect(checked(text, '$2')).toBe(checkedSql(text, viewer, '$2'));
    made.length = 0;
    expect(checked(text, '$2')).toBe(checkedSql(text, viewer, '$2'));
    expect(checked(text, '$2')).toContain('$2::text');
    expect(made).toEqual(['$2']); // only the checkedSql of the line before made it again
    expect(checked(text, '$3')).toContain('$3::text');
    expect(checked('SELECT 2 AS b', '$2')).toContain('SELECT 2 AS b');
    expect(made).toEqual(['$2', '$3', '$2']);
  });
});

describe('the check of one request', () => {
  const guess = { fingerprint: 'f1', actor: { sessionId: 's1' } } as CheckedViewer;
  const checkText = 'CHECK';
  const checkOf = (checked: (text: string, param: string) => string, checkAlone: () => Promise<string | null>) =>
    new SessionCheck({ guess, hash: 'h', checked, checkAlone, checkText, touchText: 'TOUCH' });

  it('a write waits for the check and never runs when the guess is wrong', async () => {
    let found: (fingerprint: string | null) => void = () => undefined;
    const check = checkOf(
      (text) => text,
      () => new Promise((r) => (found = r)),
    );
    const ran: string[] = [];
    const write = check.statement('UPDATE t SET a = 1', [], async (text) => ran.push(text));
    await new Promise((r) => setImmediate(r));
    expect(ran).toEqual([]);
    found('f2');
    await expect(write).rejects.toBeInstanceOf(GuessRefuted);
    expect(ran).toEqual([]);
    expect(await check.holds()).toBe(false);
  });

  it('a read whose checked form fails runs as written once the check alone holds, and never on a wrong guess', async () => {
    for (const [found, runs] of [
      ['f1', true],
      ['f2', false],
    ] as const) {
      const check = checkOf(
        (text) => `checked(${text})`,
        async () => found,
      );
      const ran: string[] = [];
      const answer = check.statement('SELECT 1', [], async (text) => {
        ran.push(text);
        if (text.startsWith('checked')) throw new Error('syntax error');
        return { rows: [{ a: 1 }] };
      });
      if (runs) expect(await answer).toEqual({ rows: [{ a: 1 }] });
      else await expect(answer).rejects.toBeInstanceOf(GuessRefuted);
      expect(ran).toEqual(runs ? ['checked(SELECT 1)', 'SELECT 1'] : ['checked(SELECT 1)']);
    }
  });

  it("the first read carries the check; a read beside it waits for that verdict; the check's own statement passes", async () => {
    const checkAlone = jest.fn(async () => guess.fingerprint);
    const check = checkOf((text, param) => `checked(${text}, ${param})`, checkAlone);
    const ran: string[] = [];
    let answer: (rows: unknown) => void = () => undefined;
    const first = check.statement('SELECT 1', [7], (text) => {
      ran.push(text);
      return text === 'TOUCH' ? Promise.resolve({ rows: [] }) : new Promise((r) => (answer = r));
    });
    const second = check.statement('SELECT 2', [], async (text) => (ran.push(text), { rows: [] }));
    await new Promise((r) => setImmediate(r));
    expect(ran).toEqual(['checked(SELECT 1, $2)']);
    answer({ rows: [{ a: 1, __checked_row: true, __checked_viewer: 'f1', __checked_stale: true }], rowCount: 1 });
    expect(await first).toMatchObject({ rows: [{ a: 1 }], rowCount: 1 });
    await second;
    // the session was stale: touched once the read found it live
    expect(ran.sort()).toEqual(['SELECT 2', 'TOUCH', 'checked(SELECT 1, $2)']);
    expect(checkAlone).not.toHaveBeenCalled();
    await check.statement(checkText, ['h'], async (text) => ran.push(text));
    expect(ran.at(-1)).toBe(checkText);
  });
});

describe('over HTTP', () => {
  it("a known query is one statement, its first read checking the session: the same answer as Apollo's first", async () => {
    const token = await t.login('teacher@demo.school');
    const first = await t.gql(MY_COURSES, {}, token);
    const again = await t.gql(MY_COURSES, {}, token);
    expect(again.errors).toBeUndefined();
    expect(again.data).toEqual(first.data);
    expect(first.statements).toBe(2); // Apollo: the session's lookup, then the page
    expect(again.statements).toBe(1);
    expect(again.sql).toBe(first.sql); // the same lookups, the check inside the read
  });

  it('an ended or expired session is refused as before, with no data', async () => {
    for (const end of [
      'DELETE FROM sessions WHERE token_hash = $1',
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
    ]) {
      const user = await makeUser(t.ds, { role: Role.Teacher });
      const token = await t.login(user.email);
      expect((await asked(MY_COURSES, token)).statements).toBe(1);
      await t.ds.query(end, [hashSecret(token)]);
      const refused = await t.gql(MY_COURSES, {}, token);
      expect(refused.status).toBe(401);
      expect(refused.data).toBeNull();
      expect(refused.errors?.[0]).toMatchObject({
        message: 'Your session has expired. Please sign in again.',
        extensions: { code: 'UNAUTHENTICATED' },
      });
      // and a query that needs no statement but the session's
      expect((await t.gql('{ me { activeRole } }', {}, token)).status).toBe(401);
    }
  });

  it("a changed row or a switched role is answered on what the session's lookup finds now", async () => {
    const user = await makeUser(t.ds, { role: Role.Admin });
    const token = await t.login(user.email);
    expect((await asked(NAME_AND_COURSES, token)).data.me.user.firstName).toBe(user.firstName);
    await t.ds.query(`UPDATE users SET first_name = 'Renamed' WHERE id = $1`, [user.id]);
    const renamed = await t.gql(NAME_AND_COURSES, {}, token);
    expect(renamed.data.me.user.firstName).toBe('Renamed');
    await t.ds.query(`UPDATE sessions SET active_role = 'Teacher' WHERE user_id = $1`, [user.id]);
    const switched = await t.gql(NAME_AND_COURSES, {}, token);
    expect(switched.data.me.activeRole).toBe('TEACHER');
    // and the guess is then what was found: one statement again
    expect((await t.gql(NAME_AND_COURSES, {}, token)).statements).toBe(1);
  });

  it("a student's class renamed is read anew: the viewer's placement is checked too", async () => {
    const token = await t.login('student@demo.school');
    const PLACED = '{ me { user { class { id name } } } myCourses { classes { class { name } } } }';
    const before = await asked(PLACED, token);
    const placed = before.data.me.user.class;
    await t.ds.query('UPDATE classes SET name = $2 WHERE id = $1', [placed.id, `${placed.name} renamed`]);
    try {
      expect((await t.gql(PLACED, {}, token)).data.me.user.class.name).toBe(`${placed.name} renamed`);
      // a query with no read of its own is checked on its own
      expect((await asked('{ me { user { class { name } } } }', token)).data.me.user.class.name).toBe(`${placed.name} renamed`);
      await t.ds.query('UPDATE classes SET name = $2 WHERE id = $1', [placed.id, placed.name]);
      expect((await t.gql('{ me { user { class { name } } } }', {}, token)).data.me.user.class.name).toBe(placed.name);
    } finally {
      await t.ds.query('UPDATE classes SET name = $2 WHERE id = $1', [placed.id, placed.name]);
    }
  });

  it("a parent's children are checked: a child unlinked is no longer read", async () => {
    const parent = await makeUser(t.ds, { role: Role.Parent });
    const child = await makeUser(t.ds, { role: Role.Student });
    await t.ds.query('INSERT INTO parent_students (parent_id, student_id) VALUES ($1, $2)', [parent.id, child.id]);
    const token = await t.login(parent.email);
    const CHILDREN = '{ myChildren { child { id } } me { activeRole } }';
    const before = await asked(CHILDREN, token);
    expect(before.errors).toBeUndefined();
    expect(before.data.myChildren).toEqual([{ child: { id: child.id } }]);
    await t.ds.query('DELETE FROM parent_students WHERE parent_id = $1', [parent.id]);
    const after = await t.gql(CHILDREN, {}, token);
    expect(after.errors).toBeUndefined();
    expect(after.data.myChildren).toEqual([]);
  });

  it('a mutation never runs on a guess: after the session ended it writes nothing', async () => {
    const user = await makeUser(t.ds, { role: Role.Teacher });
    const token = await t.login(user.email);
    const RENAME = 'mutation($n: String!) { updateProfile(input: { firstName: $n, lastName: "Kept" }) { id } }';
    expect((await t.gql(RENAME, { n: 'First' }, token)).errors).toBeUndefined();
    expect((await t.gql(RENAME, { n: 'Second' }, token)).errors).toBeUndefined();
    await t.ds.query('DELETE FROM sessions WHERE token_hash = $1', [hashSecret(token)]);
    const refused = await t.gql(RENAME, { n: 'Third' }, token);
    expect(refused.status).toBe(401);
    expect((await t.ds.query('SELECT first_name FROM users WHERE id = $1', [user.id]))[0].first_name).toBe('Second');
  });
});
