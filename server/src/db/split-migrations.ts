import type { QueryRunner } from 'typeorm';

/**
 * Each table is created by its own domain's migration (issue 29). A few used to be created by another domain's:
 * Foundation made auth's and mail's, Courses five domains', Assessments the submissions', OneRoster academic's
 * periods. Those migrations keep their names and now make only their own tables; each owner's migration made at
 * the split starts with this check, since on a database made before it the old migration already created the
 * table (and later migrations may have changed it): there the owner's migration does nothing.
 */
export async function madeBeforeTheSplit(q: QueryRunner, table: string): Promise<boolean> {
  const [row]: Array<{ made: boolean }> = await q.query('SELECT to_regclass($1) IS NOT NULL AS made', [table]);
  return row.made;
}
