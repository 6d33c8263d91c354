import { loadConfig } from '../config';
import { seedDemoSchool } from './seed';
import { serveApp, startTestServer, TestServer } from '../test/test-server';

/**
 * Compiled execution (compiled-execution.ts) answers exactly as graphql-js does: the same data, the same
 * errors with the same codes, paths and HTTP statuses, the same fields hidden by the field rules. Two apps
 * over one database, one compiling queries and one running graphql-js, are asked the same operations as
 * every demo role, including refusals, missing objects, refused variables and fields a role may not read.
 */
let compiled: TestServer;
let plain: TestServer;
const tok: Record<string, string> = {};
let math = '';
let items: string[] = [];

const OPERATIONS: Array<[string, string, (() => Record<string, unknown>)?]> = [
  [
    'me',
    `query Me { me { user { id firstName lastName email role activated class { id } } activeRole isImpersonating
    abilities { manageUsers assignableRoles switchableRoles manageAcademicStructure markAttendance viewOwnAttendance } } }`,
  ],
  [
    'my courses',
    `query MyCourses { myCourses { academicYear { id year isActive } classes { class { id name }
    subjects { allocationId subject { id name } courses { id title description teachers { id firstName } modules { title } } } } } }`,
  ],
  [
    'course page',
    `query CoursePage($id: ID!) { course(id: $id) { id title description version viewerCanManage subject { id name } class { id name }
    academicYear { id year isActive } teachers { id firstName lastName email }
    modules { id title description moduleType order isVisible version contents { id title contentType fileName fileSize isVisible downloadUrl version } }
    announcements { id title content isVisible createdAt author { id firstName lastName email } }
    discussions { ...Post replies { ...Post } } } }
    fragment Post on Discussion { id title content createdAt version parentDiscussionId viewerCanChange author { id firstName lastName role email } }`,
    () => ({ id: math }),
  ],
  [
    'a course that does not exist',
    'query($id: ID!) { course(id: $id) { id title } }',
    () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  ],
  ['a malformed id', 'query($id: ID!) { course(id: $id) { id title } }', () => ({ id: 'not-an-id' })],
  ['a missing variable', 'query($id: ID!) { course(id: $id) { id title } }', () => ({})],
  ['a variable of the wrong type', 'query($first: Int!) { users(first: $first) { totalCount } }', () => ({ first: 'many' })],
  ['a list refused to a role', '{ users(first: 5) { nodes { id email } totalCount } }'],
  [
    'student courses',
    '{ studentCourses { studentInfo { class { id name } academicYear { id year } } courses { id title subject { name } } } }',
  ],
  ...(['ASSIGNMENT', 'QUIZ', 'EXAM'] as const).map((kind): [string, string, () => Record<string, unknown>] => [
    `my ${kind.toLowerCase()}s`,
    `query($kind: AssessmentKind!) { myAssessments(kind: $kind, first: 500) { nodes { id kind title dueDate totalPoints course { id title }
      myStatus { status label dueDate isOverdue canSubmit submissionId score { totalScore maxScore percentage } } } } }`,
    () => ({ kind }),
  ]),
  [
    'assessments with their answer keys',
    `query($id: ID!) { assessment(id: $id) { id kind title resultVisibility
    questions { id type questionText points options { id text isCorrect } acceptedAnswers { answer weight } }
    myStatus { status } mySubmission { id status totalScore answers { questionId answer grade { score feedback } correctOptionIds acceptedAnswers } } } }`,
    () => ({ id: items[0] }),
  ],
  [
    'a grading dashboard',
    `query($id: ID!) { gradingDashboard(assessmentId: $id) { isPastDue totalStudents submittedCount
    submitted { id status student { id email } answers { questionId answer grade { score } } } overdue { student { id email } } } }`,
    () => ({ id: items[0] }),
  ],
  [
    'typename and skip/include',
    `query($yes: Boolean!) { me { __typename user { id email @include(if: $yes) role @skip(if: $yes) } } }`,
    () => ({ yes: true }),
  ],
  ['introspection', '{ __type(name: "Course") { name fields { name type { name kind ofType { name } } } } }'],
];

beforeAll(async () => {
  compiled = await startTestServer({ GRAPHQL_COMPILED: 'true' });
  await seedDemoSchool(compiled.ds);
  plain = await serveApp(
    compiled.ds,
    loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://lms.test',
      FILE_DIR: compiled.url,
      LOG_LEVEL: 'silent',
      GRAPHQL_COMPILED: 'false',
      GRAPHQL_KNOWN_QUERIES: 'false',
    }),
    async () => undefined,
  );
  for (const who of ['superadmin', 'admin', 'teacher', 'teacher2', 'student', 'student2', 'parent'])
    tok[who] = await compiled.login(`${who}@demo.school`);
  [{ id: math }] = await compiled.ds.query(`SELECT id FROM courses WHERE title = 'MATH-5A'`);
  items = (await compiled.ds.query('SELECT id FROM assessments ORDER BY created_at, id')).map((r: { id: string }) => r.id);
  expect(items.length).toBeGreaterThan(0);
}, 60_000);
afterAll(async () => {
  await plain?.close();
  await compiled?.close();
});

describe.each(OPERATIONS)('%s', (_name, query, variables) => {
  it.each(['superadmin', 'admin', 'teacher', 'teacher2', 'student', 'student2', 'parent', 'anonymous'])(
    'as %s: the same answer compiled and not',
    async (who) => {
      const v = variables?.() ?? {};
      const token = who === 'anonymous' ? null : tok[who];
      const [a, b] = [await compiled.gql(query, v, token), await plain.gql(query, v, token)];
      expect({ status: a.status, data: a.data, errors: a.errors }).toEqual({ status: b.status, data: b.data, errors: b.errors });
    },
  );
});

it('every assessment of the demo school reads the same for its students and teachers', async () => {
  const query = OPERATIONS.find(([name]) => name === 'assessments with their answer keys')![1];
  for (const id of items) {
    for (const who of ['teacher', 'student', 'student2', 'parent']) {
      const [a, b] = [await compiled.gql(query, { id }, tok[who]), await plain.gql(query, { id }, tok[who])];
      expect({ data: a.data, errors: a.errors }).toEqual({ data: b.data, errors: b.errors });
    }
  }
});
