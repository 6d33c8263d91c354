import { startTestServer, TestServer } from '../../test/test-server';
import { bothWays } from '../../test/both-ways';
import { seedDemoSchool } from '../../app/seed';
import { makeCourse } from '../../test/courses.factories';
import { pageOfQuery, PageWindow } from '../../core/paging';
import { Actor } from '../../policies';
import { courseReadableSql } from '../../policies/sql';
import { Course } from './course.entity';
import { coursesPageSql } from './courses.list';
import { studentCoursesSql } from './courses.student-courses';
import { analyzedPlan, nodesOf } from '../../test/plans';

/**
 * `courses` builds its page in one statement (courses.list.ts). Its answers must be exactly those of the ORM path
 * it replaced (kept here as the yardstick): every field, every role, whole lists and windows, over both transports.
 */
let t: TestServer;
const tok: Record<string, string> = {};

const USER = 'id firstName lastName email role activated deactivatedAt createdAt';
const CARDS = `query($first: Int, $after: String) { courses(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor }
  nodes { id title description version createdAt updatedAt viewerCanManage viewerCanDelete viewerCanPost
    subject { id name description isActive createdAt version } class { id name grade description isActive createdAt version academicYear { id year } }
    academicYear { id year isActive startDate endDate createdAt version } teachers { ${USER} } } } }`;

/** The list as it was read before: the ORM's window over the readable courses, then the same with their teachers. */
function ormPage(actor: Actor, window: PageWindow) {
  const query = (teachers: boolean) => {
    const qb = t.ds
      .getRepository(Course)
      .createQueryBuilder('c')
      .innerJoinAndSelect('c.subject', 's')
      .innerJoinAndSelect('c.class', 'cl')
      .innerJoinAndSelect('c.academicYear', 'y');
    if (teachers) qb.leftJoinAndSelect('c.teachers', 't');
    qb.orderBy('y.year', 'DESC')
      .addOrderBy('cl.name', 'ASC')
      .addOrderBy('s.name', 'ASC')
      .addOrderBy('c.title', 'ASC')
      .addOrderBy('c.id', 'ASC');
    if (teachers) qb.addOrderBy('t.lastName', 'ASC').addOrderBy('t.firstName', 'ASC');
    return qb.where(courseReadableSql(actor, { courseId: 'c.id' }, ':viewer'), { viewer: actor.userId });
  };
  return pageOfQuery(query(false), window, query(true));
}

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  const [teacher] = await t.ds.query(`SELECT id FROM users WHERE email = 'teacher@demo.school'`);
  // more courses of the teacher's, in the same class and subject (titles decide their order) and with a second teacher
  const [math] = await t.ds.query(`SELECT subject_id, class_id, academic_year_id FROM courses WHERE title = 'MATH-5A'`);
  for (const title of ['MATH-5A-b', 'math-5a-c', 'MATH-5A-a']) {
    await makeCourse(t.ds, {
      title,
      subjectId: math.subject_id,
      classId: math.class_id,
      academicYearId: math.academic_year_id,
      teacherIds: [teacher.id],
    });
  }
  for (const who of ['superadmin', 'admin', 'teacher', 'teacher2', 'student', 'student2', 'parent'])
    tok[who] = await t.login(`${who}@demo.school`);
}, 60_000);
afterAll(() => t.close());

const both = (who: string, variables: Record<string, unknown>) =>
  bothWays(t.services.courses, 'page', ormPage, () => t.gql(CARDS, variables, tok[who]));

it('answers as the ORM path did, for every role and window', async () => {
  let seen = 0;
  for (const who of Object.keys(tok)) {
    for (const window of [{}, { first: 2 }, { first: 500 }]) {
      const { fresh, orm } = await both(who, window);
      expect(fresh.errors).toBeUndefined();
      expect(fresh.data).toEqual(orm.data);
      seen += fresh.data.courses.nodes.length;
      const next = fresh.data.courses.pageInfo.endCursor;
      if (next && fresh.data.courses.pageInfo.hasNextPage) {
        const later = await both(who, { first: 2, after: next });
        expect(later.fresh.data).toEqual(later.orm.data);
      }
    }
  }
  expect(seen).toBeGreaterThan(20);
});

it('GET /courses?limit= answers the same courses in the same order, with X-Total-Count', async () => {
  const gql = (await t.gql(CARDS, { first: 500 }, tok.teacher)).data.courses;
  const rest = await t.rest('GET', '/courses?limit=500', { token: tok.teacher });
  expect(rest.status).toBe(200);
  expect(rest.headers.get('x-total-count')).toBe(String(gql.totalCount));
  expect(rest.body.data.map((c: { _id: string }) => c._id)).toEqual(gql.nodes.map((c: { id: string }) => c.id));
  expect(rest.body.data[0]).toMatchObject({ title: gql.nodes[0].title, subject: { name: gql.nodes[0].subject.name } });
});

it('a page of courses is the session and one statement, for 10 courses as for 2', async () => {
  const small = await t.gql(
    '{ courses(first: 2) { nodes { title subject { name } class { name } academicYear { year } teachers { firstName } } } }',
    {},
    tok.admin,
  );
  const large = await t.gql(
    '{ courses(first: 10) { nodes { title subject { name } class { name } academicYear { year } teachers { firstName } } } }',
    {},
    tok.admin,
  );
  expect(large.data.courses.nodes.length).toBeGreaterThan(small.data.courses.nodes.length);
  expect([small.sql, large.sql]).toEqual([2, 2]);
});

it("reads each course's subject, class and year from the listed rows, not from the courses again for each kind of place", async () => {
  const actorOf = async (email: string) => {
    const [u] = await t.ds.query(`SELECT id, role FROM users WHERE email = $1`, [email]);
    return { userId: u.id, role: u.role, activeRole: u.role, impersonating: false, sessionId: 's', childIds: [] } as Actor;
  };
  // what the subjects (ps), classes (pc) and years (py) of the answer's places read: the aggregate over each
  const placeReads = async (sql: string, params: unknown[]) => {
    const plan = await analyzedPlan(t.ds, sql, params);
    return Object.fromEntries(
      ['ps', 'pc', 'py'].map((alias) => {
        const place = nodesOf(plan).find((n) => (n.Plans ?? []).some((child) => child.Alias === alias));
        if (!place) throw new Error(`no ${alias} in the plan`);
        return [
          alias,
          nodesOf(place)
            .filter((n) => n['Relation Name'] === 'courses')
            .map((n) => n.Alias),
        ];
      }),
    );
  };
  const none = { ps: [], pc: [], py: [] };
  const admin = await actorOf('admin@demo.school');
  expect(await placeReads(coursesPageSql(admin), [admin.userId, 0, 500])).toEqual(none);
  const student = await actorOf('student@demo.school');
  expect(await placeReads(studentCoursesSql(student), [student.userId, student.userId])).toEqual(none);
});
