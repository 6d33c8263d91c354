import type { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { Role } from '../../core/role';
import type { MailMessage } from '../mail';
import { User } from '../users';
import { PasswordToken, Session } from './session.entity';
import { VIEWER_CHECK, VIEWER_LOOKUP, ViewerRow } from './viewer-sql';

/*
 * Every statement of the auth domain (issue 29): the session lookup and its check (texts in viewer-sql.ts), sign-in
 * and its attempt limits, sessions, reset and invitation links, the end of a user's credentials, deactivation, and
 * the sign-in email changes. The domain writes both styles and keeps each as it was: TypeORM's repositories and
 * query builders for the User, Session and PasswordToken entities, raw SQL for the rest. Services decide; these
 * only read and write.
 */

// ---- the session lookup (auth.service.ts resolveViewer, guessViewer)

/** The live session of a token hash with its viewer, the session touched when stale (VIEWER_LOOKUP); none when ended. */
export async function viewerByTokenHash(ds: DataSource, hash: string): Promise<ViewerRow | undefined> {
  const rows: ViewerRow[] = await ds.query(VIEWER_LOOKUP, [hash]);
  return rows[0];
}

/** The fingerprint of a token hash's live session alone (VIEWER_CHECK), touched when stale; null when ended. */
export async function viewerFingerprint(ds: DataSource, hash: string): Promise<string | null> {
  return ((await ds.query(VIEWER_CHECK, [hash])) as Array<{ fingerprint: string }>)[0]?.fingerprint ?? null;
}

// ---- attempt limits (attempts.ts)

/** Where one kind of attempt is counted (attempts.ts KINDS): its table, its insert, which of its rows count. */
export interface AttemptTable {
  table: string;
  /** Inserts an attempt ($1 email, $2 address bucket), returning its id. */
  insert: string;
  /** The condition a row must meet to count. */
  counted: string;
}

/** Records an attempt (committed on its own, before it is counted); its id. */
export async function insertAttempt(ds: DataSource, kind: AttemptTable, email: string, address: string): Promise<string> {
  const [{ id }]: Array<{ id: string }> = await ds.query(kind.insert, [email, address]);
  return id;
}

/** The counted attempts of the last `minutes` by this email and by this address, the new one included. */
export async function attemptCounts(
  ds: DataSource,
  kind: AttemptTable,
  email: string,
  address: string,
  minutes: number,
): Promise<{ by_account: number; by_address: number }> {
  const { table, counted } = kind;
  const [count]: Array<{ by_account: number; by_address: number }> = await ds.query(
    `SELECT count(*) FILTER (WHERE email = $1)::int AS by_account, count(*) FILTER (WHERE ip = $2)::int AS by_address
       FROM ${table}
      WHERE ${counted} AND created_at > now() - make_interval(mins => $3) AND (email = $1 OR ip = $2)`,
    [email, address, minutes],
  );
  return count;
}

/** Withdraws a refused attempt, so that waiting ends a lockout. */
export async function deleteAttempt(ds: DataSource, kind: AttemptTable, id: string): Promise<void> {
  await ds.query(`DELETE FROM ${kind.table} WHERE id = $1`, [id]);
}

/**
 * Seconds until the counted attempt at `offset` (oldest first) among those of `column` = `value` in the window
 * leaves it; undefined when there is none.
 */
export async function secondsUntilAttemptLeaves(
  ds: DataSource,
  kind: AttemptTable,
  column: 'email' | 'ip',
  value: string,
  minutes: number,
  offset: number,
): Promise<number | undefined> {
  const { table, counted } = kind;
  const rows: Array<{ wait: number }> = await ds.query(
    `SELECT extract(epoch FROM created_at + make_interval(mins => $2) - now())::float AS wait
           FROM ${table} WHERE ${counted} AND ${column} = $1 AND created_at > now() - make_interval(mins => $2)
          ORDER BY created_at OFFSET $3 LIMIT 1`,
    [value, minutes, offset],
  );
  return rows[0]?.wait;
}

/** Forgets the failed sign-in attempts of this email (a success forgives them, and withdraws its own). */
export async function forgiveLoginFailures(ds: DataSource, email: string): Promise<void> {
  await ds.query(`DELETE FROM login_attempts WHERE email = $1`, [email]);
}

// ---- users and sessions

/** The user of a sign-in email (lower case), with the password hash the entity leaves out of its reads. */
export function userWithPasswordByEmail(ds: DataSource, email: string): Promise<User | null> {
  return ds.getRepository(User).createQueryBuilder('u').addSelect('u.passwordHash').where('lower(u.email) = :email', { email }).getOne();
}

/** A new user (open registration). */
export async function insertUser(ds: DataSource, values: QueryDeepPartialEntity<User>): Promise<void> {
  await ds.getRepository(User).insert(values);
}

/** The stored role of a user, or none when the user does not exist. */
export async function roleOfUser(m: EntityManager, id: string): Promise<{ role: Role } | undefined> {
  const [row]: Array<{ role: Role }> = await m.query('SELECT role FROM users WHERE id = $1', [id]);
  return row;
}

/** A user's full name ("first last"), or none when the user does not exist. */
export async function nameOfUser(m: EntityManager, id: string): Promise<string | undefined> {
  const [by]: Array<{ name: string }> = await m.query(`SELECT first_name || ' ' || last_name AS name FROM users WHERE id = $1`, [id]);
  return by?.name;
}

/** Sets a user's password and activates them (a Pending user's first password). */
export async function setPasswordAndActivate(m: EntityManager, userId: string, passwordHash: string): Promise<void> {
  await m.update(User, userId, { passwordHash, activated: true });
}

/** A new session; its id. */
export async function insertSession(ds: DataSource, values: QueryDeepPartialEntity<Session>): Promise<string> {
  const inserted = await ds.getRepository(Session).insert(values);
  return inserted.identifiers[0].id as string;
}

export async function deleteSession(ds: DataSource, id: string): Promise<void> {
  await ds.getRepository(Session).delete({ id });
}

/** Every session of a user. */
export async function deleteSessionsOf(m: EntityManager, userId: string): Promise<void> {
  await m.delete(Session, { userId });
}

/** The role a session acts as, and whether that is not the user's own. */
export async function setSessionRole(m: EntityManager, sessionId: string, activeRole: Role, impersonating: boolean): Promise<void> {
  await m.getRepository(Session).update(sessionId, { activeRole, impersonating });
}

// ---- reset and invitation links

/**
 * For the account of `email` (lower case), if there is one, a reset token (hash `hash`, working `minutes`) and its
 * mail (`subject`, `text` with `{firstName}` filled in), queued by `queueFrom` (the mail domain's insert from the
 * CTE `message`), in one statement: the same statements whether or not the email is known. The mail queued.
 */
export function insertResetTokenWithMail(
  ds: DataSource,
  queueFrom: string,
  link: { email: string; hash: string; minutes: number; subject: string; text: string },
): Promise<MailMessage[]> {
  return ds.query(
    `WITH account AS (SELECT id, email, first_name FROM users WHERE lower(email) = $1),
            token AS (INSERT INTO password_tokens (token_hash, user_id, purpose, expires_at)
                      SELECT $2, id, 'reset', now() + make_interval(mins => $3) FROM account),
            message AS (SELECT email AS to_address, $4::text AS subject, replace($5::text, '{firstName}', first_name) AS text FROM account)
       ${queueFrom}`,
    [link.email, link.hash, link.minutes, link.subject, link.text],
  );
}

/** Single-use tokens, in one statement. */
export async function insertPasswordTokens(m: EntityManager, rows: QueryDeepPartialEntity<PasswordToken>[]): Promise<void> {
  await m.insert(PasswordToken, rows);
}

/** Ends a user's unused links. */
export async function revokeUnusedTokens(m: EntityManager, userId: string): Promise<void> {
  await m.query(`UPDATE password_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
}

/** Uses the unused, unexpired token of this hash; its user, or none when there is no such token. */
export async function useToken(m: EntityManager, hash: string): Promise<string | undefined> {
  const used: Array<{ user_id: string }> = await m.query(
    `UPDATE password_tokens SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
          RETURNING user_id`,
    [hash],
  );
  // TypeORM returns [rows, count] for UPDATE ... RETURNING on postgres
  const rows = Array.isArray(used[0]) ? (used[0] as unknown as Array<{ user_id: string }>) : used;
  return rows[0]?.user_id;
}

// ---- the end of credentials, deactivation (other domains call these through index.ts)

/**
 * What a change of a user's credentials (email or password, or a reset link used) ends, in the caller's
 * transaction: every session of the user but `keepSessionId` (the one that made the change, when the user
 * made it themselves), every unused reset or invitation link, and any email change still waiting for its
 * confirmation. A link mailed before the change can then never undo it.
 */
export async function endCredentials(m: EntityManager, userId: string, keepSessionId?: string): Promise<void> {
  await endCredentialsOf(m, [userId], keepSessionId);
}

/** endCredentials for many users in one statement (a OneRoster bulk import deactivates a district's leavers at once). */
export async function endCredentialsOf(m: EntityManager, userIds: readonly string[], keepSessionId?: string): Promise<void> {
  await m.query(
    `WITH s AS (DELETE FROM sessions WHERE user_id = ANY($1::uuid[]) AND id IS DISTINCT FROM $2::uuid),
          t AS (UPDATE password_tokens SET used_at = now() WHERE user_id = ANY($1::uuid[]) AND used_at IS NULL)
     UPDATE email_changes SET cancelled_at = now() WHERE user_id = ANY($1::uuid[]) AND confirmed_at IS NULL AND cancelled_at IS NULL`,
    [userIds, keepSessionId ?? null],
  );
}

/**
 * Deactivates users (deactivated_at): they keep their work, placements and links, but their sessions and links
 * end here and now, their access tokens stop at the next lookup, and sign-in refuses them (AUTH_TEXT.deactivated).
 */
export async function deactivateUsers(m: EntityManager, userIds: readonly string[]): Promise<void> {
  if (!userIds.length) return;
  await m.query(`UPDATE users SET deactivated_at = now(), updated_at = now() WHERE id = ANY($1::uuid[]) AND deactivated_at IS NULL`, [
    userIds,
  ]);
  await endCredentialsOf(m, userIds);
}

/** Undoes deactivateUsers: the users sign in again with the password they had. */
export async function reactivateUsers(m: EntityManager, userIds: readonly string[]): Promise<void> {
  if (!userIds.length) return;
  await m.query(`UPDATE users SET deactivated_at = NULL, updated_at = now() WHERE id = ANY($1::uuid[]) AND deactivated_at IS NOT NULL`, [
    userIds,
  ]);
}

// ---- sign-in email changes (email-change.ts)

/** A pending email change as its links find it, with the user's email now. */
export interface EmailChangeRow {
  id: string;
  user_id: string;
  new_email: string;
  old_email: string;
}

/** Whether another user than `userId` signs in with this email (any case). */
export async function emailTakenByOther(m: EntityManager, email: string, userId: string): Promise<boolean> {
  const taken: unknown[] = await m.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [email, userId]);
  return taken.length > 0;
}

/** Cancels the user's email change still waiting, if any (a new request replaces it). */
export async function cancelOpenEmailChange(m: EntityManager, userId: string): Promise<void> {
  await m.query(`UPDATE email_changes SET cancelled_at = now() WHERE user_id = $1 AND confirmed_at IS NULL AND cancelled_at IS NULL`, [
    userId,
  ]);
}

/** A new email change, waiting `hours` for the link of `confirmHash` (or a report by the link of `reportHash`). */
export async function insertEmailChange(
  m: EntityManager,
  change: { userId: string; newEmail: string; confirmHash: string; reportHash: string; requestedBy: string; hours: number },
): Promise<void> {
  await m.query(
    `INSERT INTO email_changes (user_id, new_email, confirm_hash, report_hash, requested_by, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6))`,
    [change.userId, change.newEmail, change.confirmHash, change.reportHash, change.requestedBy, change.hours],
  );
}

/** The waiting change of a confirmation link's hash, it and its user locked until the transaction ends; none when the link is dead. */
export async function lockEmailChangeToConfirm(
  m: EntityManager,
  hash: string,
): Promise<(EmailChangeRow & { requested_by: string | null }) | undefined> {
  const [row]: Array<{ id: string; user_id: string; new_email: string; requested_by: string | null; old_email: string }> = await m.query(
    `SELECT c.id, c.user_id, c.new_email, c.requested_by, u.email AS old_email
           FROM email_changes c JOIN users u ON u.id = c.user_id
          WHERE c.confirm_hash = $1 AND c.confirmed_at IS NULL AND c.cancelled_at IS NULL AND c.expires_at > now()
          FOR UPDATE OF c, u`,
    [hash],
  );
  return row;
}

/** Marks an email change confirmed. */
export async function markEmailChangeConfirmed(m: EntityManager, id: string): Promise<void> {
  await m.query('UPDATE email_changes SET confirmed_at = now() WHERE id = $1', [id]);
}

/** Sets a user's sign-in email. */
export async function setUserEmail(m: EntityManager, userId: string, email: string): Promise<void> {
  await m.query('UPDATE users SET email = $2, updated_at = now() WHERE id = $1', [userId, email]);
}

/** Cancels the waiting change of a report link's hash; the change, or none when the link is dead. */
export async function cancelReportedEmailChange(m: EntityManager, hash: string): Promise<EmailChangeRow | undefined> {
  const [row]: EmailChangeRow[] = await m
    .query(
      `UPDATE email_changes c SET cancelled_at = now() FROM users u
          WHERE u.id = c.user_id AND c.report_hash = $1 AND c.confirmed_at IS NULL AND c.cancelled_at IS NULL AND c.expires_at > now()
          RETURNING c.id, c.user_id, c.new_email, u.email AS old_email`,
      [hash],
    )
    .then((r) => (Array.isArray(r[0]) ? r[0] : r));
  return row;
}
