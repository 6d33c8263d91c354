import { DataSource } from 'typeorm';
import { Config } from '../../config';
import { INPUT_TEXT, charCount } from '../../core/input';
import { DomainError, forbidden, validation } from '../../errors/domain-error';
import { Actor, abilitiesOf, authorize } from '../../policies';
import { personRole } from '../../policies/actor';
import { MailMessage, MailService } from '../mail';
import { User, normalizeEmail, validateNewUser } from '../users';
import { Role, roleNamed } from '../../core/role';
import { AUTH_TEXT } from './auth.texts';
import { PasswordToken, Session } from './session.entity';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, hashPassword, hashSecret, newSecret, verifyPassword } from './secrets';
import { recordAttempt } from './attempts';
import { addressBucket } from './client-address';
import { CHILD_IDS_SQL, childIdsOf } from '../../policies/children';
import { classJson, yearJson } from '../../db/json-rows';
import { recordAudit, AuditKind } from '../audit';
import { endCredentials } from './credentials';
import { EmailChanges } from './email-change';
import { pathTo } from '@lms/routes';
import { CheckedViewer, SessionCheck, ViewerGuesses, checkedTexts } from './session-check';

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

/** A row of VIEWER_LOOKUP: the live session, its user as JSON, and the fingerprint the session check compares. */
interface ViewerRow {
  id: string;
  active_role: Role;
  impersonating: boolean;
  child_ids: string[];
  user: Record<string, unknown>;
  fingerprint: string;
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

/**
 * The select list that makes a viewer of the user `u` (joined by the caller): the linked children when acting
 * as a Parent (so the parent rules cost no statement) and the user's row as JSON without its password hash, with
 * a student's class and year (every student page asks for `me { user { class } }`: no statement of its own).
 */
export const VIEWER_SQL = (activeRole: string) =>
  `CASE WHEN ${activeRole} = 'Parent' THEN ${CHILD_IDS_SQL('u.id')} ELSE '{}'::text[] END AS child_ids,
   to_jsonb(u) - 'password_hash' || jsonb_build_object(
     '${PLACED_CLASS}', (SELECT ${classJson('c')} FROM classes c WHERE c.id = u.class_id),
     '${PLACED_YEAR}', (SELECT ${yearJson('y')} FROM academic_years y WHERE y.id = u.academic_year_id)) AS user`;

/** Keys of VIEWER_SQL's user JSON that are no column: the placement, read as the entities' plain objects. */
const PLACED_CLASS = 'placed_class';
const PLACED_YEAR = 'placed_year';

/** How stale a session's last_used_at may get before a request touches it again. */
const SESSION_TOUCH_SECONDS = 60;

/**
 * What a guess of a session's viewer must match (session-check.ts): the session, its active role and impersonation,
 * the versions of the rows the viewer is made of (the user's, and the class and year a student is placed in: a
 * row's xmin changes with every update of it) and a parent's children. For `s` and `u` as in viewerSql.
 */
const VIEWER_FINGERPRINT = `concat_ws(',', s.id, s.active_role, s.impersonating, u.xmin,
  (SELECT c.xmin FROM classes c WHERE c.id = u.class_id), (SELECT y.xmin FROM academic_years y WHERE y.id = u.academic_year_id),
  CASE WHEN s.active_role = 'Parent' THEN ${CHILD_IDS_SQL('u.id')}::text END)`;

/**
 * The live session of the token hash `hashParam` as `__viewer` (id, its `fingerprint`, and `stale`: its last use
 * is older than SESSION_TOUCH_SECONDS); `withRow`: also the viewer (active_role, impersonating, child_ids, user).
 * With the row for the lookup (VIEWER_LOOKUP), without it for a check of a guess, alone (VIEWER_CHECK) or around a
 * request's first read (session-check.ts). Its names cannot meet the read's own: the read is a subquery below them.
 */
const viewerSql = (hashParam: string, withRow = false) => `WITH __viewer AS (
   SELECT s.id, ${VIEWER_FINGERPRINT} AS fingerprint, s.last_used_at < now() - interval '${SESSION_TOUCH_SECONDS} seconds' AS stale
          ${withRow ? `, s.active_role, s.impersonating, ${VIEWER_SQL('s.active_role')}` : ''}
     FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = ${hashParam} AND s.expires_at > now())`;

const TOUCH_STALE = `__touched AS (UPDATE sessions x SET last_used_at = now() FROM __viewer v WHERE x.id = v.id AND v.stale)`;

/** A token hash's session and viewer in one statement, the session touched when stale. */
const VIEWER_LOOKUP = `${viewerSql('$1', true)},
 ${TOUCH_STALE}
SELECT * FROM __viewer`;

/** A token hash's session's fingerprint alone, touched when stale: a guess checked by no read. */
const VIEWER_CHECK = `${viewerSql('$1')},
 ${TOUCH_STALE}
SELECT fingerprint FROM __viewer`;

/** A read's text with the session check around it (session-check.ts), each text's made once. */
const checkedViewerSql = checkedTexts((hashParam) => viewerSql(hashParam));

/** A session touched when stale, after a checked read found it live (session-check.ts: that read writes nothing). */
const SESSION_TOUCH = `UPDATE sessions SET last_used_at = now()
  WHERE id = $1 AND last_used_at < now() - interval '${SESSION_TOUCH_SECONDS} seconds'`;

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
    const rows: ViewerRow[] = await this.ds.query(VIEWER_LOOKUP, [hash]);
    const row = rows[0];
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
      checkAlone: async () => ((await this.ds.query(VIEWER_CHECK, [hash])) as Array<{ fingerprint: string }>)[0]?.fingerprint ?? null,
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

    const user = await this.ds
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = :email', { email })
      .getOne();
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) {
      // the failure is already counted
      if (user && !user.activated && !user.passwordHash) throw new DomainError('UNAUTHENTICATED', AUTH_TEXT.pending);
      throw new DomainError('UNAUTHENTICATED', AUTH_TEXT.invalidCredentials);
    }
    if (user.deactivatedAt) throw new DomainError('UNAUTHENTICATED', AUTH_TEXT.deactivated);
    // a success forgives earlier mistakes on this account (and withdraws its own attempt)
    await this.ds.query(`DELETE FROM login_attempts WHERE email = $1`, [email]);
    const { token, actor } = await this.openSession(user, Boolean(input.rememberMe));
    delete (user as Partial<User>).passwordHash;
    return { token, user, activeRole: user.role, isImpersonating: false, actor };
  }

  private async openSession(user: User, remember: boolean): Promise<{ token: string; actor: Actor }> {
    const { token, hash } = newSecret();
    const ms = remember ? this.config.rememberDays * 86_400_000 : this.config.sessionHours * 3_600_000;
    const inserted = await this.ds.getRepository(Session).insert({
      tokenHash: hash,
      userId: user.id,
      activeRole: user.role,
      impersonating: false,
      expiresAt: new Date(Date.now() + ms),
      lastUsedAt: new Date(),
    });
    const sessionId = inserted.identifiers[0].id as string;
    const childIds = user.role === Role.Parent ? await childIdsOf(this.ds, user.id) : [];
    return { token, actor: { userId: user.id, role: user.role, activeRole: user.role, impersonating: false, sessionId, childIds } };
  }

  async register(input: RegisterInput, ip: string): Promise<AuthResult> {
    if (!this.config.registrationOpen) throw new DomainError('FORBIDDEN', AUTH_TEXT.registrationClosed);
    const fields = validateNewUser({ ...input, role: Role.Student });
    const password = newPassword(input.password);
    const passwordHash = await hashPassword(password);
    await this.ds.getRepository(User).insert({ ...fields, activated: true, passwordHash });
    return this.login({ email: fields.email, password }, ip);
  }

  /** `known`: the request's user loader, which already holds the viewer's row from the session lookup. */
  async me(actor: Actor, known?: { load(id: string): Promise<User | null> }) {
    const activeRole = personRole(actor);
    if (!activeRole) throw forbidden(AUTH_TEXT.applicationHasNoAccount);
    const user = (await known?.load(actor.userId)) ?? (await this.ds.getRepository(User).findOneByOrFail({ id: actor.userId }));
    return { user, activeRole, isImpersonating: actor.impersonating, abilities: abilitiesOf(actor) };
  }

  async logout(actor: Actor): Promise<void> {
    authorize(actor, 'session.manage', undefined, { message: AUTH_TEXT.webSessionOnly });
    await this.ds.getRepository(Session).delete({ id: actor.sessionId });
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
      await m.getRepository(Session).update(actor.sessionId, { activeRole: target, impersonating: isImpersonating });
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
    const queued: MailMessage[] = await this.ds.query(
      `WITH account AS (SELECT id, email, first_name FROM users WHERE lower(email) = $1),
            token AS (INSERT INTO password_tokens (token_hash, user_id, purpose, expires_at)
                      SELECT $2, id, 'reset', now() + make_interval(mins => $3) FROM account),
            message AS (SELECT email AS to_address, $4::text AS subject, replace($5::text, '{firstName}', first_name) AS text FROM account)
       ${this.mail.queueFrom('message')}`,
      [
        email,
        hash,
        RESET_TOKEN_MINUTES,
        'Reset your password',
        `Hello {firstName},\n\nOpen this link within ${RESET_TOKEN_MINUTES} minutes to choose a new password:\n${this.linkFor(token)}\n\nIf you did not ask for this, ignore this message.`,
      ],
    );
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
    await m.insert(
      PasswordToken,
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
    await m.delete(Session, { userId });
  }

  /** Ends what a change of the user's credentials ends (credentials.ts), in the caller's transaction. */
  async endCredentials(m: import('typeorm').EntityManager, userId: string): Promise<void> {
    await endCredentials(m, userId);
  }

  /** Ends a user's unused links (their email changed, or a new invitation replaces them). */
  async revokeTokens(m: import('typeorm').EntityManager, userId: string): Promise<void> {
    await m.query(`UPDATE password_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
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
      const used: Array<{ user_id: string }> = await m.query(
        `UPDATE password_tokens SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
          RETURNING user_id`,
        [hashSecret(token)],
      );
      // TypeORM returns [rows, count] for UPDATE ... RETURNING on postgres
      const rows = Array.isArray(used[0]) ? (used[0] as unknown as Array<{ user_id: string }>) : used;
      const userId = rows[0]?.user_id;
      if (!userId) throw validation(AUTH_TEXT.resetInvalid);
      const [owner]: Array<{ role: Role }> = await m.query('SELECT role FROM users WHERE id = $1', [userId]);
      await m.update(User, userId, { passwordHash, activated: true });
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
