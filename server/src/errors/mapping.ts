import { GraphQLError, GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import type { ApolloServerPlugin } from '@apollo/server';
import type { Response } from 'express';
import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { DomainError, ErrorCode, UNAVAILABLE_TEXT } from './domain-error';
import { logger } from '../core/logger';

export const INTERNAL_MESSAGE = 'Internal server error';

const httpStatus: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
};

/**
 * The database cannot be reached or is going away: refused or broken connections, PostgreSQL shutting down
 * (57P01, 57P02) or starting (57P03), too many connections (53300), SQLSTATE class 08 (connection
 * exceptions), and the pool's own acquire and connect timeouts, which carry no code.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNREACHABLE_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|is not queryable|terminating connection/i;

/** The error's own code, its driver error's (TypeORM wraps pg's) and those of an AggregateError's parts. */
function codesOf(err: unknown): string[] {
  const e = err as { code?: unknown; driverError?: { code?: unknown }; errors?: unknown[] } | undefined;
  const codes = [e?.code, e?.driverError?.code, ...(Array.isArray(e?.errors) ? e.errors.map((x) => (x as { code?: unknown })?.code) : [])];
  return codes.filter((c): c is string => typeof c === 'string');
}

export function isDatabaseUnreachable(err: unknown): boolean {
  // TypeORM releases a transaction's connection when it breaks; the transaction's next statement says so
  // (QueryRunnerProviderAlreadyReleasedError when the statement goes through the transaction's EntityManager)
  if (err instanceof QueryRunnerAlreadyReleasedError || err instanceof QueryRunnerProviderAlreadyReleasedError) return true;
  if (codesOf(err).some((c) => UNREACHABLE_CODES.has(c) || c.startsWith('08'))) return true;
  const message = (err as { message?: unknown })?.message;
  return typeof message === 'string' && UNREACHABLE_MESSAGES.test(message);
}

/** SQLSTATEs caused by what the client sent, with the answer they get. */
const INVALID_INPUT: Record<string, { code: ErrorCode; message: string }> = {
  '22P02': { code: 'NOT_FOUND', message: 'Not found' }, // malformed uuid (ids are the only typed text we take)
  '22003': { code: 'VALIDATION', message: 'A number is out of range' },
  '22001': { code: 'VALIDATION', message: 'A value is too long' },
  '54000': { code: 'VALIDATION', message: 'A value is too long' },
  '22021': { code: 'VALIDATION', message: 'Text contains characters that cannot be stored' }, // e.g. NUL
  '22007': { code: 'VALIDATION', message: 'Invalid date' },
  '22008': { code: 'VALIDATION', message: 'Invalid date' },
  '23502': { code: 'VALIDATION', message: 'A required value is missing' },
  '23514': { code: 'VALIDATION', message: 'A value is outside what is allowed' },
  '23505': { code: 'CONFLICT', message: 'This record already exists' },
  '23503': { code: 'CONFLICT', message: 'This record is still in use by other records' },
  '23P01': { code: 'CONFLICT', message: 'This conflicts with an existing record' },
};

/** Postgres errors that carry a meaning for the user; anything else stays internal. */
function fromDatabase(err: unknown): DomainError | undefined {
  const code = (err as { code?: string; driverError?: { code?: string } })?.driverError?.code ?? (err as { code?: string })?.code;
  // the input layer (core/input.ts) refuses these first; what slips through is still the client's error, never a 500
  const invalid = code ? INVALID_INPUT[code] : undefined;
  if (invalid) return new DomainError(invalid.code, invalid.message);
  if (code === '57014') return new DomainError('SERVICE_UNAVAILABLE', UNAVAILABLE_TEXT.tooSlow); // statement_timeout
  if (isDatabaseUnreachable(err)) return new DomainError('SERVICE_UNAVAILABLE', UNAVAILABLE_TEXT.unavailable);
  return undefined;
}

export function toDomainError(err: unknown): DomainError | undefined {
  if (err instanceof DomainError) return err;
  // graphql wraps what is not an Error (of its realm) in NonErrorThrown; the thrown value is the failure
  const thrown =
    (err as { name?: string; thrownValue?: unknown })?.name === 'NonErrorThrown' ? (err as { thrownValue?: unknown }).thrownValue : err;
  return fromDatabase(thrown);
}

/** A 503 is expected while the database is away: one warning line with the cause, no stack. */
function noteUnavailable(domain: DomainError, cause: unknown, requestId?: string): void {
  if (domain.code !== 'SERVICE_UNAVAILABLE') return;
  const reason = cause === domain ? domain.message : String((cause as { message?: unknown })?.message ?? cause);
  logger.warn({ requestId, reason, code: codesOf(cause)[0] }, 'service unavailable');
}

/**
 * HTTP status and body for the REST adapters; `code` is the same failure's GraphQL `extensions.code`, for
 * answers in the GraphQL shape given before Apollo runs.
 */
export function toHttp(
  err: unknown,
  requestId?: string,
): { status: number; body: RestErrorBody; code: string; headers: Record<string, string> } {
  const domain = toDomainError(err);
  if (domain) {
    noteUnavailable(domain, err, requestId);
    return {
      status: httpStatus[domain.code],
      body: { ...domain.details, success: false, code: domain.code, message: domain.message },
      code: domain.code,
      headers: retryAfterHeader(domain.details),
    };
  }
  const status = (err as { status?: number; statusCode?: number })?.status ?? (err as { statusCode?: number })?.statusCode;
  if (status && status >= 400 && status < 500) {
    // body-parser and similar: malformed JSON, body too large
    const message = status === 413 ? 'Request body is too large' : 'Malformed request';
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
    return { status, body: { success: false, code, message }, code, headers: {} };
  }
  logger.error({ err, requestId }, 'unexpected error');
  return {
    status: 500,
    body: { success: false, code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_MESSAGE },
    code: 'INTERNAL_SERVER_ERROR',
    headers: {},
  };
}

/** A REST error: the same `code` as GraphQL's `extensions.code` beside the message, and the error's details (`field`, `retryAfter`). */
export interface RestErrorBody {
  success: false;
  code: string;
  message: string;
  [detail: string]: unknown;
}

/** RFC 9110 Retry-After (seconds) for an error that says when to try again. */
export function retryAfterHeader(details: Record<string, unknown> | undefined): Record<string, string> {
  const seconds = details?.retryAfter;
  return typeof seconds === 'number' ? { 'Retry-After': String(seconds) } : {};
}

/** Answers a REST error: status, headers and the JSON body from the one mapping. */
export function sendHttpError(res: Response, err: unknown, requestId?: string): void {
  const { status, body, headers } = toHttp(err, requestId);
  res.status(status).set(headers).json(body);
}

/** Apollo formatError: domain errors keep their message and code, the rest never leak. */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const domain = toDomainError(original);
  if (domain) {
    noteUnavailable(domain, original);
    return { message: domain.message, path: formatted.path, extensions: { ...domain.details, code: domain.code } };
  }
  const code = formatted.extensions?.code as string | undefined;
  if (original instanceof GraphQLError && code && code !== 'INTERNAL_SERVER_ERROR') {
    // parse/validation/bad input errors from graphql itself; a variable's refused value names its field
    // as a domain refusal does ('Variable "$input" got invalid value ... at "input.role"' names `role`)
    const field = code === 'BAD_USER_INPUT' ? /at "(?:[^"]*\.)?(\w+)(?:\[\d+\])*"/.exec(formatted.message)?.[1] : undefined;
    return {
      message: formatted.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: field ? { code, field } : { code },
    };
  }
  logger.error({ err: original }, 'unexpected GraphQL error');
  return { message: INTERNAL_MESSAGE, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/**
 * What a GraphQL answer's errors do to its HTTP head: SERVICE_UNAVAILABLE carries HTTP 503, as REST does
 * (clients and balancers retry); a RATE_LIMITED refusal carries its Retry-After header. The one rule of
 * Apollo's answers (the plugin below) and of the known queries' (app/known-queries.ts).
 */
export function graphqlErrorHead(errors: readonly GraphQLFormattedError[]): { status?: number; headers: Record<string, string> } {
  return {
    status: errors.some((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE') ? 503 : undefined,
    headers: retryAfterHeader(errors.find((e) => e.extensions?.retryAfter)?.extensions),
  };
}

/** graphqlErrorHead on Apollo's answers. */
export const serviceUnavailableStatus: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const head = graphqlErrorHead(response.body.singleResult.errors ?? []);
        if (head.status) response.http.status = head.status;
        for (const [name, value] of Object.entries(head.headers)) response.http.headers.set(name, value);
      },
    };
  },
};
