import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { SCOPES } from '../../policies/credentials';
import { consumer, imsx } from '../../test/oneroster-client';

/** An application over its limit per minute is told so in the imsx shape (429 server_busy) with Retry-After. */
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ APP_RATE_LIMIT_PER_MINUTE: '3' });
  await seedDemoSchool(t.ds);
}, 60_000);
afterAll(() => t?.close());

it('answers 429 server_busy with Retry-After once the application is over its limit', async () => {
  const c = await consumer(t, await t.login('admin@demo.school'), [SCOPES.rosterRead]);
  const statuses: number[] = [];
  let last = await c.call('GET', '/rostering/v1p2/orgs');
  statuses.push(last.status);
  for (let i = 0; i < 4 && last.status !== 429; i++) {
    last = await c.call('GET', '/rostering/v1p2/orgs');
    statuses.push(last.status);
  }
  expect(statuses[0]).toBe(200);
  expect([last.status, last.body]).toEqual([429, imsx('server_busy')]);
  expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
});
