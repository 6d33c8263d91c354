import type { Collection } from './oneroster.mapping';

/**
 * The query parameters of OneRoster 1.2 REST (section 3.4 of the REST binding): limit (default 100), offset,
 * sort and orderBy, filter, fields. Everything a consumer sends becomes SQL through the collection's own list
 * of fields, never by name, and every value travels as a parameter.
 */

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 10_000;

/** What the consumer got wrong, with the imsx code minor it answers with (HTTP 400). */
export class QueryError extends Error {
  constructor(
    readonly codeMinor: 'invalid_filter_field' | 'invaliddata' | 'invalid_sort_field',
    message: string,
  ) {
    super(message);
  }
}

export interface Predicate {
  field: string;
  op: Op;
  value: string;
}
export type Op = '=' | '!=' | '>' | '>=' | '<' | '<=' | '~';
/** OR of AND groups: AND binds tighter, as in SQL. */
export type Filter = Predicate[][];

const CLAUSE = /^\s*([A-Za-z][A-Za-z0-9_.]*)\s*(!=|>=|<=|=|>|<|~)\s*(?:'((?:[^']|'')*)'|"((?:[^"]|"")*)")\s*/;
const JOIN = /^(AND|OR)(?=\s)/;

/** Parses `familyName='Jones' AND givenName~'an' OR role='teacher'`; a malformed expression is refused. */
export function parseFilter(text: string): Filter {
  const groups: Filter = [[]];
  let rest = text;
  for (;;) {
    const m = CLAUSE.exec(rest);
    if (!m)
      throw new QueryError(
        'invaliddata',
        `The filter "${text}" is not of the form field operator 'value' (operators = != > >= < <= ~, joined by AND or OR)`,
      );
    groups[groups.length - 1].push({
      field: m[1],
      op: m[2] as Op,
      value: m[3] !== undefined ? m[3].replace(/''/g, "'") : m[4].replace(/""/g, '"'),
    });
    rest = rest.slice(m[0].length);
    if (!rest) return groups;
    const j = JOIN.exec(rest);
    if (!j) throw new QueryError('invaliddata', `The filter "${text}" joins its parts with something other than AND or OR`);
    if (j[1] === 'OR') groups.push([]);
    rest = rest.slice(j[0].length);
  }
}

export interface ListQuery {
  limit: number;
  offset: number;
  sort: string[];
  desc: boolean;
  filter: Filter;
  /** null: every field */
  fields: string[] | null;
}

const single = (v: unknown): string | undefined => (typeof v === 'string' ? v : Array.isArray(v) ? String(v[v.length - 1]) : undefined);

function count(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new QueryError('invaliddata', `${name} must be a whole number`);
  const n = Number(raw);
  if (n < min || n > max) throw new QueryError('invaliddata', `${name} must be between ${min} and ${max}`);
  return n;
}

/** Reads the query string against one collection's fields. */
export function readQuery(q: Record<string, unknown>, c: Collection): ListQuery {
  const limit = count('limit', single(q.limit), DEFAULT_LIMIT, 1, MAX_LIMIT);
  const offset = count('offset', single(q.offset), 0, 0, Number.MAX_SAFE_INTEGER);
  const sortRaw = single(q.sort);
  const sort = sortRaw
    ? sortRaw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
  const unknownSort = sort.find((s) => !(s in c.fields));
  if (unknownSort) throw new QueryError('invalid_sort_field', `Cannot sort by "${unknownSort}": it is not a field of ${c.plural}`);
  const orderBy = single(q.orderBy);
  if (orderBy && orderBy !== 'asc' && orderBy !== 'desc') throw new QueryError('invaliddata', 'orderBy must be asc or desc');
  const filterRaw = single(q.filter);
  const filter = filterRaw ? parseFilter(filterRaw) : [];
  const unknownFilter = filter.flat().find((p) => !(p.field in c.fields));
  if (unknownFilter)
    throw new QueryError('invalid_filter_field', `Cannot filter on "${unknownFilter.field}": it is not a field of ${c.plural}`);
  const fieldsRaw = single(q.fields);
  const fields = fieldsRaw
    ? fieldsRaw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : null;
  return { limit, offset, sort, desc: orderBy === 'desc', filter, fields };
}

const SQL_OP: Record<Exclude<Op, '~'>, string> = { '=': '=', '!=': 'IS DISTINCT FROM', '>': '>', '>=': '>=', '<': '<', '<=': '<=' };
const col = (c: Collection, field: string) => `o."${c.fields[field]}"`;

/** The filter as SQL over the collection's row `o`; `param` adds a value and answers its placeholder. */
export function filterSql(c: Collection, filter: Filter, param: (v: unknown) => string): string | null {
  if (!filter.length) return null;
  const one = (p: Predicate) =>
    p.op === '~'
      ? `${col(c, p.field)} ILIKE ${param(`%${p.value.replace(/[\\%_]/g, (x) => `\\${x}`)}%`)}`
      : `${col(c, p.field)} ${SQL_OP[p.op]} ${param(p.value)}`;
  return `(${filter.map((g) => `(${g.map(one).join(' AND ')})`).join(' OR ')})`;
}

export function orderSql(c: Collection, q: ListQuery): string {
  const dir = q.desc ? 'DESC' : 'ASC';
  const keys = q.sort.map((s) => `${col(c, s)} ${dir} NULLS LAST`);
  // ties (and no sort at all) in sourcedId order, so that paging never repeats or skips a row
  return [...keys, `o."sourcedId" ${keys.length ? 'ASC' : dir}`].join(', ');
}

/** Only the requested fields; when one of them is unknown, the whole object (as the specification says). */
export function select(obj: Record<string, unknown>, fields: string[] | null): Record<string, unknown> {
  if (!fields || fields.some((f) => !(f in obj))) return obj;
  return Object.fromEntries(fields.map((f) => [f, obj[f]]));
}
