import { DataSource } from 'typeorm';
import { Config } from '../../config';
import { DomainError, validation } from '../../errors/domain-error';
import { Actor, abilitiesOf, authorize } from '../../policies';
import { MailService } from '../mail/mail.service';
import { User } from '../users/user.entity';
import { Role, isRole } from '../users/role';
import { AUTH_TEXT } from './auth.texts';
import { LoginAttempt, PasswordToken, Session } from './session.entity';
import { MIN_PASSWORD_LENGTH, hashPassword, hashSecret, newSecret, verifyPassword } from './secrets';
import { normalizeEmail, validateNewUser } from '../users/users.validation';

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

const WINDOW_MINUTES = 15;
const MAX_FAILS_PER_ACCOUNT = 5;
const MAX_FAILS_PER_ADDRESS = 30;
export const RESET_TOKEN_MINUTES = 60;
export const INVITE_TOKEN_DAYS = 7;

export class AuthService {
  constructor(
    private readonly ds: DataSource,
    private readonly config: Config,
    private readonly mail: MailService,
  ) {}

  /** The session behind a bearer token, touched and joined to its user in one statement; null when revoked or expired. */
  async resolveSession(token: string): Promise<Actor | null> {
    if (!token || token.length > 200) return null;
    const rows: Array<{ id: string; user_id: string; active_role: Role; impersonating: boolean; role: Role }> =
      await this.ds.query(
        `WITH s AS (
           UPDATE sessions SET last_used_at = now()
            WHERE token_hash = $1 AND expires_at > now()
            RETURNING id, user_id, active_role, impersonating)
         SELECT s.*, u.role FROM s JOIN users u ON u.id = s.user_id`,
        [hashSecret(token)],
      );
    const row = rows[0];
    if (!row) return null;
    return {
      sessionId: row.id,
      userId: row.user_id,
      role: row.role,
      activeRole: row.active_role,
      impersonating: row.impersonating,
    };
  }

  async login(input: LoginInput, ip: string): Promise<AuthResult> {
    const email = normalizeEmail(input.email);
    const password = input.password ?? '';
    if (!email) throw validation(AUTH_TEXT.emailRequired);
    if (!password) throw validation(AUTH_TEXT.passwordRequired);
    await this.checkAttempts(email, ip);

    const user = await this.ds
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = :email', { email })
      .getOne();
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) {
      await this.ds.getRepository(LoginAttempt).insert({ email, ip, succeeded: false });
      if (user && !user.activated && !user.passwordHash) throw new DomainError('UNAUTHENTICATED', AUTH_TEXT.pending);
      throw new DomainError('UNAUTHENTICATED', AUTH_TEXT.invalidCredentials);
    }
    // a success forgives earlier mistakes on this account
    await this.ds.query(`DELETE FROM login_attempts WHERE email = $1`, [email]);
    const { token, actor } = await this.openSession(user, Boolean(input.rememberMe));
    delete (user as Partial<User>).passwordHash;
    return { token, user, activeRole: user.role, isImpersonating: false, actor };
  }

  private async checkAttempts(email: string, ip: string): Promise<void> {
    const [row] = await this.ds.query(
      `SELECT count(*) FILTER (WHERE email = $1)::int AS by_account, count(*) FILTER (WHERE ip = $2)::int AS by_address
         FROM login_attempts
        WHERE NOT succeeded AND created_at > now() - make_interval(mins => $3) AND (email = $1 OR ip = $2)`,
      [email, ip, WINDOW_MINUTES],
    );
    if (row.by_account >= MAX_FAILS_PER_ACCOUNT || row.by_address >= MAX_FAILS_PER_ADDRESS) {
      throw new DomainError('RATE_LIMITED', AUTH_TEXT.tooManyAttempts);
    }
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
    return { token, actor: { userId: user.id, role: user.role, activeRole: user.role, impersonating: false, sessionId } };
  }

  async register(input: RegisterInput, ip: string): Promise<AuthResult> {
    if (!this.config.registrationOpen) throw new DomainError('FORBIDDEN', AUTH_TEXT.registrationClosed);
    const fields = validateNewUser({ ...input, role: Role.Student });
    if ((input.password ?? '').length < MIN_PASSWORD_LENGTH) throw validation(AUTH_TEXT.passwordTooShort);
    const passwordHash = await hashPassword(input.password!);
    await this.ds.getRepository(User).insert({ ...fields, activated: true, passwordHash });
    return this.login({ email: fields.email, password: input.password }, ip);
  }

  async me(actor: Actor) {
    const user = await this.ds.getRepository(User).findOneByOrFail({ id: actor.userId });
    return { user, activeRole: actor.activeRole, isImpersonating: actor.impersonating, abilities: abilitiesOf(actor) };
  }

  async logout(actor: Actor): Promise<void> {
    await this.ds.getRepository(Session).delete({ id: actor.sessionId });
  }

  /** `original` returns to the stored role; anything else must be allowed for the stored role. */
  async switchRole(actor: Actor, role: string | null | undefined): Promise<{ role: Role; isImpersonating: boolean }> {
    let target: Role;
    if (role === 'original') {
      target = actor.role;
    } else {
      if (!isRole(role)) throw validation(AUTH_TEXT.roleSwitchDenied);
      authorize(actor, 'role.switch', { role }, { message: AUTH_TEXT.roleSwitchDenied });
      target = role;
    }
    const isImpersonating = target !== actor.role;
    await this.ds.getRepository(Session).update(actor.sessionId, { activeRole: target, impersonating: isImpersonating });
    return { role: target, isImpersonating };
  }

  /** Same answer whether or not the email is known. */
  async forgotPassword(emailInput: string | null | undefined): Promise<string> {
    const email = normalizeEmail(emailInput);
    if (!email) throw validation(AUTH_TEXT.emailRequired);
    const user = await this.ds.getRepository(User).createQueryBuilder('u').where('lower(u.email) = :email', { email }).getOne();
    if (user) {
      await this.ds.transaction(async (m) => {
        const link = await this.issueToken(m, user.id, 'reset', RESET_TOKEN_MINUTES * 60_000);
        await this.mail.enqueue(m, {
          to: user.email,
          subject: 'Reset your password',
          text: `Hello ${user.firstName},\n\nOpen this link within ${RESET_TOKEN_MINUTES} minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this message.`,
        });
      });
      void this.mail.deliverPending();
    }
    return AUTH_TEXT.forgotSent;
  }

  /** Creates a single-use token and returns the link that carries it. */
  async issueToken(m: import('typeorm').EntityManager, userId: string, purpose: 'reset' | 'invite', ttlMs: number): Promise<string> {
    const { token, hash } = newSecret();
    await m.insert(PasswordToken, { tokenHash: hash, userId, purpose, expiresAt: new Date(Date.now() + ttlMs) });
    return `${this.config.publicUrl}/reset-password/${token}`;
  }

  /** Uses the token (once), sets the password, activates a Pending user and ends their other sessions. */
  async resetPassword(token: string | null | undefined, password: string | null | undefined): Promise<string> {
    if (!password || password.length < MIN_PASSWORD_LENGTH) throw validation(AUTH_TEXT.passwordTooShort);
    if (!token) throw validation(AUTH_TEXT.resetInvalid);
    const passwordHash = await hashPassword(password);
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
      await m.update(User, userId, { passwordHash, activated: true });
      await m.query(`UPDATE password_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
      await m.delete(Session, { userId });
    });
    return AUTH_TEXT.resetDone;
  }
}
