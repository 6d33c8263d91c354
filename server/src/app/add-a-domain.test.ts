import { printSchema } from 'graphql';
import { manifestList } from '../core/manifest';
import { manifests } from './manifests';
import { buildAppSchema } from './schema';
import { seedDemoSchool } from './seed';
import { DEMO_EMAIL } from '../test/demo';
import { startTestServer, TestServer } from '../test/test-server';
import { dummyNotesManifest } from '../test/dummy-domain';

/**
 * Adding a domain is its folder plus one line in the list of manifests (issue 29; README "Adding a domain"): the
 * app built from the list with a dummy domain's manifest added (test/dummy-domain: a migration, a service, a
 * resolver, request loaders, a REST adapter) migrates its table, builds its services and loaders, and answers its
 * GraphQL fields and REST paths, with nothing else changed. The app's own list does not have it.
 */
const withDummy = manifestList(...manifests, dummyNotesManifest);

let t: TestServer;
let teacher: string;
let student: string;
beforeAll(async () => {
  t = await startTestServer({}, withDummy);
  await seedDemoSchool(t.ds);
  [teacher, student] = [await t.login(DEMO_EMAIL.Teacher), await t.login(DEMO_EMAIL.Student)];
}, 60_000);
afterAll(() => t?.close());

it("runs the domain's migration, builds its services, and answers its GraphQL fields with its loaders", async () => {
  expect(await t.ds.query(`SELECT to_regclass('dummy_notes') IS NOT NULL AS made`)).toEqual([{ made: true }]);
  expect(Object.keys(t.services)).toEqual([...manifests.map((m) => m.name), 'dummyNotes']);
  const added = await t.gql('mutation { addDummyNote(text: " Bring the atlas ") { id text } }', {}, teacher);
  expect(added.data.addDummyNote).toEqual({ id: expect.any(String), text: 'Bring the atlas' });
  await t.gql('mutation { addDummyNote(text: "Mine") { id } }', {}, student);
  const mine = await t.gql('{ dummyNotes { id text } }', {}, teacher);
  expect(mine.data.dummyNotes).toEqual([added.data.addDummyNote]);
  // the domain's own input rule, through the shared error mapping
  const refused = await t.gql('mutation { addDummyNote(text: "  ") { id } }', {}, teacher);
  expect(refused.errors?.[0]).toMatchObject({ message: 'A note is 1 to 200 characters', extensions: { code: 'VALIDATION' } });
  // nobody signed in: the shared sign-in rule
  expect((await t.gql('{ dummyNotes { id } }')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
});

it('answers its REST paths under /api through the shared envelope', async () => {
  const made = await t.rest('POST', '/dummy-notes', { token: student, body: { text: 'Homework' } });
  expect([made.status, made.body]).toEqual([201, { success: true, data: { _id: expect.any(String), text: 'Homework' } }]);
  const listed = await t.rest('GET', '/dummy-notes', { token: student });
  expect(listed.body.data.map((n: { text: string }) => n.text)).toEqual(['Mine', 'Homework']);
  expect((await t.rest('GET', '/dummy-notes')).status).toBe(401);
});

it("leaves the app's own list and schema without it", async () => {
  expect(manifests.map((m) => m.name)).not.toContain('dummyNotes');
  const own = printSchema(await buildAppSchema());
  expect(own).not.toContain('dummyNotes');
  expect(printSchema(await buildAppSchema(withDummy))).toContain('dummyNotes: [DummyNote!]!');
});
