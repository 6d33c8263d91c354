import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import { DocumentNode, ExecutionResult, GraphQLError, GraphQLSchema, execute } from 'graphql';
import { CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';

/**
 * Queries run through graphql-jit: each operation is compiled once into a JavaScript function that walks the
 * selection without graphql-js's per-field bookkeeping (issue 28). Everything around execution stays Apollo's:
 * parsing, validation with the same rules (app/graphql-limits.ts), the plugins, the error formatting
 * (errors/mapping.ts). The resolvers are the schema's own, so the field rules (core/field-rules.ts) and the
 * services' authorization run as before. In Apollo's pipeline mutations keep graphql-js (a mutation's first
 * request; later ones run compiled from known-queries.ts, fields one after another), as does an operation
 * graphql-jit cannot compile.
 *
 * Compiled operations are kept per parsed document, which Apollo keeps in its own bounded store (one parsed
 * document per query text), so what is kept here goes when Apollo drops the document.
 */
type Compiled = CompiledQuery | ExecutionResult;
type GatewayInterface = ApolloServerOptionsWithGateway<BaseContext>['gateway'];
type GatewayExecutor = NonNullable<Awaited<ReturnType<GatewayInterface['load']>>['executor']>;
const compiledByDocument = new WeakMap<DocumentNode, Map<string, Compiled>>();

/** The compiled form of one operation of a document, made on first use. */
export function compiledFor(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined): Compiled {
  let byName = compiledByDocument.get(document);
  if (!byName) compiledByDocument.set(document, (byName = new Map()));
  const key = operationName ?? '';
  let compiled = byName.get(key);
  if (!compiled) {
    compiled = compileQuery(schema, document, operationName, { disablingCapturingStackErrors: true });
    byName.set(key, compiled);
  }
  return compiled;
}

/**
 * graphql-jit's errors lack graphql-js's `extensions` object, which Apollo's error formatting reads: each is
 * made again as graphql-js makes it (the original error, its path, its extensions), keeping its locations.
 */
export function asGraphqlJsError(e: GraphQLError): GraphQLError {
  if (e.extensions) return e;
  const again = new GraphQLError(e.message, { path: e.path, originalError: e.originalError });
  (again as { locations?: GraphQLError['locations'] }).locations = e.locations?.length ? e.locations : undefined;
  return again;
}

/** The executor Apollo calls after validation: compiled for queries, graphql-js for the rest. */
export function compiledExecutor(schema: GraphQLSchema): GatewayExecutor {
  return async ({ document, request, operation, operationName, context }) => {
    const variables = request.variables ?? {};
    if (operation?.operation === 'query') {
      const compiled = compiledFor(schema, document, operationName ?? undefined);
      if (isCompiledQuery(compiled)) {
        const result = await compiled.query(undefined, context, variables);
        if (!result.errors) return result;
        // no data: the variables were refused before anything ran; graphql-js says so in the words (and with
        // the nodes) Apollo recognises as the client's error (BAD_USER_INPUT, HTTP 400)
        if (result.data !== undefined) return { ...result, errors: result.errors.map(asGraphqlJsError) };
      }
    }
    return execute({ schema, document, contextValue: context, variableValues: variables, operationName });
  };
}

/**
 * Apollo Server's gateway interface is how it accepts another executor: a fixed schema (never updated) and
 * the executor above.
 */
export function compiledGateway(schema: GraphQLSchema): GatewayInterface {
  return {
    async load() {
      return { executor: compiledExecutor(schema) };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => undefined;
    },
    async stop() {},
  };
}
