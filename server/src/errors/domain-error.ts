/** The codes every failure of a service is expressed in; each transport maps them once. */
export type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  /** The database is down, refuses connections or took too long; the request may be tried again. */
  | 'SERVICE_UNAVAILABLE';

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Fields that go with the message: GraphQL `extensions`, REST top-level (e.g. a conflict's `current`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/**
 * A refused input. `field` is the input's own name as the schema spells it (`firstName`, `first`): a script
 * reads it from `extensions.field` (REST: `field`) to know what to fix, whatever the message's words.
 */
export const validation = (message: string, field?: string) => new DomainError('VALIDATION', message, field ? { field } : undefined);

/** Refused because of too many attempts: `retryAfter` is the whole seconds until one more is let through. */
export const rateLimited = (message: string, retryAfter: number) =>
  new DomainError('RATE_LIMITED', message, { retryAfter: Math.max(1, Math.ceil(retryAfter)) });
export const notFound = (message = 'Not found') => new DomainError('NOT_FOUND', message);
export const forbidden = (message = 'You do not have permission to do this') => new DomainError('FORBIDDEN', message);
export const unauthenticated = (message = 'Please sign in') => new DomainError('UNAUTHENTICATED', message);
export const conflict = (message: string, details?: Record<string, unknown>) => new DomainError('CONFLICT', message, details);

/** The spec-less texts of a 503: the database cannot be reached, or the work took longer than allowed. */
export const UNAVAILABLE_TEXT = {
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  tooSlow: 'The request took too long to complete. Please try again shortly.',
};
