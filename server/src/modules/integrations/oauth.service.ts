import crypto from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_TOKEN_PREFIX, hashSecret, newSecret } from '../auth';
import { APPLICATION_TEXT, APP_TOKEN_SECONDS, inetOf } from './applications.service';
import { clientApplication, countApplicationRequest, insertApplicationToken } from './integrations.repository';

/** RFC 6749 section 5.2's error codes that this endpoint uses. */
export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_scope' | 'unsupported_grant_type' | 'rate_limited';

/** An error answer of the token endpoint: `{ error, error_description }`, 401 for invalid_client, else 400. */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  get status(): number {
    return this.error === 'invalid_client' ? 401 : this.error === 'rate_limited' ? 429 : 400;
  }
}

export const OAUTH_TEXT = {
  badClient: 'Client authentication failed: unknown client, wrong or revoked secret, or a refused address',
  twoMethods: 'Authenticate the client one way only: HTTP Basic or client_id and client_secret in the body',
  noClient: 'Authenticate the client with HTTP Basic (client_id:client_secret) or client_id and client_secret in the body',
  repeated: (name: string) => `The parameter ${name} was given more than once`,
  grantMissing: 'grant_type is required',
  grantUnsupported: 'Only grant_type=client_credentials is supported',
  scopeInvalid: (scope: string) => `This client may not ask for the scope ${scope.slice(0, 200)}`,
} as const;

export interface TokenRequest {
  /** The Authorization header, if any. */
  authorization?: string;
  /** The form body (application/x-www-form-urlencoded). */
  body: Record<string, unknown>;
  ip: string;
}

export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
}

/** One form parameter as text; a repeated one is an invalid request (RFC 6749 section 3.2). */
function param(body: Record<string, unknown>, name: string): string | undefined {
  const v = body[name];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string') throw new OAuthError('invalid_request', OAUTH_TEXT.repeated(name));
  return v;
}

/** HTTP Basic client credentials, each form-urlencoded first (RFC 6749 section 2.3.1). */
function basicCredentials(header: string): { id: string; secret: string } {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  const decoded = match ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_client', OAUTH_TEXT.noClient);
  const unform = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      throw new OAuthError('invalid_client', OAUTH_TEXT.badClient);
    }
  };
  return { id: unform(decoded.slice(0, colon)), secret: unform(decoded.slice(colon + 1)) };
}

const sameHash = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The token endpoint of OAuth 2.0 client credentials (RFC 6749 sections 4.4 and 5): the client authenticates
 * with HTTP Basic (or, as section 2.3.1 allows, client_id and client_secret in the body), asks for
 * grant_type=client_credentials and optionally a scope (a subset of its own; all of them when none is asked),
 * and gets a bearer token of at most an hour. Only the token's hash is kept.
 */
export class OAuthService {
  constructor(
    private readonly ds: DataSource,
    private readonly config: { appRateLimitPerMinute: number },
  ) {}

  async issueToken(req: TokenRequest): Promise<TokenAnswer> {
    const header = req.authorization?.trim();
    const fromBody = { id: param(req.body, 'client_id'), secret: param(req.body, 'client_secret') };
    if (header && (fromBody.id || fromBody.secret)) throw new OAuthError('invalid_request', OAUTH_TEXT.twoMethods);
    const client = header ? basicCredentials(header) : fromBody;
    if (!client.id || !client.secret) throw new OAuthError('invalid_client', OAUTH_TEXT.noClient);
    const grant = param(req.body, 'grant_type');
    const asked = param(req.body, 'scope');

    const app = await clientApplication(this.ds, client.id.slice(0, 200), inetOf(req.ip));
    const ok = !!app?.secret_hash && sameHash(app.secret_hash, hashSecret(client.secret)) && app.address_ok;
    if (!ok) throw new OAuthError('invalid_client', OAUTH_TEXT.badClient);
    // asking for tokens counts against the client's limit too, so the endpoint cannot be used to pile up rows
    const count = await countApplicationRequest(this.ds, app.id);
    const limit = this.config.appRateLimitPerMinute;
    if (count > limit) throw new OAuthError('rate_limited', APPLICATION_TEXT.rateLimited(limit));

    if (!grant) throw new OAuthError('invalid_request', OAUTH_TEXT.grantMissing);
    if (grant !== 'client_credentials') throw new OAuthError('unsupported_grant_type', OAUTH_TEXT.grantUnsupported);
    const scopes = asked === undefined ? app.scopes : [...new Set(asked.split(' ').filter(Boolean))];
    const refused = scopes.find((s) => !(app.scopes as string[]).includes(s));
    if (refused !== undefined || !scopes.length) throw new OAuthError('invalid_scope', OAUTH_TEXT.scopeInvalid(refused ?? ''));

    const token = APP_TOKEN_PREFIX + newSecret().token;
    await insertApplicationToken(this.ds, { applicationId: app.id, tokenHash: hashSecret(token), scopes, seconds: APP_TOKEN_SECONDS });
    return { access_token: token, token_type: 'bearer', expires_in: APP_TOKEN_SECONDS, scope: scopes.join(' ') };
  }
}
