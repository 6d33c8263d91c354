import type { ApolloServerPlugin } from '@apollo/server';
import type { Request, Response } from 'express';
import { DocumentNode, ExecutionResult, GraphQLError, GraphQLFormattedError, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import { CompiledQuery, isCompiledQuery } from 'graphql-jit';
import { formatGraphQLError, graphqlErrorHead } from '../errors/mapping';
import { asGraphqlJsError, compiledFor } from './compiled-execution';
import type { RequestContext } from '../core/context';
import { writeRefusal } from './credential-gate';
import { PAGE_SESSION_MUTATIONS } from '../modules/auth';
import { settleViewer } from './build-context';
import { keptWhileRoom } from '../core/kept';
import { jsonBody } from '../core/json-bytes';
import { requestStatements, statementsSoFar } from '../core/request-store';

/**
 * Operations the server has seen before answered without Apollo's request pipeline (issue 28): a client sends
 * the same few documents again and again, and for each of those Apollo's parse, validation (every rule and
 * limit of graphql-limits.ts) and plugins have already run once and found the operation good. The first request
 * of a text goes through Apollo, which hands the validated document here (the plugin below); later requests
 * with the same text run its compiled function (graphql-jit, compiled-execution.ts; a mutation's fields one after
 * another, as graphql-js runs them) straight from the /graphql route and answer in Apollo's words: the same body
 * (errors, data, extensions; a newline), content type, status and headers, the errors formatted by the same
 * mapping (errors/mapping.ts). The resolvers are the schema's own, so the field rules and the services'
 * authorization run as before.
 *
 * Apollo keeps handling, by giving the request back before anything ran: an operation it has not seen, a
 * rejected token (its 401 and cleared page cookie), refused variables (its BAD_USER_INPUT and 400), an Accept
 * header that takes neither JSON type (its 406), a batch, and anything with `extensions` (persisted queries).
 * A mutation also goes to Apollo whenever one of its plugins has work to do on it: a credential that may not
 * write (the write gate's 403), a switched role (the audit of its changes), a session mutation (the page
 * cookie: PAGE_SESSION_MUTATIONS), a top level other than plain fields (which that plugin could not see into),
 * and files (a multipart request). Side by side, a quiz submit this way costs Node about 0.3 ms (15%) and a third
 * of its allocation less (bench/README.md, tenth session).
 */
type Variables = Record<string, unknown>;

/** Apollo's media types for a single answer, in its order of preference (runHttpQuery, chooseContentTypeForSingleResultResponse). */
const ANSWER_TYPES = ['application/json; charset=utf-8', 'application/graphql-response+json; charset=utf-8', 'application/json'];

/** Each answer type as Express's res.send writes it in the head (with its charset): sent without res.send (`send`). */
const HEAD_TYPES = new Map(ANSWER_TYPES.map((t) => [t, /;\s*charset=/i.test(t) ? t : `${t}; charset=utf-8`]));

/**
 * The answer type chosen for each Accept header seen (a client sends the same one on every request; negotiating it
 * parsed the header each time). Bounded: a header seen after the bound is negotiated on every request.
 */
const chosenTypes = new Map<string, string | false>();
const KEPT_ACCEPTS = 100;

const answerType = (req: Request): string | false =>
  keptWhileRoom(chosenTypes, req.headers.accept ?? '', KEPT_ACCEPTS, () => req.accepts(ANSWER_TYPES));

/** Query texts kept at most, oldest forgotten first (Apollo keeps its parsed documents in a bounded store too). */
const KEPT_QUERIES = 1000;

/** Apollo's error enrichment (errorNormalize.js) before our formatError: a code always, `http` lifted to the answer's head. */
function formatErrors(errors: readonly GraphQLError[]): {
  errors: GraphQLFormattedError[];
  status?: number;
  headers: Record<string, string>;
} {
  let status: number | undefined;
  const headers: Record<string, string> = {};
  const formatted = errors.map((raw) => {
    const error = asGraphqlJsError(raw);
    const { http, ...rest } = (error.extensions ?? {}) as { http?: { status?: number; headers?: Map<string, string> }; code?: unknown };
    if (http?.status) status = http.status;
    for (const [name, value] of http?.headers ?? []) headers[name] = value;
    const extensions = { ...rest, code: rest.code ?? 'INTERNAL_SERVER_ERROR' };
    try {
      return formatGraphQLError({ ...error.toJSON(), extensions }, error);
    } catch {
      return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
  });
  const head = graphqlErrorHead(formatted);
  return { errors: formatted, status: head.status ?? status, headers: { ...headers, ...head.headers } };
}

/** A validated document and the operation it runs (graphql-jit's compiled form is kept per document: compiled-execution.ts). */
type Known = {
  document: DocumentNode;
  operationName?: string;
  mutation: boolean;
  /** Its last run on a guessed viewer had no read to carry the check (known-queries.ts `run`). */
  checkedAlone?: boolean;
};

/** A mutation whose top level the page cookie's plugin must see: a session mutation, or a fragment it would not look into. */
const needsSessionPlugin = (operation: OperationDefinitionNode) =>
  operation.selectionSet.selections.some((s) => s.kind !== 'Field' || PAGE_SESSION_MUTATIONS.has(s.name.value));

const isVariables = (v: unknown): v is Variables | undefined | null =>
  v === undefined || v === null || (typeof v === 'object' && !Array.isArray(v));

export class KnownQueries {
  private readonly byText = new Map<string, Known>();
  /** Requests these answered (tests read it to know which way an answer came). */
  answered = 0;

  constructor(private readonly schema: GraphQLSchema) {}

  /** Apollo's hook: a query or mutation that has passed validation is kept under its text and operation name. */
  plugin(): ApolloServerPlugin<RequestContext> {
    return {
      requestDidStart: async () => ({
        didResolveOperation: async ({ request, document, operation, operationName }) => {
          if (!operation || typeof request.query !== 'string' || request.extensions) return;
          const mutation = operation.operation === 'mutation';
          const kept = operation.operation === 'query' || (mutation && !needsSessionPlugin(operation));
          if (!kept) return;
          this.remember(request.query, request.operationName ?? undefined, {
            document,
            operationName: operationName ?? undefined,
            mutation,
          });
        },
      }),
    };
  }

  private remember(query: string, asked: string | undefined, known: Known): void {
    const key = keyOf(query, asked);
    if (this.byText.has(key)) return;
    if (this.byText.size >= KEPT_QUERIES) this.byText.delete(this.byText.keys().next().value!);
    this.byText.set(key, known);
  }

  /**
   * Answers the request if its query is known and nothing in it needs Apollo; false (before anything ran)
   * hands it to Apollo. Runs after the body parser and the context (graphql.ts's route).
   */
  async answer(req: Request, res: Response, context: RequestContext): Promise<boolean> {
    const body = req.body as { query?: unknown; operationName?: unknown; variables?: unknown; extensions?: unknown } | undefined;
    if (req.method !== 'POST' || !body || typeof body !== 'object' || Array.isArray(body) || body.extensions !== undefined) return false;
    if (typeof body.query !== 'string' || !isVariables(body.variables) || context.tokenRejected) return false;
    if (body.operationName !== undefined && body.operationName !== null && typeof body.operationName !== 'string') return false;
    const known = this.byText.get(keyOf(body.query, body.operationName ?? undefined));
    // a mutation never runs on a guessed viewer
    if (known?.mutation) await settleViewer(context);
    if (
      known?.mutation &&
      (context.tokenRejected || writeRefusal(context.actor) || context.actor?.impersonating || req.is('multipart/form-data'))
    )
      return false;
    const type = known && answerType(req);
    // compiled when first asked again (so a one-off query never pays for it), then kept with its document
    if (!type) return false;
    const compiled = compiledFor(this.schema, known.document, known.operationName);
    if (!isCompiledQuery(compiled)) return false;
    const result = await run(known, compiled, context, body.variables ?? {});
    // no data: the variables were refused before anything ran, which Apollo answers in its own words;
    // null: the guessed session is gone, which Apollo answers with its 401
    if (!result || (result.errors?.length && result.data === undefined)) return false;
    this.answered += 1;
    send(res, type, result);
    return true;
  }
}

/**
 * A query on a guessed viewer runs with the session's check in its first read (auth/session-check.ts), and is
 * answered only once the guess holds; when it does not, what ran is thrown away and the query runs again on
 * what the session's lookup found (null: no session, for Apollo to answer). An operation whose last run had no
 * read to carry the check (`me`) has its session checked first, as Apollo's path does: checked after it, the same
 * work answered later at 8 requests at a time (bench/README.md, eleventh session).
 */
async function run(known: Known, compiled: CompiledQuery, context: RequestContext, variables: Variables): Promise<ExecutionResult | null> {
  const check = context.unchecked?.check;
  if (!check) return compiled.query(undefined, context, variables);
  if (known.checkedAlone) {
    await settleViewer(context);
    if (context.tokenRejected) return null;
    const before = statementsSoFar();
    const result = await compiled.query(undefined, context, variables);
    // it read this time (another role, other variables): the next run lets its read carry the check
    known.checkedAlone = statementsSoFar() === before;
    return result;
  }
  const result = await requestStatements.run(check, () => compiled.query(undefined, context, variables));
  known.checkedAlone = !check.carried;
  if (!(await settleViewer(context))) return result;
  return context.tokenRejected ? null : compiled.query(undefined, context, variables);
}

const keyOf = (query: string, operationName: string | undefined) => `${operationName ?? ''}\n${query}`;

/**
 * The answer as Apollo's Express integration sends it (through res.send: the same status, head and body), written
 * directly: res.send parsed and wrote the type again and copied an answer of 1 KB or more into a Buffer before
 * sending it (a grading dashboard's 350 KB); here the body is jsonBody's, which never makes one string of a large
 * answer (a string over ~128 KB costs V8 a fresh mapping: core/json-bytes.ts).
 */
function send(res: Response, type: string, result: ExecutionResult): void {
  const formatted = result.errors?.length ? formatErrors(result.errors) : undefined;
  const body = jsonBody({ errors: formatted?.errors, data: result.data, extensions: result.extensions }, '\n')!;
  res.statusCode = formatted?.status ?? 200;
  for (const [name, value] of Object.entries(formatted?.headers ?? {})) res.setHeader(name, value);
  res.setHeader('Content-Type', HEAD_TYPES.get(type) ?? type);
  res.setHeader('Content-Length', typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  res.end(body);
}
