import { GraphQLError, GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { DomainError, ErrorCode } from './domain-error';
import { logger } from '../app/logger';

export const INTERNAL_MESSAGE = 'Internal server error';

const httpStatus: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
};

/** Postgres errors that carry a meaning for the user; anything else stays internal. */
function fromDatabase(err: unknown): DomainError | undefined {
  const code = (err as { code?: string; driverError?: { code?: string } })?.driverError?.code ??
    (err as { code?: string })?.code;
  if (code === '22P02') return new DomainError('NOT_FOUND', 'Not found'); // malformed uuid
  if (code === '23505') return new DomainError('CONFLICT', 'This record already exists');
  if (code === '23503') return new DomainError('CONFLICT', 'This record is still in use by other records');
  return undefined;
}

export function toDomainError(err: unknown): DomainError | undefined {
  if (err instanceof DomainError) return err;
  return fromDatabase(err);
}

/** HTTP status and body for the REST adapters. */
export function toHttp(err: unknown, requestId?: string): { status: number; body: { success: false; message: string } } {
  const domain = toDomainError(err);
  if (domain) return { status: httpStatus[domain.code], body: { success: false, message: domain.message } };
  const status = (err as { status?: number; statusCode?: number })?.status ?? (err as { statusCode?: number })?.statusCode;
  if (status && status >= 400 && status < 500) {
    // body-parser and similar: malformed JSON, body too large
    const message = status === 413 ? 'Request body is too large' : 'Malformed request';
    return { status, body: { success: false, message } };
  }
  logger.error({ err, requestId }, 'unexpected error');
  return { status: 500, body: { success: false, message: INTERNAL_MESSAGE } };
}

/** Apollo formatError: domain errors keep their message and code, the rest never leak. */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const domain = toDomainError(original);
  if (domain) {
    return { message: domain.message, path: formatted.path, extensions: { code: domain.code } };
  }
  const code = formatted.extensions?.code as string | undefined;
  if (original instanceof GraphQLError && code && code !== 'INTERNAL_SERVER_ERROR') {
    // parse/validation/bad input errors from graphql itself
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code } };
  }
  logger.error({ err: original }, 'unexpected GraphQL error');
  return { message: INTERNAL_MESSAGE, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}
