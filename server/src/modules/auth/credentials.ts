import type { EntityManager } from 'typeorm';

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
 * SQL: the user row `u` is an account in use (activated, not deactivated): what a credential that is no session
 * (an access token, a calendar feed) needs of its owner at every lookup.
 */
export const accountInUseSql = (u: string) => `(${u}.activated AND ${u}.deactivated_at IS NULL)`;

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
