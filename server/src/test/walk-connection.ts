import { GqlResult } from './test-server';

export interface Walk {
  ids: string[];
  /** SQL statements of each full page (the last page may be shorter, never costlier). */
  statements: Set<number>;
  pages: number;
  total: number;
}

/**
 * Walks one connection from its first page to its last by `first`/`after`, checking on the way that `nodes`
 * and `edges` agree and `hasPreviousPage` is true after the first page. `ask` sends one page's request.
 */
export async function walkConnection(
  ask: (page: { first: number; after: string | null }) => Promise<GqlResult>,
  field: string,
  first: number,
  idOf: (node: any) => string = (node: { id: string }) => node.id,
): Promise<Walk> {
  const ids: string[] = [];
  const statements = new Set<number>();
  let after: string | null = null;
  let pages = 0;
  let total: number;
  for (;;) {
    const res = await ask({ first, after });
    expect(res.errors).toBeUndefined();
    const c = res.data[field];
    expect(c.nodes.map(idOf)).toEqual(c.edges.map((e: { node: unknown }) => idOf(e.node)));
    expect(c.pageInfo.hasPreviousPage).toBe(pages > 0);
    ids.push(...c.nodes.map(idOf));
    total = c.totalCount;
    pages++;
    if (!c.pageInfo.hasNextPage) break;
    statements.add(res.sql);
    after = c.pageInfo.endCursor;
  }
  return { ids, statements, pages, total };
}
