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
