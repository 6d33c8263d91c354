import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';

/** At most one academic year is active: the database refuses a second, and activating one hands over in one step. */
let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  admin = await t.login('admin@demo.school');
});
afterAll(() => t.close());

const active = async () =>
  (await t.ds.query('SELECT year FROM academic_years WHERE is_active ORDER BY year')).map((r: { year: string }) => r.year);

test('the database refuses a second active year', async () => {
  await expect(t.ds.query(`UPDATE academic_years SET is_active = true WHERE year = '2025'`)).rejects.toThrow(/academic_years_one_active/);
  expect(await active()).toEqual(['2026']);
});

test('creating an active year makes it the one active year (REST)', async () => {
  const res = await t.rest('POST', '/academic-years', { token: admin, body: { year: '2027', isActive: true } });
  expect(res.status).toBe(201);
  expect(await active()).toEqual(['2027']);
});

test('activating a year deactivates the other (GraphQL)', async () => {
  const [{ id }] = await t.ds.query(`SELECT id FROM academic_years WHERE year = '2026'`);
  const r = await t.gql(
    'mutation($i: UpdateAcademicYearInput!) { updateAcademicYear(input: $i) { year isActive } }',
    { i: { id, isActive: true } },
    admin,
  );
  expect(r.errors).toBeUndefined();
  expect(await active()).toEqual(['2026']);
});

test('ten simultaneous activations of different years leave exactly one active', async () => {
  for (let i = 0; i < 10; i++) await t.ds.query(`INSERT INTO academic_years (year, is_active) VALUES ($1, false)`, [`30${i}0`]);
  const ids: Array<{ id: string }> = await t.ds.query(`SELECT id FROM academic_years WHERE year LIKE '30_0'`);
  const rs = await Promise.all(ids.map(({ id }) => t.rest('PUT', `/academic-years/${id}`, { token: admin, body: { isActive: true } })));
  expect(rs.map((r) => r.status)).toEqual(ids.map(() => 200));
  expect((await active()).length).toBe(1);
});
