import type { Part } from '../multipart';
import { Role } from '../../core/role';
import type { Who, World } from './world';

export type { Who };

/**
 * The authorization matrix (issue 10): who may call every GraphQL operation and every REST path, for each of
 * the five roles, on their own object and on someone else's, and without a token. The rows live in
 * `<domain>.rows.ts` beside this file and are listed in `index.ts`; `server/src/policies/authz.test.ts` runs
 * each one through both transports on the demo school and fails when an operation or a path has no row, or a
 * row names one that no longer exists. A new operation or path therefore needs its row here.
 *
 * An expectation is one letter per role, in the order of `ROLE_ORDER` (SuperAdmin, Admin, Teacher, Student,
 * Parent), so `'AAFFN'` reads "SuperAdmin and Admin may; a Teacher and a Student are refused with 403; a Parent
 * is told 404":
 *
 * | letter | REST | GraphQL | meaning |
 * | --- | --- | --- | --- |
 * | A | 2xx | data | allowed: the answer shows the case's object (`target`), and a write really changed it (`changed`) |
 * | E | 2xx | data | allowed but empty: the answer leaves the case's object out (an empty or filtered list) |
 * | U | 401 | UNAUTHENTICATED | no signed-in user (only the anonymous column uses it) |
 * | F | 403 | FORBIDDEN | refused: the role or this actor may not do this (the object may be known to them) |
 * | N | 404 | NOT_FOUND | refused as if the object did not exist (it is not theirs to see) |
 *
 * A refused write must leave `changed` false. The anonymous attempt (no token) uses the first case's object.
 */
export const ROLE_ORDER: readonly Role[] = [Role.SuperAdmin, Role.Admin, Role.Teacher, Role.Student, Role.Parent];

export type Letter = 'A' | 'E' | 'U' | 'F' | 'N';
export const LETTERS: Record<Letter, { status: string; code: string; meaning: string }> = {
  A: { status: '2xx', code: 'data', meaning: 'allowed' },
  E: { status: '2xx', code: 'data', meaning: 'allowed but empty' },
  U: { status: '401', code: 'UNAUTHENTICATED', meaning: 'not signed in' },
  F: { status: '403', code: 'FORBIDDEN', meaning: 'forbidden' },
  N: { status: '404', code: 'NOT_FOUND', meaning: 'not found' },
};

/** What one attempt acts on: ids for the request, and what an allowed answer must show. */
export interface Vars {
  /** The id an allowed answer contains (and an "allowed but empty" one does not). */
  target?: string;
  /** Sign in with this token instead of the role's shared one (sessions a row ends or changes). */
  token?: string;
  /** Whatever else the row's requests and checks need (ids, titles, bodies). */
  [key: string]: any;
}

export interface RestRequest {
  path: string;
  body?: unknown;
  /** A multipart/form-data body instead of JSON. */
  multipart?: Part[];
}

export interface Row<V extends Vars = Vars> {
  /** The GraphQL operation, `Query.<field>` or `Mutation.<field>`; its document selects that field. */
  gql?: `${'Query' | 'Mutation'}.${string}`;
  query?: string;
  variables?: (v: V) => Record<string, unknown>;
  /** Send the GraphQL request as an upload (multipart) with this file at `variables.file`. */
  file?: (v: V) => Extract<Part, { filename: string }>;
  /** Where the file goes in the variables when not `variables.file` (an upload inside an input: `variables.input.file`). */
  fileAt?: string;
  /** REST twins, `'METHOD /path/:param'` as the router declares it, each with the request for one attempt. */
  rest?: Record<string, (v: V) => RestRequest>;
  /** Case name (the kind of object) -> one letter per role in ROLE_ORDER. */
  expect: Record<string, string>;
  /** Without a token: U unless the operation is public. */
  anonymous?: Letter;
  /** The object one attempt acts on, for this case and role (fresh objects for every write). */
  given: (w: World, c: string, who: Who) => Promise<V>;
  /** Writes: whether the attempt changed what it acts on. */
  changed?: (w: World, v: V) => Promise<boolean>;
}

/** Declares a row (the generic keeps `given`, `variables` and `rest` agreeing on the shape of the vars). */
export const row = <V extends Vars>(r: Row<V>): Row<V> => r;

/**
 * A read by one id: a list of one parent's items (`<op>(<arg>: parent)` and its REST twin, whose one path
 * parameter is the parent), showing the case's item or leaving it out (`ids` selects them: `{ nodes { id } }` of a
 * connection); or one object by its id.
 */
export function listBy(
  op: string,
  arg: string,
  route: string | null,
  expect: Record<string, string>,
  given: (w: World, c: string) => { parent: string; target: string },
  ids = '{ id }',
): Row<any> {
  return row({
    gql: `Query.${op}`,
    query: `query($parent: ID!) { ${op}(${arg}: $parent) ${ids} }`,
    variables: (v) => ({ parent: v.parent }),
    rest: route ? { [route]: (v: Vars) => ({ path: route.split(' ')[1].replace(/:[a-zA-Z]+/, String(v.parent)) }) } : undefined,
    expect,
    given: async (w, c) => given(w, c),
  });
}

/** A read of one object by id (GraphQL `<op>(id)`, and its REST twin, whose one path parameter is the id). */
export const readById = (op: string, route: string | null, expect: Record<string, string>, target: (w: World, c: string) => string) =>
  listBy(op, 'id', route, expect, (w, c) => ({ parent: target(w, c), target: target(w, c) }));

/** The letter one role gets in one case. */
export function letterOf(expect: string, who: Who, anonymous: Letter = 'U'): Letter {
  if (who === 'anonymous') return anonymous;
  return expect[ROLE_ORDER.indexOf(who)] as Letter;
}

/** A short unique text for names and titles that writes can be recognised by. */
let counter = 0;
export const uniq = (prefix = 'Authz') => `${prefix} ${process.pid.toString(36)}${(++counter).toString(36)}`;
