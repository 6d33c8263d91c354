import { DataSource, QueryFailedError } from 'typeorm';
import { DomainError, notFound, validation } from '../../errors/domain-error';
import { Actor, authorize, can } from '../../policies';
import type { Services } from '../../core/context';
import { MailMessage, MailService } from '../mail';
import { assertId } from '../../core/ids';
import { Page, PageLimits, PageWindow } from '../../core/paging';
import { Role, isRole } from '../../core/role';
import { User } from './user.entity';
import { NewUserFields, USER_TEXT, normalizeEmail, validateNewUser } from './users.validation';
import { IMPORT_LINK_TEXT, rowLinks } from './users.import-links';
import {
  type UserFilter,
  deleteUser,
  insertFamilyLinks,
  insertPendingUsers,
  lockUser,
  rolesByEmail,
  updateUser,
  userById,
  userByIdOrFail,
  userFacts,
  usersByIds,
  usersMatching,
  usersPage,
} from './users.repository';
import { recordAudit, AuditKind } from '../audit';

/**
 * Auth's service, as users reach it: through the kernel's registry (core/context.ts), since auth's files build on
 * this domain's (the user row, its validation and shape) and not the other way round.
 */
export type AuthService = Services['auth'];

/** A page of users: at most 200, 50 unless asked. */
export const USER_PAGE: PageLimits = { max: 200, size: 50 };
/** The most rows one CSV import may hold. */
export const MAX_IMPORT_ROWS = 1000;

export interface UserEdit {
  id?: unknown;
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  role?: unknown;
  /** SuperAdmin and Admin, for a user who has never signed in: the new email takes effect at once (their invitation goes there). */
  emailVerified?: unknown;
}

export type ImportRowInput = {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  role?: unknown;
  parentEmails?: unknown;
  childEmails?: unknown;
};

/** One row of an import: its place in the file (1 = the first user), the error that keeps it out, the user made. */
export interface ImportRowResult {
  row: number;
  email: string;
  error: string | null;
  user: User | null;
}

export interface ImportResult {
  rows: ImportRowResult[];
  validCount: number;
  invalidCount: number;
  createdCount: number;
  /** Parent-student links the import made (parentEmails, childEmails). */
  linkCount: number;
}

const isUniqueViolation = (err: unknown) => err instanceof QueryFailedError && (err.driverError as { code?: string })?.code === '23505';

/** The invitation of platform.md section 4 ("Creating a user sends an invitation email"). */
export function invitation(user: Pick<User, 'email' | 'firstName' | 'role'>, link: string, days: number): MailMessage {
  return {
    to: user.email,
    subject: 'You have been invited to the school LMS',
    text: `Hello ${user.firstName},\n\nAn account (${user.role}) has been created for you. Open this link within ${days} days to set your password:\n${link}`,
  };
}

export class UsersService {
  constructor(
    private readonly ds: DataSource,
    private readonly auth: AuthService,
    private readonly mail: MailService,
  ) {}

  /** A list's role must be one of the five; any class id and search are fine (an unknown class matches no one). */
  private checked(filter: UserFilter): UserFilter {
    if (filter.role !== undefined && filter.role !== null && !isRole(filter.role)) throw validation('Unknown role', 'role');
    return filter;
  }

  /** One page (by last name, first name, id) with the total: one statement whatever the size (usersPageSql). */
  async page(actor: Actor, filter: UserFilter, window: PageWindow): Promise<Page<User>> {
    authorize(actor, 'user.list', undefined, { message: USER_TEXT.cannotManage });
    const { items, total } = await usersPage(this.ds, this.checked(filter), window);
    return { items, total, window };
  }

  /** The whole list, for the REST adapter when no window is asked for (the spec's client reads whole lists). */
  async list(actor: Actor, filter: UserFilter): Promise<User[]> {
    authorize(actor, 'user.list', undefined, { message: USER_TEXT.cannotManage });
    return usersMatching(this.ds, this.checked(filter));
  }

  async get(actor: Actor, id: string): Promise<User> {
    assertId(id, USER_TEXT.notFound);
    authorize(actor, 'user.read', { id }, { as: 'notFound', message: USER_TEXT.notFound });
    const user = await userById(this.ds, id);
    if (!user) throw notFound(USER_TEXT.notFound);
    return user;
  }

  /** New users start Pending and get an invitation whose link sets their password. */
  async create(actor: Actor, input: { firstName?: unknown; lastName?: unknown; email?: unknown; role?: unknown }): Promise<User> {
    if (!can(actor, 'user.list')) throw new DomainError('FORBIDDEN', USER_TEXT.cannotManage);
    const fields = validateNewUser(input);
    authorize(actor, 'user.create', { role: fields.role }, { message: USER_TEXT.cannotAssign(fields.role) });
    const [user] = await this.insertInvited(actor, [fields]);
    return user;
  }

  /** Inserts Pending users, one invitation link and mail each (and the file's family links), in one transaction of four (five) statements. */
  private async insertInvited(actor: Actor, all: NewUserFields[], links: Array<[string, string]> = []): Promise<User[]> {
    try {
      const users = await this.ds.transaction(async (m) => {
        const ids = await insertPendingUsers(m, all);
        const tokens = await this.auth.issueTokens(m, ids, 'invite', this.auth.inviteDays * 86_400_000);
        await this.mail.enqueueAll(
          m,
          all.map((f, i) => invitation(f, tokens[i], this.auth.inviteDays)),
        );
        if (links.length) await insertFamilyLinks(m, links);
        await recordAudit(
          m,
          actor,
          ids.map((id, i) => ({ kind: AuditKind.USER_CREATED, targetUserId: id, to: `${all[i].email} (${all[i].role})` })),
        );
        const rows = await usersByIds(m, ids);
        const byId = new Map(rows.map((u) => [u.id, u]));
        return ids.map((id) => byId.get(id)!);
      });
      void this.mail.deliverPending();
      return users;
    } catch (err) {
      if (isUniqueViolation(err)) throw new DomainError('CONFLICT', USER_TEXT.emailTaken);
      throw err;
    }
  }

  /**
   * Edit name, email and role of a user the actor may manage ('user.update': SuperAdmin and Admin users of a role
   * they may create, a Teacher only their own students and those students' parents), never one's own role; the
   * new role must be one the actor may assign. A new email waits for the link mailed to it (EmailChanges), unless
   * an administrator marks it verified for a user who has never signed in (their new invitation goes there). A
   * user who stops being a Student loses their placement; a changed role ends the user's sessions (their rights
   * changed). Every change is put in the audit log in the same transaction.
   */
  async update(actor: Actor, input: UserEdit): Promise<{ user: User; message: string }> {
    const id = assertId(input.id, USER_TEXT.notFound);
    if (!can(actor, 'user.list')) throw new DomainError('FORBIDDEN', USER_TEXT.cannotManage);
    let invited = false;
    try {
      const out = await this.ds.transaction(async (m) => {
        const target = await lockUser(m, id);
        if (!target) throw notFound(USER_TEXT.notFound);
        if (target.id === actor.userId && input.role != null && input.role !== target.role)
          throw new DomainError('FORBIDDEN', USER_TEXT.cannotChangeOwnRole);
        const facts = (await userFacts(m, actor, [id])).get(id)!;
        authorize(actor, 'user.update', facts, { message: USER_TEXT.cannotManage });
        const given = (v: unknown, current: string) => (v === undefined || v === null ? current : v);
        const fields = validateNewUser({
          firstName: given(input.firstName, target.firstName),
          lastName: given(input.lastName, target.lastName),
          email: given(input.email, target.email),
          role: given(input.role, target.role),
        });
        const roleChanged = fields.role !== target.role;
        if (roleChanged) {
          if (target.id === actor.userId) throw new DomainError('FORBIDDEN', USER_TEXT.cannotChangeOwnRole);
          authorize(actor, 'user.create', { role: fields.role }, { message: USER_TEXT.cannotAssign(fields.role) });
        }
        const emailChanged = fields.email !== normalizeEmail(target.email);
        if (emailChanged) authorize(actor, 'user.changeEmail', facts, { message: USER_TEXT.cannotChangeEmail });
        const verified = input.emailVerified === true;
        if (verified && emailChanged && target.activated) throw validation(USER_TEXT.cannotMarkVerified);
        const unplace = roleChanged && fields.role !== Role.Student ? { classId: null, academicYearId: null } : {};
        const email = emailChanged && verified ? fields.email : target.email;
        await updateUser(m, id, { ...fields, email, ...unplace });
        const audit = [];
        const oldName = `${target.firstName} ${target.lastName}`;
        const newName = `${fields.firstName} ${fields.lastName}`;
        if (oldName !== newName) audit.push({ kind: AuditKind.USER_NAME_CHANGED, targetUserId: id, from: oldName, to: newName });
        if (roleChanged) audit.push({ kind: AuditKind.USER_ROLE_CHANGED, targetUserId: id, from: target.role, to: fields.role });
        let message: string = USER_TEXT.updated;
        if (emailChanged && verified) {
          // a Pending user's old links went to the old address: end them and invite the new one
          await this.auth.endCredentials(m, id);
          const link = await this.auth.issueToken(m, id, 'invite', this.auth.inviteDays * 86_400_000);
          await this.mail.enqueue(m, invitation({ ...target, email: fields.email, role: fields.role }, link, this.auth.inviteDays));
          audit.push({
            kind: AuditKind.EMAIL_CHANGED,
            targetUserId: id,
            from: target.email,
            to: fields.email,
            note: 'Marked verified by an administrator; a new invitation went to the new address',
          });
          invited = true;
        } else if (emailChanged) {
          await this.auth.emailChanges.request(m, actor, target, fields.email);
          message = this.auth.emailChanges.sentText(fields.email);
          invited = true;
        }
        if (roleChanged) await this.auth.endSessions(m, id);
        await recordAudit(m, actor, audit);
        return { user: await userByIdOrFail(m, id), message };
      });
      if (invited) void this.mail.deliverPending();
      return out;
    } catch (err) {
      if (isUniqueViolation(err)) throw new DomainError('CONFLICT', USER_TEXT.emailTaken);
      throw err;
    }
  }

  /**
   * A new invitation for a Pending user the actor may edit; earlier links stop working. Limited as
   * forgot-password is (per email and per address, auth's `limitLinks`).
   */
  async resendInvitation(actor: Actor, id: unknown, ip: string): Promise<User> {
    const userId = assertId(id, USER_TEXT.notFound);
    if (!can(actor, 'user.list')) throw new DomainError('FORBIDDEN', USER_TEXT.cannotManage);
    const target = await userById(this.ds, userId);
    if (!target) throw notFound(USER_TEXT.notFound);
    authorize(actor, 'user.update', (await userFacts(this.ds, actor, [userId])).get(userId)!, { message: USER_TEXT.cannotManage });
    if (target.activated) throw validation(USER_TEXT.alreadyActive);
    await this.auth.limitLinks(target.email, ip, USER_TEXT.tooManyInvitations);
    await this.ds.transaction(async (m) => {
      await this.auth.revokeTokens(m, userId);
      const link = await this.auth.issueToken(m, userId, 'invite', this.auth.inviteDays * 86_400_000);
      await this.mail.enqueue(m, invitation(target, link, this.auth.inviteDays));
    });
    void this.mail.deliverPending();
    return target;
  }

  /**
   * A CSV import (parsed by the client): every row checked as createUser checks one (section 5 texts, the
   * roles the actor may assign), and against the other rows and the existing users (email regardless of case).
   * `dryRun` only answers the rows; otherwise the valid rows are created in one transaction, or nothing at all
   * when `onlyIfAllValid` and a row is invalid. A fixed number of statements whatever the number of rows.
   */
  async importUsers(
    actor: Actor,
    input: { rows?: ImportRowInput[] | null; dryRun?: boolean | null; onlyIfAllValid?: boolean | null },
  ): Promise<ImportResult> {
    if (!can(actor, 'user.list')) throw new DomainError('FORBIDDEN', USER_TEXT.cannotManage);
    const rows = Array.isArray(input.rows) ? input.rows : [];
    if (!rows.length) throw validation(USER_TEXT.importEmpty);
    if (rows.length > MAX_IMPORT_ROWS) throw new DomainError('PAYLOAD_TOO_LARGE', USER_TEXT.importTooLarge(MAX_IMPORT_ROWS));
    type Checked = { row: number; email: string; fields: NewUserFields | null; error: string | null; links: ReturnType<typeof rowLinks> };
    const checked = rows.map((r, i): Checked => {
      const email = normalizeEmail(r?.email);
      const links = rowLinks(actor, { email, role: r?.role, parentEmails: r?.parentEmails, childEmails: r?.childEmails });
      try {
        const fields = validateNewUser(r ?? {});
        if (!can(actor, 'user.create', { role: fields.role }))
          return { row: i + 1, email, fields: null, error: USER_TEXT.cannotAssign(fields.role), links };
        return { row: i + 1, email, fields, error: links.error, links };
      } catch (err) {
        if (err instanceof DomainError) return { row: i + 1, email, fields: null, error: err.message, links };
        throw err;
      }
    });
    const firstRow = new Map<string, number>();
    for (const c of checked) {
      if (!c.email) continue;
      const seen = firstRow.get(c.email);
      if (seen === undefined) firstRow.set(c.email, c.row);
      else if (!c.error) c.error = USER_TEXT.duplicateInFile(seen);
    }
    const emails = [
      ...new Set(checked.filter((c) => c.fields && !c.error).flatMap((c) => [c.email, ...c.links.named.map((n) => n.email)])),
    ];
    // one statement: which emails are taken, and the roles of the users the link columns name
    const existing = await rolesByEmail(this.ds, emails);
    for (const c of checked) if (!c.error && existing.has(c.email)) c.error = USER_TEXT.emailTaken;
    for (const c of checked) if (c.error) c.fields = null;
    // a named user is a valid row of this file with the role, or a user of the school with it
    // (until nothing changes: a row refused here may be one that another row names)
    for (let changed = true; changed;) {
      changed = false;
      const inFile = new Map(checked.filter((c) => c.fields).map((c) => [c.email, c.fields!.role]));
      for (const c of checked) {
        const missing = c.fields && c.links.named.find((n) => (inFile.get(n.email) ?? existing.get(n.email)) !== n.role);
        if (missing) {
          c.error = IMPORT_LINK_TEXT.notA(missing.column, missing.email, missing.role);
          c.fields = null;
          changed = true;
        }
      }
    }
    const valid = checked.filter((c) => c.fields);
    const invalidCount = checked.length - valid.length;
    const write = !input.dryRun && valid.length > 0 && !(input.onlyIfAllValid && invalidCount > 0);
    const links = valid.flatMap((c) => c.links.pairs);
    const created = write
      ? await this.insertInvited(
          actor,
          valid.map((c) => c.fields!),
          links,
        )
      : [];
    const userOf = new Map(valid.map((c, i) => [c.row, created[i] ?? null]));
    return {
      rows: checked.map((c) => ({ row: c.row, email: c.email, error: c.error, user: userOf.get(c.row) ?? null })),
      validCount: valid.length,
      invalidCount,
      createdCount: created.length,
      linkCount: write ? new Set(links.map((l) => l.join(' '))).size : 0,
    };
  }

  /** Deleting a user ends their sessions (the rows cascade); the audit row keeps who they were. */
  async delete(actor: Actor, id: string): Promise<void> {
    assertId(id, USER_TEXT.notFound);
    if (!can(actor, 'user.list')) throw new DomainError('FORBIDDEN', USER_TEXT.cannotManage);
    const target = await userById(this.ds, id);
    if (!target) throw notFound(USER_TEXT.notFound);
    if (target.id === actor.userId) throw new DomainError('FORBIDDEN', USER_TEXT.cannotDeleteSelf);
    authorize(actor, 'user.delete', (await userFacts(this.ds, actor, [id])).get(id)!, { message: USER_TEXT.cannotManage });
    await this.ds.transaction(async (m) => {
      await recordAudit(m, actor, { kind: AuditKind.USER_DELETED, targetUserId: id, from: `${target.email} (${target.role})` });
      await deleteUser(m, id);
    });
  }
}
