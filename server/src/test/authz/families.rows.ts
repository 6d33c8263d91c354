import { Role } from '../../core/role';
import { Row, Vars, row } from './matrix';
import { World } from './world';
import { fresh } from './assessments.rows';

/**
 * Families (issue 17): SuperAdmin and Admin link and unlink parents and students (everyone else is refused);
 * a user's links for SuperAdmin, Admin and the parent themself; the parent dashboard lists the linked children
 * (empty for every other role); a student's own view (courses, assessments, attendance) for the student, a
 * linked parent, SuperAdmin and Admin, anyone else told not found. "own": student@ (linked to parent@);
 * "other": student2@ (linked to no demo parent), both of Class 5A.
 */
const pair = async (w: World, linked: boolean) => {
  const parent = await w.fresh.user(Role.Parent);
  const student = await w.fresh.user(Role.Student);
  if (linked) await w.ds.query('INSERT INTO parent_students (parent_id, student_id) VALUES ($1, $2)', [parent, student]);
  return { parent, student, target: student };
};
const linkedNow = async (w: World, v: Vars) =>
  ((await w.ds.query('SELECT 1 FROM parent_students WHERE parent_id = $1 AND student_id = $2', [v.parent, v.student])) as unknown[])
    .length > 0;
const studentOf = (w: World, c: string) => (c === 'own' ? w.me.Student : w.student2);
const VIEW = { own: 'AANAA', other: 'AANNN' };

export const familiesRows: Row<any>[] = [
  row({
    gql: 'Mutation.linkParent',
    query: 'mutation($p: ID!, $s: ID!) { linkParent(input: { parentId: $p, studentId: $s }) { student { id } } }',
    variables: (v: Vars) => ({ p: v.parent, s: v.student }),
    rest: { 'POST /parents/:parentId/children': (v: Vars) => ({ path: `/parents/${v.parent}/children`, body: { studentId: v.student } }) },
    expect: { pair: 'AAFFF' },
    given: async (w) => pair(w, false),
    changed: linkedNow,
  }),
  row({
    gql: 'Mutation.unlinkParent',
    query: 'mutation($p: ID!, $s: ID!) { unlinkParent(input: { parentId: $p, studentId: $s }) }',
    variables: (v: Vars) => ({ p: v.parent, s: v.student }),
    rest: { 'DELETE /parents/:parentId/children/:studentId': (v: Vars) => ({ path: `/parents/${v.parent}/children/${v.student}` }) },
    expect: { pair: 'AAFFF' },
    // the answer is a confirmation that names nothing: `changed` proves the write
    given: async (w) => {
      const { parent, student } = await pair(w, true);
      return { parent, student };
    },
    changed: async (w, v) => !(await linkedNow(w, v)),
  }),
  row({
    rest: { 'GET /users/:id/family': (v: Vars) => ({ path: `/users/${v.user}/family` }) },
    expect: { own: 'AANNA', other: 'AANNN' },
    given: async (w, c) => {
      if (c === 'own') return { user: w.me.Parent, target: w.me.Student };
      const parent = await w.fresh.user(Role.Parent);
      await w.ds.query('INSERT INTO parent_students (parent_id, student_id) VALUES ($1, $2)', [parent, w.student2]);
      return { user: w.student2, target: parent };
    },
  }),
  row({
    gql: 'Query.myChildren',
    query: '{ myChildren { child { id } } }',
    rest: { 'GET /parents/me/children': () => ({ path: '/parents/me/children' }) },
    expect: { own: 'EEEEA' },
    given: async (w) => ({ target: w.me.Student }),
  }),
  row({
    gql: 'Query.childCourses',
    query: 'query($s: ID!) { childCourses(studentId: $s) { courses { id } } }',
    variables: (v: Vars) => ({ s: v.student }),
    rest: { 'GET /students/:id/courses': (v: Vars) => ({ path: `/students/${v.student}/courses` }) },
    expect: VIEW,
    given: async (w, c) => ({ student: studentOf(w, c), target: w.course.own }),
  }),
  row({
    gql: 'Query.childAssessments',
    query: 'query($s: ID!) { childAssessments(studentId: $s, first: 500) { nodes { assessment { id } } } }',
    variables: (v: Vars) => ({ s: v.student }),
    rest: { 'GET /students/:id/assessments': (v: Vars) => ({ path: `/students/${v.student}/assessments` }) },
    expect: VIEW,
    given: async (w, c) => {
      // the rows before this one leave hundreds of items due 2030-01-01 in the class; the list is by due date, so
      // an earlier date puts the target on the first page whatever their number
      const target = await fresh(w, 'ASSIGNMENT', 'own');
      await w.ds.query(`UPDATE assessments SET due_date = '2029-06-01' WHERE id = $1`, [target]);
      return { student: studentOf(w, c), target };
    },
  }),
  row({
    gql: 'Query.childAttendance',
    query: 'query($s: ID!) { childAttendance(studentId: $s) { records(first: 200) { nodes { id } } } }',
    variables: (v: Vars) => ({ s: v.student }),
    rest: { 'GET /students/:id/attendance': (v: Vars) => ({ path: `/students/${v.student}/attendance` }) },
    expect: VIEW,
    given: async (w, c) => {
      const student = studentOf(w, c);
      const [r] = await w.ds.query('SELECT id FROM attendance_records WHERE student_id = $1 ORDER BY date DESC, id DESC LIMIT 1', [
        student,
      ]);
      return { student, target: r.id };
    },
  }),
];
