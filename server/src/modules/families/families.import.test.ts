import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makeUser } from '../../test/factories';
import { Role } from '../../core/role';
import { IMPORT_LINK_TEXT } from '../users';

/** Family links in the CSV import (issue 17): parentEmails on Student rows, childEmails on Parent rows. */
let t: TestServer;
let admin: string;
let teacher: string;

const IMPORT = `mutation($i: ImportUsersInput!) { importUsers(input: $i) { validCount invalidCount createdCount linkCount rows { row email error user { id } } } }`;
const run = (rows: unknown[], o: { dryRun?: boolean; onlyIfAllValid?: boolean } = {}, token = admin) =>
  t.gql(IMPORT, { i: { rows, dryRun: o.dryRun ?? false, onlyIfAllValid: o.onlyIfAllValid ?? true } }, token);
const linksOf = async (email: string) =>
  (
    await t.ds.query(
      `SELECT s.email FROM parent_students ps JOIN users p ON p.id = ps.parent_id JOIN users s ON s.id = ps.student_id
    WHERE p.email = $1 ORDER BY s.email`,
      [email],
    )
  ).map((r: { email: string }) => r.email);
const uid = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  admin = await t.login('admin@demo.school');
  teacher = await t.login('teacher@demo.school');
}, 60_000);
afterAll(() => t.close());

test('a valid file links new parents and students of the file, and existing users, in the same transaction', async () => {
  const u = uid();
  const existing = await makeUser(t.ds, { role: Role.Student, email: `old-${u}@test.school` });
  const r = await run([
    {
      firstName: 'Kid',
      lastName: 'One',
      email: `kid1-${u}@test.school`,
      role: 'Student',
      parentEmails: `mum-${u}@test.school; dad-${u}@test.school`,
    },
    { firstName: 'Kid', lastName: 'Two', email: `kid2-${u}@test.school`, role: 'Student' },
    {
      firstName: 'Mum',
      lastName: 'X',
      email: `mum-${u}@test.school`,
      role: 'Parent',
      childEmails: `kid2-${u}@test.school ${existing.email.toUpperCase()}`,
    },
    { firstName: 'Dad', lastName: 'X', email: `dad-${u}@test.school`, role: 'Parent' },
    // the parent of an existing student, named from the student's side of the demo school
    { firstName: 'Gran', lastName: 'X', email: `gran-${u}@test.school`, role: 'Parent', childEmails: 'student2@demo.school' },
  ]);
  expect(r.errors).toBeUndefined();
  expect(r.data.importUsers).toMatchObject({ validCount: 5, invalidCount: 0, createdCount: 5, linkCount: 5 });
  expect(await linksOf(`mum-${u}@test.school`)).toEqual([`kid1-${u}@test.school`, `kid2-${u}@test.school`, existing.email].sort());
  expect(await linksOf(`dad-${u}@test.school`)).toEqual([`kid1-${u}@test.school`]);
  expect(await linksOf(`gran-${u}@test.school`)).toEqual(['student2@demo.school']);
});

test('invalid links say why per row; with onlyIfAllValid nothing is written, otherwise the valid rows and their links are', async () => {
  const u = uid();
  const rows = [
    { firstName: 'A', lastName: 'Ok', email: `a-${u}@test.school`, role: 'Student', parentEmails: `p-${u}@test.school` },
    { firstName: 'P', lastName: 'Ok', email: `p-${u}@test.school`, role: 'Parent' },
    { firstName: 'B', lastName: 'Bad', email: `b-${u}@test.school`, role: 'Student', parentEmails: 'teacher@demo.school' },
    { firstName: 'C', lastName: 'Bad', email: `c-${u}@test.school`, role: 'Teacher', parentEmails: `p-${u}@test.school` },
    { firstName: 'D', lastName: 'Bad', email: `d-${u}@test.school`, role: 'Student', parentEmails: 'nobody' },
    { firstName: 'E', lastName: 'Bad', email: `e-${u}@test.school`, role: 'Parent', childEmails: `ghost-${u}@test.school` },
    // names a row that is itself refused: refused too, rather than created without its link
    { firstName: 'F', lastName: 'Chain', email: `f-${u}@test.school`, role: 'Student', parentEmails: `e-${u}@test.school` },
  ];
  const all = await run(rows);
  expect(all.data.importUsers).toMatchObject({ validCount: 2, invalidCount: 5, createdCount: 0, linkCount: 0 });
  expect(all.data.importUsers.rows.map((x: any) => x.error)).toEqual([
    null,
    null,
    IMPORT_LINK_TEXT.notA('parentEmails', 'teacher@demo.school', Role.Parent),
    IMPORT_LINK_TEXT.parentEmailsOnStudents,
    IMPORT_LINK_TEXT.invalidEmail('parentEmails', 'nobody'),
    IMPORT_LINK_TEXT.notA('childEmails', `ghost-${u}@test.school`, Role.Student),
    IMPORT_LINK_TEXT.notA('parentEmails', `e-${u}@test.school`, Role.Parent),
  ]);
  const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM users WHERE email LIKE $1`, [`%-${u}@test.school`]);
  expect(n).toBe(0);
  const mixed = await run(rows, { onlyIfAllValid: false });
  expect(mixed.data.importUsers).toMatchObject({ validCount: 2, createdCount: 2, linkCount: 1 });
  expect(await linksOf(`p-${u}@test.school`)).toEqual([`a-${u}@test.school`]);
  const preview = await run(
    [{ firstName: 'G', lastName: 'Dry', email: `g-${u}@test.school`, role: 'Student', parentEmails: `p-${u}@test.school` }],
    { dryRun: true },
  );
  expect(preview.data.importUsers).toMatchObject({ validCount: 1, createdCount: 0, linkCount: 0 });
});

test('only SuperAdmin and Admin link through an import: a teacher may import users but not link them', async () => {
  const u = uid();
  const r = await run(
    [
      { firstName: 'T', lastName: 'Kid', email: `t-${u}@test.school`, role: 'Student', parentEmails: 'parent@demo.school' },
      { firstName: 'T', lastName: 'Plain', email: `tp-${u}@test.school`, role: 'Student' },
    ],
    { onlyIfAllValid: false },
    teacher,
  );
  expect(r.data.importUsers.rows.map((x: any) => x.error)).toEqual([IMPORT_LINK_TEXT.cannotLink, null]);
  expect(r.data.importUsers).toMatchObject({ createdCount: 1, linkCount: 0 });
});
