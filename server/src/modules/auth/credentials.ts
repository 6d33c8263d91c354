/*
 * What a credential's owner must be. The statements that end a user's credentials and (de)activate users are in
 * auth.repository.ts (endCredentials, endCredentialsOf, deactivateUsers, reactivateUsers).
 */

/**
 * SQL: the user row `u` is an account in use (activated, not deactivated): what a credential that is no session
 * (an access token, a calendar feed) needs of its owner at every lookup.
 */
export const accountInUseSql = (u: string) => `(${u}.activated AND ${u}.deactivated_at IS NULL)`;
