import { Row, Vars, row } from './matrix';

/**
 * Grades (issue 17): a student's own report (students only); one student's report for the student, their linked
 * parents (parent@ is linked to student@), SuperAdmin and Admin (anyone else is told not found); a course's gradebook for its teachers, SuperAdmin and Admin (a
 * student of the course is refused, others are told not found). "own": student@ and MATH-5A (teacher@'s, of
 * student@'s class); "other": student2@ and ART-6A (teacher2@'s, no demo student's class).
 */
export const gradesRows: Row<any>[] = [
  row({
    gql: 'Query.myGrades',
    query: '{ myGrades { courses { courseId } } }',
    rest: { 'GET /grades/me': () => ({ path: '/grades/me' }) },
    expect: { own: 'FFFAF' },
    given: async (w) => ({ target: w.course.own }),
  }),
  row({
    gql: 'Query.studentGrades',
    query: 'query($id: ID!) { studentGrades(studentId: $id) { student { id } courses { courseId } } }',
    variables: (v: Vars) => ({ id: v.student }),
    rest: { 'GET /students/:id/grades': (v: Vars) => ({ path: `/students/${v.student}/grades` }) },
    expect: { own: 'AANAA', other: 'AANNN' },
    given: async (w, c) => ({ student: c === 'own' ? w.me.Student : w.student2, target: w.course.own }),
  }),
  row({
    gql: 'Query.gradebook',
    query: 'query($id: ID!) { gradebook(courseId: $id) { courseId rows { nodes { student { id } } } } }',
    variables: (v: Vars) => ({ id: v.course }),
    rest: { 'GET /courses/:id/gradebook': (v: Vars) => ({ path: `/courses/${v.course}/gradebook` }) },
    expect: { own: 'AAAFN', other: 'AANNN' },
    given: async (w, c) => ({ course: c === 'own' ? w.course.own : w.course.other, target: c === 'own' ? w.me.Student : w.course.other }),
  }),
];
