import { adminUrl } from '../test/pg-admin';
import { QueryFailedError } from 'typeorm';
import { requestStore } from '../core/request-store';
import { appDataSource } from '../app/database';

/** The app's connections as PostgreSQL sees them. */
test("every connection plans without JIT (a large school's estimates would compile statements that run in milliseconds)", async () => {
  const ds = appDataSource(adminUrl(), { poolSize: 1 });
  await ds.initialize();
  try {
    expect(await ds.query('SHOW jit')).toEqual([{ jit: 'off' }]);
  } finally {
    await ds.destroy();
  }
});

test('a connection, with the statements it has prepared and planned, outlives a quiet spell longer than pg closes idle ones after (10 s)', async () => {
  const ds = appDataSource(adminUrl(), { poolSize: 1 });
  await ds.initialize();
  try {
    const pid = async () => (await ds.query('SELECT pg_backend_pid() AS pid, $1::int AS n', [1]))[0].pid;
    const before = await pid();
    await new Promise((r) => setTimeout(r, 10_500));
    expect(await pid()).toBe(before);
    expect((await ds.query(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%pg_backend_pid%'`))[0].n).toBe(1);
  } finally {
    await ds.destroy();
  }
}, 20_000);

test("a statement outside a transaction goes straight to the pool and answers, counts, fails and keeps its connection as TypeORM's runner does", async () => {
  const ds = appDataSource(adminUrl(), { poolSize: 1 });
  await ds.initialize();
  const table = `straight_${process.pid}`;
  // TypeORM's own way: a query runner of its own for the statement
  const viaRunner = async (text: string, values: unknown[]) => {
    const runner = ds.createQueryRunner();
    try {
      return (await runner.query(text, values)) as unknown;
    } finally {
      await runner.release();
    }
  };
  try {
    await ds.query(`CREATE TABLE ${table} (id int PRIMARY KEY, name text)`);
    // the answers: rows for a read or an insert, [rows, count] for an update or delete, each as the runner gives them
    const both = async (text: string, values: unknown[]) => {
      const straight: unknown = await ds.query(text, values);
      const typeorm = await viaRunner(text, values);
      return { straight, typeorm };
    };
    await ds.query(`INSERT INTO ${table} VALUES ($1, 'a'), (2, 'b')`, [1]);
    for (const [text, values] of [
      [`SELECT id, name FROM ${table} WHERE id >= $1::int ORDER BY id`, [1]],
      [`UPDATE ${table} SET name = name WHERE id >= $1::int RETURNING id`, [1]],
      [`DELETE FROM ${table} WHERE id > $1::int AND false`, [100]],
    ] as const) {
      const { straight, typeorm } = await both(text, [...values]);
      expect(straight).toEqual(typeorm);
    }
    expect(await ds.query(`UPDATE ${table} SET name = 'c' WHERE id = $1`, [2])).toEqual([[], 1]);

    // prepared as every parameterised statement is (db/prepared.ts), and on the pool's one connection
    const pid = async () => (await ds.query('SELECT pg_backend_pid() AS pid, $1::int AS n', [1]))[0].pid;
    const before = await pid();
    expect(
      (await ds.query(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%pg_backend_pid() AS pid%'`))[0].n,
    ).toBe(1);

    // no query runner of TypeORM's for it; a text with no values still takes TypeORM's way
    const runners = jest.spyOn(ds, 'createQueryRunner');
    await ds.query('SELECT $1::int AS n', [1]);
    expect(runners).not.toHaveBeenCalled();
    await ds.query('SELECT 1 AS n');
    expect(runners).toHaveBeenCalledTimes(1);
    runners.mockRestore();

    // counted against the request it runs in, as the logger counts TypeORM's (tests and the bench read the counts)
    const store = { requestId: 'r1', sqlCount: 0 };
    await requestStore.run(store, async () => {
      await ds.query(`SELECT $1::int AS n`, [1]);
      await ds.query(`SELECT $1::int AS n`, [2]);
    });
    expect(store.sqlCount).toBe(2);

    // a statement's own error: QueryFailedError with PostgreSQL's code, and the connection (its plans) kept
    const failed = await ds.query(`INSERT INTO ${table} VALUES ($1, 'again')`, [1]).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(QueryFailedError);
    expect((failed as QueryFailedError).driverError).toMatchObject({ code: '23505' });
    expect(await pid()).toBe(before);
  } finally {
    await ds.query(`DROP TABLE IF EXISTS ${table}`);
    await ds.destroy();
  }
});
