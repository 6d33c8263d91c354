// TEMPORARY (presenter work): records every REST answer so before/after can be compared. Not to be committed.
import fs from 'node:fs';
import { startTestServer, TestServer } from './test/test-server';
import { seedDemoSchool } from './db/seed';
import { postMultipart } from './test/multipart';

let t: TestServer;
const tok: Record<string, string> = {};
const id: Record<string, string> = {};
const out: string[] = [];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const TS = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z/g;
const norm = (s: string) => s.replace(TS, '<ts>').replace(UUID, (u) => label(u));
const labels = new Map<string, string>();
function label(u: string) {
  for (const [k, v] of Object.entries(id)) if (v === u) return `<${k}>`;
  return '<uuid>';
}

async function rec(who: string, method: string, path: string, body?: unknown) {
  const res = await t.rest(method, path, { token: tok[who], body });
  out.push(`${who} ${method} ${norm(path)} ${res.status}\n${norm(JSON.stringify(res.body))}`);
  return res;
}

beforeAll(async () => {
  t = await startTestServer({ REGISTRATION_OPEN: 'true' });
  await seedDemoSchool(t.ds);
  for (const who of ['superadmin', 'admin', 'teacher', 'teacher2', 'student', 'student2', 'parent']) {
    tok[who] = await t.login(`${who}@demo.school`);
    [{ id: id[who] }] = await t.ds.query(`SELECT id FROM users WHERE email = $1`, [`${who}@demo.school`]);
  }
  [{ id: id.math }] = await t.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  [{ id: id.class5a, year: id.year, subject: id.subject }] = await t.ds.query(
    `SELECT c.id, c.academic_year_id AS year, co.subject_id AS subject FROM courses co JOIN classes c ON c.id = co.class_id WHERE co.title = 'MATH-5A'`);
  [{ id: id.module }] = await t.ds.query(`SELECT id FROM course_modules WHERE course_id = $1 ORDER BY sort_order LIMIT 1`, [id.math]);
  [{ id: id.alloc }] = await t.ds.query(`SELECT id FROM allocations WHERE class_id = $1 AND subject_id = $2`, [id.class5a, id.subject]);
  const [d] = await t.ds.query(`SELECT date::text AS d FROM attendance_records WHERE class_id = $1 AND subject_id = $2 ORDER BY date DESC LIMIT 1`, [id.class5a, id.subject]);
  id.date = d.d;
});
afterAll(async () => {
  fs.writeFileSync(process.env.SNAPSHOT_OUT ?? '/tmp/rest-snapshot.txt', out.join('\n\n') + '\n');
  await t.close();
});

it('records every GET for every viewer', async () => {
  const paths = [
    '/auth/me', '/users', '/users?role=Teacher', `/users/${id.student}`, `/users/${id.teacher}`,
    '/academic-years', `/academic-years/${id.year}`, '/classes', `/classes/${id.class5a}`, `/classes/academic-year/${id.year}`,
    '/subjects', `/subjects/${id.subject}`, '/teacher-assignments', `/teacher-assignments/${id.alloc}`,
    `/teacher-assignments/class/${id.class5a}?academicYear=${id.year}`, `/teacher-assignments/teacher/${id.teacher}`,
    '/courses', '/courses/student/my-courses', '/courses/student/all-courses', `/courses/teacher/${id.teacher}`,
    `/courses/${id.math}`, `/courses/reuse/available/${id.subject}`,
    `/modules/course/${id.math}`, `/modules/${id.module}`, `/modules/reuse/available/${id.math}`,
    `/content/module/${id.module}`, `/content/reuse/available/${id.module}`,
    `/announcements/course/${id.math}`, `/discussions/course/${id.math}`,
    `/attendance/students/${id.class5a}/${id.subject}/${id.year}`,
    `/attendance/class/${id.class5a}/subject/${id.subject}/date/${id.date}`,
    '/attendance/student', `/attendance/student?subject=${id.subject}`,
    `/attendance/trend/${id.class5a}/${id.subject}/${id.year}?weeks=3`,
  ];
  for (const who of ['superadmin', 'admin', 'teacher', 'teacher2', 'student', 'parent']) {
    for (const p of paths) await rec(who, 'GET', p);
  }
});

it('records the writes', async () => {
  const login = await t.rest('POST', '/auth/login', { body: { email: 'student2@demo.school', password: 'demo1234' } });
  out.push(`login ${norm(JSON.stringify({ ...login.body, token: '<token>' }))}`);
  const reg = await t.rest('POST', '/auth/register', { body: { firstName: 'Reg', lastName: 'Istered', email: 'reg@x.school', password: 'secret123' } });
  out.push(`register ${norm(JSON.stringify({ ...reg.body, token: '<token>' }))}`);
  const created = await rec('admin', 'POST', '/users', { firstName: 'New', lastName: 'Student', email: 'new.student@x.school', role: 'Student' });
  id.newStudent = created.body.data._id;
  await rec('admin', 'PUT', `/users/${id.newStudent}`, { class: id.class5a, academicYear: id.year });
  const y = await rec('admin', 'POST', '/academic-years', { year: '2099', isActive: false });
  id.newYear = y.body.data._id;
  await rec('admin', 'PUT', `/academic-years/${id.newYear}`, { year: '2098' });
  const c = await rec('admin', 'POST', '/classes', { name: 'Class 9Z', grade: '9', academicYear: id.newYear, description: 'd', isActive: true });
  id.newClass = c.body.data._id;
  await rec('admin', 'PUT', `/classes/${id.newClass}`, { description: 'e' });
  const s = await rec('admin', 'POST', '/subjects', { name: 'Zoology', description: 'z', isActive: true });
  id.newSubject = s.body.data._id;
  await rec('admin', 'PUT', `/subjects/${id.newSubject}`, { description: 'zz' });
  const a = await rec('admin', 'POST', '/teacher-assignments', { teachers: [id.teacher], class: id.newClass, subject: id.newSubject, academicYear: id.newYear });
  id.newAlloc = a.body.data._id;
  await rec('admin', 'PUT', `/teacher-assignments/${id.newAlloc}`, { teachers: [id.teacher, id.teacher2], class: id.newClass, subject: id.newSubject, academicYear: id.newYear });
  const co = await rec('teacher', 'POST', '/courses', { title: 'ZOO-9Z', description: 'zoo', subject: id.newSubject, class: id.newClass, academicYear: id.newYear });
  id.newCourse = co.body.data._id;
  await rec('teacher', 'PUT', `/courses/${id.newCourse}`, { title: 'ZOO-9Z', description: 'zoo2' });
  await rec('teacher', 'POST', `/courses/reuse/clone/${id.math}`, { newAcademicYear: id.newYear, newClass: id.newClass, newSubject: id.newSubject, title: 'CLONE', description: 'c' });
  const m = await rec('teacher', 'POST', '/modules', { title: 'M1', description: 'm', moduleType: 'Week', order: 1, isVisible: true, course: id.newCourse });
  id.newModule = m.body.data._id;
  await rec('teacher', 'PUT', `/modules/${id.newModule}`, { title: 'M1b' });
  await rec('teacher', 'POST', `/modules/reuse/clone/${id.module}`, { newCourseId: id.newCourse });
  const up = await postMultipart(`${t.url}/api/content`, [
    { name: 'module', value: id.newModule }, { name: 'title', value: 'Notes' }, { name: 'contentType', value: 'Reading' },
    { name: 'file', filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('hello') },
  ], { authorization: `Bearer ${tok.teacher}` });
  out.push(`upload ${up.status} ${norm(JSON.stringify(up.body))}`);
  id.newContent = up.body.data._id;
  await rec('teacher', 'PUT', `/content/${id.newContent}`, { title: 'Notes 2' });
  const [{ id: someContent }] = await t.ds.query(`SELECT id FROM contents LIMIT 1`).catch(() => [{ id: id.newContent }]);
  await rec('teacher', 'POST', `/content/reuse/clone/${someContent}`, { newModuleId: id.newModule });
  const an = await rec('teacher', 'POST', '/announcements', { title: 'A', content: 'a', isVisible: true, course: id.math });
  await rec('teacher', 'PUT', `/announcements/${an.body.data._id}`, { title: 'B' });
  const di = await rec('student', 'POST', '/discussions', { title: 'D', content: 'd', course: id.math });
  await rec('teacher', 'POST', '/discussions', { content: 'r', parentDiscussion: di.body.data._id, course: id.math });
  await rec('student', 'PUT', `/discussions/${di.body.data._id}`, { title: 'D2', content: 'd2' });
  const [{ id: kid }] = await t.ds.query(`SELECT id FROM users WHERE email = 'student@demo.school'`);
  await rec('teacher', 'POST', '/attendance/mark', {
    class: id.class5a, subject: id.subject, academicYear: id.year, date: id.date,
    attendanceRecords: [{ student: kid, status: 'Late', notes: 'n' }],
  });
  await rec('student', 'GET', '/attendance/student');
});
