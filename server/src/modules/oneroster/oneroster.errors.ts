import type { Response } from 'express';
import { toHttp } from '../../errors/mapping';
import { QueryError } from './oneroster.query';

/** The imsx_CodeMinor values of OneRoster 1.2 REST that we answer with. */
export type CodeMinor =
  | 'invalid_filter_field'
  | 'invalid_sort_field'
  | 'invalid_selection_field'
  | 'invaliddata'
  | 'unauthorisedrequest'
  | 'forbidden'
  | 'unknownobject'
  | 'server_busy'
  | 'internal_server_error';

/** An answer a consumer gets instead of data, with its HTTP status (REST binding section 3.3). */
export class OneRosterError extends Error {
  constructor(
    readonly status: number,
    readonly codeMinor: CodeMinor,
    message: string,
  ) {
    super(message);
  }
}

export const OR_TEXT = {
  notFound: (what: string, id: string) => `No ${what} has the sourcedId "${id}"`,
  unauthenticated: 'Send an access token from POST /oauth/token (OAuth 2.0 client credentials) as a bearer token',
  applicationsOnly: 'OneRoster is for applications: register one in Settings -> Integrations and use its client credentials',
  scope: (scopes: string[]) => `This access token lacks the scope for this call: ${scopes.join(' or ')}`,
} as const;

/** The imsx_StatusInfo payload (`imsx_codeMajor` failure, severity error) of one refusal. */
export function statusInfo(codeMinor: CodeMinor, description: string) {
  return {
    imsx_codeMajor: 'failure',
    imsx_severity: 'error',
    imsx_description: description,
    imsx_CodeMinor: { imsx_codeMinorField: [{ imsx_codeMinorFieldName: 'TargetEndSystem', imsx_codeMinorFieldValue: codeMinor }] },
  };
}

const BY_CODE: Record<string, CodeMinor> = {
  VALIDATION: 'invaliddata',
  UNAUTHENTICATED: 'unauthorisedrequest',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'unknownobject',
  CONFLICT: 'invaliddata',
  PAYLOAD_TOO_LARGE: 'invaliddata',
  RATE_LIMITED: 'server_busy',
  SERVICE_UNAVAILABLE: 'server_busy',
};

/** Any error of a OneRoster call, in the specification's shape; the status and text come from the one HTTP mapping. */
export function sendError(res: Response, err: unknown, requestId: string | undefined): void {
  if (err instanceof OneRosterError) return void res.status(err.status).json(statusInfo(err.codeMinor, err.message));
  if (err instanceof QueryError) return void res.status(400).json(statusInfo(err.codeMinor, err.message));
  const { status, body, code } = toHttp(err, requestId);
  // the application's limit is per minute: the next one starts this many seconds from now
  if (status === 429) res.setHeader('Retry-After', String(60 - new Date().getUTCSeconds()));
  res.status(status).json(statusInfo(BY_CODE[code] ?? (status >= 500 ? 'internal_server_error' : 'invaliddata'), body.message));
}
