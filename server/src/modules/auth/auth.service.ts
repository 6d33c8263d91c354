import { DataSource } from 'typeorm';
import { Config } from '../../config';
import { INPUT_TEXT, charCount } from '../../core/input';
import { DomainError, forbidden, validation } from '../../errors/domain-error';
import { Actor, abilitiesOf, authorize } from '../../policies';
import { personRole } from '../../policies/actor';
import { MailMessage, MailService } from '../mail';
import { User, normalizeEmail, userByIdOrFail, validateNewUser } from '../users';
import { Role, roleNamed } from '../../core/role';
import { AUTH_TEXT } from './auth.texts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, hashPassword, hashSecret, newSecret, verifyPassword } from './secrets';
import { recordAttempt } from './attempts';
import { addressBucket } from './client-address';
import { childIdsOf } from '../../policies/children';
import { recordAudit, AuditKind } from '../audit';
import { EmailChanges } from './email-change';
import { pathTo } from '@lms/routes';
import { CheckedViewer, SessionCheck, ViewerGuesses } from './session-check';
import { PLACED_CLASS, PLACED_YEAR, SESSION_TOUCH, VIEWER_CHECK, ViewerRow, checkedViewerSql } from './viewer-sql';
import {
  deleteSession,
  deleteSessionsOf,
  endCredentials,
  forgiveLoginFailures,
  insertPasswordTokens,
  insertResetTokenWithMail,
  insertSession,
  insertUser,
  revokeUnusedTokens,
  roleOfUser,
  setPasswordAndActivate,
  setSessionRole,
  useToken,
  userWithPasswordByEmail,
  viewerByTokenHash,
  viewerFingerprint,
} from './auth.repository';

export interface LoginInput {
  email?: string | null;
  password?: string | null;
  rememberMe?: boolean | null;
}

export interface RegisterInput {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  password?: string | null;
}

export interface AuthResult {
  token: string;
  user: User;
  activeRole: Role;
  isImpersonating: boolean;
  /** The new session as an actor: who views the answer (the REST presenters take it). */
  actor: Actor;
}

export const RESET_TOKEN_MINUTES = 60;
export const INVITE_TOKEN_DAYS = 7;
/** The longest email an account can have (users.validation), so the longest worth looking up. */
export const MAX_EMAIL_LENGTH = 254;

/** An email to look up: present and within the bound, refused before any database work. */
function emailToLookUp(input: unknown): string {
  const email = normalizeEmail(input);
  if (!email) throw validation(AUTH_TEXT.emailRequired, 'email');
  if (charCount(email, MAX_EMAIL_LENGTH) > MAX_EMAIL_LENGTH) throw validation(INPUT_TEXT.tooLong('Email', MAX_EMAIL_LENGTH), 'email');
  return email;
}

/** A password short enough to hash, refused before any database work. */
function withinBound(password: string): string {
  if (charCount(password, MAX_PASSWORD_LENGTH) > MAX_PASSWORD_LENGTH)
    throw validation(INPUT_TEXT.tooLong('Password', MAX_PASSWORD_LENGTH), 'password');
  return password;
}

/** A new password: long enough, and short enough to hash. */
function newPassword(input: unknown): string {
  const password = typeof input === 'string' ? input : '';
  if (charCount(password, MIN_PASSWORD_LENGTH) < MIN_PASSWORD_LENGTH) throw validation(AUTH_TEXT.passwordTooShort, 'password');
  return withinBound(password);
}

export class AuthService {
  /** Sign-in email changes that wait for the new address (users.update and account.requestEmailChange ask; the links confirm or report). */
  readonly emailChanges: EmailChanges;
  /** Each token's viewer as last found, a guess for the next request (session-check.ts). */
  private readonly guesses = new ViewerGuesses();

  constructor(
    private readonly ds: DataSource,
    private readonly config: Config,
    private readonly mail: MailService,
  ) {
    this.emailChanges = new EmailChanges(ds, config, mail);
  }

  /**
   * The session behind a bearer token with its user's row, in one statement; null when revoked or expired.
   * last_used_at (shown in the account's session list) is touched at most once a minute: a write on every
   * request made each read a committed transaction (a WAL flush), which the load benchmark showed as the
   * largest part of what separates a read from its floor. The user's row is handed to the request's user
   * loader, so `me` and the viewer's own name cost no second statement.
   */
  async resolveViewer(token: string): Promise<{ actor: Actor; user: User } | null> {
    if (!token || token.length > 200) return null;
    return this.lookUpViewer(hashSecret(token));
  }

  /** The live session of a token hash and its viewer, kept as that token's next guess (session-check.ts). */
  private async lookUpViewer(hash: string): Promise<CheckedViewer | null> {
    const row = await viewerByTokenHash(this.ds, hash);
    const found = row ? this.viewerOf(row) : null;
    this.guesses.keep(hash, found);
    return found;
  }

  private viewerOf(row: ViewerRow): CheckedViewer {
    const user = this.userFromJson(row.user);
    const actor: Actor = {
      sessionId: row.id,
      userId: user.id,
      role: user.role,
      activeRole: row.active_role,
      impersonating: row.impersonating,
      childIds: row.child_ids,
    };
    return { actor, user, fingerprint: row.fingerprint };
  }

  /**
   * A token's viewer as its last lookup found it, to be checked by the request's first read (session-check.ts);
   * null when there is none to guess (never looked up here, or no live session then). The actor and user are the
   * request's own copies.
   */
  guessViewer(token: string): { actor: Actor; user: User; check: SessionCheck } | null {
    if (!token || token.length > 200) return null;
    const hash = hashSecret(token);
    const guess = this.guesses.get(hash);
    if (!guess) return null;
    const check = new SessionCheck({
      guess,
      hash,
      checked: checkedViewerSql,
      checkAlone: () => viewerFingerprint(this.ds, hash),
      checkText: VIEWER_CHECK,
      touchText: SESSION_TOUCH,
    });
    return { actor: { ...guess.actor }, user: Object.assign(new User(), guess.user), check };
  }

  /**
   * A User entity from its row as JSON (every column but the password hash), by the entity's own column map,
   * with the placement VIEWER_SQL joins in (`class`, `academicYear`: what the placement fields answer first).
   */
  userFromJson(raw: Record<string, unknown>): User {
    const user = new User();
    if (PLACED_CLASS in raw) Object.assign(user, { class: raw[PLACED_CLASS] ?? null, academicYear: raw[PLACED_YEAR] ?? null });
    for (const c of this.ds.getMetadata(User).columns) {
      if (!(c.databaseName in raw)) continue;
      const v = raw[c.databaseName];
      const isTime = c.type === 'timestamptz' || c.type === Date || c.isCreateDate || c.isUpdateDate;
      (user as unknown as Record<string, unknown>)[c.propertyName] = isTime && typeof v === 'string' ? new Date(v) : v;
    }
    return user;
  }

  /** The actor of a bearer token (resolveViewer without the user's row). */
  async resolveSession(token: string): Promise<Actor | null> {
    return (await this.resolveViewer(token))?.actor ?? null;
  }

  /**
   * Fails closed: the attempt is recorded as a failure before the password is checked, and any error while
   * recording or counting refuses the sign-in, so no guess is ever checked uncounted. `ip` is the request's
   * address as Express derived it (validated here).
   */
  async login(input: LoginInput, ip: string): Promise<AuthResult> {
    const email = emailToLookUp(input.email);
    const password = withinBound(typeof input.password === 'string' ? input.password : '');
    if (!password) throw validation(AUTH_TEXT.passwordRequired, 'password');
    await recordAttempt(this.ds, 'login', email, addressBucket(ip), AUTH_TEXT.tooManyAttempts);

    const user = await userWithPasswordByEmail(this.ds, email);
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) {
      // the failure is already counted
      if (user && !user.activated && !user.passwordHash) throw new DomainError('UNAUTHENTICATED', AUTH_TEXT.pending);
      throw new DomainError('UNAUTHENTICATED', AUTH_TEXT.invalidCredentials);
    }
    if (user.deactivatedAt) throw new DomainError('UNAUTHENTICATED', AUTH_TEXT.deactivated);
    // a success forgives earlier mistakes on this account (and withdraws its own attempt)
    await forgiveLoginFailures(this.ds, email);
    const { token, actor } = await this.openSession(user, Boolean(input.rememberMe));
    delete (user as Partial<User>).passwordHash;
    return { token, user, activeRole: user.role, isImpersonating: false, actor };
  }

  private async openSession(user: User, remember: boolean): Promise<{ token: string; actor: Actor }> {
    const { token, hash } = newSecret();
    const ms = remember ? this.config.rememberDays * 86_400_000 : this.config.sessionHours * 3_600_000;
    const sessionId = await insertSession(this.ds, {
      tokenHash: hash,
      userId: user.id,
      activeRole: user.role,
      impersonating: false,
      expiresAt: new Date(Date.now() + ms),
      lastUsedAt: new Date(),
    });
    const childIds = user.role === Role.Parent ? await childIdsOf(this.ds, user.id) : [];
    return { token, actor: { userId: user.id, role: user.role, activeRole: user.role, impersonating: false, sessionId, childIds } };
  }

  async register(input: RegisterInput, ip: string): Promise<AuthResult> {
    if (!this.config.registrationOpen) throw new DomainError('FORBIDDEN', AUTH_TEXT.registrationClosed);
    const fields = validateNewUser({ ...input, role: Role.Student });
    const password = newPassword(input.password);
    const passwordHash = await hashPassword(password);
    await insertUser(this.ds, { ...fields, activated: true, passwordHash });
    return this.login({ email: fields.email, password }, ip);
  }

  /** `known`: the request's user loader, which already holds the viewer's row from the session lookup. */
  async me(actor: Actor, known?: { load(id: string): Promise<User | null> }) {
    const activeRole = personRole(actor);
    if (!activeRole) throw forbidden(AUTH_TEXT.applicationHasNoAccount);
    const user = (await known?.load(actor.userId)) ?? (await userByIdOrFail(this.ds, actor.userId));
    return { user, activeRole, isImpersonating: actor.impersonating, abilities: abilitiesOf(actor) };
  }

  async logout(actor: Actor): Promise<void> {
    authorize(actor, 'session.manage', undefined, { message: AUTH_TEXT.webSessionOnly });
    await deleteSession(this.ds, actor.sessionId);
  }

  /** `original` returns to the stored role; anything else must be allowed for the stored role. */
  async switchRole(actor: Actor, role: string | null | undefined): Promise<{ role: Role; isImpersonating: boolean }> {
    authorize(actor, 'session.manage', undefined, { message: AUTH_TEXT.webSessionOnly });
    let target: Role;
    if (role === 'original') {
      target = actor.role as Role;
    } else {
      const named = typeof role === 'string' ? roleNamed(role) : undefined;
      if (!named) throw validation(AUTH_TEXT.roleSwitchDenied);
      authorize(actor, 'role.switch', { role: named }, { message: AUTH_TEXT.roleSwitchDenied });
      target = named;
    }
    const isImpersonating = target !== actor.role;
    await this.ds.transaction(async (m) => {
      await setSessionRole(m, actor.sessionId, target, isImpersonating);
      if (target !== actor.activeRole) {
        await recordAudit(m, actor, { kind: AuditKind.ROLE_SWITCHED, from: actor.activeRole, to: target });
      }
    });
    return { role: target, isImpersonating };
  }

  /**
   * The same answer, the same statements and nearly the same time whether or not the email is known: the
   * request is counted (per email asked for and per address), then one statement creates the token and queues
   * the mail for the account it finds, if any; the background sender delivers it. `ip` as for `login`.
   */
  async forgotPassword(emailInput: string | null | undefined, ip: string): Promise<string> {
    const email = emailToLookUp(emailInput);
    await recordAttempt(this.ds, 'link', email, addressBucket(ip), AUTH_TEXT.tooManyLinkRequests);
    const { token, hash } = newSecret();
    const queued: MailMessage[] = await insertResetTokenWithMail(this.ds, this.mail.queueFrom('message'), {
      email,
      hash,
      minutes: RESET_TOKEN_MINUTES,
      subject: 'Reset your password',
      text: `Hello {firstName},\n\nOpen this link within ${RESET_TOKEN_MINUTES} minutes to choose a new password:\n${this.linkFor(token)}\n\nIf you did not ask for this, ignore this message.`,
    });
    this.mail.queued(queued);
    return AUTH_TEXT.forgotSent;
  }

  /** Creates a single-use token and returns the link that carries it. */
  async issueToken(m: import('typeorm').EntityManager, userId: string, purpose: 'reset' | 'invite', ttlMs: number): Promise<string> {
    return (await this.issueTokens(m, [userId], purpose, ttlMs))[0];
  }

  /** One single-use token per user in one statement (a CSV import); the links in the order of `userIds`. */
  async issueTokens(m: import('typeorm').EntityManager, userIds: string[], purpose: 'reset' | 'invite', ttlMs: number): Promise<string[]> {
    if (!userIds.length) return [];
    const expiresAt = new Date(Date.now() + ttlMs);
    const secrets = userIds.map(() => newSecret());
    await insertPasswordTokens(
      m,
      userIds.map((userId, i) => ({ tokenHash: secrets[i].hash, userId, purpose, expiresAt })),
    );
    return secrets.map((s) => this.linkFor(s.token));
  }

  /** How long an invitation link works, in days (the invitation mail says so). */
  readonly inviteDays = INVITE_TOKEN_DAYS;

  /**
   * One more link mailed to `email` at the request of `ip` (an invitation sent again), counted as forgot-password's
   * are (attempts.ts); refused with `refusal` past the limit.
   */
  async limitLinks(email: string, ip: string, refusal: string): Promise<void> {
    await recordAttempt(this.ds, 'link', email, addressBucket(ip), refusal);
  }

  /** Signs a user out everywhere, in the caller's transaction (their role changed: a session's abilities are its role's). */
  async endSessions(m: import('typeorm').EntityManager, userId: string): Promise<void> {
    await deleteSessionsOf(m, userId);
  }

  /** Ends what a change of the user's credentials ends (auth.repository.ts endCredentials), in the caller's transaction. */
  async endCredentials(m: import('typeorm').EntityManager, userId: string): Promise<void> {
    await endCredentials(m, userId);
  }

  /** Ends a user's unused links (their email changed, or a new invitation replaces them). */
  async revokeTokens(m: import('typeorm').EntityManager, userId: string): Promise<void> {
    await revokeUnusedTokens(m, userId);
  }

  private linkFor(token: string): string {
    return `${this.config.publicUrl}${pathTo('resetPassword', { token })}`;
  }

  /** Uses the token (once), sets the password, activates a Pending user and ends their sessions and other links (endCredentials). */
  async resetPassword(token: string | null | undefined, password: string | null | undefined): Promise<string> {
    const chosen = newPassword(password);
    // a token is 43 characters; anything much longer cannot be one
    if (!token || token.length > 200) throw validation(AUTH_TEXT.resetInvalid);
    const passwordHash = await hashPassword(chosen);
    await this.ds.transaction(async (m) => {
      const userId = await useToken(m, hashSecret(token));
      if (!userId) throw validation(AUTH_TEXT.resetInvalid);
      // the token's user exists: tokens go with their user
      const owner = (await roleOfUser(m, userId))!;
      await setPasswordAndActivate(m, userId, passwordHash);
      await endCredentials(m, userId);
      await recordAudit(
        m,
        { userId, role: owner.role, activeRole: owner.role, impersonating: false },
        { kind: AuditKind.PASSWORD_RESET, targetUserId: userId },
      );
    });
    return AUTH_TEXT.resetDone;
  }
}
