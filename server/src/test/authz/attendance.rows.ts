import { Vars, row, uniq } from './matrix';
import { Own, World, holds } from './world';

/**
 * Attendance (assessments.md section 6: teachers mark attendance for their own allocations, students see only
 * their own): SuperAdmin, Admin and the allocation's teachers read and mark a class's attendance; Students and
 * Parents never see class attendance (403 for the role); a Teacher of another allocation is told 404 when
 * reading and 403 when marking. "own": Mathematics of Class 5A (teacher@), "other": English of Class 5A
 * (teacher2@); both rosters hold student@.
 */
const at = (w: World, c: string) => ({
  classId: w.cls.c5A,
  subjectId: c === 'own' ? w.subject.Mathematics : w.subject.English,
  academicYearId: w.year.y2026,
});
const STAFF = { own: 'AAAFF', other: 'AANFF' };
/** A read of one allocation's attendance by class, subject and year (`/<path>/:classId/:subjectId/:academicYearId`). */
const staffRead = (op: string, path: string, target: (w: World) => string | undefined) =>
  row({
    gql: `Query.${op}`,
    query: `query($c: ID!, $s: ID!, $y: ID!) { ${op}(classId: $c, subjectId: $s, academicYearId: $y) { id } }`,
    variables: (v) => ({ c: v.classId, s: v.subjectId, y: v.academicYearId }),
    rest: {
      [`GET ${path}/:classId/:subjectId/:academicYearId`]: (v: Vars) => ({
        path: `${path}/${v.classId}/${v.subjectId}/${v.academicYearId}`,
      }),
    },
    expect: STAFF,
    given: async (w, c) => ({ ...at(w, c), target: target(w) }),
  });
let daysBack = 60;
const pastDay = () => new Date(Date.now() - ++daysBack * 86_400_000).toISOString().slice(0, 10);

export const attendanceRows = [
  // a roster holds student@
  staffRead('attendanceRoster', '/attendance/students', (w) => w.me.Student),
  row({
    gql: 'Query.attendanceForDate',
    query: 'query($c: ID!, $s: ID!, $d: String!) { attendanceForDate(classId: $c, subjectId: $s, date: $d) { id } }',
    variables: (v) => ({ c: v.classId, s: v.subjectId, d: v.date }),
    rest: {
      'GET /attendance/class/:classId/subject/:subjectId/date/:date': (v) => ({
        path: `/attendance/class/${v.classId}/subject/${v.subjectId}/date/${v.date}`,
      }),
    },
    expect: STAFF,
    given: async (w, c) => ({ ...at(w, c), date: w.record[c as Own].date, target: w.record[c as Own].id }),
  }),
  staffRead('attendanceTrend', '/attendance/trend', () => undefined),
  row({
    gql: 'Mutation.markAttendance',
    query: 'mutation($input: MarkAttendanceInput!) { markAttendance(input: $input) { message } }',
    variables: (v) => ({ input: { ...v.at, date: v.date, records: [{ studentId: v.student, status: 'LATE', notes: v.notes }] } }),
    rest: {
      'POST /attendance/mark': (v) => ({
        path: '/attendance/mark',
        body: {
          class: v.at.classId,
          subject: v.at.subjectId,
          academicYear: v.at.academicYearId,
          date: v.date,
          attendanceRecords: [{ student: v.student, status: 'Late', notes: v.notes }],
        },
      }),
    },
    expect: { own: 'AAAFF', other: 'AAFFF' },
    given: async (w, c) => ({ at: at(w, c), date: pastDay(), student: w.me.Student, notes: uniq() }),
    changed: (w, v) => holds(w, 'attendance_records', 'notes', v.notes),
  }),
  row({
    gql: 'Query.myAttendance',
    query: '{ myAttendance { records(first: 200) { nodes { id } } } }',
    rest: { 'GET /attendance/student': () => ({ path: '/attendance/student' }) },
    // student@'s own newest record; nobody else has attendance of their own
    expect: { own: 'FFFAF' },
    given: async (w) => ({ target: w.record.own.id }),
  }),
];
