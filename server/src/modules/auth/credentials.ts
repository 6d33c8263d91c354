import type { EntityManager } from 'typeorm';

/**
 * What a change of a user's credentials (email or password, or a reset link used) ends, in the caller's
 * transaction: every session of the user but `keepSessionId` (the one that made the change, when the user
 * made it themselves), every unused reset or invitation link, and any email change still waiting for its
 * confirmation. A link mailed before the change can then never undo it.
 */
export async function endCredentials(m: EntityManager, userId: string, keepSessionId?: string): Promise<void> {
  await m.query(
    `WITH s AS (DELETE FROM sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2::uuid),
          t AS (UPDATE password_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL)
     UPDATE email_changes SET cancelled_at = now() WHERE user_id = $1 AND confirmed_at IS NULL AND cancelled_at IS NULL`,
    [userId, keepSessionId ?? null],
  );
}
