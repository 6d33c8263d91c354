import { Role } from '../../core/role';
import { Row, Vars, listBy, readById, row, uniq } from './matrix';
import { World, exists, holds } from './world';

/**
 * The academic structure (platform.md section 6): every signed-in role reads years, classes and subjects (the
 * course-management tree is for all); only SuperAdmin and Admin change them and the allocations (DESIGN.md:
 * "teacher-assignment page has no role check" -> only SuperAdmin and Admin may change assignments). A Teacher
 * reads their own allocations ("own": Mathematics 5A of teacher@; "other": Art 6A of teacher2@), and others none.
 */
/** How one entity is written: the unique value a create or update puts in `column`, as each transport sends it. */
type Written = {
  value: string;
  gql: Record<string, unknown>;
  rest: Record<string, unknown>;
};
interface Entity {
  name: 'AcademicYear' | 'Class' | 'Subject' | 'Allocation';
  path: string;
  table: string;
  column: string;
  fresh: (w: World) => Promise<string>;
  create: (w: World) => Promise<Written>;
  update: (w: World) => Promise<Written>;
}

const named = (key: string) => async (): Promise<Written> => {
  const value = uniq();
  return { value, gql: { [key]: value }, rest: { [key]: value } };
};
const ENTITIES: Entity[] = [
  {
    name: 'AcademicYear',
    path: '/academic-years',
    table: 'academic_years',
    column: 'year',
    fresh: (w) => w.fresh.year(),
    create: named('year'),
    update: named('year'),
  },
  {
    name: 'Class',
    path: '/classes',
    table: 'classes',
    column: 'name',
    fresh: (w) => w.fresh.class(),
    create: async (w) => {
      const value = uniq();
      return {
        value,
        gql: { name: value, grade: '5', academicYearId: w.year.y2026 },
        rest: { name: value, grade: '5', academicYear: w.year.y2026 },
      };
    },
    update: named('name'),
  },
  {
    name: 'Subject',
    path: '/subjects',
    table: 'subjects',
    column: 'name',
    fresh: (w) => w.fresh.subject(),
    create: named('name'),
    update: named('name'),
  },
  {
    name: 'Allocation',
    path: '/teacher-assignments',
    table: 'allocations',
    column: 'subject_id',
    fresh: (w) => w.fresh.allocation(),
    create: async (w) => {
      const [c, s, teacher] = [await w.fresh.class(), await w.fresh.subject(), await w.fresh.user(Role.Teacher)];
      return {
        value: s,
        gql: { classId: c, subjectId: s, academicYearId: w.year.y2026, teacherIds: [teacher] },
        rest: { class: c, subject: s, academicYear: w.year.y2026, teachers: [teacher] },
      };
    },
    update: async (w) => {
      const s = await w.fresh.subject();
      return { value: s, gql: { subjectId: s }, rest: { subject: s } };
    },
  },
];

/** Create, update and delete of one entity: SuperAdmin and Admin only. */
const writes = (e: Entity): Row<any>[] => [
  row({
    gql: `Mutation.create${e.name}`,
    query: `mutation($input: Create${e.name}Input!) { create${e.name}(input: $input) { id } }`,
    variables: (v) => ({ input: v.gql }),
    rest: { [`POST ${e.path}`]: (v: Written) => ({ path: e.path, body: v.rest }) },
    expect: { any: 'AAFFF' },
    given: (w) => e.create(w),
    changed: (w, v) => holds(w, e.table, e.column, v.value),
  }),
  row({
    gql: `Mutation.update${e.name}`,
    query: `mutation($input: Update${e.name}Input!) { update${e.name}(input: $input) { id } }`,
    variables: (v) => ({ input: { id: v.id, ...v.gql } }),
    rest: { [`PUT ${e.path}/:id`]: (v: Written & { id: string }) => ({ path: `${e.path}/${v.id}`, body: v.rest }) },
    expect: { any: 'AAFFF' },
    given: async (w) => ({ id: await e.fresh(w), ...(await e.update(w)) }),
    changed: (w, v) => holds(w, e.table, e.column, v.value, 'id = $2', [v.id]),
  }),
  row({
    gql: `Mutation.delete${e.name}`,
    query: `mutation($id: ID!) { delete${e.name}(id: $id) }`,
    variables: (v) => ({ id: v.id }),
    rest: { [`DELETE ${e.path}/:id`]: (v: Vars) => ({ path: `${e.path}/${v.id}` }) },
    expect: { any: 'AAFFF' },
    given: async (w) => ({ id: await e.fresh(w) }),
    changed: async (w, v) => !(await exists(w, e.table, v.id)),
  }),
];

/** Every signed-in role reads it. */
const ANY = { any: 'AAAAA' };
/** A whole list without arguments (`<op> { id }`, `GET <path>`) that every signed-in role reads. */
const readAll = (op: string, path: string, target: (w: World) => string, ids = '{ id }') =>
  row({
    gql: `Query.${op}`,
    query: `{ ${op} ${ids} }`,
    rest: { [`GET ${path}`]: () => ({ path }) },
    expect: ANY,
    given: async (w) => ({ target: target(w) }),
  });
const allocationOf = (w: World, c: string) => w.alloc[c as 'own' | 'other'];

/** A fresh year with its dates (a period needs them) and, with `term`, one term inside: what the period rows act on. */
async function datedYear(w: World, term = false): Promise<{ yearId: string; periodId: string | null }> {
  const yearId = await w.fresh.year();
  await w.ds.query(`UPDATE academic_years SET start_date = '2040-09-01', end_date = '2041-06-30' WHERE id = $1`, [yearId]);
  if (!term) return { yearId, periodId: null };
  const [{ id }] = await w.ds.query(
    `INSERT INTO academic_periods (academic_year_id, type, title, start_date, end_date) VALUES ($1, 'term', 'Autumn', '2040-09-01', '2040-12-20') RETURNING id`,
    [yearId],
  );
  return { yearId, periodId: id };
}

/** Terms and grading periods (issue 27): every signed-in role reads a year's; SuperAdmin and Admin change them. */
const periodRows: Row<any>[] = [
  row({
    rest: { 'GET /academic-years/:id/periods': (v) => ({ path: `/academic-years/${v.yearId}/periods` }) },
    expect: ANY,
    given: async (w) => {
      const { yearId, periodId } = await datedYear(w, true);
      return { yearId, target: periodId };
    },
  }),
  row({
    gql: 'Mutation.createAcademicPeriod',
    query: 'mutation($input: CreateAcademicPeriodInput!) { createAcademicPeriod(input: $input) { id } }',
    variables: (v) => ({
      input: { academicYearId: v.yearId, type: 'TERM', title: v.title, startDate: '2041-01-05', endDate: '2041-03-30' },
    }),
    rest: {
      'POST /academic-years/:id/periods': (v) => ({
        path: `/academic-years/${v.yearId}/periods`,
        body: { type: 'term', title: v.title, startDate: '2041-01-05', endDate: '2041-03-30' },
      }),
    },
    expect: { any: 'AAFFF' },
    given: async (w) => ({ yearId: (await datedYear(w)).yearId, title: uniq() }),
    changed: (w, v) => holds(w, 'academic_periods', 'title', v.title),
  }),
  row({
    gql: 'Mutation.updateAcademicPeriod',
    query: 'mutation($input: UpdateAcademicPeriodInput!) { updateAcademicPeriod(input: $input) { id } }',
    variables: (v) => ({ input: { id: v.id, title: v.title } }),
    rest: { 'PUT /academic-periods/:id': (v) => ({ path: `/academic-periods/${v.id}`, body: { title: v.title } }) },
    expect: { any: 'AAFFF' },
    given: async (w) => ({ id: (await datedYear(w, true)).periodId, title: uniq() }),
    changed: (w, v) => holds(w, 'academic_periods', 'title', v.title, 'id = $2', [v.id]),
  }),
  row({
    gql: 'Mutation.deleteAcademicPeriod',
    query: 'mutation($id: ID!) { deleteAcademicPeriod(id: $id) }',
    variables: (v) => ({ id: v.id }),
    rest: { 'DELETE /academic-periods/:id': (v) => ({ path: `/academic-periods/${v.id}` }) },
    expect: { any: 'AAFFF' },
    given: async (w) => ({ id: (await datedYear(w, true)).periodId }),
    changed: async (w, v) => !(await exists(w, 'academic_periods', v.id)),
  }),
];

export const academicRows = [
  readAll('academicYears', '/academic-years', (w) => w.year.y2026),
  readById('academicYear', 'GET /academic-years/:id', ANY, (w) => w.year.y2026),
  row({
    gql: 'Query.classes',
    query: 'query($y: ID) { classes(academicYearId: $y) { nodes { id } } }',
    variables: (v) => ({ y: v.yearId }),
    rest: {
      'GET /classes': () => ({ path: '/classes' }),
      'GET /classes/academic-year/:yearId': (v) => ({ path: `/classes/academic-year/${v.yearId}` }),
    },
    expect: ANY,
    given: async (w) => ({ target: w.cls.c5A, yearId: w.year.y2026 }),
  }),
  readById('class', 'GET /classes/:id', ANY, (w) => w.cls.c5A),
  readAll('subjects', '/subjects', (w) => w.subject.Mathematics, '{ nodes { id } }'),
  readById('subject', 'GET /subjects/:id', ANY, (w) => w.subject.Mathematics),
  row({
    gql: 'Query.academicTree',
    query: '{ academicTree { id classes { id allocations { id } } } }',
    expect: { own: 'AAAEE', other: 'AAEEE' },
    given: async (w, c) => ({ target: allocationOf(w, c) }),
  }),
  row({
    gql: 'Query.allocations',
    query: 'query($classId: ID) { allocations(classId: $classId) { nodes { id } } }',
    variables: (v) => ({ classId: v.classId }),
    rest: {
      'GET /teacher-assignments': () => ({ path: '/teacher-assignments' }),
      'GET /teacher-assignments/class/:classId': (v) => ({ path: `/teacher-assignments/class/${v.classId}?academicYear=${v.yearId}` }),
    },
    expect: { own: 'AAAEE', other: 'AAEEE' },
    given: async (w, c) => ({ target: allocationOf(w, c), classId: c === 'own' ? w.cls.c5A : w.cls.c6A, yearId: w.year.y2026 }),
  }),
  // a teacher may ask for their own allocations only (assessments.md: "loaded by the teacher id")
  listBy(
    'allocations',
    'teacherId',
    'GET /teacher-assignments/teacher/:teacherId',
    { own: 'AAAFF', other: 'AAFFF' },
    (w, c) => ({ parent: c === 'own' ? w.me.Teacher : w.teacher2, target: allocationOf(w, c) }),
    '{ nodes { id } }',
  ),
  row({
    gql: 'Query.allocation',
    query: 'query($id: ID!) { allocation(id: $id) { id } }',
    variables: (v) => ({ id: v.target }),
    rest: { 'GET /teacher-assignments/:id': (v) => ({ path: `/teacher-assignments/${v.target}` }) },
    expect: { own: 'AAANN', other: 'AANNN' },
    given: async (w, c) => ({ target: allocationOf(w, c) }),
  }),
  ...ENTITIES.flatMap(writes),
  ...periodRows,
];
