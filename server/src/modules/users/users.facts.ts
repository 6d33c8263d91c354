import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../../policies';
import { UserFacts } from '../../policies/rules';
import { taughtByViewerSql } from '../../policies/sql';
import { Role } from '../../core/role';

type Runner = DataSource | EntityManager;

/**
 * What the user rules ('user.update', 'user.delete') need about many users, in one statement: their role and,
 * for a Teacher viewer, whether each is a student they teach or a parent of one (no statement's worth of work
 * for other viewers, whose rules do not ask).
 */
export async function userFacts(q: Runner, actor: Actor, ids: readonly string[]): Promise<Map<string, UserFacts>> {
  if (!ids.length) return new Map();
  const taught = actor.activeRole === Role.Teacher ? taughtByViewerSql('u.id', '$2::uuid') : 'FALSE';
  const rows: Array<{ id: string; role: Role; taught: boolean }> = await q.query(
    `SELECT u.id, u.role, ${taught} AS taught, $2::uuid AS viewer FROM users u WHERE u.id = ANY($1::uuid[])`,
    [ids, actor.userId],
  );
  return new Map(rows.map((r) => [r.id, { id: r.id, role: r.role, taughtByViewer: r.taught }]));
}
