import { GraphQLSchema, Kind, OperationDefinitionNode, parse } from 'graphql';
import type { Router } from 'express';
import { gqlUploadParts, postMultipart } from '../multipart';
import { LETTERS, Letter, ROLE_ORDER, Row, Vars, Who, letterOf } from './matrix';
import type { World } from './world';

/** `Query.<field>` and `Mutation.<field>` of every root field of the built schema. */
export function graphqlOperations(schema: GraphQLSchema): string[] {
  const out: string[] = [];
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const name of Object.keys(root?.getFields() ?? {})) out.push(`${root!.name}.${name}`);
  }
  return out.sort();
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  rawPath?: string;
  slash?: boolean;
}

/** `METHOD /path` of every route of a router, walking the routers mounted in it (Express 5's layer stack). */
export function restPaths(router: Router, prefix = ''): string[] {
  const out: string[] = [];
  for (const layer of (router as unknown as { stack: Layer[] }).stack) {
    if (layer.route) {
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on && method !== '_all') out.push(`${method.toUpperCase()} ${prefix}${layer.route.path}`);
      }
    } else if (layer.handle.stack) {
      const mount = layer.slash || !layer.rawPath ? '' : layer.rawPath;
      out.push(...restPaths(layer.handle as unknown as Router, prefix + mount));
    }
  }
  return [...new Set(out)].sort();
}

/** What the operations and paths of the rows are (each may appear in several rows). */
export function covered(rows: Row<any>[]): { gql: Set<string>; rest: Set<string> } {
  return {
    gql: new Set(rows.flatMap((r) => (r.gql ? [r.gql] : []))),
    rest: new Set(rows.flatMap((r) => Object.keys(r.rest ?? {}))),
  };
}

/** A row's GraphQL document selects its operation's field (so a row cannot claim one it does not call). */
export function checkDocument(r: Row<any>): string | null {
  if (!r.gql) return null;
  if (!r.query) return `${r.gql}: no query`;
  const [root, field] = r.gql.split('.');
  const op = parse(r.query).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const kind = op?.operation === 'mutation' ? 'Mutation' : 'Query';
  const fields = op?.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : [])) ?? [];
  return kind === root && fields.length === 1 && fields[0] === field ? null : `${r.gql}: its query selects ${kind}.${fields.join(', ')}`;
}

/** The path a REST request goes to matches the row's declared route (`:param` is one path segment). */
const matchesRoute = (route: string, p: string) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(p.split('?')[0]);

const REST_LETTER: Record<number, Letter> = { 401: 'U', 403: 'F', 404: 'N' };
const GQL_LETTER: Record<string, Letter> = { UNAUTHENTICATED: 'U', FORBIDDEN: 'F', NOT_FOUND: 'N' };

interface Answer {
  /** A letter, or what else came back (`400 Email is required`, `VALIDATION ...`). */
  got: Letter | string;
  detail: string;
}

/** Allowed answers are A when they show the target (or there is none), E when they leave it out. */
const shown = (v: Vars, answer: unknown): Letter => (!v.target || JSON.stringify(answer).includes(v.target) ? 'A' : 'E');

async function viaGraphql(w: World, r: Row<any>, v: Vars, token: string | null): Promise<Answer> {
  const variables = r.variables?.(v) ?? {};
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let errors: Array<{ message: string; extensions?: { code?: string } }> | undefined;
  let data: Record<string, unknown> | null | undefined;
  if (r.file) {
    const res = await postMultipart(`${w.t.url}/graphql`, gqlUploadParts(r.query!, variables, r.file(v), r.fileAt), {
      ...auth,
      'apollo-require-preflight': 'true',
    });
    ({ errors, data } = typeof res.body === 'object' ? res.body : { errors: [{ message: `${res.status} ${res.body}` }], data: null });
  } else {
    ({ errors, data } = await w.t.gql(r.query!, variables, token));
  }
  if (errors?.length) {
    const code = errors[0].extensions?.code ?? '?';
    return { got: GQL_LETTER[code] ?? code, detail: `${code} "${errors[0].message}"` };
  }
  const field = r.gql!.split('.')[1];
  return { got: shown(v, data?.[field]), detail: JSON.stringify(data?.[field]).slice(0, 160) };
}

async function viaRest(w: World, route: string, r: Row<any>, v: Vars, token: string | null): Promise<Answer> {
  const [method, routePath] = route.split(' ');
  const req = r.rest![route](v);
  if (!matchesRoute(routePath, req.path)) return { got: 'row error', detail: `${req.path} is not ${routePath}` };
  const res = req.multipart
    ? await postMultipart(`${w.t.url}/api${req.path}`, req.multipart, token ? { authorization: `Bearer ${token}` } : {})
    : await w.t.rest(method, req.path, { token, body: req.body });
  const message = typeof res.body === 'object' ? res.body?.message : String(res.body).slice(0, 80);
  if (res.status >= 200 && res.status < 300) return { got: shown(v, res.body), detail: JSON.stringify(res.body).slice(0, 160) };
  return { got: REST_LETTER[res.status] ?? `${res.status}`, detail: `${res.status} "${message}"` };
}

/** How a row is named in messages: its operation, else its first REST path. */
export const labelOf = (r: Row<any>) => r.gql ?? Object.keys(r.rest ?? {})[0];

export type Transport = 'GraphQL' | `REST ${string}`;

/** The transports of a row: its GraphQL operation and each REST twin. */
export const transportsOf = (r: Row<any>): Transport[] => [
  ...(r.gql ? (['GraphQL'] as const) : []),
  ...Object.keys(r.rest ?? {}).map((route) => `REST ${route}` as const),
];

/**
 * One attempt: a fresh `given`, the request as `who`, the answer compared with the row's letter and, for
 * writes, whether it changed something. Returns what disagrees, or null.
 */
export async function attempt(w: World, r: Row<any>, transport: Transport, c: string, who: Who): Promise<string | null> {
  const want = letterOf(r.expect[c], who, r.anonymous);
  const v: Vars = await r.given(w, c, who);
  const token = who === 'anonymous' ? null : (v.token ?? w.tokens[who]);
  const answer = transport === 'GraphQL' ? await viaGraphql(w, r, v, token) : await viaRest(w, transport.slice(5), r, v, token);
  const changed = r.changed ? await r.changed(w, v) : undefined;
  const where = `${labelOf(r)} [${transport}] ${c} as ${who}`;
  if (want === 'E' && !v.target) return `${where}: row error: E needs a target`;
  if (answer.got !== want) {
    return `${where}: expected ${want} (${LETTERS[want].meaning}), got ${answer.got}: ${answer.detail}`;
  }
  if (changed !== undefined && changed !== (want === 'A')) {
    return `${where}: ${want === 'A' ? 'allowed but changed nothing' : `refused (${want}) but changed it`}`;
  }
  return null;
}

/** Runs the tasks with at most `limit` at a time; results in the tasks' order. */
async function pooled<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return out;
}

/**
 * Every attempt of a row: each case as each role, then once without a token, through each transport; what
 * disagrees. Attempts act on objects of their own, so a few run at a time.
 */
export async function runRow(w: World, r: Row<any>): Promise<string[]> {
  const cases = Object.keys(r.expect);
  const malformed = Object.entries(r.expect)
    .filter(([, letters]) => !/^[AEUFN]{5}$/.test(letters))
    .map(([c, letters]) => `${labelOf(r)} ${c}: '${letters}' is not five of A E U F N`);
  if (malformed.length) return malformed;
  const tasks = transportsOf(r).flatMap((transport) => [
    ...cases.flatMap((c) => ROLE_ORDER.map((who) => () => attempt(w, r, transport, c, who))),
    () => attempt(w, r, transport, cases[0], 'anonymous'),
  ]);
  return (await pooled(tasks, 6)).filter((p): p is string => p !== null);
}
