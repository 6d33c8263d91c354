import { startTestServer, TestServer } from '../../test/test-server';
import { bothWays } from '../../test/both-ways';
import { seedDemoSchool } from '../../app/seed';
import { validation } from '../../errors/domain-error';
import { Actor, authorize } from '../../policies';
import { Page, PageWindow } from '../../core/paging';
import { isId } from '../../core/ids';
import { isRole } from '../../core/role';
import { User } from './user.entity';
import type { UserFilter } from './users.repository';
import { USER_TEXT } from './users.validation';

/**
 * users(first, after) builds its page in one statement (users.page.ts). Its answers must be exactly those of
 * the ORM path it replaced (kept here as the yardstick): every field, every viewer who may list users (and the
 * denial of those who may not), each filter (role, search with LIKE's own characters, class, a bad class id),
 * and windows; REST's ?limit= pages as well.
 */
let t: TestServer;
const tok: Record<string, string> = {};

/** The users page as it was read before: the ORM's page, then its count. */
async function ormPage(actor: Actor, filter: UserFilter, window: PageWindow): Promise<Page<User>> {
  authorize(actor, 'user.list', undefined, { message: USER_TEXT.cannotManage });
  const query = () => {
    const qb = t.ds.getRepository(User).createQueryBuilder('u');
    if (filter.role !== undefined && filter.role !== null) {
      if (!isRole(filter.role)) throw validation('Unknown role', 'role');
      qb.andWhere('u.role = :role', { role: filter.role });
    }
    if (filter.classId !== undefined && filter.classId !== null) {
      qb.andWhere(isId(filter.classId) ? 'u.class_id = :classId' : 'false', { classId: filter.classId });
    }
    const search = filter.search?.trim();
    if (search) {
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.andWhere('(u.first_name ILIKE :like OR u.last_name ILIKE :like OR u.email ILIKE :like)', { like });
    }
    return qb.orderBy('u.last_name', 'ASC').addOrderBy('u.first_name', 'ASC').addOrderBy('u.id', 'ASC');
  };
  const items = await query().offset(window.offset).limit(window.limit).getMany();
  return { items, total: await query().getCount(), window };
}

const USERS = `query($role: Role, $search: String, $classId: ID, $first: Int, $after: String) {
  users(role: $role, search: $search, classId: $classId, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    nodes { id firstName lastName email role activated deactivatedAt createdAt pendingEmail viewerCanEdit viewerCanChangeEmail viewerCanDelete
      class { id name } academicYear { id year } familyLinks { id firstName } } } }`;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemoSchool(t.ds);
  for (const who of ['admin', 'superadmin', 'teacher', 'student', 'parent']) tok[who] = await t.login(`${who}@demo.school`);
  // names with LIKE's characters, a deactivated user, equal names ordered by id
  await t.ds.query(`INSERT INTO users (first_name, last_name, email, role, activated, deactivated_at) VALUES
    ('Per%cent', 'Under_score', 'pc@test.school', 'Student', true, now()), ('Back\\slash', 'Same', 'b1@test.school', 'Teacher', false, NULL),
    ('Back\\slash', 'Same', 'b2@test.school', 'Teacher', false, NULL)`);
}, 60_000);
afterAll(() => t.close());

const twice = <T>(run: () => Promise<T>) => bothWays(t.services.users, 'page', ormPage, run);
const both = (who: string, variables: Record<string, unknown>) => twice(() => t.gql(USERS, variables, tok[who]));

it('answers as the ORM path did, for every filter, viewer and window', async () => {
  const [{ id: classId }] = await t.ds.query(`SELECT class_id AS id FROM users WHERE email = 'student@demo.school'`);
  const filters = [
    {},
    { role: 'STUDENT' },
    { role: 'TEACHER' },
    { search: '%' },
    { search: '_' },
    { search: '\\' },
    { search: ' demo ' },
    { search: 'a', role: 'PARENT' },
    { classId },
    { classId: 'not-an-id' },
    { classId, search: 'student' },
  ];
  let seen = 0;
  for (const who of ['admin', 'superadmin', 'teacher']) {
    for (const filter of filters) {
      for (const window of [{}, { first: 3 }]) {
        const { fresh, orm } = await both(who, { ...filter, ...window });
        expect(fresh.errors).toBeUndefined();
        expect(fresh.data).toEqual(orm.data);
        expect(fresh.sql).toBeLessThanOrEqual(orm.sql);
        seen += fresh.data.users.nodes.length;
        const { endCursor, hasNextPage } = fresh.data.users.pageInfo;
        if (hasNextPage) {
          const later = await both(who, { ...filter, first: 3, after: endCursor });
          expect(later.fresh.data).toEqual(later.orm.data);
        }
      }
    }
  }
  expect(seen).toBeGreaterThan(100);
}, 120_000);

it('REST pages answer as before, with their total', async () => {
  for (const path of ['/users?limit=5&offset=2', '/users?role=Student&limit=3', '/users?search=same&limit=10']) {
    const { fresh, orm } = await twice(() => t.rest('GET', path, { token: tok.admin }));
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.length).toBeGreaterThan(0);
    expect(fresh.body).toEqual(orm.body);
    expect(fresh.headers.get('x-total-count')).toBe(orm.headers.get('x-total-count'));
  }
});

it('denials and bad input are unchanged', async () => {
  for (const who of ['student', 'parent']) {
    const { fresh, orm } = await both(who, {});
    expect(fresh.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(fresh.errors?.[0]?.message).toBe(orm.errors?.[0]?.message);
  }
});
