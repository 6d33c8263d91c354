import crypto from 'node:crypto';
import net from 'node:net';
import { DataSource, EntityManager } from 'typeorm';
import { assertId } from '../../core/ids';
import { requiredText } from '../../core/input';
import { DomainError, notFound, validation } from '../../errors/domain-error';
import { Actor, authorize } from '../../policies';
import { applicationActor } from '../../policies/actor';
import { ALL_SCOPES, SCOPE_DESCRIPTIONS, Scope, isScope } from '../../policies/credentials';
import { APP_TOKEN_PREFIX, hashSecret, newSecret } from '../auth';
import {
  AppRow,
  applicationOfTokenCounted,
  deleteApplicationTokens,
  insertApplication,
  listApplications,
  setApplicationSecret,
} from './integrations.repository';
import { Application, ApplicationScope, ApplicationWithSecret } from './integrations.types';

export const APPLICATION_TEXT = {
  nameRequired: 'Name is required',
  scopesRequired: 'Give the application at least one scope',
  scopeUnknown: (scope: string) => `Unknown scope: ${scope.slice(0, 200)}`,
  rangeInvalid: (range: string) => `Not an IP address or CIDR range: ${range.slice(0, 60)}`,
  tooManyRanges: 'At most 20 allowed IP ranges',
  notFound: 'Application not found',
  manageInSession: 'Only SuperAdmin and Admin manage applications, signed in to the web app',
  rateLimited: (perMinute: number) => `This application made more than ${perMinute} requests this minute; wait for the next minute`,
  addressRefused: "This application's tokens are not accepted from this address",
} as const;

/** Client ids and client secrets are told apart (and recognised when leaked) by their prefix; access tokens' is in auth/secrets.ts. */
export const CLIENT_ID_PREFIX = 'lmsclient_';
export const CLIENT_SECRET_PREFIX = 'lmscs_';
/** RFC 6749 section 4.4.3: the access token's lifetime, at most an hour here. */
export const APP_TOKEN_SECONDS = 3600;
const MAX_RANGES = 20;

const toApplication = (r: AppRow): Application => ({
  id: r.id,
  name: r.name,
  clientId: r.client_id,
  scopes: r.scopes,
  allowedIpRanges: r.allowed_ranges,
  createdAt: r.created_at,
  secretCreatedAt: r.secret_created_at,
  active: r.secret_created_at !== null,
  lastTokenAt: r.last_token_at,
});

/** An address or CIDR range as PostgreSQL's inet takes it, or null. A bare address is that one address. */
function parseRange(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 60) return null;
  const [address, prefix, extra] = value.trim().split('/');
  const family = net.isIP(address);
  if (!family || extra !== undefined) return null;
  const max = family === 4 ? 32 : 128;
  if (prefix === undefined) return `${address}/${max}`;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max) return null;
  return `${address}/${Number(prefix)}`;
}

/** The request's address for an inet comparison; null when Express could not tell it. */
export const inetOf = (ip: string) => (net.isIP(ip) ? ip : null);

/** Scopes given as a list: each known, no repeats, at least one. */
export function parseScopes(values: unknown): Scope[] {
  if (!Array.isArray(values) || values.length === 0) throw validation(APPLICATION_TEXT.scopesRequired);
  const scopes = [...new Set(values)];
  for (const s of scopes) if (!isScope(s)) throw validation(APPLICATION_TEXT.scopeUnknown(String(s)));
  return scopes as Scope[];
}

/**
 * Applications for system integrations (OAuth 2.0 client credentials, RFC 6749 section 4.4): SuperAdmin and
 * Admin register one with its scopes and optional allowed address ranges, see its client secret once, make a
 * new secret (rotate: the old one and its tokens stop at once) or revoke it. The token endpoint is oauth.ts.
 */
export class ApplicationService {
  constructor(
    private readonly ds: DataSource,
    private readonly config: { appRateLimitPerMinute: number },
  ) {}

  scopes(actor: Actor): ApplicationScope[] {
    authorize(actor, 'application.manage', undefined, { message: APPLICATION_TEXT.manageInSession });
    return ALL_SCOPES.map((scope) => ({ scope, description: SCOPE_DESCRIPTIONS[scope] }));
  }

  async list(actor: Actor): Promise<Application[]> {
    authorize(actor, 'application.manage', undefined, { message: APPLICATION_TEXT.manageInSession });
    const rows = await listApplications(this.ds);
    return rows.map(toApplication);
  }

  async create(actor: Actor, input: { name?: unknown; scopes?: unknown; allowedIpRanges?: unknown }): Promise<ApplicationWithSecret> {
    authorize(actor, 'application.manage', undefined, { message: APPLICATION_TEXT.manageInSession });
    const name = requiredText(input.name, APPLICATION_TEXT.nameRequired, 'Name', 100);
    const scopes = parseScopes(input.scopes);
    const given = input.allowedIpRanges ?? [];
    if (!Array.isArray(given)) throw validation(APPLICATION_TEXT.rangeInvalid(String(given)));
    if (given.length > MAX_RANGES) throw validation(APPLICATION_TEXT.tooManyRanges);
    const ranges = given.map(
      (r) =>
        parseRange(r) ??
        (() => {
          throw validation(APPLICATION_TEXT.rangeInvalid(String(r)));
        })(),
    );
    const clientId = CLIENT_ID_PREFIX + crypto.randomBytes(12).toString('base64url');
    const { secret, hash } = clientSecret();
    const row = await insertApplication(this.ds, { name, clientId, secretHash: hash, scopes, ranges, createdBy: actor.userId });
    return { application: toApplication(row), clientSecret: secret };
  }

  /** A new secret; the previous one and every token it gave stop working in the same transaction. */
  async rotate(actor: Actor, id: unknown): Promise<ApplicationWithSecret> {
    authorize(actor, 'application.manage', undefined, { message: APPLICATION_TEXT.manageInSession });
    const { secret, hash } = clientSecret();
    const row = await this.replaceSecret(assertId(id, APPLICATION_TEXT.notFound), hash);
    return { application: toApplication(row), clientSecret: secret };
  }

  /** No secret any more: no new tokens, and its tokens stop at once (a rotate gives it a new secret). */
  async revoke(actor: Actor, id: unknown): Promise<Application> {
    authorize(actor, 'application.manage', undefined, { message: APPLICATION_TEXT.manageInSession });
    return toApplication(await this.replaceSecret(assertId(id, APPLICATION_TEXT.notFound), null));
  }

  private replaceSecret(id: string, hash: string | null): Promise<AppRow> {
    return this.ds.transaction(async (m: EntityManager) => {
      const row = await setApplicationSecret(m, id, hash);
      if (!row) throw notFound(APPLICATION_TEXT.notFound);
      await deleteApplicationTokens(m, id);
      return row;
    });
  }

  /**
   * The application behind an access token, with the token's scopes, in one statement that also counts the
   * request against the application's limit for this minute; null when the token is unknown, expired or its
   * application's secret was rotated or revoked. Refuses (RATE_LIMITED, UNAUTHENTICATED) over the limit or
   * from an address outside the application's ranges.
   */
  async resolve(secret: string, ip: string): Promise<{ actor: Actor } | null> {
    if (!secret.startsWith(APP_TOKEN_PREFIX) || secret.length > 200) return null;
    const row = await applicationOfTokenCounted(this.ds, hashSecret(secret), inetOf(ip));
    if (!row) return null;
    if (!row.address_ok) throw new DomainError('UNAUTHENTICATED', APPLICATION_TEXT.addressRefused);
    const limit = this.config.appRateLimitPerMinute;
    if (row.count > limit) throw new DomainError('RATE_LIMITED', APPLICATION_TEXT.rateLimited(limit));
    return { actor: applicationActor({ id: row.id, name: row.name, scopes: row.scopes }) };
  }
}

function clientSecret(): { secret: string; hash: string } {
  const secret = CLIENT_SECRET_PREFIX + newSecret().token;
  return { secret, hash: hashSecret(secret) };
}
