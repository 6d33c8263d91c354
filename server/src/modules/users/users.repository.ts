import { DataSource, EntityManager, In } from 'typeorm';
import type { Runner } from '../../db/rows';
import { PageWindow } from '../../core/paging';
import { Role } from '../../core/role';
import { isId } from '../../core/ids';
import { Actor } from '../../policies';
import { UserFacts } from '../../policies/rules';
import { taughtByViewerSql } from '../../policies/sql';
import { User } from './user.entity';
import { usersPageSql } from './users.page';
import { INSERT_LINKS_SQL } from './users.import-links';
import type { NewUserFields } from './users.validation';

/*
 * Every statement of the users domain (issue 29): TypeORM for the user rows (they are the entity GraphQL
 * answers), SQL for the one-statement page, the facts the rules read, the family links and the batch reads.
 */

/** Which users a list asks for; the role is checked by the service before it gets here. */
export interface UserFilter {
  role?: Role | null;
  search?: string | null;
  /** Only users placed in this class (its students). */
  classId?: string | null;
}

/** An ILIKE pattern that finds `search` anywhere, its own wildcards taken literally. */
const likeOf = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every user the filter selects, by last name, first name, id (the REST list asked without a window). */
export function usersMatching(ds: DataSource, filter: UserFilter): Promise<User[]> {
  const qb = ds.getRepository(User).createQueryBuilder('u');
  if (filter.role !== undefined && filter.role !== null) qb.andWhere('u.role = :role', { role: filter.role });
  // an id that cannot exist matches no one, as an unknown class does
  if (filter.classId !== undefined && filter.classId !== null)
    qb.andWhere(isId(filter.classId) ? 'u.class_id = :classId' : 'false', { classId: filter.classId });
  const search = filter.search?.trim();
  if (search) qb.andWhere('(u.first_name ILIKE :like OR u.last_name ILIKE :like OR u.email ILIKE :like)', { like: likeOf(search) });
  return qb.orderBy('u.last_name', 'ASC').addOrderBy('u.first_name', 'ASC').addOrderBy('u.id', 'ASC').getMany();
}

/** One page of the users the filter selects, in the list's order, with the total: one statement (usersPageSql). */
export async function usersPage(ds: DataSource, filter: UserFilter, window: PageWindow): Promise<{ items: User[]; total: number }> {
  const where: string[] = ['true'];
  const params: unknown[] = [window.offset, window.limit];
  const param = (v: unknown) => `$${params.push(v)}`;
  if (filter.role !== undefined && filter.role !== null) where.push(`u.role = ${param(filter.role)}`);
  if (filter.classId !== undefined && filter.classId !== null)
    where.push(isId(filter.classId) ? `u.class_id = ${param(filter.classId)}::uuid` : 'false');
  const search = filter.search?.trim();
  if (search) {
    const like = param(likeOf(search));
    where.push(`(u.first_name ILIKE ${like} OR u.last_name ILIKE ${like} OR u.email ILIKE ${like})`);
  }
  const [page]: Array<{ items: User[]; total: number }> = await ds.query(usersPageSql(where.join(' AND ')), params);
  return page;
}

export function userById(m: Runner, id: string): Promise<User | null> {
  return m.getRepository(User).findOneBy({ id });
}

/** The user as stored now; one that does not exist is an error (the caller has just read or written it, or its session names it). */
export function userByIdOrFail(m: Runner, id: string): Promise<User> {
  return m.getRepository(User).findOneByOrFail({ id });
}

/** The user, locked until the transaction ends (an edit reads, checks and writes it). */
export function lockUser(m: EntityManager, id: string): Promise<User | null> {
  return m.getRepository(User).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
}

/** Users by id, in one statement (missing ones are left out). */
export function usersByIds(m: Runner, ids: readonly string[]): Promise<User[]> {
  return m.getRepository(User).findBy({ id: In([...ids]) });
}

/** These users by last then first name (how a user's family or an allocation's teachers are listed). */
export function usersByName(m: Runner, ids: readonly string[]): Promise<User[]> {
  return m.getRepository(User).find({ where: { id: In([...ids]) }, order: { lastName: 'ASC', firstName: 'ASC' } });
}

/** New users, Pending (no password until their invitation is used); their ids in the order given. */
export async function insertPendingUsers(m: EntityManager, all: NewUserFields[]): Promise<string[]> {
  const inserted = await m
    .createQueryBuilder()
    .insert()
    .into(User)
    .values(all.map((f) => ({ ...f, activated: false, passwordHash: null })))
    .returning(['id'])
    .execute();
  return (inserted.raw as Array<{ id: string }>).map((r) => r.id);
}

/** Parent-student links by email (parent, student), in one statement. */
export async function insertFamilyLinks(m: EntityManager, links: Array<[string, string]>): Promise<void> {
  await m.query(INSERT_LINKS_SQL, [links.map((l) => l[0]), links.map((l) => l[1])]);
}

export async function updateUser(m: EntityManager, id: string, set: Partial<User>): Promise<void> {
  await m.update(User, { id }, set);
}

export async function deleteUser(m: EntityManager, id: string): Promise<void> {
  await m.getRepository(User).delete({ id });
}

/** The role of each user whose email (lower case) is among `emails`: which are taken. */
export async function rolesByEmail(ds: DataSource, emails: string[]): Promise<Map<string, Role>> {
  if (!emails.length) return new Map();
  const rows: Array<{ email: string; role: Role }> = await ds.query(
    `SELECT lower(email) AS email, role FROM users WHERE lower(email) = ANY($1)`,
    [emails],
  );
  return new Map(rows.map((r) => [r.email, r.role]));
}

/** Each user's sign-in email still waiting for its confirmation link (auth's email_changes), by user id. */
export async function pendingEmails(ds: DataSource, ids: readonly string[]): Promise<Map<string, string>> {
  const rows: Array<{ user_id: string; new_email: string }> = await ds.query(
    `SELECT user_id, new_email FROM email_changes
      WHERE user_id = ANY($1::uuid[]) AND confirmed_at IS NULL AND cancelled_at IS NULL AND expires_at > now()`,
    [ids],
  );
  return new Map(rows.map((r) => [r.user_id, r.new_email]));
}

/**
 * What the user rules ('user.update', 'user.delete') need about many users, in one statement: their role and,
 * for a Teacher viewer, whether each is a student they teach or a parent of one (no statement's worth of work
 * for other viewers, whose rules do not ask).
 */
export async function userFacts(q: Runner, actor: Actor, ids: readonly string[]): Promise<Map<string, UserFacts>> {
  if (!ids.length) return new Map();
  const taught = actor.activeRole === Role.Teacher ? taughtByViewerSql('u.id', '$2::uuid') : 'FALSE';
  const rows: Array<{ id: string; role: Role; taught: boolean }> = await q.query(
    `SELECT u.id, u.role, ${taught} AS taught, $2::uuid AS viewer FROM users u WHERE u.id = ANY($1::uuid[])`,
    [ids, actor.userId],
  );
  return new Map(rows.map((r) => [r.id, { id: r.id, role: r.role, taughtByViewer: r.taught }]));
}
