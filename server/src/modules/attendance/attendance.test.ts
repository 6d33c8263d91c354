import type { TestServer } from '../../test/test-server';
import { makeUser } from '../../test/factories';
import {
  insertAttendance,
  isoDay,
  makeAllocation,
  makeClass,
  makePlacedStudents,
  makeSubject,
  makeTeaching,
} from '../../test/attendance.factories';
import { Role } from '../../core/role';
import { User } from '../users';
import { seedDemoAttendance } from './attendance.seed';
import { ATTENDANCE_TEXT as T, attendanceRate, parseAttendanceDate } from './attendance.validation';
import {
  AttendanceWorld,
  FOR_DATE,
  MARK,
  MINE,
  ROSTER,
  TREND,
  attendanceWorld,
  datePathOf,
  markInput,
  restMarkBody,
  rosterPathOf,
  varsOf,
} from './attendance.test.fixtures';

let t: TestServer;
let tok: Record<string, string>;
let id: Record<string, string>;
let teaching: AttendanceWorld['teaching'];
let pupils: User[];

const vars = (at = teaching.at) => varsOf(at);
const input = (date: string, records: Array<Record<string, unknown>>, at = teaching.at) => markInput(date, records, at);
const restBody = (date: string, records: Array<{ student: string; status: string; notes?: string }>, at = teaching.at) =>
  restMarkBody(date, records, at);
const rosterPath = (at = teaching.at) => rosterPathOf(at);
const datePath = (date: string, at = teaching.at) => datePathOf(date, at);
const rows = async (date: string, at = teaching.at) =>
  t.ds.query(
    `SELECT student_id, status, notes, version FROM attendance_records WHERE class_id = $1 AND subject_id = $2 AND date = $3 ORDER BY student_id`,
    [at.classId, at.subjectId, date],
  );

beforeAll(async () => {
  ({ t, tok, id, teaching, pupils } = await attendanceWorld());
});
afterAll(() => t.close());

describe('marking', () => {
  it('marks a date, then updates it: one record per student, class, subject and date', async () => {
    const date = isoDay(-3);
    const first = await t.rest('POST', '/attendance/mark', {
      token: tok.teacher,
      body: restBody(
        date,
        pupils.map((p) => ({ student: p.id, status: 'Present' })),
      ),
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: 'Attendance marked successfully!', updated: false });
    expect(first.body.data).toHaveLength(3);
    expect(first.body.data[0]).toMatchObject({
      status: 'Present',
      class: { _id: teaching.klass.id, name: teaching.klass.name, grade: '5' },
      teacher: { firstName: 'Tara' },
    });

    const second = await t.gql(
      MARK,
      {
        input: input(date, [
          { studentId: pupils[0].id, status: 'LATE', notes: '  Bus was late  ' },
          { studentId: pupils[1].id, status: 'PRESENT' },
          { studentId: pupils[2].id, status: 'ABSENT', notes: 'Sick' },
        ]),
      },
      tok.teacher,
    );
    expect(second.errors).toBeUndefined();
    expect(second.data.markAttendance).toMatchObject({ message: 'Attendance updated successfully!', updated: true });
    const stored = await rows(date);
    expect(stored).toHaveLength(3);
    const byStudent = new Map(stored.map((r: { student_id: string }) => [r.student_id, r]));
    expect(byStudent.get(pupils[0].id)).toMatchObject({ status: 'Late', notes: 'Bus was late', version: 2 });
    expect(byStudent.get(pupils[2].id)).toMatchObject({ status: 'Absent', notes: 'Sick', version: 2 });
    expect(byStudent.get(pupils[1].id)).toMatchObject({ status: 'Present', notes: null });

    const view = await t.gql(FOR_DATE, { c: teaching.at.classId, s: teaching.at.subjectId, d: date }, tok.teacher);
    expect(view.data.attendanceForDate).toHaveLength(3);
    const rest = await t.rest('GET', datePath(date), { token: tok.teacher });
    expect(rest.body.data.map((r: { status: string }) => r.status).sort()).toEqual(['Absent', 'Late', 'Present']);
  });

  it('adding one student to a marked date is an update and keeps the others', async () => {
    const date = isoDay(-4);
    await t.gql(MARK, { input: input(date, [{ studentId: pupils[0].id, status: 'PRESENT' }]) }, tok.teacher);
    const res = await t.gql(MARK, { input: input(date, [{ studentId: pupils[1].id, status: 'ABSENT' }]) }, tok.teacher);
    expect(res.data.markAttendance.updated).toBe(true);
    expect(await rows(date)).toHaveLength(2);
  });

  it('the database itself refuses a second record for the same student, class, subject and date', async () => {
    const date = isoDay(-30);
    const rec = { studentId: pupils[0].id, date, status: 'Present' };
    await insertAttendance(t.ds, teaching.at, [rec]);
    await expect(insertAttendance(t.ds, teaching.at, [rec])).rejects.toThrow(/attendance_records_student_class_subject_date_key/);
    await expect(
      t.ds.query(`UPDATE attendance_records SET notes = repeat('x', 201) WHERE student_id = $1 AND date = $2`, [pupils[0].id, date]),
    ).rejects.toThrow(/check/);
  });

  it('validates with clear texts and writes nothing', async () => {
    const date = isoDay(-5);
    const ok = { student: pupils[0].id, status: 'Present' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [restBody(date, [{ ...ok, notes: 'x'.repeat(201) }]), T.notesTooLong],
      [restBody(date, [{ ...ok, status: 'Sick' }]), T.statusInvalid],
      [restBody(date, [{ ...ok, status: 'present' }]), T.statusInvalid],
      [restBody(date, []), T.recordsRequired],
      [restBody(date, [ok, ok]), T.duplicateStudent],
      [restBody(date, [{ ...ok, student: '' }]), T.studentRequired],
      [restBody('', [ok]), T.dateRequired],
      [restBody('2026-02-30', [ok]), T.dateInvalid],
      [restBody('yesterday', [ok]), T.dateInvalid],
      [restBody(isoDay(2), [ok]), T.dateInFuture],
      [restBody(date, [{ ...ok, student: id.parent }]), T.notInClass],
      [restBody(date, [{ ...ok, student: id.student }]), T.notInClass],
    ];
    for (const [body, message] of cases) {
      const res = await t.rest('POST', '/attendance/mark', { token: tok.teacher, body });
      expect([res.status, res.body]).toEqual([400, expect.objectContaining({ success: false, code: 'VALIDATION', message })]);
    }
    const gql = await t.gql(
      MARK,
      { input: input(date, [{ studentId: pupils[0].id, status: 'PRESENT', notes: 'y'.repeat(201) }]) },
      tok.teacher,
    );
    expect(gql.errors?.[0]).toMatchObject({ message: 'Notes can be at most 200 characters', extensions: { code: 'VALIDATION' } });
    expect(await rows(date)).toHaveLength(0);

    const exactly200 = await t.gql(
      MARK,
      { input: input(date, [{ studentId: pupils[0].id, status: 'LATE', notes: 'é'.repeat(200) }]) },
      tok.teacher,
    );
    expect(exactly200.errors).toBeUndefined();
    expect((await rows(date))[0].notes).toHaveLength(200);
  });

  it('refuses a class, subject and year without an allocation, even for an admin', async () => {
    const other = await makeSubject(t.ds);
    const at = { ...teaching.at, subjectId: other.id };
    const res = await t.rest('POST', '/attendance/mark', {
      token: tok.admin,
      body: restBody(isoDay(-1), [{ student: pupils[0].id, status: 'Present' }], at),
    });
    expect([res.status, res.body.message]).toEqual([404, T.allocationNotFound]);
    expect((await t.rest('GET', rosterPath(at), { token: tok.admin })).status).toBe(404);
  });

  it('answers CONFLICT instead of overwriting a change made since the client loaded the date', async () => {
    const date = isoDay(-6);
    const rec = (status: string, expectedVersion: number) => [{ studentId: pupils[0].id, status, expectedVersion }];
    expect((await t.gql(MARK, { input: input(date, rec('PRESENT', 0)) }, tok.teacher)).errors).toBeUndefined();
    expect((await t.gql(MARK, { input: input(date, rec('LATE', 1)) }, tok.teacher)).errors).toBeUndefined();
    const stale = await t.gql(MARK, { input: input(date, rec('ABSENT', 1)) }, tok.teacher);
    expect(stale.errors?.[0]).toMatchObject({ message: T.changedMeanwhile, extensions: { code: 'CONFLICT' } });
    const thoughtNew = await t.gql(MARK, { input: input(date, rec('ABSENT', 0)) }, tok.teacher);
    expect(thoughtNew.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect(await rows(date)).toEqual([expect.objectContaining({ status: 'Late', version: 2 })]);

    // two teachers marking a fresh date at once: one wins, the other is told
    const fresh = isoDay(-7);
    const both = await Promise.all([
      t.gql(MARK, { input: input(fresh, rec('PRESENT', 0)) }, tok.teacher),
      t.gql(MARK, { input: input(fresh, rec('ABSENT', 0)) }, tok.admin),
    ]);
    expect(both.map((r) => r.errors?.[0]?.extensions?.code ?? 'OK').sort()).toEqual(['CONFLICT', 'OK']);
    expect(await rows(fresh)).toHaveLength(1);
  });

  it('lets SuperAdmin and Admin mark any assigned class, and records who marked', async () => {
    const date = isoDay(-8);
    const res = await t.rest('POST', '/attendance/mark', {
      token: tok.superadmin,
      body: restBody(date, [{ student: pupils[1].id, status: 'Late' }]),
    });
    expect(res.status).toBe(200);
    expect(res.body.data[0].teacher).toMatchObject({ firstName: 'Sam', lastName: 'Super' });
  });
});

describe('who may do what', () => {
  const date = isoDay(-3);

  it('a teacher of another class cannot mark it, and cannot see its roster, records or chart', async () => {
    const mark = await t.rest('POST', '/attendance/mark', {
      token: tok.teacher2,
      body: restBody(date, [{ student: pupils[0].id, status: 'Absent' }]),
    });
    expect([mark.status, mark.body.message]).toEqual([403, T.cannotMark]);
    const gqlMark = await t.gql(MARK, { input: input(date, [{ studentId: pupils[0].id, status: 'ABSENT' }]) }, tok.teacher2);
    expect(gqlMark.errors?.[0]).toMatchObject({ message: T.cannotMark, extensions: { code: 'FORBIDDEN' } });
    for (const path of [
      rosterPath(),
      datePath(date),
      `/attendance/trend/${teaching.at.classId}/${teaching.at.subjectId}/${teaching.at.academicYearId}`,
    ]) {
      const res = await t.rest('GET', path, { token: tok.teacher2 });
      expect([res.status, res.body.message]).toEqual([404, T.allocationNotFound]);
    }
    for (const [q, v] of [
      [ROSTER, vars()],
      [FOR_DATE, { c: teaching.at.classId, s: teaching.at.subjectId, d: date }],
      [TREND, { ...vars(), w: 4 }],
    ] as const) {
      expect((await t.gql(q, v, tok.teacher2)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    }
    expect((await rows(date)).find((r: { student_id: string }) => r.student_id === pupils[0].id).status).toBe('Late');
  });

  it('a teacher assigned together with another teacher may mark', async () => {
    const shared = await makeTeaching(t.ds, [id.teacher, id.teacher2]);
    const [kid] = await makePlacedStudents(t.ds, 1, shared.klass.id, shared.year.id);
    const res = await t.gql(MARK, { input: input(isoDay(-1), [{ studentId: kid.id, status: 'PRESENT' }], shared.at) }, tok.teacher2);
    expect(res.errors).toBeUndefined();
  });

  it.each(['student', 'pupil0', 'parent'])('%s cannot read the roster or a date, nor mark', async (who) => {
    for (const path of [rosterPath(), datePath(date)]) {
      const res = await t.rest('GET', path, { token: tok[who] });
      expect([res.status, res.body.message]).toEqual([403, T.staffOnly]);
    }
    expect((await t.gql(ROSTER, vars(), tok[who])).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(
      (await t.gql(FOR_DATE, { c: teaching.at.classId, s: teaching.at.subjectId, d: date }, tok[who])).errors?.[0].extensions?.code,
    ).toBe('FORBIDDEN');
    expect((await t.gql(TREND, { ...vars(), w: 4 }, tok[who])).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const mark = await t.rest('POST', '/attendance/mark', {
      token: tok[who],
      body: restBody(date, [{ student: pupils[0].id, status: 'Absent' }]),
    });
    expect([mark.status, mark.body.message]).toEqual([403, T.cannotMark]);
    expect(
      (await t.gql(MARK, { input: input(date, [{ studentId: pupils[0].id, status: 'ABSENT' }]) }, tok[who])).errors?.[0].extensions?.code,
    ).toBe('FORBIDDEN');
  });

  it.each(['teacher', 'admin', 'parent'])('%s has no own attendance to read', async (who) => {
    const res = await t.rest('GET', '/attendance/student', { token: tok[who] });
    expect([res.status, res.body.message]).toEqual([403, T.studentsOnly]);
    expect((await t.gql(MINE, {}, tok[who])).errors?.[0]).toMatchObject({ message: T.studentsOnly, extensions: { code: 'FORBIDDEN' } });
  });

  it('a student reads only their own records, over both transports', async () => {
    const mine = await t.gql(MINE, {}, tok.pupil0);
    expect(mine.errors).toBeUndefined();
    expect(mine.data.myAttendance.records.nodes.length).toBeGreaterThan(0);
    expect(mine.data.myAttendance.records.nodes.every((r: { student: { id: string } }) => r.student.id === pupils[0].id)).toBe(true);
    const rest = await t.rest('GET', '/attendance/student', { token: tok.pupil0 });
    expect(rest.body.data.length).toBe(mine.data.myAttendance.records.totalCount);
    expect(rest.body.data.every((r: { student: { _id: string } }) => r.student._id === pupils[0].id)).toBe(true);
    expect(rest.headers.get('x-total-count')).toBeNull();
    // a window of the records; the summary stays over all of them
    const one = await t.rest('GET', '/attendance/student?limit=1&offset=1', { token: tok.pupil0 });
    expect([one.body.data.map((r: { _id: string }) => r._id), one.headers.get('x-total-count'), one.body.summary]).toEqual([
      [rest.body.data[1]._id],
      String(rest.body.data.length),
      rest.body.summary,
    ]);
    const theirs = await t.rest('GET', '/attendance/student', { token: tok.pupil1 });
    expect(theirs.body.data.every((r: { student: { _id: string } }) => r.student._id === pupils[1].id)).toBe(true);
    const dbCount = await t.ds.query(`SELECT count(*)::int AS n FROM attendance_records WHERE student_id = $1`, [pupils[0].id]);
    expect(rest.body.data.length).toBe(dbCount[0].n);
  });

  it('needs a session', async () => {
    for (const [m, p] of [
      ['GET', rosterPath()],
      ['GET', datePath(date)],
      ['POST', '/attendance/mark'],
      ['GET', '/attendance/student'],
    ]) {
      expect((await t.rest(m, p, { body: m === 'POST' ? {} : undefined })).status).toBe(401);
    }
    expect((await t.gql(MINE, {})).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('abilities tell the client which attendance page to show', async () => {
    const q = '{ me { abilities { markAttendance viewOwnAttendance } } }';
    expect((await t.gql(q, {}, tok.teacher)).data.me.abilities).toEqual({ markAttendance: true, viewOwnAttendance: false });
    expect((await t.gql(q, {}, tok.student)).data.me.abilities).toEqual({ markAttendance: false, viewOwnAttendance: true });
    expect((await t.gql(q, {}, tok.parent)).data.me.abilities).toEqual({ markAttendance: false, viewOwnAttendance: false });
  });
});

describe('rate, my attendance and the chart', () => {
  it('computes round((present + late) / total * 100)', () => {
    expect(attendanceRate({ present: 0, absent: 0, late: 0 })).toBe(0);
    expect(attendanceRate({ present: 1, absent: 1, late: 1 })).toBe(67);
    expect(attendanceRate({ present: 1, absent: 7, late: 0 })).toBe(13); // 12.5 rounds up
    expect(attendanceRate({ present: 0, absent: 8, late: 1 })).toBe(11);
    expect(attendanceRate({ present: 0, absent: 3, late: 0 })).toBe(0);
    expect(attendanceRate({ present: 5, absent: 0, late: 5 })).toBe(100);
    expect(attendanceRate({ present: 1, absent: 2, late: 0 })).toBe(33);
  });

  it('a date is in the future only once it is later than today in every time zone', () => {
    const now = new Date('2026-03-10T11:30:00Z'); // 01:30 on the 11th at UTC+14
    expect(parseAttendanceDate('2026-03-10', now)).toBe('2026-03-10');
    expect(parseAttendanceDate('2026-03-11', now)).toBe('2026-03-11'); // already the 11th at UTC+14
    expect(() => parseAttendanceDate('2026-03-12', now)).toThrow(T.dateInFuture);
    expect(() => parseAttendanceDate('2026-13-01', now)).toThrow(T.dateInvalid);
    expect(parseAttendanceDate('2026-03-10', new Date('2026-03-10T09:30:00Z'))).toBe('2026-03-10');
    expect(() => parseAttendanceDate('2026-03-11', new Date('2026-03-10T09:30:00Z'))).toThrow(T.dateInFuture);
  });

  it('shows the student their records, the server-computed summary, placement and filters', async () => {
    const kid = (await makePlacedStudents(t.ds, 1, teaching.klass.id, teaching.year.id))[0];
    const token = await t.login(kid.email);
    const other = await makeSubject(t.ds, `Art ${kid.id.slice(0, 6)}`);
    const otherAt = { ...teaching.at, subjectId: other.id };
    await makeAllocation(t.ds, otherAt, [id.teacher]);
    // 5 present, 2 late, 1 absent in the first subject: (5 + 2) / 8 = 87.5 -> 88
    const statuses = ['Present', 'Present', 'Late', 'Present', 'Absent', 'Present', 'Late', 'Present'];
    await insertAttendance(
      t.ds,
      teaching.at,
      statuses.map((status, i) => ({
        studentId: kid.id,
        date: isoDay(-10 - i),
        status,
        teacherId: id.teacher,
        notes: status === 'Absent' ? 'Sick' : null,
      })),
    );
    await insertAttendance(t.ds, otherAt, [{ studentId: kid.id, date: isoDay(-1), status: 'Absent' }]);

    const all = await t.gql(MINE, {}, token);
    expect(all.data.myAttendance.summary).toEqual({ total: 9, present: 5, absent: 2, late: 2, rate: 78 });
    expect(all.data.myAttendance.records.nodes[0]).toMatchObject({
      date: isoDay(-1),
      subject: { name: other.name },
      teacher: null,
      notes: null,
    });
    expect(all.data.myAttendance.studentInfo).toEqual({
      class: { id: teaching.klass.id, name: teaching.klass.name, grade: '5' },
      academicYear: { id: teaching.year.id, year: teaching.year.year },
    });
    expect(all.data.myAttendance.classes).toEqual([{ id: teaching.klass.id, name: teaching.klass.name }]);
    expect(all.data.myAttendance.subjects.map((s: { id: string }) => s.id).sort()).toEqual([teaching.subject.id, other.id].sort());

    const filtered = await t.gql(MINE, { s: teaching.subject.id }, token);
    expect(filtered.data.myAttendance.summary).toEqual({ total: 8, present: 5, absent: 1, late: 2, rate: 88 });
    expect(filtered.data.myAttendance.records.nodes[0]).toMatchObject({ teacher: { firstName: 'Tara', lastName: 'Teacher' } });

    const rest = await t.rest('GET', `/attendance/student?subject=${teaching.subject.id}`, { token });
    expect(rest.body).toMatchObject({
      success: true,
      studentInfo: { class: { _id: teaching.klass.id, name: teaching.klass.name, grade: '5' }, academicYear: { _id: teaching.year.id } },
      summary: { total: 8, rate: 88 },
    });
    expect(rest.body.data).toHaveLength(8);
    expect(rest.body.data.find((r: { status: string }) => r.status === 'Absent')).toMatchObject({
      notes: 'Sick',
      subject: { name: teaching.subject.name },
    });
  });

  it("names the teacher to a student without their email, over both transports; the student's own email stays", async () => {
    const rest = await t.rest('GET', '/attendance/student', { token: tok.student });
    const marked = rest.body.data.find((r: { teacher: unknown }) => r.teacher);
    expect(marked.teacher).toEqual({ _id: id.teacher, firstName: 'Tara', lastName: 'Teacher' });
    expect(marked.student).toEqual({ _id: id.student, firstName: 'Stella', lastName: 'Student', email: 'student@demo.school' });
    const gql = await t.gql(
      '{ myAttendance { records(first: 1) { nodes { student { id email } teacher { id email activated } } } studentInfo { id email } } }',
      {},
      tok.student,
    );
    expect(gql.data.myAttendance.records.nodes[0]).toEqual({
      student: { id: id.student, email: 'student@demo.school' },
      teacher: { id: id.teacher, email: null, activated: null },
    });
    expect(gql.data.myAttendance.studentInfo).toEqual({ id: id.student, email: 'student@demo.school' });
    // staff marking a class see their students' emails
    const roster = await t.rest('GET', rosterPath(), { token: tok.teacher });
    expect(roster.body.data[0]).toEqual({
      _id: expect.any(String),
      firstName: expect.any(String),
      lastName: expect.any(String),
      email: expect.any(String),
    });
  });

  it('an unplaced student with no records gets an empty list and a 0 % rate', async () => {
    const loner = await makeUser(t.ds, { role: Role.Student });
    const res = await t.rest('GET', '/attendance/student', { token: await t.login(loner.email) });
    expect(res.body).toEqual({
      success: true,
      data: [],
      studentInfo: { class: null, academicYear: null },
      summary: { total: 0, present: 0, absent: 0, late: 0, rate: 0 },
    });
  });

  it('counts present, late and absent per week for the chart', async () => {
    const chart = await makeTeaching(t.ds, [id.teacher]);
    const kids = await makePlacedStudents(t.ds, 2, chart.klass.id, chart.year.id);
    const monday = (weeksBack: number) => {
      const now = new Date();
      const back = (now.getUTCDay() + 6) % 7; // days since Monday
      return isoDay(-back - 7 * weeksBack);
    };
    await insertAttendance(t.ds, chart.at, [
      { studentId: kids[0].id, date: monday(0), status: 'Present' },
      { studentId: kids[1].id, date: monday(0), status: 'Late' },
      { studentId: kids[0].id, date: monday(2), status: 'Absent' },
      { studentId: kids[1].id, date: monday(2), status: 'Present' },
      { studentId: kids[0].id, date: monday(9), status: 'Absent' }, // outside the 4 weeks
    ]);
    const res = await t.gql(TREND, { ...vars(chart.at), w: 4 }, tok.teacher);
    expect(res.data.attendanceTrend).toEqual([
      { weekStart: monday(3), present: 0, late: 0, absent: 0, rate: 0 },
      { weekStart: monday(2), present: 1, late: 0, absent: 1, rate: 50 },
      { weekStart: monday(1), present: 0, late: 0, absent: 0, rate: 0 },
      { weekStart: monday(0), present: 1, late: 1, absent: 0, rate: 100 },
    ]);
    const bad = await t.gql(TREND, { ...vars(chart.at), w: 53 }, tok.teacher);
    expect(bad.errors?.[0].message).toBe(T.weeksRange);
  });

  it('answers a marking with everything the page shows that it changes: the date with its students and the trend, weeks by stable id', async () => {
    const page = await makeTeaching(t.ds, [id.teacher]);
    const kids = await makePlacedStudents(t.ds, 2, page.klass.id, page.year.id);
    const weekIds = `query($c: ID!, $s: ID!, $y: ID!) { attendanceTrend(classId: $c, subjectId: $s, academicYearId: $y, weeks: 3) { id weekStart present } }`;
    const before = await t.gql(weekIds, vars(page.at), tok.teacher);
    const save = `mutation($input: MarkAttendanceInput!) { markAttendance(input: $input) { updated
      records { id status student { id firstName lastName } } trend(weeks: 3) { id weekStart present late absent rate } } }`;
    const res = await t.gql(
      save,
      {
        input: input(
          isoDay(0),
          kids.map((k) => ({ studentId: k.id, status: 'PRESENT' })),
          page.at,
        ),
      },
      tok.teacher,
    );
    expect(res.errors).toBeUndefined();
    const out = res.data.markAttendance;
    expect(out.records.map((r: { student: { id: string } }) => r.student.id).sort()).toEqual(kids.map((k) => k.id).sort());
    expect(out.records[0].student.firstName).toEqual(expect.any(String));
    // the same weeks (same ids) as attendanceTrend, the current one now counting the two marks
    expect(out.trend.map((w: { id: string }) => w.id)).toEqual(before.data.attendanceTrend.map((w: { id: string }) => w.id));
    expect(out.trend[2]).toMatchObject({ present: 2, rate: 100 });
    expect(new Set(out.trend.map((w: { id: string }) => w.id)).size).toBe(3);
    // a teacher of another class gets nothing through the payload either
    const other = await t.gql(save, { input: input(isoDay(0), [{ studentId: kids[0].id, status: 'LATE' }], page.at) }, tok.teacher2);
    expect(other.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('demo school', () => {
  it('gives the demo students weeks of attendance in Class 5A (Mathematics and Science), today left to mark', async () => {
    const res = await t.rest('GET', '/attendance/student', { token: tok.student });
    expect(res.body.studentInfo.class).toMatchObject({ name: 'Class 5A', grade: '5' });
    const subjects = new Set(res.body.data.map((r: { subject: { name: string } }) => r.subject.name));
    expect([...subjects].sort()).toEqual(['Mathematics', 'Science']);
    expect(res.body.data.length).toBeGreaterThanOrEqual(2 * 15);
    expect(res.body.data.every((r: { class: { name: string }; date: string }) => r.class.name === 'Class 5A' && r.date < isoDay(0))).toBe(
      true,
    );
    expect(res.body.summary.rate).toBeGreaterThan(70);
    expect(res.body.summary.rate).toBeLessThan(100);
  });

  it("seeds weekdays of the last weeks for the demo teacher's classes, mostly Present", async () => {
    const teacher = await makeUser(t.ds, { role: Role.Teacher });
    const setup = await makeTeaching(t.ds, [teacher.id]);
    const otherSubject = await makeSubject(t.ds);
    await makeAllocation(t.ds, { ...setup.at, subjectId: otherSubject.id }, [teacher.id]);
    const unrelated = await makeClass(t.ds, setup.year.id);
    await makePlacedStudents(t.ds, 4, setup.klass.id, setup.year.id);
    const today = new Date('2026-11-20T10:00:00Z'); // a Friday
    await t.ds.transaction((m) => seedDemoAttendance(m, { 'teacher@demo.school': teacher }, today));
    const stats = await t.ds.query(
      `SELECT count(*)::int AS n, count(DISTINCT date)::int AS days, count(DISTINCT subject_id)::int AS subjects,
              count(*) FILTER (WHERE status = 'Present')::int AS present,
              count(*) FILTER (WHERE extract(isodow FROM date) > 5)::int AS weekend,
              count(*) FILTER (WHERE date >= '2026-11-20')::int AS today_or_later,
              count(*) FILTER (WHERE class_id = $2)::int AS unrelated,
              count(*) FILTER (WHERE status <> 'Present' AND notes IS NOT NULL)::int AS with_notes
         FROM attendance_records WHERE teacher_id = $1`,
      [teacher.id, unrelated.id],
    );
    expect(stats[0]).toMatchObject({ n: 4 * 20 * 2, days: 20, subjects: 2, weekend: 0, today_or_later: 0, unrelated: 0 });
    expect(stats[0].present / stats[0].n).toBeGreaterThan(0.75);
    expect(stats[0].present).toBeLessThan(stats[0].n);
    expect(stats[0].with_notes).toBeGreaterThan(0);
  });
});
