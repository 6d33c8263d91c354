import { buildAppSchema } from '../app/schema';
import { apiRouter } from '../app/rest-router';
import { startTestServer, TestServer } from '../test/test-server';
import { MATRIX } from '../test/authz';
import { checkDocument, covered, graphqlOperations, restPaths, runRow, transportsOf } from '../test/authz/run';
import { World, buildWorld } from '../test/authz/world';

/**
 * The authorization matrix (server/src/test/authz/, legend in matrix.ts): every GraphQL operation and every
 * REST path, for each role on their own and another's object and without a token, through both transports on
 * the demo school. An operation or a path without a row fails here, and so does a row naming one that is gone.
 */
let t: TestServer;
let w: World;

beforeAll(async () => {
  // registration is open here, so that register is tried as the public operation it then is
  t = await startTestServer({ REGISTRATION_OPEN: 'true' });
  w = await buildWorld(t);
}, 60_000);
afterAll(() => t?.close());

const rows = Object.values(MATRIX).flat();

test('every GraphQL operation and every REST path has a row, and every row names one that exists', async () => {
  const operations = graphqlOperations(await buildAppSchema());
  const paths = restPaths(apiRouter());
  const { gql, rest } = covered(rows);
  const problems = [
    ...operations.filter((o) => !gql.has(o)).map((o) => `GraphQL operation without a row: ${o}`),
    ...paths.filter((p) => !rest.has(p)).map((p) => `REST path without a row: ${p}`),
    ...[...gql].filter((o) => !operations.includes(o)).map((o) => `row for a GraphQL operation that does not exist: ${o}`),
    ...[...rest].filter((p) => !paths.includes(p)).map((p) => `row for a REST path that does not exist: ${p}`),
    ...rows.map(checkDocument).filter((p): p is string => p !== null),
    ...rows.filter((r) => transportsOf(r).length === 0).map((r) => `row without an operation or a path: ${Object.keys(r.expect)}`),
  ];
  expect(problems).toEqual([]);
  const attempts = rows.reduce((n, r) => n + transportsOf(r).length * (Object.keys(r.expect).length * 5 + 1), 0);
  console.log(
    `${operations.length} GraphQL operations, ${paths.length} REST paths, 100% covered by ${rows.length} rows (${attempts} attempts)`,
  );
});

describe.each(Object.entries(MATRIX))('%s', (_domain, domainRows) => {
  const label = (r: (typeof rows)[number]) => [r.gql, ...Object.keys(r.rest ?? {})].filter(Boolean).join(' + ');
  test.each(domainRows.map((r) => [label(r), r] as const))('%s', async (_label, r) => {
    expect(await runRow(w, r)).toEqual([]);
  });
});
