/** A node of an EXPLAIN (FORMAT JSON) plan: the keys the tests read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** Every node of a plan, with the sub- and init-plans under it, flattened. */
export const nodesOf = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];

/** The root node of a statement's plan as it ran (EXPLAIN ANALYZE: the statement is executed). */
export async function analyzedPlan(
  db: { query(sql: string, params?: unknown[]): Promise<unknown> },
  sql: string,
  params: unknown[],
): Promise<PlanNode> {
  const [
    {
      'QUERY PLAN': [{ Plan: plan }],
    },
  ] = (await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params)) as Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>;
  return plan;
}
