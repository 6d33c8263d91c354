import { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { notFound } from '../errors/domain-error';

/** What runs a statement: the pool, or the manager of the transaction the caller opened. */
export type Runner = DataSource | EntityManager;

/**
 * Deletes one row by id (its children go by the database's cascades). A row that is already gone, because a
 * concurrent request deleted it between the caller's read and this statement, answers not found, so of
 * many simultaneous deletes exactly one succeeds.
 */
export async function deleteOne<E extends ObjectLiteral>(
  m: Runner,
  entity: EntityTarget<E>,
  id: string,
  notFoundMessage: string,
): Promise<void> {
  const res = await m.createQueryBuilder().delete().from(entity).where('id = :id', { id }).execute();
  if (!res.affected) throw notFound(notFoundMessage);
}

/**
 * Holds a row that is about to be copied (SHARE: others may read and copy it too, a delete waits until the
 * copy commits). A row deleted before the lock was taken answers not found, never a half-made copy.
 */
export async function holdForCopy(m: EntityManager, table: string, id: string, notFoundMessage: string): Promise<void> {
  const rows: unknown[] = await m.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR SHARE`, [id]);
  if (!rows.length) throw notFound(notFoundMessage);
}
