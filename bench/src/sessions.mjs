// Signed-in sessions without signing in: the bench needs bearer tokens for thousands of students, and a login
// costs an argon2id verify (~25 ms of CPU) each. The rows are the ones the server's login writes
// (server/src/modules/auth/auth.service.ts openSession): a random token of 32 bytes (base64url), of which the
// database keeps only the SHA-256 in hex (secrets.ts hashSecret), the user, the active role, an expiry.
import crypto from 'node:crypto';

/** The server's hashSecret: SHA-256 of the token, in hex. */
export const hashSecret = (token) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Inserts one session per user id (in one statement) and returns the bearer tokens in the same order.
 * `activeRole` is the role the session acts as (default: each user's own role); `hours` its lifetime (the
 * server's SESSION_HOURS default, 12). `client` is a connected pg client or pool. Throws when a user is missing.
 */
export async function mintSessions(client, userIds, { activeRole, hours = 12 } = {}) {
  if (!userIds.length) return [];
  const tokens = userIds.map(() => crypto.randomBytes(32).toString('base64url'));
  const { rowCount } = await client.query(
    `INSERT INTO sessions (token_hash, user_id, active_role, impersonating, expires_at, last_used_at)
     SELECT x.hash, u.id, coalesce($3::text, u.role), false, now() + make_interval(hours => $4::int), now()
       FROM unnest($1::text[], $2::uuid[]) AS x(hash, user_id) JOIN users u ON u.id = x.user_id`,
    [tokens.map(hashSecret), userIds, activeRole ?? null, hours],
  );
  if (rowCount !== userIds.length) throw new Error(`mintSessions: ${userIds.length - rowCount} of the user ids name no user`);
  return tokens;
}
