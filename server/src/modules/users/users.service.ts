import { DataSource, QueryFailedError } from 'typeorm';
import { DomainError, notFound, validation } from '../../errors/domain-error';
import { Actor, authorize, can } from '../../policies';
import { AuthService, INVITE_TOKEN_DAYS } from '../auth/auth.service';
import { MailService } from '../mail/mail.service';
import { assertId } from '../../app/ids';
import { Role, isRole } from './role';
import { User } from './user.entity';
import { USER_TEXT, validateNewUser } from './users.validation';

export interface UserFilter {
  role?: Role | null;
  search?: string | null;
  offset?: number | null;
  limit?: number | null;
}

export const MAX_PAGE = 200;

export class UsersService {
  constructor(
    private readonly ds: DataSource,
    private readonly auth: AuthService,
    private readonly mail: MailService,
  ) {}

  private query(filter: UserFilter) {
    const qb = this.ds.getRepository(User).createQueryBuilder('u');
    if (filter.role !== undefined && filter.role !== null) {
      if (!isRole(filter.role)) throw validation('Unknown role');
      qb.andWhere('u.role = :role', { role: filter.role });
    }
    const search = filter.search?.trim();
    if (search) {
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.andWhere('(u.first_name ILIKE :like OR u.last_name ILIKE :like OR u.email ILIKE :like)', { like });
    }
    return qb.orderBy('u.last_name', 'ASC').addOrderBy('u.first_name', 'ASC').addOrderBy('u.id', 'ASC');
  }

  /** One page, for GraphQL; two statements whatever the size. */
  async page(actor: Actor, filter: UserFilter): Promise<{ items: User[]; total: number }> {
    authorize(actor, 'user.list', undefined, { message: USER_TEXT.cannotManage });
    const offset = Math.max(0, filter.offset ?? 0);
    const limit = Math.min(MAX_PAGE, Math.max(1, filter.limit ?? 50));
    // always both statements: getManyAndCount skips the count on short pages, so cost would vary with data
    const items = await this.query(filter).offset(offset).limit(limit).getMany();
    const total = await this.query(filter).getCount();
    return { items, total };
  }

  /** The whole list, for the REST adapter (the spec's client reads whole lists). */
  async list(actor: Actor, filter: UserFilter): Promise<User[]> {
    authorize(actor, 'user.list', undefined, { message: USER_TEXT.cannotManage });
    return this.query(filter).getMany();
  }

  async get(actor: Actor, id: string): Promise<User> {
    assertId(id, USER_TEXT.notFound);
    authorize(actor, 'user.read', { id }, { as: 'notFound', message: USER_TEXT.notFound });
    const user = await this.ds.getRepository(User).findOneBy({ id });
    if (!user) throw notFound(USER_TEXT.notFound);
    return user;
  }

  /** New users start Pending and get an invitation whose link sets their password. */
  async create(actor: Actor, input: { firstName?: unknown; lastName?: unknown; email?: unknown; role?: unknown }): Promise<User> {
    if (!can(actor, 'user.list')) throw new DomainError('FORBIDDEN', USER_TEXT.cannotManage);
    const fields = validateNewUser(input);
    authorize(actor, 'user.create', { role: fields.role }, { message: USER_TEXT.cannotAssign(fields.role) });
    try {
      const user = await this.ds.transaction(async (m) => {
        const created = await m.save(m.create(User, { ...fields, activated: false, passwordHash: null }));
        const link = await this.auth.issueToken(m, created.id, 'invite', INVITE_TOKEN_DAYS * 86_400_000);
        await this.mail.enqueue(m, {
          to: created.email,
          subject: 'You have been invited to the school LMS',
          text: `Hello ${created.firstName},\n\nAn account (${created.role}) has been created for you. Open this link within ${INVITE_TOKEN_DAYS} days to set your password:\n${link}`,
        });
        return created;
      });
      void this.mail.deliverPending();
      delete (user as Partial<User>).passwordHash;
      return user;
    } catch (err) {
      if (err instanceof QueryFailedError && (err.driverError as { code?: string })?.code === '23505') {
        throw new DomainError('CONFLICT', USER_TEXT.emailTaken);
      }
      throw err;
    }
  }

  /** Deleting a user ends their sessions (the rows cascade). */
  async delete(actor: Actor, id: string): Promise<void> {
    assertId(id, USER_TEXT.notFound);
    if (!can(actor, 'user.list')) throw new DomainError('FORBIDDEN', USER_TEXT.cannotManage);
    const target = await this.ds.getRepository(User).findOneBy({ id });
    if (!target) throw notFound(USER_TEXT.notFound);
    if (target.id === actor.userId) throw new DomainError('FORBIDDEN', USER_TEXT.cannotDeleteSelf);
    authorize(actor, 'user.delete', target, { message: USER_TEXT.cannotManage });
    await this.ds.getRepository(User).delete({ id });
  }
}
