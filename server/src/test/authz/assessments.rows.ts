import { Row, Vars, row, uniq } from './matrix';
import { World, exists, holds } from './world';

/**
 * Assessments (assessments.md section 6; issue 11): the course's teachers author, SuperAdmin and Admin read
 * everything and may delete, a student reads what is visible, of their class and for them. Cases: "own", a
 * visible whole-class item of MATH-5A (quizzes: in its first visible module); "hidden", a hidden one there;
 * "notMine", a visible one there for student2@ only; "other", one of ART-6A (teacher2@'s, no demo student).
 * The three REST families are the same rows with other names; GraphQL rides on the assignments family.
 */
export type Kind = 'ASSIGNMENT' | 'EXAM' | 'QUIZ';
interface Family {
  kind: Kind;
  path: string;
  parent: 'course' | 'module';
  cloneTarget: string;
  gql: boolean;
}
const FAMILIES: Family[] = [
  { kind: 'ASSIGNMENT', path: '/assignments', parent: 'course', cloneTarget: 'targetCourseId', gql: true },
  { kind: 'EXAM', path: '/exams', parent: 'course', cloneTarget: 'targetCourseId', gql: false },
  { kind: 'QUIZ', path: '/quizzes', parent: 'module', cloneTarget: 'newModuleId', gql: false },
];

const courseOf = (w: World, c: string) => (c === 'other' ? w.course.other : w.course.own);
const moduleOf = (w: World, c: string) => (c === 'other' ? w.module.other : w.module.own);
/** Where the family's items live for a case: the course, or the module for quizzes. */
const parentOf = (w: World, f: Family, c: string) => (f.parent === 'course' ? courseOf(w, c) : moduleOf(w, c));
/** Where reuse copies into, and where the offered items come from (another course or module of teacher@). */
const intoOf = (w: World, f: Family, c: string) => parentOf(w, f, c);
const sourceParent = (w: World, f: Family) => (f.parent === 'course' ? w.course.ownScience : w.module.ownScience);

/** A fresh item with one question, written directly (the rows test the paths, not the service's create). */
export async function fresh(w: World, kind: Kind, c: string, at?: { courseId: string; moduleId: string | null }): Promise<string> {
  const courseId = at?.courseId ?? courseOf(w, c);
  const moduleId = at ? at.moduleId : kind === 'QUIZ' ? moduleOf(w, c) : null;
  const [{ id }] = await w.ds.query(
    `INSERT INTO assessments (kind, course_id, module_id, title, due_date, is_visible, scope, total_points)
     VALUES ($1, $2, $3, 'Authz item', '2030-01-01', $4, $5, 1) RETURNING id`,
    [kind, courseId, moduleId, c !== 'hidden', c === 'notMine' ? 'individual_students' : 'whole_class'],
  );
  await w.ds.query(`INSERT INTO questions (assessment_id, type, question_text, sort_order) VALUES ($1, 'LongAnswer', 'Why?', 1)`, [id]);
  if (c === 'notMine') await w.ds.query('INSERT INTO assessment_targets (assessment_id, student_id) VALUES ($1, $2)', [id, w.student2]);
  return id;
}

const freshInScience = async (w: World, f: Family) => {
  const [m] = await w.ds.query('SELECT course_id FROM course_modules WHERE id = $1', [w.module.ownScience]);
  return fresh(
    w,
    f.kind,
    'own',
    f.parent === 'course' ? { courseId: w.course.ownScience, moduleId: null } : { courseId: m.course_id, moduleId: w.module.ownScience },
  );
};

// the question type in GraphQL's ALL_CAPS (issue 26) or the spec's word for REST
const NEW_ITEM = (title: string, type = 'LongAnswer') => ({
  title,
  dueDate: '2030-01-01T10:00:00.000Z',
  questions: [{ type, questionText: 'Why?' }],
});

function familyRows(f: Family): Row<any>[] {
  const g = <T extends object>(gql: T) => (f.gql ? gql : {});
  const p = f.path;
  // the quiz list has its own GraphQL query; the course lists share assessments(kind)
  const list = f.gql || f.parent === 'module' ? <T extends object>(gql: T) => gql : g;
  return [
    row({
      ...list(
        f.parent === 'course'
          ? {
              gql: 'Query.assessments' as const,
              query: `query($parent: ID!) { assessments(courseId: $parent, kind: ${f.kind}) { nodes { id } } }`,
            }
          : { gql: 'Query.moduleQuizzes' as const, query: 'query($parent: ID!) { moduleQuizzes(moduleId: $parent) { id } }' },
      ),
      variables: (v: Vars) => ({ parent: v.parent }),
      rest: { [`GET ${p}/${f.parent}/:parentId`]: (v: Vars) => ({ path: `${p}/${f.parent}/${v.parent}` }) },
      expect: { own: 'AAAAN', hidden: 'AAAEN', notMine: 'AAAEN', other: 'AANNN' },
      given: async (w, c) => ({ parent: parentOf(w, f, c), target: await fresh(w, f.kind, c) }),
    }),
    row({
      ...g({ gql: 'Query.assessment' as const, query: 'query($id: ID!) { assessment(id: $id) { id } }' }),
      variables: (v: Vars) => ({ id: v.id }),
      rest: { [`GET ${p}/:id`]: (v: Vars) => ({ path: `${p}/${v.id}` }) },
      expect: { own: 'AAAAN', hidden: 'AAANN', notMine: 'AAANN', other: 'AANNN' },
      given: async (w, c) => {
        const id = await fresh(w, f.kind, c);
        return { id, target: id };
      },
    }),
    row({
      ...g({ gql: 'Query.assessmentStudents' as const, query: 'query($c: ID) { assessmentStudents(courseId: $c) { id } }' }),
      variables: (v: Vars) => ({ c: v.parent }),
      rest: { [`GET ${p}/students/${f.parent}/:parentId`]: (v: Vars) => ({ path: `${p}/students/${f.parent}/${v.parent}` }) },
      // ART-6A has no student: allowed answers there are empty lists
      expect: { own: 'AAAFN', other: 'AANNN' },
      given: async (w, c) => ({ parent: parentOf(w, f, c), target: c === 'own' ? w.me.Student : undefined }),
    }),
    row({
      ...g({
        gql: 'Query.reusableAssessments' as const,
        query: `query($parent: ID) { reusableAssessments(kind: ${f.kind}, courseId: $parent) { nodes { id } } }`,
      }),
      variables: (v: Vars) => ({ parent: v.parent }),
      rest: { [`GET ${p}/reuse/available/:parentId`]: (v: Vars) => ({ path: `${p}/reuse/available/${v.parent}` }) },
      expect: { own: 'FFAFN', other: 'FFNNN' },
      given: async (w, c) => ({ parent: intoOf(w, f, c), target: await freshInScience(w, f) }),
    }),
    row({
      ...g({
        gql: 'Mutation.createAssessment' as const,
        query: 'mutation($input: CreateAssessmentInput!) { createAssessment(input: $input) { id } }',
      }),
      variables: (v: Vars) => ({ input: { kind: f.kind, courseId: v.parent, ...NEW_ITEM(v.title, 'LONG_ANSWER') } }),
      rest: { [`POST ${p}`]: (v: Vars) => ({ path: p, body: { [f.parent]: v.parent, ...NEW_ITEM(v.title) } }) },
      expect: { own: 'FFAFN', other: 'FFNNN' },
      given: async (w, c) => ({ parent: parentOf(w, f, c), title: uniq() }),
      changed: (w, v) => holds(w, 'assessments', 'title', v.title),
    }),
    row({
      ...g({
        gql: 'Mutation.updateAssessment' as const,
        query: 'mutation($input: UpdateAssessmentInput!) { updateAssessment(input: $input) { id } }',
      }),
      variables: (v: Vars) => ({ input: { id: v.id, title: v.title } }),
      rest: { [`PUT ${p}/:id`]: (v: Vars) => ({ path: `${p}/${v.id}`, body: { title: v.title } }) },
      expect: { own: 'FFAFN', hidden: 'FFANN', other: 'FFNNN' },
      given: async (w, c) => ({ id: await fresh(w, f.kind, c), title: uniq() }),
      changed: (w, v) => holds(w, 'assessments', 'title', v.title, 'id = $2', [v.id]),
    }),
    row({
      ...g({ gql: 'Mutation.deleteAssessment' as const, query: 'mutation($id: ID!) { deleteAssessment(id: $id) { id } }' }),
      variables: (v: Vars) => ({ id: v.id }),
      rest: { [`DELETE ${p}/:id`]: (v: Vars) => ({ path: `${p}/${v.id}` }) },
      expect: { own: 'AAAFN', hidden: 'AAANN', other: 'AANNN' },
      given: async (w, c) => ({ id: await fresh(w, f.kind, c) }),
      changed: async (w, v) => !(await exists(w, 'assessments', v.id)),
    }),
    row({
      ...g({
        gql: 'Mutation.cloneAssessment' as const,
        query: 'mutation($input: CloneAssessmentInput!) { cloneAssessment(input: $input) { assessment { id } } }',
      }),
      variables: (v: Vars) => ({ input: { assessmentId: v.id, [f.cloneTarget]: v.into, title: v.title } }),
      rest: {
        [`POST ${p}/reuse/clone/:id`]: (v: Vars) => ({
          path: `${p}/reuse/clone/${v.id}`,
          body: { [f.cloneTarget]: v.into, title: v.title },
        }),
      },
      // a fresh item of the case's course, copied into SCI-5A (or its module), teacher@'s
      expect: { own: 'FFAFN', other: 'FFNNN' },
      given: async (w, c) => ({ id: await fresh(w, f.kind, c), into: sourceParent(w, f), title: uniq() }),
      changed: (w, v) => holds(w, 'assessments', 'title', v.title),
    }),
  ];
}

export const assessmentsRows: Row<any>[] = [
  ...FAMILIES.flatMap(familyRows),
  // GraphQL only: previews that change nothing
  row({
    gql: 'Query.assessmentClonePreview',
    query: 'query($input: CloneAssessmentInput!) { assessmentClonePreview(input: $input) { questionCount } }',
    variables: (v) => ({ input: { assessmentId: v.id, targetCourseId: v.into } }),
    expect: { own: 'FFAFN', other: 'FFNNN' },
    given: async (w, c) => ({ id: await fresh(w, 'EXAM', c), into: w.course.ownScience }),
  }),
  row({
    gql: 'Query.assessmentRegradePreview',
    query: 'query($input: UpdateAssessmentInput!) { assessmentRegradePreview(input: $input) { submissionCount } }',
    variables: (v) => ({ input: { id: v.id, title: 'Preview' } }),
    expect: { own: 'FFAFN', hidden: 'FFANN', other: 'FFNNN' },
    given: async (w, c) => ({ id: await fresh(w, 'QUIZ', c) }),
  }),
];
