import { DataSource } from 'typeorm';
import { assertId } from '../../core/ids';
import { requiredText } from '../../core/input';
import { notFound, validation } from '../../errors/domain-error';
import { Actor, authorize } from '../../policies';
import { AccessTokenScope } from '../../policies/credentials';
import { Role } from '../../core/role';
import { User } from '../users';
import { AuthService, ACCESS_TOKEN_PREFIX, hashSecret, newSecret } from '../auth';
import {
  TokenRow,
  accessTokenOwner,
  deleteOwnAccessToken,
  insertAccessTokenWithinLimit,
  listAccessTokens,
} from './integrations.repository';
import { AccessToken, CreatedAccessToken } from './integrations.types';

export const ACCESS_TOKEN_TEXT = {
  nameRequired: 'Name is required',
  scopeInvalid: 'Scope must be READ or READ_WRITE',
  expiryInvalid: 'A token expires after 1 to 365 days',
  tooMany: (max: number) => `You can have at most ${max} access tokens; revoke one first`,
  notFound: 'Access token not found',
  manageInSession: 'Manage your access tokens in the web app, signed in as yourself (not with a token, not while viewing as another role)',
} as const;

export const MAX_TOKEN_DAYS = 365;
export const MAX_TOKENS_PER_USER = 50;

const toToken = (r: TokenRow): AccessToken => ({
  id: r.id,
  name: r.name,
  scope: r.scope,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  lastUsedAt: r.last_used_at,
  active: r.active,
});

/**
 * Personal access tokens (the Canvas model): a person makes a named token, READ or READ_WRITE, expiring within a
 * year, sees its secret once, and revokes it. The token acts as its owner in the owner's stored role, narrowed
 * by its scope ('credential.write'); it is no session (never listed among them, never counted as a sign-in) and
 * it ends when its owner is deleted (cascade), deactivated or given another role (checked at every lookup).
 */
export class AccessTokenService {
  constructor(
    private readonly ds: DataSource,
    private readonly auth: AuthService,
  ) {}

  async list(actor: Actor): Promise<AccessToken[]> {
    authorize(actor, 'accessToken.manage', undefined, { message: ACCESS_TOKEN_TEXT.manageInSession });
    const rows = await listAccessTokens(this.ds, actor.userId);
    return rows.map(toToken);
  }

  async create(actor: Actor, input: { name?: unknown; scope?: unknown; expiresInDays?: unknown }): Promise<CreatedAccessToken> {
    authorize(actor, 'accessToken.manage', undefined, { message: ACCESS_TOKEN_TEXT.manageInSession });
    const name = requiredText(input.name, ACCESS_TOKEN_TEXT.nameRequired, 'Name', 100);
    const scope = input.scope;
    if (scope !== AccessTokenScope.READ && scope !== AccessTokenScope.READ_WRITE) throw validation(ACCESS_TOKEN_TEXT.scopeInvalid);
    const days = input.expiresInDays;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > MAX_TOKEN_DAYS)
      throw validation(ACCESS_TOKEN_TEXT.expiryInvalid);
    const secret = ACCESS_TOKEN_PREFIX + newSecret().token;
    const row = await insertAccessTokenWithinLimit(this.ds, {
      userId: actor.userId,
      name,
      scope,
      tokenHash: hashSecret(secret),
      days,
      max: MAX_TOKENS_PER_USER,
    });
    if (!row) throw validation(ACCESS_TOKEN_TEXT.tooMany(MAX_TOKENS_PER_USER));
    return { token: toToken(row), secret };
  }

  /** Revokes one of your own tokens at once; anyone else's does not exist for you. */
  async revoke(actor: Actor, id: unknown): Promise<void> {
    authorize(actor, 'accessToken.manage', undefined, { message: ACCESS_TOKEN_TEXT.manageInSession });
    const tokenId = assertId(id, ACCESS_TOKEN_TEXT.notFound);
    const affected = await deleteOwnAccessToken(this.ds, tokenId, actor.userId);
    if (!affected) throw notFound(ACCESS_TOKEN_TEXT.notFound);
  }

  /**
   * The owner behind a token as an actor in their stored role, in one statement; null when the token is
   * unknown, expired or revoked, or its owner is deleted, not active, or no longer in the role the token was
   * made in.
   */
  async resolve(secret: string): Promise<{ actor: Actor; user: User } | null> {
    if (!secret.startsWith(ACCESS_TOKEN_PREFIX) || secret.length > 200) return null;
    const row = await accessTokenOwner(this.ds, hashSecret(secret));
    if (!row) return null;
    const user = this.auth.userFromJson(row.user);
    const role = user.role as Role;
    return {
      actor: {
        userId: user.id,
        role,
        activeRole: role,
        impersonating: false,
        sessionId: '',
        childIds: row.child_ids,
        credential: { kind: 'token', id: row.id, scope: row.scope },
      },
      user,
    };
  }
}
