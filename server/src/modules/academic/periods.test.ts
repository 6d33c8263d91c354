import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';

/**
 * An academic year's dates, terms and grading periods entered in the app (issue 27): SuperAdmin and Admin
 * only; a period runs from a day before its last, inside its year (whose dates come first), a grading period
 * inside its term; a year's or a term's new dates must still hold what lies inside them.
 */
let t: TestServer;
let admin: string;
let yearId: string;

const YEAR = `id year startDate endDate version periods { id type title startDate endDate parentId }`;
const setYear = (input: Record<string, unknown>, token = admin) =>
  t.gql(`mutation($i: UpdateAcademicYearInput!) { updateAcademicYear(input: $i) { ${YEAR} } }`, { i: { id: yearId, ...input } }, token);
const addPeriod = (input: Record<string, unknown>, token = admin) =>
  t.gql(
    'mutation($i: CreateAcademicPeriodInput!) { createAcademicPeriod(input: $i) { id type title startDate endDate parentId } }',
    { i: { academicYearId: yearId, ...input } },
    token,
  );
const changePeriod = (input: Record<string, unknown>, token = admin) =>
  t.gql(
    'mutation($i: UpdateAcademicPeriodInput!) { updateAcademicPeriod(input: $i) { id title startDate endDate parentId } }',
    { i: input },
    token,
  );
const refusal = (r: { errors?: Array<{ message: string; extensions?: { code?: string } }> }) => [
  r.errors?.[0]?.extensions?.code,
  r.errors?.[0]?.message,
];

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  admin = await t.login('admin@demo.school');
  [{ id: yearId }] = await t.ds.query(`SELECT id FROM academic_years WHERE year = '2026'`);
}, 60_000);
afterAll(() => t?.close());

test('a year without dates takes no period; its dates need both days, the start first', async () => {
  expect(refusal(await addPeriod({ type: 'TERM', title: 'Autumn', startDate: '2026-09-01', endDate: '2026-12-20' }))).toEqual([
    'VALIDATION',
    "Set the academic year's start and end dates first",
  ]);
  expect(refusal(await setYear({ startDate: '2026-09-01' }))).toEqual(['VALIDATION', 'Give both a start and an end date, or neither']);
  expect(refusal(await setYear({ startDate: '2027-07-31', endDate: '2026-09-01' }))).toEqual([
    'VALIDATION',
    'The start date must be before the end date',
  ]);
  expect(refusal(await setYear({ startDate: '2026-02-30', endDate: '2027-07-31' }))).toEqual([
    'VALIDATION',
    'Start date must be a date (YYYY-MM-DD)',
  ]);
  const ok = await setYear({ startDate: '2026-09-01', endDate: '2027-07-31' });
  expect(ok.errors).toBeUndefined();
  expect(ok.data.updateAcademicYear).toMatchObject({ startDate: '2026-09-01', endDate: '2027-07-31', periods: [] });
});

test('terms and grading periods lie inside their year and term; changes keep them so', async () => {
  const autumn = await addPeriod({ type: 'TERM', title: 'Autumn', startDate: '2026-09-01', endDate: '2026-12-20' });
  expect(autumn.errors).toBeUndefined();
  const termId = autumn.data.createAcademicPeriod.id;
  expect(refusal(await addPeriod({ type: 'TERM', title: 'Summer', startDate: '2027-06-01', endDate: '2027-08-15' }))).toEqual([
    'VALIDATION',
    "Summer must lie inside the academic year's dates",
  ]);
  expect(refusal(await addPeriod({ type: 'TERM', title: 'Spring', startDate: '2027-03-01', endDate: '2027-03-01' }))).toEqual([
    'VALIDATION',
    'The start date must be before the end date',
  ]);
  expect(refusal(await addPeriod({ type: 'semester', title: 'Spring', startDate: '2027-01-05', endDate: '2027-06-30' }))[0]).toBe(
    'BAD_USER_INPUT',
  );
  const semester = await t.rest('POST', `/academic-years/${yearId}/periods`, {
    token: admin,
    body: { type: 'semester', title: 'Spring', startDate: '2027-01-05', endDate: '2027-06-30' },
  });
  expect([semester.status, semester.body.message]).toEqual([400, "Type must be 'term' or 'gradingPeriod'"]);
  expect(
    refusal(await addPeriod({ type: 'GRADING_PERIOD', title: 'Q2', startDate: '2026-11-01', endDate: '2027-01-20', parentId: termId })),
  ).toEqual(['VALIDATION', 'Q2 must lie inside the term Autumn']);
  const q1 = await addPeriod({ type: 'GRADING_PERIOD', title: 'Q1', startDate: '2026-09-01', endDate: '2026-10-31', parentId: termId });
  expect(q1.data.createAcademicPeriod).toMatchObject({ type: 'GRADING_PERIOD', parentId: termId });

  // a term keeps its grading periods, a year its periods
  expect(refusal(await changePeriod({ id: termId, startDate: '2026-10-01', endDate: '2026-12-20' }))).toEqual([
    'VALIDATION',
    "The term's dates must include its grading periods: Q1 lies outside",
  ]);
  expect(refusal(await setYear({ startDate: '2026-10-01', endDate: '2027-07-31' }))).toEqual([
    'VALIDATION',
    "The academic year's dates must include all its terms and grading periods: Autumn lies outside",
  ]);
  expect(refusal(await setYear({ startDate: null, endDate: null }))).toEqual([
    'VALIDATION',
    "The academic year's dates cannot be removed while it has terms or grading periods",
  ]);

  // changed through REST as through GraphQL
  const renamed = await t.rest('PUT', `/academic-periods/${termId}`, {
    token: admin,
    body: { title: 'Autumn term', endDate: '2026-12-22' },
  });
  expect([renamed.status, renamed.body.data]).toEqual([
    200,
    expect.objectContaining({ _id: termId, title: 'Autumn term', endDate: '2026-12-22', type: 'term' }),
  ]);
  const spring = await t.rest('POST', `/academic-years/${yearId}/periods`, {
    token: admin,
    body: { type: 'term', title: 'Spring', startDate: '2027-01-05', endDate: '2027-06-30' },
  });
  expect(spring.status).toBe(201);
  const listed = await t.rest('GET', `/academic-years/${yearId}/periods`, { token: admin });
  expect(listed.body.data.map((p: { title: string }) => p.title)).toEqual(['Autumn term', 'Q1', 'Spring']);

  // OneRoster reads them: the year's terms are now these two
  const year = await t.gql(`query($id: ID!) { academicYear(id: $id) { ${YEAR} } }`, { id: yearId }, admin);
  expect(year.data.academicYear.periods.map((p: { title: string; type: string }) => `${p.type} ${p.title}`)).toEqual([
    'TERM Autumn term',
    'GRADING_PERIOD Q1',
    'TERM Spring',
  ]);

  // removing a term removes its grading periods
  const gone = await t.gql('mutation($id: ID!) { deleteAcademicPeriod(id: $id) }', { id: termId }, admin);
  expect(gone.data.deleteAcademicPeriod).toBe(true);
  expect(await t.ds.query(`SELECT title FROM academic_periods WHERE academic_year_id = $1 ORDER BY title`, [yearId])).toEqual([
    { title: 'Spring' },
  ]);
});

test("Teacher, Student and Parent may read a year's periods but change nothing", async () => {
  const [{ id: periodId }] = await t.ds.query(`SELECT id FROM academic_periods WHERE academic_year_id = $1`, [yearId]);
  const before = await t.ds.query(`SELECT * FROM academic_periods ORDER BY id`);
  const yearBefore = await t.ds.query(`SELECT start_date, end_date, version FROM academic_years WHERE id = $1`, [yearId]);
  for (const email of ['teacher@demo.school', 'student@demo.school', 'parent@demo.school']) {
    const token = await t.login(email);
    const read = await t.gql(`query($id: ID!) { academicYear(id: $id) { startDate periods { title } } }`, { id: yearId }, token);
    expect(read.data.academicYear).toEqual({ startDate: '2026-09-01', periods: [{ title: 'Spring' }] });
    expect(refusal(await setYear({ startDate: '2026-08-01', endDate: '2027-07-31' }, token))[0]).toBe('FORBIDDEN');
    expect(refusal(await addPeriod({ type: 'TERM', title: 'Mine', startDate: '2026-09-01', endDate: '2026-10-01' }, token))[0]).toBe(
      'FORBIDDEN',
    );
    expect(refusal(await changePeriod({ id: periodId, title: 'Mine' }, token))[0]).toBe('FORBIDDEN');
    expect(refusal(await t.gql('mutation($id: ID!) { deleteAcademicPeriod(id: $id) }', { id: periodId }, token))[0]).toBe('FORBIDDEN');
    expect(
      (
        await t.rest('POST', `/academic-years/${yearId}/periods`, {
          token,
          body: { type: 'term', title: 'Mine', startDate: '2026-09-01', endDate: '2026-10-01' },
        })
      ).status,
    ).toBe(403);
    expect((await t.rest('DELETE', `/academic-periods/${periodId}`, { token })).status).toBe(403);
  }
  expect(await t.ds.query(`SELECT * FROM academic_periods ORDER BY id`)).toEqual(before);
  expect(await t.ds.query(`SELECT start_date, end_date, version FROM academic_years WHERE id = $1`, [yearId])).toEqual(yearBefore);
});
