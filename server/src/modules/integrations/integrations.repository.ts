import { DataSource, EntityManager } from 'typeorm';
import { AccessTokenScope, Scope } from '../../policies/credentials';
import { VIEWER_SQL, accountInUseSql } from '../auth';

/*
 * Every statement of the integrations domain (issue 29): personal access tokens, applications, their tokens and
 * request counts. Raw SQL throughout, but for revoking an access token, which TypeORM's query builder deletes.
 * The services decide (limits, refusals, what to answer) and keep their transactions.
 */

/* ---------------------------------------------------------------- applications */

/**
 * Counts one request of the applications `ids` selects (a subquery of application ids) against this minute's
 * limit, answering the new count: the token lookup and the token endpoint count alike.
 */
const COUNT_REQUEST_SQL = (ids: string) =>
  `INSERT INTO application_request_counts (application_id, minute, count)
   SELECT id, date_trunc('minute', now()), 1 FROM ${ids}
   ON CONFLICT (application_id, minute) DO UPDATE SET count = application_request_counts.count + 1
   RETURNING count`;

/** An application as its queries return it (the secret hash never leaves the table but for the token endpoint). */
export interface AppRow {
  id: string;
  name: string;
  client_id: string;
  scopes: string[];
  allowed_ranges: string[];
  created_at: Date;
  secret_created_at: Date | null;
  last_token_at: Date | null;
}

const APP_COLUMNS = 'id, name, client_id, scopes, allowed_ranges::text[] AS allowed_ranges, created_at, secret_created_at, last_token_at';

/** Every application, by name (case-insensitive), then id. */
export function listApplications(db: DataSource | EntityManager): Promise<AppRow[]> {
  return db.query(`SELECT ${APP_COLUMNS} FROM applications ORDER BY lower(name), id`);
}

/** Registers an application with its secret's hash (the secret is new now) and answers its row. */
export async function insertApplication(
  db: DataSource | EntityManager,
  app: { name: string; clientId: string; secretHash: string; scopes: Scope[]; ranges: string[]; createdBy: string },
): Promise<AppRow> {
  const [row]: AppRow[] = await db.query(
    `INSERT INTO applications (name, client_id, secret_hash, scopes, allowed_ranges, created_by, secret_created_at)
       VALUES ($1, $2, $3, $4, $5::inet[], $6, now()) RETURNING ${APP_COLUMNS}`,
    [app.name, app.clientId, app.secretHash, app.scopes, app.ranges, app.createdBy],
  );
  return row;
}

/** Sets (a hash) or clears (null: revoked) an application's secret; undefined when there is no such application. */
export async function setApplicationSecret(m: EntityManager, id: string, hash: string | null): Promise<AppRow | undefined> {
  const [rows]: [AppRow[], number] = await m.query(
    `UPDATE applications SET secret_hash = $2, secret_created_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END
          WHERE id = $1 RETURNING ${APP_COLUMNS}`,
    [id, hash],
  );
  return rows[0];
}

/** Ends every token an application was given (its secret changed or was revoked). */
export async function deleteApplicationTokens(m: EntityManager, applicationId: string): Promise<void> {
  await m.query('DELETE FROM application_tokens WHERE application_id = $1', [applicationId]);
}

/**
 * The application behind a live token of an application that still has a secret, with the token's scopes, and
 * whether `inet` is in its allowed ranges; in the same statement one request is counted against the application's
 * limit for this minute (`count`, the new total). Undefined when there is no such token.
 */
export async function applicationOfTokenCounted(
  db: DataSource | EntityManager,
  tokenHash: string,
  inet: string | null,
): Promise<{ id: string; name: string; scopes: Scope[]; address_ok: boolean; count: number } | undefined> {
  const rows: Array<{ id: string; name: string; scopes: Scope[]; address_ok: boolean; count: number }> = await db.query(
    `WITH t AS (
         SELECT a.id, a.name, t.scopes, a.allowed_ranges FROM application_tokens t
           JOIN applications a ON a.id = t.application_id AND a.secret_hash IS NOT NULL
          WHERE t.token_hash = $1 AND t.expires_at > now()),
       counted AS (${COUNT_REQUEST_SQL('t')})
       SELECT t.id, t.name, t.scopes, (SELECT count FROM counted) AS count,
              cardinality(t.allowed_ranges) = 0 OR coalesce($2::inet <<= ANY(t.allowed_ranges), false) AS address_ok
         FROM t`,
    [tokenHash, inet],
  );
  return rows[0];
}

/** The token endpoint's client: its secret hash (null when revoked), scopes, and whether `inet` is in its allowed ranges. */
export async function clientApplication(
  db: DataSource | EntityManager,
  clientId: string,
  inet: string | null,
): Promise<{ id: string; secret_hash: string | null; scopes: Scope[]; address_ok: boolean } | undefined> {
  const [app]: Array<{ id: string; secret_hash: string | null; scopes: Scope[]; address_ok: boolean }> = await db.query(
    `SELECT id, secret_hash, scopes, cardinality(allowed_ranges) = 0 OR coalesce($2::inet <<= ANY(allowed_ranges), false) AS address_ok
         FROM applications WHERE client_id = $1`,
    [clientId, inet],
  );
  return app;
}

/** Counts one request of an application against this minute's limit and answers the new count. */
export async function countApplicationRequest(db: DataSource | EntityManager, applicationId: string): Promise<number> {
  const [{ count }]: Array<{ count: number }> = await db.query(COUNT_REQUEST_SQL('(SELECT $1::uuid AS id) AS x'), [applicationId]);
  return count;
}

/** Keeps an issued token's hash with its scopes and lifetime, and notes when the application last got a token. */
export async function insertApplicationToken(
  db: DataSource | EntityManager,
  token: { applicationId: string; tokenHash: string; scopes: string[]; seconds: number },
): Promise<void> {
  await db.query(
    `WITH issued AS (
         INSERT INTO application_tokens (application_id, token_hash, scopes, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4)))
       UPDATE applications SET last_token_at = now() WHERE id = $1`,
    [token.applicationId, token.tokenHash, token.scopes, token.seconds],
  );
}

/* ---------------------------------------------------------------- personal access tokens */

/** A personal access token as its queries return it (never its hash). */
export interface TokenRow {
  id: string;
  name: string;
  scope: AccessTokenScope;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  active: boolean;
}

const TOKEN_COLUMNS = 'id, name, scope, created_at, expires_at, last_used_at, expires_at > now() AS active';
/** As for sessions: last_used_at is written at most once a minute, not on every request. */
const TOUCH_SECONDS = 60;

/** A person's access tokens, newest first. */
export function listAccessTokens(db: DataSource | EntityManager, userId: string): Promise<TokenRow[]> {
  return db.query(`SELECT ${TOKEN_COLUMNS} FROM access_tokens WHERE user_id = $1 ORDER BY created_at DESC, id`, [userId]);
}

/**
 * Makes a token for its owner in the owner's stored role, unless they already have `max` live ones: undefined then.
 * The count and the insert are one statement, so two creates at once cannot both pass the limit unseen.
 */
export async function insertAccessTokenWithinLimit(
  db: DataSource | EntityManager,
  token: { userId: string; name: string; scope: AccessTokenScope; tokenHash: string; days: number; max: number },
): Promise<TokenRow | undefined> {
  const rows: TokenRow[] = await db.query(
    `WITH mine AS (SELECT count(*) AS n FROM access_tokens WHERE user_id = $1 AND expires_at > now())
       INSERT INTO access_tokens (user_id, name, scope, token_hash, owner_role, expires_at)
       SELECT $1, $2, $3, $4, u.role, now() + make_interval(days => $5)
         FROM users u, mine WHERE u.id = $1 AND mine.n < $6
       RETURNING ${TOKEN_COLUMNS}`,
    [token.userId, token.name, token.scope, token.tokenHash, token.days, token.max],
  );
  return rows[0];
}

/** Deletes a token only its owner's (anyone else's is untouched); answers how many rows went. */
export async function deleteOwnAccessToken(db: DataSource | EntityManager, id: string, userId: string): Promise<number | null | undefined> {
  const res = await db
    .createQueryBuilder()
    .delete()
    .from('access_tokens')
    .where('id = :id AND user_id = :me', { id, me: userId })
    .execute();
  return res.affected;
}

/**
 * The owner behind a live token (as the viewer row auth reads), when the owner is in use and still in the role the
 * token was made in; the same statement notes the token's use (at most once a minute). Undefined otherwise.
 */
export async function accessTokenOwner(
  db: DataSource | EntityManager,
  tokenHash: string,
): Promise<{ id: string; scope: AccessTokenScope; child_ids: string[]; user: Record<string, unknown> } | undefined> {
  const rows: Array<{ id: string; scope: AccessTokenScope; child_ids: string[]; user: Record<string, unknown> }> = await db.query(
    `WITH t AS (
         SELECT a.id, a.scope, a.user_id, a.last_used_at FROM access_tokens a
           JOIN users o ON o.id = a.user_id AND o.role = a.owner_role AND ${accountInUseSql('o')}
          WHERE a.token_hash = $1 AND a.expires_at > now()),
       touched AS (
         UPDATE access_tokens x SET last_used_at = now() FROM t
          WHERE x.id = t.id AND (t.last_used_at IS NULL OR t.last_used_at < now() - interval '${TOUCH_SECONDS} seconds'))
       SELECT t.id, t.scope, ${VIEWER_SQL('u.role')} FROM t JOIN users u ON u.id = t.user_id`,
    [tokenHash],
  );
  return rows[0];
}
