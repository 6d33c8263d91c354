import { adminUrl } from '../test/pg-admin';
import { PreparingClient } from './prepared';

/** Statements are prepared once per connection, the cache stays bounded, and a failed transaction breaks nothing. */
let c: PreparingClient;
beforeEach(async () => {
  c = new PreparingClient({ connectionString: adminUrl(), preparedPerConnection: 3 });
  await c.connect();
});
afterEach(() => c.end());

const preparedCount = async () => Number((await c.query('SELECT count(*) AS n FROM pg_prepared_statements')).rows[0].n);
const texts = Array.from({ length: 6 }, (_, i) => `SELECT $1::int + ${i} AS n`);

test('a parameterised statement is prepared once and answers like an unprepared one', async () => {
  expect((await c.query(texts[0], [1])).rows).toEqual([{ n: 1 }]);
  expect((await c.query(texts[0], [41])).rows).toEqual([{ n: 41 }]);
  expect(await preparedCount()).toBe(1);
  expect((await c.query('SELECT 2 AS n')).rows).toEqual([{ n: 2 }]); // no parameters: not prepared
  expect(await preparedCount()).toBe(1);
});

test('beyond the bound the least recently used statements are deallocated, and come back when used again', async () => {
  for (let round = 0; round < 2; round++) {
    for (const [i, text] of texts.entries()) expect((await c.query(text, [10])).rows).toEqual([{ n: 10 + i }]);
  }
  expect(await preparedCount()).toBe(3);
  const names = (await c.query('SELECT statement FROM pg_prepared_statements ORDER BY prepare_time')).rows.map(
    (r: { statement: string }) => r.statement,
  );
  expect(names).toEqual(texts.slice(3));
});

test('an eviction inside a failed transaction keeps the statement, and the connection goes on serving', async () => {
  for (const text of texts.slice(0, 3)) await c.query(text, [1]);
  await c.query('BEGIN');
  await expect(c.query('SELECT $1::int / 0', [1])).rejects.toThrow(/division by zero/);
  await expect(c.query(texts[3], [1])).rejects.toThrow(/aborted/); // its eviction's DEALLOCATE fails as well
  await c.query('ROLLBACK');
  for (const [i, text] of texts.entries()) expect((await c.query(text, [5])).rows).toEqual([{ n: 5 + i }]);
  expect(await preparedCount()).toBeLessThanOrEqual(4);
});
