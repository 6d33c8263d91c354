import { Row, Vars, row } from './matrix';
import { World } from './world';
import { Kind, fresh } from './assessments.rows';
import { encodeCursor } from '../../modules/grading';

/**
 * The teacher's side (issue 13): a grading dashboard, its change feed and the dry-run summary for the
 * course's teachers, SuperAdmin and Admin (a student of the course is refused, others are told not found);
 * auto-submitting overdue work for the course's teachers only; the review lists for teachers, SuperAdmin and
 * Admin. Item cases as in assessments.rows.ts ("own": MATH-5A, visible; "hidden"; "other": ART-6A, teacher2@'s).
 * GraphQL rides on the assignments family.
 */
interface Family {
  kind: Kind;
  path: string;
  idField: string;
  gql: boolean;
}
const FAMILIES: Family[] = [
  { kind: 'ASSIGNMENT', path: '/submissions', idField: 'assignmentId', gql: true },
  { kind: 'QUIZ', path: '/quizsubmissions', idField: 'quizId', gql: false },
  { kind: 'EXAM', path: '/examsubmissions', idField: 'examId', gql: false },
];

/** A fresh item past its due date with student2@'s submission (the answers must show it); ids of both. */
async function pastItem(w: World, kind: Kind, c: string, withSubmission: boolean): Promise<{ id: string; sub: string | null }> {
  const id = await fresh(w, kind, c);
  await w.ds.query(`UPDATE assessments SET due_date = date_trunc('minute', now()) - interval '1 hour' WHERE id = $1`, [id]);
  if (!withSubmission) return { id, sub: null };
  const [s] = await w.ds.query(
    `INSERT INTO submissions (assessment_id, student_id, status, submitted_at, max_score) VALUES ($1, $2, 'pending', now(), 1) RETURNING id`,
    [id, w.student2],
  );
  return { id, sub: s.id };
}

const SEES = { own: 'AAAFN', hidden: 'AAANN', other: 'AANNN' };

function familyRows(f: Family): Row<any>[] {
  const g = <T extends object>(gql: T) => (f.gql ? gql : {});
  const rest = (dryRun: boolean) => ({
    [`POST ${f.path}/auto-submit-overdue`]: (v: Vars) => ({
      path: `${f.path}/auto-submit-overdue${dryRun ? '?dryRun=true' : ''}`,
      body: { [f.idField]: v.id },
    }),
  });
  return [
    row({
      ...g({
        gql: 'Query.gradingDashboard' as const,
        query: 'query($id: ID!) { gradingDashboard(assessmentId: $id) { submitted { id } } }',
      }),
      variables: (v: Vars) => ({ id: v.id }),
      rest: rest(true),
      expect: SEES,
      given: async (w, c) => {
        const i = await pastItem(w, f.kind, c, true);
        return { id: i.id, target: i.sub! };
      },
    }),
    // GraphQL only: the change feed has no REST twin
    ...(f.gql
      ? [
          row({
            gql: 'Query.gradingChanges' as const,
            query: 'query($id: ID!, $since: String!) { gradingChanges(assessmentId: $id, since: $since) { submissions { id } } }',
            variables: (v: Vars) => ({ id: v.id, since: encodeCursor('2020-01-01 00:00:00+00') }),
            expect: SEES,
            given: async (w, c) => {
              const i = await pastItem(w, f.kind, c, true);
              return { id: i.id, target: i.sub! };
            },
          }),
        ]
      : []),
    row({
      ...g({
        gql: 'Mutation.autoSubmitOverdue' as const,
        query: 'mutation($id: ID!) { autoSubmitOverdue(assessmentId: $id) { autoSubmittedCount } }',
      }),
      variables: (v: Vars) => ({ id: v.id }),
      rest: rest(false),
      // student@ and student2@ of Class 5A are overdue on the MATH-5A items (hidden ones too: a teacher's call covers them)
      expect: { own: 'FFAFN', hidden: 'FFANN', other: 'FFNNN' },
      given: async (w, c) => ({ id: (await pastItem(w, f.kind, c, false)).id }),
      changed: async (w, v) =>
        ((await w.ds.query('SELECT 1 FROM submissions WHERE assessment_id = $1 AND is_auto_submitted', [v.id])) as unknown[]).length > 0,
    }),
    // GraphQL only (beyond the spec): the late joiners' due date is the course's teachers', as reopening is
    ...(f.gql
      ? [
          row({
            gql: 'Mutation.setLateJoinerDueDate' as const,
            query: 'mutation($id: ID!, $d: DateTimeISO!) { setLateJoinerDueDate(assessmentId: $id, dueDate: $d) { joinedLateCount } }',
            variables: (v: Vars) => ({ id: v.id, d: new Date(Date.now() + 3 * 86400_000).toISOString() }),
            expect: { own: 'FFAFN', hidden: 'FFANN', other: 'FFNNN' },
            given: async (w, c) => ({ id: (await pastItem(w, f.kind, c, false)).id }),
            changed: async (w, v) =>
              ((await w.ds.query('SELECT 1 FROM assessments WHERE id = $1 AND late_due_date IS NOT NULL', [v.id])) as unknown[]).length > 0,
          }),
        ]
      : []),
  ];
}

export const reviewRows: Row<any>[] = [
  ...FAMILIES.flatMap(familyRows),
  row({
    gql: 'Query.reviewItems',
    query: 'query { reviewItems(kind: ASSIGNMENT, first: 500) { nodes { assessment { id } } } }',
    expect: { own: 'AAAFF', other: 'AAEFF' },
    given: async (w, c) => {
      // in its class and subject the list is latest due date first: a later date than the hundreds of items the rows
      // before leave (due 2030-01-01) puts the target at the top of its class
      const target = await fresh(w, 'ASSIGNMENT', c);
      await w.ds.query(`UPDATE assessments SET due_date = '2031-06-01' WHERE id = $1`, [target]);
      return { target };
    },
  }),
  row({
    gql: 'Query.gradingQueue',
    query: 'query { gradingQueue(first: 100) { nodes { assessment { id } } } }',
    rest: { 'GET /review/queue': () => ({ path: '/review/queue?limit=100' }) },
    expect: { own: 'AAAFF', other: 'AAEFF' },
    given: async (w, c) => {
      // the queue is the earliest due first: an item due long ago with a submission to grade is at its top
      const { id, sub } = await pastItem(w, 'ASSIGNMENT', c, true);
      await w.ds.query(`UPDATE assessments SET due_date = '2001-01-01' WHERE id = $1`, [id]);
      return { target: id, sub };
    },
  }),
];
