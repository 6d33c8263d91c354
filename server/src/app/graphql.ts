import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import { formatGraphQLError, serviceUnavailableStatus, toDomainError, toHttp } from '../errors/mapping';
import { MAX_FILE_BYTES, MAX_UPLOAD_FILES } from '../modules/files';
import { RequestContext } from '../core/context';
import { GRAPHQL_LIMITS, graphqlLimits } from './graphql-limits';
import { Lexer, Source, TokenKind } from 'graphql';
import { buildAppSchema } from './schema';
import type { AnyManifest } from '../core/manifest';
import { manifests } from './manifests';
import { switchedChangesPlugin } from '../modules/audit';
import { graphqlWriteGate } from './credential-gate';
import { compiledGateway } from './compiled-execution';
import type { KnownQueries } from './known-queries';
import { settleViewer } from './build-context';

/** A GraphQL-shaped error answer for what fails before Apollo runs. */
function graphqlError(res: Response, status: number, message: string, code: string): void {
  res.status(status).json({ errors: [{ message, extensions: { code } }] });
}

/**
 * Multipart requests skip the browser's CORS preflight, so the upload parser runs only for requests that
 * carry a header a plain form cannot send (as Apollo's own CSRF prevention asks for).
 */
function uploadPreflightCheck(req: Request, res: Response, next: NextFunction): void {
  if (!req.is('multipart/form-data')) return next();
  if (req.headers['apollo-require-preflight'] || req.headers['x-apollo-operation-name']) return next();
  graphqlError(
    res,
    400,
    "Multipart requests must carry the header 'Apollo-Require-Preflight: true' (or 'x-apollo-operation-name')",
    'BAD_REQUEST',
  );
}

/**
 * Errors raised before Apollo (malformed JSON, a body too large, a broken multipart body) answer in the
 * GraphQL error shape, as JSON, with no stack: the same mapping as everywhere, in this transport's shape.
 */
function beforeApolloErrors(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  // busboy reports a broken multipart body as a plain error without a status: the client's fault all the same
  if (req.is('multipart/form-data') && !(err as { status?: number })?.status && !toDomainError(err)) {
    return graphqlError(res, 400, 'Malformed multipart request', 'BAD_REQUEST');
  }
  const { status, body, code } = toHttp(err, res.getHeader('X-Request-Id') as string | undefined);
  graphqlError(res, status, body.message, code);
}

/**
 * The token limit, counted before Apollo parses anything (its plugin form is answered as a server error):
 * the lexer stops one token past the limit, so a huge query costs no more than a small one.
 */
function tokenLimit(req: Request, res: Response, next: NextFunction): void {
  const query = (req.body as { query?: unknown } | undefined)?.query;
  if (typeof query !== 'string' || withinTokenLimit.has(query)) return next();
  const lexer = new Lexer(new Source(query));
  try {
    for (let n = 0; lexer.advance().kind !== TokenKind.EOF; n++) {
      if (n >= GRAPHQL_LIMITS.maxTokens) {
        return graphqlError(res, 400, `This query is too long (more than ${GRAPHQL_LIMITS.maxTokens} tokens)`, 'GRAPHQL_VALIDATION_FAILED');
      }
    }
    rememberWithinLimit(query);
  } catch {
    // a syntax error: Apollo's parser reports it properly
  }
  next();
}

/**
 * Query texts already counted and found within the limit: a client sends the same few documents again and
 * again, so each is lexed once (as Apollo parses and validates each once). Bounded, oldest forgotten first.
 */
const withinTokenLimit = new Set<string>();
const REMEMBERED_QUERIES = 1000;
/** the client's largest document is under 10 KB; a longer text (a string token may be long) is lexed each time */
const REMEMBERED_LENGTH = 20_000;

function rememberWithinLimit(query: string): void {
  if (query.length > REMEMBERED_LENGTH) return;
  if (withinTokenLimit.size >= REMEMBERED_QUERIES) withinTokenLimit.delete(withinTokenLimit.values().next().value!);
  withinTokenLimit.add(query);
}

/**
 * The Apollo server with the schema, the error mapping, the request limits and the 401 for rejected tokens;
 * `plugins` are the app's own on top (the page session cookie, page-session.ts); `compiled`: queries run as compiled
 * functions (compiled-execution.ts), else through graphql-js.
 */
export async function createApollo(
  plugins: ApolloServerPlugin<RequestContext>[] = [],
  compiled = false,
  list: readonly AnyManifest[] = manifests,
): Promise<ApolloServer<RequestContext>> {
  const limits = graphqlLimits();
  const schema = await buildAppSchema(list);
  const apollo = new ApolloServer<RequestContext>({
    ...(compiled ? { gateway: compiledGateway(schema) } : { schema }),
    formatError: formatGraphQLError,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    validationRules: limits.validationRules,
    introspection: true,
    csrfPrevention: true,
    // main.ts stops Apollo, then the database, in order; Apollo's own signal handler would stop it first
    // and leave that sequence waiting
    stopOnTerminationSignals: false,
    plugins: [
      // no cache hints are used; Apollo's default cache-control plugin would wrap every field's resolver
      // (a closure and a promise per field: a 40 x 25 grading dashboard resolves some 30,000 fields)
      ApolloServerPluginCacheControlDisabled(),
      // Apollo's landing page loads Apollo Sandbox from a CDN with telemetry; browsers get our bundled explorer (explorer.ts)
      ApolloServerPluginLandingPageDisabled(),
      ...limits.plugins,
      serviceUnavailableStatus,
      switchedChangesPlugin,
      graphqlWriteGate,
      ...plugins,
      {
        // a revoked or expired token is a 401 on every transport; a refused query is the client's error
        async requestDidStart({ contextValue }) {
          return {
            async willSendResponse({ response }) {
              if (response.body.kind !== 'single') return;
              const codes = response.body.singleResult.errors?.map((e) => e.extensions?.code) ?? [];
              if (contextValue.tokenRejected && codes.includes('UNAUTHENTICATED')) response.http.status = 401;
              // the token limit refuses while parsing, which Apollo would answer as a server error
              if (codes.includes('GRAPHQL_VALIDATION_FAILED') || codes.includes('GRAPHQL_PARSE_FAILED')) response.http.status = 400;
            },
          };
        },
      },
    ],
  });
  await apollo.start();
  return apollo;
}

/**
 * The operation: a query Apollo has validated before runs as its compiled function (known-queries.ts), and
 * everything else, or what that gives back untouched, goes through Apollo.
 */
function knownOrApollo(known: KnownQueries, apollo: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const ctx = res.locals.ctx as RequestContext;
    known.answer(req, res, ctx).then(async (answered) => {
      if (answered) return;
      // Apollo's plugins and resolvers never see a guessed viewer (build-context.ts)
      try {
        await settleViewer(ctx);
      } catch (err) {
        return next(err);
      }
      return apollo(req, res, next);
    }, next);
  };
}

/**
 * The /graphql chain: upload check and parser, JSON body, the request context (`withContext`, which may guess a
 * session's viewer: build-context.ts), the operation, and the early-error answer.
 */
export function graphqlRoute(apollo: ApolloServer<RequestContext>, withContext: RequestHandler, known: KnownQueries) {
  return [
    uploadPreflightCheck,
    // a submission may carry one file per long answer (submitAssessment); content takes one
    graphqlUploadExpress({ maxFileSize: MAX_FILE_BYTES, maxFiles: MAX_UPLOAD_FILES }),
    express.json({ limit: '2mb' }),
    tokenLimit,
    withContext,
    knownOrApollo(known, expressMiddleware(apollo, { context: async ({ res }) => res.locals.ctx as RequestContext })),
    beforeApolloErrors,
  ];
}
