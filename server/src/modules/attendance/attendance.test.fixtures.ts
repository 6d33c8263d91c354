import { startTestServer, TestServer } from '../../test/test-server';
import { seedDemoSchool } from '../../app/seed';
import { makePlacedStudents, makeTeaching } from '../../test/attendance.factories';
import { User } from '../users';

/** The attendance tests' operations and school (attendance.test.ts, attendance.counts.test.ts). */
export const ROSTER = `query($c: ID!, $s: ID!, $y: ID!) { attendanceRoster(classId: $c, subjectId: $s, academicYearId: $y) { id firstName lastName email } }`;
export const FOR_DATE = `query($c: ID!, $s: ID!, $d: String!) { attendanceForDate(classId: $c, subjectId: $s, date: $d) {
  id date status notes version student { id firstName } class { id name grade } subject { id name } academicYear { id year } teacher { firstName lastName } } }`;
export const MARK = `mutation($input: MarkAttendanceInput!) { markAttendance(input: $input) { message updated records { id status notes version student { id } } } }`;
export const MINE = `query($c: ID, $s: ID) { myAttendance(classId: $c, subjectId: $s) { records(first: 200) { totalCount
  nodes { id date status notes student { id } class { id name grade } subject { name } teacher { firstName lastName } } }
  summary { total present absent late rate } studentInfo { class { id name grade } academicYear { id year } } classes { id name } subjects { id name } } }`;
export const TREND = `query($c: ID!, $s: ID!, $y: ID!, $w: Int!) { attendanceTrend(classId: $c, subjectId: $s, academicYearId: $y, weeks: $w) { weekStart present late absent rate } }`;

/** A class, subject and year with an allocation (makeTeaching's `at`). */
export type At = Awaited<ReturnType<typeof makeTeaching>>['at'];

export const varsOf = (at: At) => ({ c: at.classId, s: at.subjectId, y: at.academicYearId });
export const markInput = (date: string, records: Array<Record<string, unknown>>, at: At) => ({ ...at, date, records });
export const restMarkBody = (date: string, records: Array<{ student: string; status: string; notes?: string }>, at: At) => ({
  class: at.classId,
  subject: at.subjectId,
  academicYear: at.academicYearId,
  date,
  attendanceRecords: records,
});
export const rosterPathOf = (at: At) => `/attendance/students/${at.classId}/${at.subjectId}/${at.academicYearId}`;
export const datePathOf = (date: string, at: At) => `/attendance/class/${at.classId}/subject/${at.subjectId}/date/${date}`;

export interface AttendanceWorld {
  t: TestServer;
  /** Tokens and user ids of the demo accounts by role key, and of the placed pupils (pupil0, pupil1). */
  tok: Record<string, string>;
  id: Record<string, string>;
  /** A class of teacher@'s with three placed pupils. */
  teaching: Awaited<ReturnType<typeof makeTeaching>>;
  pupils: User[];
}

/** The demo school, its accounts signed in, and a class teacher@ teaches with three pupils. */
export async function attendanceWorld(): Promise<AttendanceWorld> {
  const t = await startTestServer();
  await seedDemoSchool(t.ds);
  const tok: Record<string, string> = {};
  const id: Record<string, string> = {};
  for (const [key, email] of Object.entries({
    teacher: 'teacher@demo.school',
    teacher2: 'teacher2@demo.school',
    admin: 'admin@demo.school',
    superadmin: 'superadmin@demo.school',
    student: 'student@demo.school',
    parent: 'parent@demo.school',
  })) {
    tok[key] = await t.login(email);
    id[key] = (await t.rest('GET', '/auth/me', { token: tok[key] })).body.user._id;
  }
  const teaching = await makeTeaching(t.ds, [id.teacher]);
  const pupils = await makePlacedStudents(t.ds, 3, teaching.klass.id, teaching.year.id);
  tok.pupil0 = await t.login(pupils[0].email);
  tok.pupil1 = await t.login(pupils[1].email);
  return { t, tok, id, teaching, pupils };
}
