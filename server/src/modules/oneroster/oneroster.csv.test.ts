import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { readZip } from './oneroster.zip';
import { startTestServer, TestServer } from '../../test/test-server';
import { makeUser } from '../../test/factories';
import { postMultipart } from '../../test/multipart';
import { consumer, zipOf } from '../../test/oneroster-client';
import { SCOPES } from '../../policies/credentials';
import { Role } from '../../core/role';
import { DEMO_PASSWORD } from '../../app/seed';

/**
 * A OneRoster 1.2 CSV zip written here by hand from the CSV binding's column tables (not by our exporter) goes
 * into an empty school: previewed, applied in one go, and then visible where the app shows years, classes,
 * subjects, allocations, placements and parent links; the same zip again, and our own export re-imported,
 * change nothing; a zip with broken references is refused with its lines and changes nothing.
 */
let t: TestServer;
let admin: string;

const MANIFEST = `propertyName,value
manifest.version,1.0
oneroster.version,1.2
file.academicSessions,bulk
file.categories,absent
file.classes,bulk
file.classResources,absent
file.courses,bulk
file.courseResources,absent
file.demographics,absent
file.enrollments,bulk
file.lineItems,absent
file.orgs,bulk
file.resources,absent
file.results,absent
file.roles,bulk
file.userProfiles,absent
file.users,bulk
source.systemName,Hand-written SIS
`;
const ORGS = `sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId
org-d1,,,Riverside District,district,RD,
org-s1,,,Riverside Primary,school,RP,org-d1
`;
const SESSIONS = `sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear
as-t1,,,Autumn 2027,term,2027-08-20,2027-12-20,as-2027,2028
as-2027,,,2027-2028,schoolYear,2027-08-20,2028-06-30,,2028
as-t2,,,Spring 2028,term,2028-01-05,2028-06-30,as-2027,2028
as-gp1,,,Autumn 1,gradingPeriod,2027-08-20,2027-10-20,as-t1,2028
`;
const COURSES = `sourcedId,status,dateLastModified,schoolYearSourcedId,title,courseCode,grades,orgSourcedId,subjects,subjectCodes
c-math3,,,as-2027,Mathematics Grade 3,MATH3,03,org-s1,Mathematics,
c-sci3,,,as-2027,Science Grade 3,SCI3,03,org-s1,Science,
`;
const CLASSES = `sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods
k-3a-math,,,3A Mathematics,03,c-math3,3A,scheduled,Room 12,org-s1,"as-t1,as-t2",Mathematics,,
k-3a-sci,,,3A Science,03,c-sci3,3A,scheduled,Lab,org-s1,as-t1,Science,,
k-3b-math,,,3B Mathematics,03,c-math3,3B,scheduled,Room 14,org-s1,as-t2,Mathematics,,
`;
const USER_HEAD =
  'sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,resourceSourcedIds,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns';
const user = (sid: string, given: string, family: string, email: string, agents = '', grades = '') =>
  `${sid},,,true,${email},,${given},${family},,,${email},,,${agents},${grades},,,,,,,org-s1,`;
const USERS =
  [
    USER_HEAD,
    user('u-t1', 'Ada', 'Lovelace', 'ada@riverside.example'),
    user('u-t2', 'Alan', 'Turing', 'alan@riverside.example'),
    user('u-s1', 'Grace', 'Hopper', 'grace@riverside.example', 'u-p1', '03'),
    user('u-s2', 'Katherine', 'Johnson', 'katherine@riverside.example', '', '03'),
    user('u-s3', 'Edsger', 'Dijkstra', 'edsger@riverside.example', '', '03'),
    user('u-p1', 'Mary', 'Hopper', 'mary@riverside.example', 'u-s1'),
  ].join('\n') + '\n';
const ROLES = `sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId
r-t1,,,u-t1,primary,teacher,,,org-s1,
r-t2,,,u-t2,primary,teacher,,,org-s1,
r-s1,,,u-s1,primary,student,,,org-s1,
r-s2,,,u-s2,primary,student,,,org-s1,
r-s3,,,u-s3,primary,student,,,org-s1,
r-p1,,,u-p1,primary,guardian,,,org-s1,
`;
const ENROLLMENTS = `sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate
e1,,,k-3a-math,org-s1,u-t1,teacher,true,,
e2,,,k-3a-sci,org-s1,u-t2,teacher,true,,
e3,,,k-3b-math,org-s1,u-t1,teacher,true,,
e4,,,k-3a-math,org-s1,u-s1,student,false,,
e5,,,k-3a-sci,org-s1,u-s1,student,false,,
e6,,,k-3a-math,org-s1,u-s2,student,false,,
e7,,,k-3b-math,org-s1,u-s3,student,false,,
`;
const FILES: Record<string, string> = {
  'manifest.csv': MANIFEST,
  'orgs.csv': ORGS,
  'academicSessions.csv': SESSIONS,
  'courses.csv': COURSES,
  'classes.csv': CLASSES,
  'users.csv': USERS,
  'roles.csv': ROLES,
  'enrollments.csv': ENROLLMENTS,
};

const upload = (zip: Buffer, apply: boolean, token = admin) =>
  postMultipart(
    `${t.url}/api/oneroster/imports`,
    [
      { name: 'apply', value: String(apply) },
      { name: 'file', filename: 'roster.zip', contentType: 'application/zip', data: zip },
    ],
    { authorization: `Bearer ${token}` },
  );

/** Everything an import may touch, to prove that a refused or repeated one touched nothing. */
const snapshot = async (ds: DataSource) => ({
  years: await ds.query(`SELECT id, year, start_date, end_date, sourced_id, version, updated_at FROM academic_years ORDER BY id`),
  periods: await ds.query(`SELECT * FROM academic_periods ORDER BY id`),
  subjects: await ds.query(`SELECT id, name, updated_at FROM subjects ORDER BY id`),
  classes: await ds.query(`SELECT id, name, grade, updated_at FROM classes ORDER BY id`),
  allocations: await ds.query(`SELECT id, sourced_id, updated_at FROM allocations ORDER BY id`),
  teachers: await ds.query(`SELECT * FROM allocation_teachers ORDER BY 1, 2`),
  users: await ds.query(
    `SELECT id, email, first_name, last_name, role, class_id, academic_year_id, sourced_id, deactivated_at, updated_at FROM users ORDER BY id`,
  ),
  links: await ds.query(`SELECT parent_id, student_id FROM parent_students ORDER BY 1, 2`),
  orgs: await ds.query(`SELECT * FROM oneroster_orgs ORDER BY type`),
  courses: await ds.query(`SELECT * FROM oneroster_courses ORDER BY 1, 2`),
  mail: await ds.query(`SELECT count(*)::int AS n FROM mail_outbox`),
});

beforeAll(async () => {
  t = await startTestServer();
  const a = await makeUser(t.ds, { role: Role.Admin, email: 'office@riverside.example' });
  admin = await t.login(a.email, DEMO_PASSWORD);
}, 60_000);
afterAll(() => t?.close());

it('previews, then applies a hand-written zip into an empty school; the app shows what it holds', async () => {
  const zip = await zipOf(FILES);
  const before = await snapshot(t.ds);
  const preview = await upload(zip, false);
  expect(preview.status).toBe(200);
  expect(preview.body.data).toMatchObject({ applied: false, problems: [] });
  const counts = Object.fromEntries(preview.body.data.counts.map((c: { object: string; created: number }) => [c.object, c.created]));
  expect(counts).toMatchObject({ academicSession: 4, subject: 2, class: 3, user: 6, 'parent link': 1, enrollment: 6 });
  expect(await snapshot(t.ds)).toEqual(before);

  const applied = await upload(zip, true);
  expect([applied.status, applied.body.data.applied]).toEqual([201, true]);

  // what the course-management and user pages read
  const tree = await t.gql(
    `{ academicYears { year classes { name grade } } allocations { nodes { class { name } subject { name } academicYear { year } teachers { email } } } subjects { nodes { name } } }`,
    {},
    admin,
  );
  expect(tree.errors).toBeUndefined();
  expect(tree.data.academicYears).toEqual([
    {
      year: '2027-2028',
      classes: expect.arrayContaining([
        { name: '3A', grade: '03' },
        { name: '3B', grade: '03' },
      ]),
    },
  ]);
  expect(tree.data.subjects.nodes.map((s: { name: string }) => s.name).sort()).toEqual(['Mathematics', 'Science']);
  expect(
    tree.data.allocations.nodes
      .map((a: any) => [a.class.name, a.subject.name, a.academicYear.year, a.teachers.map((x: { email: string }) => x.email)])
      .sort(),
  ).toEqual([
    ['3A', 'Mathematics', '2027-2028', ['ada@riverside.example']],
    ['3A', 'Science', '2027-2028', ['alan@riverside.example']],
    ['3B', 'Mathematics', '2027-2028', ['ada@riverside.example']],
  ]);
  const placed = await t.ds.query(`SELECT u.email, c.name FROM users u JOIN classes c ON c.id = u.class_id ORDER BY u.email`);
  expect(placed).toEqual([
    { email: 'edsger@riverside.example', name: '3B' },
    { email: 'grace@riverside.example', name: '3A' },
    { email: 'katherine@riverside.example', name: '3A' },
  ]);
  const users = await t.gql(`{ users(first: 50) { nodes { email role activated class { name } familyLinks { email } } } }`, {}, admin);
  expect(users.errors).toBeUndefined();
  expect(users.data.users.nodes).toEqual(
    expect.arrayContaining([
      {
        email: 'mary@riverside.example',
        role: 'PARENT',
        activated: false,
        class: null,
        familyLinks: [{ email: 'grace@riverside.example' }],
      },
      {
        email: 'grace@riverside.example',
        role: 'STUDENT',
        activated: false,
        class: { name: '3A' },
        familyLinks: [{ email: 'mary@riverside.example' }],
      },
      { email: 'ada@riverside.example', role: 'TEACHER', activated: false, class: null, familyLinks: [] },
    ]),
  );
  expect(
    await t.ds.query(
      `SELECT p.email AS parent, s.email AS student FROM parent_students ps JOIN users p ON p.id = ps.parent_id JOIN users s ON s.id = ps.student_id`,
    ),
  ).toEqual([{ parent: 'mary@riverside.example', student: 'grace@riverside.example' }]);
  expect(
    await t.ds.query(`SELECT title, type, to_char(start_date, 'YYYY-MM-DD') AS start FROM academic_periods ORDER BY start_date, type DESC`),
  ).toEqual([
    { title: 'Autumn 2027', type: 'term', start: '2027-08-20' },
    { title: 'Autumn 1', type: 'gradingPeriod', start: '2027-08-20' },
    { title: 'Spring 2028', type: 'term', start: '2028-01-05' },
  ]);
  // new users are invited as when an admin creates them
  expect(
    (await t.ds.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE subject = 'You have been invited to the school LMS'`))[0].n,
  ).toBe(6);
  expect(await t.ds.query(`SELECT sourced_id, name, type FROM oneroster_orgs ORDER BY type`)).toEqual([
    { sourced_id: 'org-d1', name: 'Riverside District', type: 'district' },
    { sourced_id: 'org-s1', name: 'Riverside Primary', type: 'school' },
  ]);

  // the SIS's course sourcedIds come back from the REST provider, on the courses and on the classes that name them
  const app = await consumer(t, admin, [SCOPES.rosterRead]);
  const courses = await app.call('GET', '/rostering/v1p2/courses?sort=sourcedId&fields=sourcedId,title');
  expect(courses.body.courses).toEqual([
    { sourcedId: 'c-math3', title: 'Mathematics 03' },
    { sourcedId: 'c-sci3', title: 'Science 03' },
  ]);
  const klass = await app.call('GET', '/rostering/v1p2/classes/k-3b-math');
  expect(klass.body.class.course.sourcedId).toBe('c-math3');

  const list = await t.rest('GET', '/oneroster/imports', { token: admin });
  expect([list.status, list.body.message]).toEqual([200, undefined]);
  expect(list.body.data.map((i: { applied: boolean }) => i.applied)).toEqual([true, false]);
});

it('the same zip again, and our own export re-imported, change nothing', async () => {
  const before = await snapshot(t.ds);
  const again = await upload(await zipOf(FILES), true);
  expect(again.body.data.problems).toEqual([]);
  expect(
    again.body.data.counts.filter(
      (c: { created: number; changed: number; deactivated: number }) => c.created + c.changed + c.deactivated > 0,
    ),
  ).toEqual([]);
  expect(await snapshot(t.ds)).toEqual(before);

  const exported = await fetch(`${t.url}/api/oneroster/export`, { headers: { authorization: `Bearer ${admin}` } });
  expect(exported.status).toBe(200);
  expect(exported.headers.get('content-type')).toBe('application/zip');
  const ours = Buffer.from(await exported.arrayBuffer());
  // the export gives the SIS's course sourcedIds back
  const file = path.join(os.tmpdir(), `oneroster-export-${process.pid}.zip`);
  fs.writeFileSync(file, ours);
  const rows: string[][] = [];
  await readZip(
    file,
    (n) => n === 'courses.csv' || n === 'classes.csv',
    (n, r) => rows.push([n, r.cells.sourcedId, r.cells.courseSourcedId ?? '']),
    () => undefined,
  );
  fs.rmSync(file);
  expect(rows.sort()).toEqual([
    ['classes.csv', 'k-3a-math', 'c-math3'],
    ['classes.csv', 'k-3a-sci', 'c-sci3'],
    ['classes.csv', 'k-3b-math', 'c-math3'],
    ['courses.csv', 'c-math3', ''],
    ['courses.csv', 'c-sci3', ''],
  ]);
  const reimport = await upload(ours, true);
  expect(reimport.body.data.problems).toEqual([]);
  expect(
    reimport.body.data.counts.filter(
      (c: { created: number; changed: number; deactivated: number }) => c.created + c.changed + c.deactivated > 0,
    ),
  ).toEqual([]);
  expect(await snapshot(t.ds)).toEqual(before);
});

it('a delta zip ends what it marks tobedeleted: a teacher leaves a class, a student leaves their placement', async () => {
  const delta = await zipOf({
    'manifest.csv': 'propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\nfile.enrollments,delta\n',
    'enrollments.csv': `sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate
e3,tobedeleted,2027-09-01T00:00:00.000Z,k-3b-math,org-s1,u-t1,teacher,true,,
e7,tobedeleted,2027-09-01T00:00:00.000Z,k-3b-math,org-s1,u-s3,student,false,,
`,
  });
  const preview = await upload(delta, false);
  expect(preview.body.data.counts).toEqual([{ object: 'enrollment', created: 0, changed: 0, deactivated: 2, unchanged: 0 }]);
  const applied = await upload(delta, true);
  expect(applied.body.data.applied).toBe(true);
  expect(await t.ds.query(`SELECT class_id FROM users WHERE email = 'edsger@riverside.example'`)).toEqual([{ class_id: null }]);
  expect(
    await t.ds.query(
      `SELECT count(*)::int AS n FROM allocation_teachers at JOIN allocations a ON a.id = at.allocation_id WHERE a.sourced_id = 'k-3b-math'`,
    ),
  ).toEqual([{ n: 0 }]);
  // the full roster again puts both back
  const restored = await upload(await zipOf(FILES), true);
  expect(restored.body.data.counts.find((c: { object: string }) => c.object === 'enrollment')).toMatchObject({ created: 2 });
});

it('a bulk zip ends what the SIS no longer sends: users deactivated, classes, enrollments, links and periods gone; hand-made rows stay', async () => {
  // made here by hand: a teacher of an SIS class, and an allocation of our own
  const hand = await makeUser(t.ds, { role: Role.Teacher, email: 'hand@riverside.example' });
  await t.ds.query(
    `INSERT INTO allocation_teachers (allocation_id, teacher_id) SELECT id, $1 FROM allocations WHERE sourced_id = 'k-3a-math'`,
    [hand.id],
  );
  const [art] = await t.ds.query(`INSERT INTO subjects (name) VALUES ('Art') RETURNING id`);
  const [ownAllocation] = await t.ds.query(
    `INSERT INTO allocations (class_id, subject_id, academic_year_id)
    SELECT id, $1, academic_year_id FROM classes WHERE name = '3B' RETURNING id`,
    [art.id],
  );
  // Edsger has signed in
  await t.ds.query(
    `UPDATE users SET activated = true, password_hash = (SELECT password_hash FROM users WHERE id = $1) WHERE email = 'edsger@riverside.example'`,
    [hand.id],
  );
  const edsger = await t.login('edsger@riverside.example');

  const without = (text: string, ...starts: string[]) =>
    text
      .split('\n')
      .filter((l) => !starts.some((x) => l.startsWith(`${x},`)))
      .join('\n');
  const leaner = await zipOf({
    ...FILES,
    'academicSessions.csv': without(SESSIONS, 'as-gp1'),
    'classes.csv': without(CLASSES, 'k-3b-math'),
    'users.csv': without(USERS, 'u-s3', 'u-p1').replace(',u-p1,03,', ',,03,'),
    'roles.csv': without(ROLES, 'r-s3', 'r-p1'),
    'enrollments.csv': without(ENROLLMENTS, 'e2', 'e3', 'e7'),
  });
  // the person running the import is never deactivated by it
  await t.ds.query(`UPDATE users SET sourced_id = 'u-office' WHERE email = 'office@riverside.example'`);
  expect((await upload(leaner, true)).body.data).toMatchObject({
    applied: false,
    problems: [
      {
        file: 'users.csv',
        line: 0,
        reason: 'This zip would deactivate "u-office", who is running the import: an import never deactivates the person running it',
      },
    ],
  });
  await t.ds.query(`UPDATE users SET sourced_id = NULL WHERE email = 'office@riverside.example'`);
  const preview = await upload(leaner, false);
  expect(preview.body.data.problems).toEqual([]);
  const moved = (counts: Array<{ object: string; created: number; changed: number; deactivated: number }>) =>
    Object.fromEntries(
      counts.filter((c) => c.created + c.changed + c.deactivated > 0).map((c) => [c.object, [c.created, c.changed, c.deactivated]]),
    );
  expect(moved(preview.body.data.counts)).toEqual({
    academicSession: [0, 0, 1],
    class: [0, 0, 1],
    user: [0, 0, 2],
    'parent link': [0, 0, 1],
    enrollment: [0, 0, 2],
  });

  const applied = await upload(leaner, true);
  expect(applied.body.data.applied).toBe(true);
  expect(await t.ds.query(`SELECT email FROM users WHERE deactivated_at IS NOT NULL ORDER BY email`)).toEqual([
    { email: 'edsger@riverside.example' },
    { email: 'mary@riverside.example' },
  ]);
  // a deactivated user's session ends and they cannot sign in again; their row and work stay
  expect((await t.rest('GET', '/auth/me', { token: edsger })).status).toBe(401);
  const again = await t.rest('POST', '/auth/login', { body: { email: 'edsger@riverside.example', password: DEMO_PASSWORD } });
  expect([again.status, again.body.message]).toEqual([
    401,
    'This account has been deactivated. Ask the school office if you think this is a mistake.',
  ]);
  expect(await t.ds.query(`SELECT class_id FROM users WHERE email = 'edsger@riverside.example'`)).toEqual([{ class_id: null }]);
  expect(await t.ds.query(`SELECT count(*)::int AS n FROM allocations WHERE sourced_id = 'k-3b-math'`)).toEqual([{ n: 0 }]);
  expect(await t.ds.query(`SELECT count(*)::int AS n FROM parent_students`)).toEqual([{ n: 0 }]);
  expect(await t.ds.query(`SELECT title FROM academic_periods ORDER BY title`)).toEqual([
    { title: 'Autumn 2027' },
    { title: 'Spring 2028' },
  ]);
  expect(
    await t.ds.query(`SELECT a.sourced_id, u.email FROM allocation_teachers at JOIN allocations a ON a.id = at.allocation_id
    JOIN users u ON u.id = at.teacher_id ORDER BY 1, 2`),
  ).toEqual([
    { sourced_id: 'k-3a-math', email: 'ada@riverside.example' },
    { sourced_id: 'k-3a-math', email: 'hand@riverside.example' },
  ]);
  expect(await t.ds.query(`SELECT count(*)::int AS n FROM allocations WHERE id = $1`, [ownAllocation.id])).toEqual([{ n: 1 }]);

  // the same zip twice changes nothing, and neither does our own export (it marks the deactivated tobedeleted)
  const before = await snapshot(t.ds);
  const twice = await upload(leaner, true);
  expect(moved(twice.body.data.counts)).toEqual({});
  const exported = await fetch(`${t.url}/api/oneroster/export`, { headers: { authorization: `Bearer ${admin}` } });
  const reimport = await upload(Buffer.from(await exported.arrayBuffer()), true);
  expect([reimport.body.data.problems, moved(reimport.body.data.counts)]).toEqual([[], {}]);
  expect(await snapshot(t.ds)).toEqual(before);

  // the full roster again brings them back: reactivated (their password still theirs), placed, linked, taught
  const restored = await upload(await zipOf(FILES), true);
  expect(moved(restored.body.data.counts)).toEqual({
    academicSession: [1, 0, 0],
    class: [1, 0, 0],
    user: [0, 2, 0],
    'parent link': [1, 0, 0],
    enrollment: [3, 0, 0],
  });
  expect((await t.rest('POST', '/auth/login', { body: { email: 'edsger@riverside.example', password: DEMO_PASSWORD } })).status).toBe(200);
  await t.ds.query(`DELETE FROM allocations WHERE id = $1`, [ownAllocation.id]);
  await t.ds.query(`DELETE FROM subjects WHERE id = $1`, [art.id]);
  await t.ds.query(`DELETE FROM allocation_teachers WHERE teacher_id = $1`, [hand.id]);
  await t.ds.query(`DELETE FROM users WHERE id = $1`, [hand.id]);
});

it('refuses a zip with broken references with each file and physical line, and changes nothing', async () => {
  const before = await snapshot(t.ds);
  const broken = await zipOf({
    ...FILES,
    // a quoted cell spanning three lines: a problem names the physical line its row starts on
    'classes.csv':
      CLASSES.replace('Room 12', '"Room 12\nsecond floor\r\n(east wing)"') +
      'k-4a,,,4A Mathematics,04,c-math4,4A,scheduled,,org-s1,as-t1,Mathematics,,\n',
    'users.csv': USERS + user('u-s9', 'Ghost', 'Child', 'ghost@riverside.example', 'u-nobody', '04') + '\n',
    'roles.csv': ROLES + 'r-s9,,,u-s9,primary,student,,,org-s1,\n',
    'enrollments.csv': ENROLLMENTS + 'e8,,,k-nowhere,org-s1,u-s2,student,false,,\ne9,,,k-3a-math,org-elsewhere,u-s2,student,false,,\n',
  });
  const res = await upload(broken, true);
  expect(res.status).toBe(200);
  expect(res.body.data.applied).toBe(false);
  expect(res.body.data.problems).toEqual([
    { file: 'classes.csv', line: 7, reason: 'courseSourcedId "c-math4" is no course of this file' },
    { file: 'users.csv', line: 8, reason: 'agentSourcedIds "u-nobody" is no user of this file or this school' },
    { file: 'enrollments.csv', line: 9, reason: 'classSourcedId "k-nowhere" is no class of this file or this school' },
    { file: 'enrollments.csv', line: 10, reason: 'schoolSourcedId "org-elsewhere" is no org of this file or this school' },
  ]);
  expect(await snapshot(t.ds)).toEqual(before);
});

it('refuses unsafe and malformed zips before reading a row, and every role but SuperAdmin and Admin', async () => {
  const before = await snapshot(t.ds);
  const cases: Array<[Buffer, string]> = [
    [await zipOf({ ...FILES, 'subdir/users.csv': USERS }), 'only files at its root'],
    [Buffer.from('not a zip at all'), 'not a zip archive'],
    [await zipOf({ 'users.csv': USERS }), 'no manifest.csv'],
  ];
  for (const [zip, text] of cases) {
    const res = await upload(zip, true);
    expect([res.status, res.body.success]).toEqual([400, false]);
    expect(res.body.message).toContain(text);
  }
  const traversal = await zipOf({ 'manifest.csv': MANIFEST });
  // yazl refuses to write "../x.csv"; patch the name in place (same length) as a hostile archiver would
  const hostile = Buffer.from(traversal.toString('latin1').replaceAll('manifest.csv', '../nifest.csv'), 'latin1');
  const res = await upload(hostile, true);
  expect(res.status).toBe(400);
  const teacher = await makeUser(t.ds, { role: Role.Teacher });
  const refused = await upload(await zipOf(FILES), true, await t.login(teacher.email, DEMO_PASSWORD));
  expect(refused.status).toBe(403);
  expect(
    (await fetch(`${t.url}/api/oneroster/export`, { headers: { authorization: `Bearer ${await t.login(teacher.email, DEMO_PASSWORD)}` } }))
      .status,
  ).toBe(403);
  const after = await snapshot(t.ds);
  expect({ ...after, users: after.users.filter((u: { id: string }) => u.id !== teacher.id) }).toEqual(before);
});
