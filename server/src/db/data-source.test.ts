import { adminUrl } from '../test/pg-admin';
import { createDataSource } from './data-source';

/** The app's connections as PostgreSQL sees them. */
test("every connection plans without JIT (a large school's estimates would compile statements that run in milliseconds)", async () => {
  const ds = createDataSource(adminUrl(), { poolSize: 1 });
  await ds.initialize();
  try {
    expect(await ds.query('SHOW jit')).toEqual([{ jit: 'off' }]);
  } finally {
    await ds.destroy();
  }
});

test('a connection, with the statements it has prepared and planned, outlives a quiet spell longer than pg closes idle ones after (10 s)', async () => {
  const ds = createDataSource(adminUrl(), { poolSize: 1 });
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
