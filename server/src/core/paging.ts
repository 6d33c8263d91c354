import type { Request, Response } from 'express';
import DataLoader from 'dataloader';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ArgsType, Field, Int, ObjectType } from 'type-graphql';
import { validation } from '../errors/domain-error';

/**
 * Paging of every list that grows with the school (issue 26): one window (skip `offset`, take `limit`) that
 * GraphQL asks for with Relay's `first` and `after` and REST with `limit` and `offset`. Each list keeps its own
 * order with the id last, so a walk from the first page to the last meets every row exactly once while the
 * list does not change. A size above a list's maximum is refused with the maximum in the message, never cut.
 */
export interface PageWindow {
  offset: number;
  limit: number;
}

/** One window of a list with how many rows the whole list has; services answer this, the transports shape it. */
export interface Page<T> {
  items: T[];
  total: number;
  window: PageWindow;
}

/** What a list allows: `max` rows a page; `size` when the client names none. */
export interface PageLimits {
  max: number;
  size: number;
}

export const PAGE_TEXT = {
  firstRange: (max: number) => `first must be a whole number from 1 to ${max} (the most this list gives in one page)`,
  limitRange: (max: number) => `limit must be a whole number from 1 to ${max} (the most this list gives in one page)`,
  offsetInvalid: 'offset must be a whole number, 0 or more',
  badCursor: 'after must be a cursor this list gave (edges.cursor or pageInfo.endCursor)',
} as const;

/** Far beyond any list; keeps an offset an int4 and a cursor short. */
const MAX_OFFSET = 10_000_000;
const CURSOR_PREFIX = 'o:';

/** Opaque to clients (they pass back what they were given); today the position of a row in its list. */
export function encodeCursor(position: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${position}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString();
  const position =
    text.startsWith(CURSOR_PREFIX) && /^\d{1,8}$/.test(text.slice(CURSOR_PREFIX.length)) ? Number(text.slice(CURSOR_PREFIX.length)) : NaN;
  if (!Number.isInteger(position) || position >= MAX_OFFSET || encodeCursor(position) !== cursor)
    throw validation(PAGE_TEXT.badCursor, 'after');
  return position;
}

const wholeIn = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** GraphQL's `first` and `after`: the rows after the cursor's row, `first` of them. */
export function windowOf(args: { first?: number | null; after?: string | null }, limits: PageLimits): PageWindow {
  const first = args.first ?? limits.size;
  if (!wholeIn(first, 1, limits.max)) throw validation(PAGE_TEXT.firstRange(limits.max), 'first');
  const offset = args.after === undefined || args.after === null ? 0 : decodeCursor(args.after) + 1;
  return { offset, limit: first };
}

/** REST's `?limit=&offset=`: a window when either is given, else undefined (the whole list, as the spec's client reads it). */
export function restWindow(req: Request, limits: PageLimits): PageWindow | undefined {
  const { limit, offset } = req.query;
  if (limit === undefined && offset === undefined) return undefined;
  const n = (v: unknown) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : NaN);
  const size = limit === undefined ? limits.size : n(limit);
  if (!wholeIn(size, 1, limits.max)) throw validation(PAGE_TEXT.limitRange(limits.max), 'limit');
  const skip = offset === undefined ? 0 : n(offset);
  if (!wholeIn(skip, 0, MAX_OFFSET)) throw validation(PAGE_TEXT.offsetInvalid, 'offset');
  return { offset: skip, limit: size };
}

/** A REST page: its items, with the whole list's total in `X-Total-Count` (the body stays the spec's list). */
export function pageAndTotal<T>(res: Response, page: Page<T>): T[] {
  res.setHeader('X-Total-Count', String(page.total));
  return page.items;
}

/** A whole list cut to a window in memory: for lists bounded by one course or class that are loaded whole anyway. */
export function pageOf<T>(all: T[], window: PageWindow): Page<T> {
  return { items: all.slice(window.offset, window.offset + window.limit), total: all.length, window };
}

/** A REST list the service reads whole: the window `?limit=&offset=` asks for, with its total; else all of it, as before. */
export function restSlice<T>(req: Request, res: Response, all: T[], limits: PageLimits = REST_LIST): T[] {
  const window = restWindow(req, limits);
  return window ? pageAndTotal(res, pageOf(all, window)) : all;
}

/**
 * One window of a TypeORM list and its total, in two statements whatever the size. `bare` is the list's query
 * (filters and order) without to-many joins; `full`, when given, is the same with them (a course's teachers),
 * which would multiply rows under OFFSET and LIMIT: the window is then taken over `bare`'s ids in a subquery
 * and `full` reads those rows whole, in the list's order.
 */
export async function pageOfQuery<T extends ObjectLiteral>(
  bare: SelectQueryBuilder<T>,
  window: PageWindow,
  full?: SelectQueryBuilder<T>,
): Promise<Page<T>> {
  let items: T[];
  if (full) {
    const ids = bare.clone().select(`${bare.alias}.id`).offset(window.offset).limit(window.limit);
    items = await full.andWhere(`${full.alias}.id IN (${ids.getQuery()})`).setParameters(ids.getParameters()).getMany();
  } else {
    items = await bare.clone().offset(window.offset).limit(window.limit).getMany();
  }
  // always both statements: getManyAndCount skips the count on short pages, so cost would vary with data
  const total = await bare.getCount();
  return { items, total, window };
}

/** REST's `?limit=&offset=` over a service's page and whole list: the window with X-Total-Count, else the whole list as before. */
export async function restPage<T>(
  req: Request,
  res: Response,
  limits: PageLimits,
  page: (w: PageWindow) => Promise<Page<T>>,
  whole: () => Promise<T[]>,
): Promise<T[]> {
  const window = restWindow(req, limits);
  return window ? pageAndTotal(res, await page(window)) : whole();
}

/** REST lists without a size of their own: 50 unless asked, at most 500. */
export const REST_LIST: PageLimits = { max: 500, size: 50 };

/** What a windowed loader's statement answers for some parents and one window: each parent's rows and total. */
export interface WindowedRows<T> {
  items: Map<string, T[]>;
  totals: Map<string, number>;
}

/**
 * A paged list under each of many parents (a class's students on a list of classes): the parents asked for in
 * one tick with the same window share one load, so a page of N parents costs the same statements as one.
 */
export function windowedLoader<T>(load: (parentIds: string[], window: PageWindow) => Promise<WindowedRows<T>>) {
  return new DataLoader<{ parentId: string; window: PageWindow }, Page<T>, string>(
    async (keys) => {
      const byWindow = new Map<string, { window: PageWindow; parentIds: string[] }>();
      for (const { parentId, window } of keys) {
        const w = `${window.offset}:${window.limit}`;
        if (!byWindow.has(w)) byWindow.set(w, { window, parentIds: [] });
        byWindow.get(w)!.parentIds.push(parentId);
      }
      const loaded = new Map<string, WindowedRows<T>>();
      for (const [w, { window, parentIds }] of byWindow) loaded.set(w, await load([...new Set(parentIds)], window));
      return keys.map(({ parentId, window }) => {
        const rows = loaded.get(`${window.offset}:${window.limit}`)!;
        return { items: rows.items.get(parentId) ?? [], total: rows.totals.get(parentId) ?? 0, window };
      });
    },
    { cacheKeyFn: ({ parentId, window }) => `${parentId}:${window.offset}:${window.limit}` },
  );
}

@ArgsType()
export class PageArgs {
  @Field(() => Int, {
    nullable: true,
    description: 'How many to return (the list says its default and maximum); more than the maximum is a VALIDATION error, never cut.',
  })
  first?: number | null;

  @Field(() => String, {
    nullable: true,
    description: "Return the items after this cursor (an edge's `cursor` or `pageInfo.endCursor` of the previous page).",
  })
  after?: string | null;
}

@ObjectType({ description: 'Where a page sits in its list (Relay cursor connections).' })
export class PageInfo {
  @Field({ description: 'Whether items follow this page: ask again with `after: endCursor`.' })
  hasNextPage: boolean;

  @Field({ description: 'Whether items come before this page.' })
  hasPreviousPage: boolean;

  @Field(() => String, { nullable: true, description: 'The cursor of the first item of this page; null when it is empty.' })
  startCursor: string | null;

  @Field(() => String, { nullable: true, description: 'The cursor of the last item of this page; null when it is empty.' })
  endCursor: string | null;
}

/** What a connection resolves from: the page with its edges, as plain data. */
export interface ConnectionData<T> {
  edges: Array<{ node: T; cursor: string }>;
  nodes: T[];
  pageInfo: PageInfo;
  totalCount: number;
}

export function toConnection<T>(page: Page<T>): ConnectionData<T> {
  const { items, total, window } = page;
  const edges = items.map((node, i) => ({ node, cursor: encodeCursor(window.offset + i) }));
  return {
    edges,
    nodes: items,
    totalCount: total,
    pageInfo: {
      hasNextPage: window.offset + items.length < total,
      hasPreviousPage: window.offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

type NodeClass<T> = abstract new (...args: never[]) => T;

/**
 * `<Name>Connection` and `<Name>Edge` for a node type: edges with cursors, the nodes alone (as GitHub's API
 * offers, for clients that need no cursor per item), pageInfo and totalCount.
 */
export function Connection<T extends object>(node: NodeClass<T>, name: string, what: string) {
  @ObjectType(`${name}Edge`, { description: `One of ${what} with its cursor.` })
  class Edge {
    @Field(() => node, { description: 'The item.' })
    node: T;

    @Field({ description: 'Pass as `after` to continue after this item.' })
    cursor: string;
  }

  @ObjectType(`${name}Connection`, { description: `A page of ${what} (Relay cursor connection).` })
  class ConnectionType implements ConnectionData<T> {
    @Field(() => [Edge], { description: 'The items of this page, each with its cursor.' })
    edges: Edge[];

    @Field(() => [node], { description: "The items of this page (the edges' nodes)." })
    nodes: T[];

    @Field(() => PageInfo, { description: 'Whether more follow, and the cursors to continue from.' })
    pageInfo: PageInfo;

    @Field(() => Int, { description: 'How many items the whole list has (with the same filters).' })
    totalCount: number;
  }
  return ConnectionType;
}
