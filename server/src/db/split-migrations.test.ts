import type { DataSource } from 'typeorm';
import { startTestServer, type TestServer } from '../test/test-server';

/** The migrations that took over a table another domain's migration used to create (issue 29), by their names. */
const SPLIT = [
  'AuthTables1732300000100',
  'MailOutbox1732300000200',
  'Files1732300001900',
  'CourseModules1732300002100',
  'Contents1732300002200',
  'Announcements1732300002300',
  'Discussions1732300002400',
  'SubmissionTables1732300009100',
  'AcademicPeriods1732300026900',
];

/** What the schema is: every column, constraint and index of the test's own schema. */
async function catalog(ds: DataSource) {
  return {
    columns: await ds.query(
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
        WHERE table_schema = current_schema() ORDER BY 1, 2`,
    ),
    constraints: await ds.query(
      `SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE connamespace = current_schema()::regnamespace ORDER BY 1, 2`,
    ),
    indexes: await ds.query(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1`),
  };
}

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(() => t?.close());

it('a new database gets each moved table from its owner’s migration', async () => {
  const ran: Array<{ name: string }> = await t.ds.query('SELECT name FROM migrations WHERE name = ANY($1)', [SPLIT]);
  expect(ran.map((r) => r.name).sort()).toEqual([...SPLIT].sort());
  for (const table of [
    'sessions',
    'mail_outbox',
    'files',
    'course_modules',
    'contents',
    'announcements',
    'discussions',
    'grades',
    'academic_periods',
  ])
    expect(await t.ds.query('SELECT to_regclass($1) IS NOT NULL AS made', [table])).toEqual([{ made: true }]);
});

it('a database made before the split runs the owners’ migrations and keeps its schema as it was', async () => {
  const before = await catalog(t.ds);
  // as such a database is: the old migrations (same names) made these tables, and the owners' never ran
  await t.ds.query('DELETE FROM migrations WHERE name = ANY($1)', [SPLIT]);
  const ran = await t.ds.runMigrations({ transaction: 'each' });
  expect(ran.map((m) => m.name).sort()).toEqual([...SPLIT].sort());
  expect(await catalog(t.ds)).toEqual(before);
  expect(await t.ds.runMigrations()).toEqual([]);
});
