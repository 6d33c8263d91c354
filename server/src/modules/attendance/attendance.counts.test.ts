import type { TestServer } from '../../test/test-server';
import { insertAttendance, isoDay, makeAllocation, makePlacedStudents, makeSubject, makeTeaching } from '../../test/attendance.factories';
import {
  AttendanceWorld,
  MARK,
  MINE,
  ROSTER,
  FOR_DATE,
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
beforeAll(async () => {
  ({ t, tok, id, teaching } = await attendanceWorld());
});
afterAll(() => t.close());

describe('statement counts do not grow with the data', () => {
  async function classOf(size: number) {
    const at = await makeTeaching(t.ds, [id.teacher]);
    const kids = await makePlacedStudents(t.ds, size, at.klass.id, at.year.id);
    return { at: at.at, kids };
  }

  it('roster, date view and marking at 2 and 25 students', async () => {
    const date = isoDay(-2);
    const sizes = [await classOf(2), await classOf(25)];
    const counts = [];
    for (const { at, kids } of sizes) {
      const mark = await t.gql(
        MARK,
        {
          input: markInput(
            date,
            kids.map((k) => ({ studentId: k.id, status: 'PRESENT', expectedVersion: 0 })),
            at,
          ),
        },
        tok.teacher,
      );
      expect(mark.data.markAttendance.records).toHaveLength(kids.length);
      const restMark = await t.rest('POST', '/attendance/mark', {
        token: tok.teacher,
        body: restMarkBody(
          date,
          kids.map((k) => ({ student: k.id, status: 'Late' })),
          at,
        ),
      });
      const roster = await t.gql(ROSTER, varsOf(at), tok.teacher);
      expect(roster.data.attendanceRoster).toHaveLength(kids.length);
      const restRoster = await t.rest('GET', rosterPathOf(at), { token: tok.teacher });
      const view = await t.gql(FOR_DATE, { c: at.classId, s: at.subjectId, d: date }, tok.teacher);
      expect(view.data.attendanceForDate).toHaveLength(kids.length);
      const restView = await t.rest('GET', datePathOf(date, at), { token: tok.teacher });
      counts.push([mark.sql, restMark.sql, roster.sql, restRoster.sql, view.sql, restView.sql]);
    }
    expect(counts[0].every((n) => n > 0)).toBe(true);
    expect(counts[1]).toEqual(counts[0]);
    // the session, then one statement for the allocation with its list (attendance.reads.ts), on both transports
    expect(counts[0].slice(2)).toEqual([2, 2, 2, 2]);
    // the teacher's sheet (both lists in one request): the session and one statement for both (attendance.loaders.ts)
    const { at } = sizes[1];
    const sheet = await t.gql(
      `query($c: ID!, $s: ID!, $y: ID!, $d: String!) {
      attendanceRoster(classId: $c, subjectId: $s, academicYearId: $y) { id firstName lastName email }
      attendanceForDate(classId: $c, subjectId: $s, date: $d) { id date status student { id } class { id } subject { id } teacher { id } } }`,
      { ...varsOf(at), d: date },
      tok.teacher,
    );
    expect(sheet.errors).toBeUndefined();
    expect(sheet.data.attendanceRoster).toHaveLength(25);
    expect(sheet.data.attendanceForDate).toHaveLength(25);
    expect(sheet.sql).toBe(2);
  });

  it('my attendance at 2 and 40 records', async () => {
    const counts = [];
    for (const n of [2, 40]) {
      const [kid] = await makePlacedStudents(t.ds, 1, teaching.klass.id, teaching.year.id);
      const subjects = [teaching.at, { ...teaching.at, subjectId: (await makeSubject(t.ds)).id }];
      await makeAllocation(t.ds, subjects[1], [id.teacher]);
      await insertAttendance(
        t.ds,
        subjects[0],
        Array.from({ length: Math.ceil(n / 2) }, (_, i) => ({
          studentId: kid.id,
          date: isoDay(-1 - i),
          status: 'Present',
          teacherId: id.teacher,
        })),
      );
      await insertAttendance(
        t.ds,
        subjects[1],
        Array.from({ length: Math.floor(n / 2) }, (_, i) => ({
          studentId: kid.id,
          date: isoDay(-1 - i),
          status: i % 3 ? 'Late' : 'Absent',
          teacherId: id.teacher,
        })),
      );
      const token = await t.login(kid.email);
      const gql = await t.gql(MINE, {}, token);
      expect(gql.data.myAttendance.records.nodes).toHaveLength(n);
      const rest = await t.rest('GET', '/attendance/student', { token });
      expect(rest.body.data).toHaveLength(n);
      counts.push([gql.sql, rest.sql]);
    }
    // the session, then the records, summary, placement and filter options in one statement (attendance.reads.ts)
    expect(counts[0]).toEqual([2, 2]);
    expect(counts[1]).toEqual(counts[0]);
  });
});
