import { Vars, listBy, readById, row, uniq } from './matrix';
import { World, exists, holds } from './world';
import { courseOf } from './course-items';

/**
 * Courses (platform.md sections 6 and 7; DESIGN.md "course teachers", "SuperAdmin and Admin on courses"):
 * SuperAdmin and Admin read every course and may delete one but change nothing; a Teacher reads, changes,
 * reuses and deletes the courses they teach and creates courses where they are allocated; a Student reads the
 * courses of their class and year; a Parent reads none. "own" is MATH-5A, "other" ART-6A (world.ts).
 */
const where = (w: World, c: string) =>
  c === 'own'
    ? { classId: w.cls.c5A, subjectId: w.subject.Mathematics, academicYearId: w.year.y2026 }
    : { classId: w.cls.c6A, subjectId: w.subject.Art, academicYearId: w.year.y2026 };

export const coursesRows = [
  row({
    gql: 'Query.courses',
    query: '{ courses { nodes { id } } }',
    rest: { 'GET /courses': () => ({ path: '/courses' }) },
    expect: { own: 'AAAAE', other: 'AAEEE' },
    given: async (w, c) => ({ target: courseOf(w, c) }),
  }),
  // a script's lookup by code and year: what `courses` shows, found by the course's own title and year
  row({
    gql: 'Query.coursesByCode',
    query: 'query($code: String!, $year: ID!) { coursesByCode(code: $code, academicYearId: $year) { id } }',
    variables: (v: Vars) => ({ code: v.code, year: v.year }),
    expect: { own: 'AAAAE', other: 'AAEEE' },
    given: async (w, c) => {
      const [course]: Array<{ title: string; academic_year_id: string }> = await w.ds.query(
        'SELECT title, academic_year_id FROM courses WHERE id = $1',
        [courseOf(w, c)],
      );
      return { target: courseOf(w, c), code: course.title, year: course.academic_year_id };
    },
  }),
  readById('course', 'GET /courses/:id', { own: 'AAAAN', other: 'AANNN' }, courseOf),
  // own: teacher@'s courses; other: teacher2@'s
  listBy('teacherCourses', 'teacherId', 'GET /courses/teacher/:teacherId', { own: 'AAAFF', other: 'AAFFF' }, (w, c) => ({
    parent: c === 'own' ? w.me.Teacher : w.teacher2,
    target: courseOf(w, c),
  })),
  row({
    gql: 'Query.studentCourses',
    query: '{ studentCourses { courses { id } } }',
    rest: {
      'GET /courses/student/my-courses': () => ({ path: '/courses/student/my-courses' }),
      'GET /courses/student/all-courses': () => ({ path: '/courses/student/all-courses' }),
    },
    expect: { own: 'EEEAE', other: 'EEEEE' },
    given: async (w, c) => ({ target: courseOf(w, c) }),
  }),
  row({
    gql: 'Query.myCourses',
    query: '{ myCourses { classes { subjects { courses { id } } } } }',
    expect: { own: 'EEAEE', other: 'EEEEE' },
    given: async (w, c) => ({ target: courseOf(w, c) }),
  }),
  // a teacher's own courses of the subject: Mathematics (MATH-5A), Art (ART-6A is teacher2's)
  listBy('reusableCourses', 'subjectId', 'GET /courses/reuse/available/:subjectId', { own: 'EEAEE', other: 'EEEEE' }, (w, c) => ({
    parent: where(w, c).subjectId,
    target: courseOf(w, c),
  })),
  row({
    gql: 'Mutation.createCourse',
    query: 'mutation($input: CreateCourseInput!) { createCourse(input: $input) { id } }',
    variables: (v) => ({ input: { title: v.title, ...v.at } }),
    rest: {
      'POST /courses': (v) => ({
        path: '/courses',
        body: { title: v.title, subject: v.at.subjectId, class: v.at.classId, academicYear: v.at.academicYearId },
      }),
    },
    // own: where teacher@ is allocated (Mathematics 5A); other: where only teacher2@ is (Art 6A)
    expect: { own: 'FFAFF', other: 'FFFFF' },
    given: async (w, c) => ({ title: uniq('NEW'), at: where(w, c) }),
    changed: (w, v) => holds(w, 'courses', 'title', v.title),
  }),
  row({
    gql: 'Mutation.updateCourse',
    query: 'mutation($input: UpdateCourseInput!) { updateCourse(input: $input) { id } }',
    variables: (v) => ({ input: { id: v.id, title: v.title } }),
    rest: { 'PUT /courses/:id': (v) => ({ path: `/courses/${v.id}`, body: { title: v.title } }) },
    expect: { own: 'FFAFN', other: 'FFNNN' },
    given: async (w, c) => ({ id: await w.fresh.course(c as 'own'), title: uniq('EDIT') }),
    changed: (w, v) => holds(w, 'courses', 'title', v.title, 'id = $2', [v.id]),
  }),
  row({
    gql: 'Mutation.deleteCourse',
    query: 'mutation($id: ID!) { deleteCourse(id: $id) }',
    variables: (v) => ({ id: v.id }),
    rest: { 'DELETE /courses/:id': (v) => ({ path: `/courses/${v.id}` }) },
    expect: { own: 'AAAFN', other: 'AANNN' },
    given: async (w, c) => ({ id: await w.fresh.course(c as 'own') }),
    changed: async (w, v) => !(await exists(w, 'courses', v.id)),
  }),
  row({
    gql: 'Mutation.cloneCourse',
    query: 'mutation($input: CloneCourseInput!) { cloneCourse(input: $input) { id } }',
    variables: (v) => ({
      input: {
        courseId: v.id,
        title: v.title,
        newClassId: v.at.classId,
        newSubjectId: v.at.subjectId,
        newAcademicYearId: v.at.academicYearId,
      },
    }),
    rest: {
      'POST /courses/reuse/clone/:courseId': (v) => ({
        path: `/courses/reuse/clone/${v.id}`,
        body: { title: v.title, newClass: v.at.classId, newSubject: v.at.subjectId, newAcademicYear: v.at.academicYearId },
      }),
    },
    // the source is the case's course; the copy goes where teacher@ is allocated
    expect: { own: 'FFAFN', other: 'FFNNN' },
    given: async (w, c) => ({ id: await w.fresh.course(c as 'own'), title: uniq('COPY'), at: where(w, 'own') }),
    changed: (w, v) => holds(w, 'courses', 'title', v.title),
  }),
];
