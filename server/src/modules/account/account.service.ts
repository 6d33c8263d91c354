import { DataSource } from 'typeorm';
import { notFound, validation } from '../../errors/domain-error';
import { isId } from '../../core/ids';
import { INPUT_TEXT, charCount, requiredText } from '../../core/input';
import { Actor, authorize } from '../../policies';
import { User, USER_TEXT, lockUser, normalizeEmail, userById, userByIdOrFail, validateNewUser } from '../users';
import {
  AUTH_TEXT,
  hashPassword,
  verifyPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  recordAttempt,
  addressBucket,
  endCredentials,
  EMAIL_CHANGE_TEXT,
} from '../auth';
import { AccountSession } from './account.types';
import { recordAudit, AuditKind } from '../audit';
import type { AuthService } from '../auth';
import type { MailService } from '../mail';
import { clearLoginAttempts, deleteOwnSession, liveSessions, passwordOf, updatePasswordHash, updateUserName } from './account.repository';

export const ACCOUNT_TEXT = {
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Your current password is not correct',
  passwordChanged: 'Your password has been changed. Your other sessions were signed out.',
  profileUpdated: 'Your profile has been updated',
  sessionNotFound: 'Session not found',
  sameEmail: 'This is already your email address',
} as const;

/**
 * What every signed-in user may do to their own account, whatever their role (platform.md's Your Profile
 * and Settings links): change their name and password, see where they are signed in and sign out a
 * session. Always the stored user (actor.userId), also while viewing the app as another role.
 */
export class AccountService {
  constructor(
    private readonly ds: DataSource,
    private readonly auth: AuthService,
    private readonly mail: MailService,
  ) {}

  async updateProfile(actor: Actor, input: { firstName?: unknown; lastName?: unknown }): Promise<User> {
    const firstName = requiredText(input.firstName, USER_TEXT.firstNameRequired, 'First name', 100, undefined, 'firstName');
    const lastName = requiredText(input.lastName, USER_TEXT.lastNameRequired, 'Last name', 100, undefined, 'lastName');
    return this.ds.transaction(async (m) => {
      const before = await lockUser(m, actor.userId);
      if (!before) throw notFound(USER_TEXT.notFound);
      await updateUserName(m, actor.userId, firstName, lastName);
      const from = `${before.firstName} ${before.lastName}`;
      const to = `${firstName} ${lastName}`;
      if (from !== to) await recordAudit(m, actor, { kind: AuditKind.USER_NAME_CHANGED, targetUserId: actor.userId, from, to });
      return userByIdOrFail(m, actor.userId);
    });
  }

  /** Check the current password as sign-in does (the same limits: a session left open is not a way round them). */
  private async checkCurrentPassword(actor: Actor, input: unknown, ip: string): Promise<void> {
    const current = typeof input === 'string' ? input : '';
    if (!current) throw validation(ACCOUNT_TEXT.currentPasswordRequired, 'currentPassword');
    if (charCount(current, MAX_PASSWORD_LENGTH) > MAX_PASSWORD_LENGTH)
      throw validation(INPUT_TEXT.tooLong('Password', MAX_PASSWORD_LENGTH), 'currentPassword');
    const row = await passwordOf(this.ds, actor.userId);
    if (!row) throw notFound(USER_TEXT.notFound);
    await recordAttempt(this.ds, 'login', row.email, addressBucket(ip), AUTH_TEXT.tooManyAttempts);
    if (!(await verifyPassword(row.password_hash, current))) throw validation(ACCOUNT_TEXT.currentPasswordWrong, 'currentPassword');
    await clearLoginAttempts(this.ds, row.email);
  }

  /**
   * Your own sign-in email: needs the current password; like an administrator's change it waits for the link
   * mailed to the new address (the old one gets a notice with a way to report it).
   */
  async requestEmailChange(actor: Actor, input: { newEmail?: unknown; currentPassword?: unknown }, ip: string): Promise<string> {
    authorize(actor, 'session.manage', undefined, { message: AUTH_TEXT.webSessionOnly });
    const me = await userById(this.ds, actor.userId);
    if (!me) throw notFound(USER_TEXT.notFound);
    const { email } = validateNewUser({ firstName: me.firstName, lastName: me.lastName, email: input.newEmail, role: me.role });
    if (email === normalizeEmail(me.email)) throw validation(ACCOUNT_TEXT.sameEmail, 'newEmail');
    await this.checkCurrentPassword(actor, input.currentPassword, ip);
    await this.ds.transaction((m) => this.auth.emailChanges.request(m, actor, me, email));
    void this.mail.deliverPending();
    return EMAIL_CHANGE_TEXT.sent(email);
  }

  /**
   * Needs the current password, guessed no more often than at sign-in (the same limits: a session left open
   * is not a way round them); ends every other session of the account, keeps this one.
   */
  async changePassword(actor: Actor, input: { currentPassword?: unknown; newPassword?: unknown }, ip: string): Promise<string> {
    authorize(actor, 'session.manage', undefined, { message: AUTH_TEXT.webSessionOnly });
    const next = typeof input.newPassword === 'string' ? input.newPassword : '';
    if (!(typeof input.currentPassword === 'string' && input.currentPassword))
      throw validation(ACCOUNT_TEXT.currentPasswordRequired, 'currentPassword');
    if (charCount(next, MIN_PASSWORD_LENGTH) < MIN_PASSWORD_LENGTH) throw validation(AUTH_TEXT.passwordTooShort, 'newPassword');
    if (charCount(next, MAX_PASSWORD_LENGTH) > MAX_PASSWORD_LENGTH)
      throw validation(INPUT_TEXT.tooLong('Password', MAX_PASSWORD_LENGTH), 'newPassword');
    await this.checkCurrentPassword(actor, input.currentPassword, ip);
    const passwordHash = await hashPassword(next);
    await this.ds.transaction(async (m) => {
      await updatePasswordHash(m, actor.userId, passwordHash);
      // the other sessions, and every reset or invitation link mailed before, end with the old password
      await endCredentials(m, actor.userId, actor.sessionId);
      await recordAudit(m, actor, { kind: AuditKind.PASSWORD_CHANGED, targetUserId: actor.userId });
    });
    return ACCOUNT_TEXT.passwordChanged;
  }

  /** The account's live sessions, this one first, then the most recently used. */
  async sessions(actor: Actor): Promise<AccountSession[]> {
    const rows = await liveSessions(this.ds, actor.userId);
    return rows
      .map((s) => ({
        id: s.id,
        createdAt: s.createdAt,
        lastUsedAt: s.lastUsedAt,
        expiresAt: s.expiresAt,
        impersonating: s.impersonating,
        current: s.id === actor.sessionId,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current));
  }

  /** Signs out one session of your own; another account's session does not exist for you. */
  async endSession(actor: Actor, id: unknown): Promise<void> {
    authorize(actor, 'session.manage', undefined, { message: AUTH_TEXT.webSessionOnly });
    if (!isId(id)) throw notFound(ACCOUNT_TEXT.sessionNotFound);
    if (!(await deleteOwnSession(this.ds, id, actor.userId))) throw notFound(ACCOUNT_TEXT.sessionNotFound);
  }
}
